/// The part of `Scaling` and `Resizing` that asks the input: both are the separable scaler over their axes.
extension SeparableScaler {
  /// What rendering `region` asks of `input` (`nil` axes: nothing is drawn).
  static func inputDemands(for region: IntRect, input: any ImageComponent, axes: (x: Axis, y: Axis)?)
    -> [InputDemand]
  {
    guard let axes, let needed = inputRegion(for: region, x: axes.x, y: axes.y)?.intersection(input.extent),
      !needed.isEmpty
    else { return [] }
    return [InputDemand(input, needed)]
  }

  /// Renders `region` of `input` scaled over `axes`, asking the input through `context` for what it covers.
  static func render(_ region: IntRect, input: any ImageComponent, axes: (x: Axis, y: Axis)?, context: RenderContext)
    throws -> Raster
  {
    guard let axes else { return try Raster(width: region.width, height: region.height) }
    let asked = inputRegion(for: region, x: axes.x, y: axes.y)
    if let asked, let rows = try context.keptPixels(input, asked) {
      return try Raster(width: region.width, height: region.height, pixelLimit: context.pixelLimit) { buffer in
        render(rows, region: region, x: axes.x, y: axes.y,
          into: buffer.baseAddress!.assumingMemoryBound(to: UInt32.self), stride: region.width)
      }
    }
    let source = try asked.flatMap { try context.renderClipped(input, $0) }
    return try render(source, region: region, x: axes.x, y: axes.y, pixelLimit: context.pixelLimit)
  }

  /// The same, written into `out` (rows `stride` pixels apart), every pixel of `region`: how `Scaling` and
  /// `Resizing` render straight into the renderer's output (`DirectRendering`).
  static func render(
    _ region: IntRect, input: any ImageComponent, axes: (x: Axis, y: Axis)?, into out: UnsafeMutablePointer<UInt32>,
    stride: Int, context: RenderContext
  ) throws {
    guard let axes else {
      for row in 0..<region.height { (out + row * stride).update(repeating: 0, count: region.width) }
      return
    }
    let asked = inputRegion(for: region, x: axes.x, y: axes.y)
    if let asked, let rows = try context.keptPixels(input, asked) {
      return render(rows, region: region, x: axes.x, y: axes.y, into: out, stride: stride)
    }
    let source = try asked.flatMap { try context.renderClipped(input, $0) }
    render(source, region: region, x: axes.x, y: axes.y, into: out, stride: stride)
  }

  /// Writes `region` scaled from the rows a render keeps of a stage (`Intermediate`), read in place.
  static func render(
    _ rows: Intermediate, region: IntRect, x: Axis, y: Axis, into out: UnsafeMutablePointer<UInt32>, stride: Int
  ) {
    render(rows.row(rows.rect.minY).assumingMemoryBound(to: UInt32.self), at: rows.rect, region: region, x: x, y: y,
      into: out, stride: stride)
  }
}
