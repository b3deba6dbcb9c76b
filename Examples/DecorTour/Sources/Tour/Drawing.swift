// The article "Getting started" quotes this file (drawing): keep the two in step.

import Decor

/// The five draw calls on a canvas: at a point, at a point with a blend mode and alpha, scaled into a rectangle,
/// into a rectangle with a blend mode and alpha, and repeated as a pattern.
public func drawingSheet(_ photo: Raster) throws -> Raster {
  var canvas = try Raster(width: 640, height: 400, fill: RGBA8(r: 233, g: 228, b: 218, a: 255))
  let stamp = photo.resized(width: 120, height: 90, fit: .cover)
  try canvas.draw(stamp, at: Point(20, 20))
  try canvas.draw(stamp, at: Point(160, 20), blendMode: .multiply, alpha: 0.6)
  try canvas.draw(photo, in: Rect(x: 300, y: 20, width: 320, height: 180))
  try canvas.draw(photo, in: Rect(x: 20, y: 130, width: 260, height: 120), blendMode: .screen, alpha: 0.8)
  try canvas.drawAsPattern(stamp.scaled(by: 0.5), in: Rect(x: 20, y: 270, width: 600, height: 110))
  // A generator has no size: in a rectangle it is clipped where it is, neither moved nor scaled.
  let stripe = LinearGradient(from: Point(300, 0), to: Point(620, 0), stops: [
    GradientStop(location: 0, color: Color(red: 0.1, green: 0.2, blue: 0.4, alpha: 0.0)),
    GradientStop(location: 1, color: Color(red: 0.1, green: 0.2, blue: 0.4, alpha: 0.7)),
  ])
  try canvas.draw(stripe, in: Rect(x: 300, y: 210, width: 320, height: 40))
  return canvas
}
