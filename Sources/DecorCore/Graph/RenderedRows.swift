/// The rows of a stage that several consumers read (a shadow's input, which the shape and the image over it both
/// ask for), computed once per band through the component's own `render` instead of once per consumer's request:
/// a full-width strip of the stage's planned region a band, in chunks of columns on all threads.
final class RenderedRows: RowProducer {
  let component: any ImageComponent
  let region: IntRect
  /// Columns a chunk: a tile's width, so that a chunk asks its inputs for about what a tile would.
  static let chunkWidth = 256

  init(_ component: any ImageComponent, region: IntRect) {
    self.component = component
    self.region = region
  }

  func produce(_ rows: Range<Int>, into out: UnsafeMutableRawPointer, stride: Int, context: RenderContext) throws {
    let (component, region, width) = (component, region, Self.chunkWidth)
    let address = Int(bitPattern: out)
    try context.parallel(count: (region.width + width - 1) / width, threads: context.threads) { index, context in
      let x = region.minX + index * width
      let part = IntRect(x: x, y: rows.lowerBound, width: Swift.min(width, region.maxX - x), height: rows.count)
      var pixels: Raster
      do {
        pixels = try component.render(part, context: context.rendering(part))
      } catch {
        throw RenderError.wrapping(error, in: String(describing: component))
      }
      pixels = try pixels.converted(to: context.format)
      let pixelBytes = context.format.bytesPerPixel
      pixels.withUnsafeBytes { source in
        let target = UnsafeMutableRawPointer(bitPattern: address)! + (x - region.minX) * pixelBytes
        for row in 0..<part.height {
          (target + row * stride * pixelBytes).copyMemory(from: source.baseAddress! + row * part.width * pixelBytes,
            byteCount: part.width * pixelBytes)
        }
      }
    }
  }
}
