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

  /// Renders `region` of `input` scaled over `axes`, asking the input through `context` for what it covers, in the
  /// render's format (8 or 16 bits premultiplied).
  static func render(_ region: IntRect, input: any ImageComponent, axes: (x: Axis, y: Axis)?, context: RenderContext)
    throws -> Raster
  {
    let format = context.format
    guard let axes else { return try Raster(width: region.width, height: region.height, format: format) }
    let asked = inputRegion(for: region, x: axes.x, y: axes.y)
    if let asked, let rows = try context.keptPixels(input, asked) {
      return try Raster(width: region.width, height: region.height, format: format, pixelLimit: context.pixelLimit) {
        buffer in
        if format == .rgba8 {
          render(rows, region: region, x: axes.x, y: axes.y,
            into: buffer.baseAddress!.assumingMemoryBound(to: UInt32.self), stride: region.width)
        } else {
          render(rows, region: region, x: axes.x, y: axes.y,
            into: buffer.baseAddress!.assumingMemoryBound(to: RGBA16.self), stride: region.width)
        }
      }
    }
    let source = try asked.flatMap { try context.renderClipped(input, $0) }
    return try render(source, region: region, x: axes.x, y: axes.y, format: format, pixelLimit: context.pixelLimit)
  }

  /// The same, written into `out` (rows `stride` pixels apart), every pixel of `region`: how `Scaling` and
  /// `Resizing` render straight into the renderer's output (`DirectRendering`, 8-bit renders).
  static func render(
    _ region: IntRect, input: any ImageComponent, axes: (x: Axis, y: Axis)?, into out: UnsafeMutablePointer<UInt32>,
    stride: Int, context: RenderContext
  ) throws {
    guard let axes else { return clear(region, out, stride: stride) }
    let asked = inputRegion(for: region, x: axes.x, y: axes.y)
    if let asked, let rows = try context.keptPixels(input, asked) {
      return render(rows, region: region, x: axes.x, y: axes.y, into: out, stride: stride)
    }
    let source = try asked.flatMap { try context.renderClipped(input, $0) }
    render(source, region: region, x: axes.x, y: axes.y, into: out, stride: stride)
  }

  /// Writes `region` scaled from the rows a render keeps of a stage (`Intermediate`), read in place.
  static func render<Pixel: StoredPixel>(
    _ rows: Intermediate, region: IntRect, x: Axis, y: Axis, into out: UnsafeMutablePointer<Pixel>, stride: Int
  ) {
    render(rows.row(rows.rect.minY).assumingMemoryBound(to: Pixel.self), at: rows.rect, region: region, x: x, y: y,
      into: out, stride: stride)
  }
}
