/// A rectangle filled with the input repeated (the seeds' `drawAsPattern`): the input's extent is the pattern
/// cell, its top-left at the rectangle's top-left.
///
/// For an input with an infinite extent the result is just the input cut to the rectangle.
///
/// Parameters: any rectangle (an empty one gives an empty extent). `tiled(width:height:)` checks its sizes with
/// `ParameterCheck.size(_:_:)`: clamped to 2^30, and below 1 an invalid parameter (empty extent; rendering throws
/// `RenderError.invalidParameter`).
public struct Tiling: ImageComponent, CustomStringConvertible, LinkedComponent {
  public let input: any ImageComponent
  /// The rectangle to fill, in the same coordinates as the input's extent.
  public let rect: IntRect
  let problem: RenderError?
  public let identity: ComponentIdentity
  public let extent: IntRect
  /// Its inputs again, declared last: what releases a long chain without recursion (see `InputLink`).
  package let inputLink: InputLink

  public init(_ input: any ImageComponent, filling rect: IntRect) {
    self.init(input, filling: rect, problem: nil)
  }

  init(_ input: any ImageComponent, filling rect: IntRect, problem: RenderError?) {
    self.input = input
    self.rect = rect
    self.problem = problem
    extent = input.extent.isEmpty || problem != nil ? .empty : self.rect
    identity = ComponentIdentity(Self.self, inputs: [input], parameters: [self.rect])
    parameterError = problem ?? input.parameterError
    inputLink = InputLink([input])
  }

  /// Its own problem, else its input's: found when built, so that reading it costs nothing however deep the graph.
  public let parameterError: RenderError?

  /// The part of the input `region` repeats: only the cell columns and rows it covers (the whole cell when it
  /// wraps around), or for an infinite input the region itself, cut to the rectangle.
  func inputRegion(for region: IntRect) -> IntRect? {
    let cell = input.extent
    let target = region.intersection(extent)
    guard !target.isEmpty else { return nil }
    if cell.isInfinite { return target }
    func span(_ start: Int, _ count: Int, _ phase: Int, _ size: Int) -> Range<Int> {
      let first = ((start - phase) % size + size) % size
      return first + count <= size ? first..<first + count : 0..<size
    }
    let xs = span(target.minX, target.width, rect.minX, cell.width)
    let ys = span(target.minY, target.height, rect.minY, cell.height)
    return IntRect(x: cell.minX + xs.lowerBound, y: cell.minY + ys.lowerBound, width: xs.count, height: ys.count)
  }

  public var inputs: [any ImageComponent] { [input] }

  public func inputDemands(for region: IntRect) -> [InputDemand] {
    inputRegion(for: region).map { [InputDemand(input, $0)] } ?? []
  }

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    if let problem { throw problem }
    let cell = input.extent
    var output = try Raster(width: region.width, height: region.height, format: context.format,
      pixelLimit: context.pixelLimit)
    let target = region.intersection(extent)
    guard let needed = inputRegion(for: region) else { return output }
    let pixels = try context.render(input, needed)
    if cell.isInfinite {
      output.copy(pixels, from: pixels.bounds, toX: target.minX - region.minX, y: target.minY - region.minY)
      return output
    }
    if pixels.format.bytesPerPixel == 8 {
      repeatCell(RGBA16.self, pixels, needed: needed, into: &output, region: region, target: target)
    } else {
      repeatCell(UInt32.self, pixels, needed: needed, into: &output, region: region, target: target)
    }
    return output
  }

  /// Fills `target` of `output` (which covers `region`) with the cell's pixels, read from `pixels` (which cover
  /// `needed` of the cell): pixels copied whole, of either depth.
  private func repeatCell<Pixel>(
    _: Pixel.Type, _ pixels: Raster, needed: IntRect, into output: inout Raster, region: IntRect, target: IntRect
  ) {
    let cell = input.extent
    let xs = (needed.minX - cell.minX)..<(needed.maxX - cell.minX)
    let ys = (needed.minY - cell.minY)..<(needed.maxY - cell.minY)
    pixels.withUnsafeBytes { sourceBytes in
      let src = sourceBytes.baseAddress!.assumingMemoryBound(to: Pixel.self)
      output.withUnsafeMutableBytes { outputBytes in
        let out = outputBytes.baseAddress!.assumingMemoryBound(to: Pixel.self)
        for y in target.minY..<target.maxY {
          let sy = ((y - rect.minY) % cell.height + cell.height) % cell.height - ys.lowerBound
          let line = out + (y - region.minY) * region.width - region.minX
          for x in target.minX..<target.maxX {
            let sx = ((x - rect.minX) % cell.width + cell.width) % cell.width - xs.lowerBound
            line[x] = src[sy * needed.width + sx]
          }
        }
      }
    }
  }

  public var description: String { "tile \(rect)" }
}

extension ImageComponent {
  /// A `width` × `height` rectangle at this component's top-left, filled with this component repeated. Sizes are
  /// clamped to 2^30; below 1 they make an invalid component (see `Tiling`).
  public func tiled(width: Int, height: Int) -> Tiling {
    let origin = extent.isInfinite || extent.isEmpty ? (x: 0, y: 0) : (x: extent.minX, y: extent.minY)
    var check = ParameterValidation("tile")
    let w = check.check(0) { () throws(ParameterError) in try ParameterCheck.size(width, "width") }
    let h = check.check(0) { () throws(ParameterError) in try ParameterCheck.size(height, "height") }
    return Tiling(self, filling: IntRect(x: origin.x, y: origin.y, width: w, height: h), problem: check.error)
  }
}

extension Tiling: DeepRendering {
  /// It copies the cell's pixels, at any depth, straight or premultiplied.
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { true }
}
