/// The input in blocks of `blockSize` × `blockSize` pixels, each the average of the input's pixels under it: what
/// ImageMagick's `-scale` down by N then up by N gives, the usual way to hide a face or a licence plate.
///
/// - The grid starts at the input's top-left corner (at (0, 0) for an input without a finite extent); blocks at the
///   right and bottom edges are as wide and tall as the image leaves them, and average only their own pixels (no
///   transparent pixels beyond the edge are mixed in).
/// - Averages are of premultiplied values, so a colour under transparent pixels never bleeds out of them, rounded to
///   nearest: each block is exactly the plain average of its pixels, whatever the tiles and threads.
/// - A block size of 1 leaves the input as it is. The extent is the input's.
///
/// Each tile asks its input for the whole blocks it touches (clipped to the input's extent), so a tile's result
/// does not depend on where the tile boundaries fall.
///
/// Parameters (see `ParameterCheck.size(_:_:)`): the block size is at least 1, clamped to 2^30; less is an invalid
/// parameter (empty extent; rendering throws `RenderError.invalidParameter`).
public struct Pixelate: ImageComponent, CustomStringConvertible, LinkedComponent {
  public let input: any ImageComponent
  /// The side of a block in pixels, as used: clamped to 2^30 (1 when it is refused).
  public let blockSize: Int
  let problem: RenderError?
  public let identity: ComponentIdentity
  public let extent: IntRect
  /// Its inputs again, declared last: what releases a long chain without recursion (see `InputLink`).
  package let inputLink: InputLink

  public init(_ input: any ImageComponent, blockSize: Int) {
    self.input = input
    var check = ParameterValidation("pixelate")
    self.blockSize = check.check(1) { () throws(ParameterError) in try ParameterCheck.size(blockSize, "block size") }
    problem = check.error
    extent = problem == nil ? input.extent : .empty
    identity = ComponentIdentity(Self.self, inputs: [input], parameters: [self.blockSize])
    parameterError = problem ?? input.parameterError
    inputLink = InputLink([input])
  }

  /// Its own problem, else its input's: found when built, so that reading it costs nothing however deep the graph.
  public let parameterError: RenderError?

  /// Where the grid of blocks starts: the input's top-left, or (0, 0) when it has no finite extent.
  var gridOrigin: (x: Int, y: Int) {
    let e = input.extent
    return e.isEmpty || e.isInfinite ? (0, 0) : (e.minX, e.minY)
  }

  /// The input region that rendering `region` needs: the blocks `region` touches, clipped to the input's extent
  /// (empty when `region` misses it). The one helper of `inputDemands(for:)` and `render(_:context:)`.
  func inputRegion(for region: IntRect) -> IntRect {
    let e = input.extent
    let wanted = region.intersection(e)
    guard !wanted.isEmpty else { return .empty }
    if blockSize == 1 { return wanted }
    let (ox, oy) = gridOrigin
    let x0 = ox + Self.floorDivide(wanted.minX - ox, blockSize) * blockSize
    let y0 = oy + Self.floorDivide(wanted.minY - oy, blockSize) * blockSize
    let x1 = ox + (Self.floorDivide(wanted.maxX - ox - 1, blockSize) + 1) * blockSize
    let y1 = oy + (Self.floorDivide(wanted.maxY - oy - 1, blockSize) + 1) * blockSize
    return IntRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0).intersection(e)
  }

  public var inputs: [any ImageComponent] { [input] }

  public func inputDemands(for region: IntRect) -> [InputDemand] {
    let area = inputRegion(for: region)
    return area.isEmpty ? [] : [InputDemand(input, area)]
  }

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    if let problem { throw problem }
    var output = try Raster(width: region.width, height: region.height, format: context.format,
      pixelLimit: context.pixelLimit)
    let area = inputRegion(for: region)
    guard !area.isEmpty else { return output }
    let source = try context.render(input, area)
    // Blocks of one pixel are the pixels.
    if blockSize == 1 && area == region { return source }
    output.visit(Averaging(pixelate: self, source: source, area: area, region: region))
    return output
  }

  /// `averageBlocks` at the depth of the output it visits (the source's: both are the render's).
  private struct Averaging: StoredPixelVisitor {
    let pixelate: Pixelate
    let source: Raster
    let area: IntRect
    let region: IntRect

    func visit<Stored: StoredPixel>(_: Stored.Type, _ output: inout Raster) {
      pixelate.averageBlocks(Stored.Channel.self, source, area: area, into: &output, region: region)
    }
  }

  /// Writes into `output` (covering `region`, blank, in `source`'s format) each block's average over the part of it
  /// in `area`, from `source` (covering `area`), for pixels whose channels are `Channel`s (8 or 16 bits): the sums
  /// are exact integers, each average rounded once.
  private func averageBlocks<Channel: FixedWidthInteger & UnsignedInteger>(
    _: Channel.Type, _ source: Raster, area: IntRect, into output: inout Raster, region: IntRect
  ) {
    let n = blockSize
    let (ox, oy) = gridOrigin
    // Block columns of `area`: the first starts at area.minX (a grid line, or the extent's edge), each n wide.
    let firstColumn = Self.floorDivide(area.minX - ox, n)
    let columns = Self.floorDivide(area.maxX - 1 - ox, n) - firstColumn + 1
    var sums = [Int](repeating: 0, count: columns * 4)
    source.withUnsafeBytes { srcBytes in
      output.withUnsafeMutableBytes { outBytes in
        let src = srcBytes.bindMemory(to: Channel.self)
        let out = outBytes.bindMemory(to: Channel.self)
        var bandTop = area.minY
        while bandTop < area.maxY {
          // One band of blocks: rows bandTop ..< bandBottom of the input.
          let bandBottom = min(area.maxY, oy + (Self.floorDivide(bandTop - oy, n) + 1) * n)
          for i in sums.indices { sums[i] = 0 }
          for y in bandTop..<bandBottom {
            var offset = ((y - area.minY) * area.width) * 4
            for x in area.minX..<area.maxX {
              let c = (Self.floorDivide(x - ox, n) - firstColumn) * 4
              sums[c] += Int(src[offset])
              sums[c + 1] += Int(src[offset + 1])
              sums[c + 2] += Int(src[offset + 2])
              sums[c + 3] += Int(src[offset + 3])
              offset += 4
            }
          }
          // Each block's average, written where the block meets `region`.
          let rows = max(bandTop, region.minY)..<min(bandBottom, region.maxY)
          if !rows.isEmpty {
            for column in 0..<columns {
              let left = max(area.minX, ox + (firstColumn + column) * n)
              let right = min(area.maxX, ox + (firstColumn + column + 1) * n)
              let count = (right - left) * (bandBottom - bandTop)
              let c = column * 4
              let average = (0..<4).map { Channel((sums[c + $0] + count / 2) / count) }
              let span = max(left, region.minX)..<min(right, region.maxX)
              guard !span.isEmpty else { continue }
              for y in rows {
                var offset = ((y - region.minY) * region.width + span.lowerBound - region.minX) * 4
                for _ in span {
                  out[offset] = average[0]
                  out[offset + 1] = average[1]
                  out[offset + 2] = average[2]
                  out[offset + 3] = average[3]
                  offset += 4
                }
              }
            }
          }
          bandTop = bandBottom
        }
      }
    }
  }

  /// ⌊a / b⌋ for b > 0.
  static func floorDivide(_ a: Int, _ b: Int) -> Int {
    a >= 0 ? a / b : -((-a + b - 1) / b)
  }

  public var description: String { "pixelate \(blockSize)" }
}

extension ImageComponent {
  /// This component in blocks of `blockSize` × `blockSize` pixels, each the average of its pixels (ImageMagick's
  /// `-scale` down and up again), for redaction: at least 1, clamped to 2^30 (see `Pixelate`). The `pixelate` step.
  public func pixelated(blockSize: Int) -> Pixelate { Pixelate(self, blockSize: blockSize) }
}

extension Pixelate: DeepRendering {
  /// Its averages are sums of the channels at either depth.
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { false }
}
