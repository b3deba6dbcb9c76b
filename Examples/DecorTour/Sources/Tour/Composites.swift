// The article "Templates and composites" quotes this file: keep the two in step.

import Decor

/// A tree of layers treated as one component: a group inside a group, each layer placed, blended and faded.
public func poster(_ photo: Raster, cutout: Raster) throws -> some ImageComponent {
  let paper = SolidColor(try Color(parsing: "#f2e8d5")).cropped(to: IntRect(x: 0, y: 0, width: 520, height: 360))
  let badge = Group([
    Layer(SolidColor(try Color(parsing: "#1d2b4f")).cropped(to: IntRect(x: 0, y: 0, width: 140, height: 140))),
    Layer(cutout.resized(width: 120, height: nil), x: 10, y: 10),
  ])
  return Group([
    Layer(paper),
    Layer(photo.resized(width: 300, height: nil).padded(by: 8, color: .white).addingDropShadow(radius: 10), x: 30, y: 40),
    Layer(badge.rotated(by: .degrees(8), interpolation: .bicubic), x: 340, y: 150, opacity: 0.9),
    Layer(badge.grayscale(), x: 360, y: 20, blendMode: .multiply, opacity: 0.5),
  ])
}

/// One template applied to several inputs from concurrent tasks: the chain is an immutable value, and each
/// render is a pure function of it and its input, so nothing is shared but the template.
public func cards(from photos: [Raster], template: Chain) async throws -> [Raster] {
  try await withThrowingTaskGroup(of: (Int, Raster).self) { group in
    for (index, photo) in photos.enumerated() {
      group.addTask { (index, try await template.apply(to: photo).renderedAsync()) }
    }
    var cards = [Raster?](repeating: nil, count: photos.count)
    for try await (index, card) in group { cards[index] = card }
    return cards.compactMap { $0 }
  }
}

/// A template saved as JSON and read back: the same steps, the same pixels.
public func savedTemplate(at path: String) throws -> Chain {
  let template = try Chain(parsing: ["resize 160x_ | pad 6 color=white | rotate 4 interpolation=bicubic",
    "shadow 5 5 blur=4"])
  try template.writeTemplate(toFile: path)
  return try Chain(contentsOfTemplate: path)
}
