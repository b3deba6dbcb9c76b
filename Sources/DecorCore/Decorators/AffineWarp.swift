/// The machinery shared by the decorators that move pixels through an affine map (rotation, skew, flip, fractional
/// translation, any matrix): the extent the map produces and the rendering of a region by inverse mapping.
///
/// Maps that only permute pixels (quarter turns, flips, whole-pixel moves) are copied exactly, whatever the
/// interpolation. Maps that shrink widen the kernel by the largest stretch of the inverse map.
struct AffineWarp: Sendable {
  let transform: AffineTransform
  /// `nil` when the map is singular: everything collapses onto a line and nothing is drawn.
  let inverse: AffineTransform?
  let interpolation: Interpolation
  let filterScale: Double
  /// The point the map turns about (rotations, shears), kept at the centre of the extent so that a map followed
  /// by its inverse about the new centre lands back exactly where it started.
  let center: Point?

  init(_ transform: AffineTransform, interpolation: Interpolation, center: Point? = nil) {
    self.transform = transform
    self.center = center
    inverse = transform.inverted()
    self.interpolation = transform.isPixelExact ? .nearest : interpolation
    if let inverse, self.interpolation != .nearest, abs(inverse.determinant) > 1 + 1e-9 {
      // The map shrinks area: widen the kernel by the largest singular value of the inverse's linear part (how
      // far one output pixel reaches in the input). Area-preserving maps such as shears are not prefiltered.
      let t = inverse.a * inverse.a + inverse.b * inverse.b + inverse.c * inverse.c + inverse.d * inverse.d
      // Capped at 2^16: beyond that the kernel would be wider than any raster (maps shrinking more alias).
      let det = inverse.determinant
      filterScale = min(65536, max(1, ((t + (max(0, t * t - 4 * det * det)).squareRoot()) / 2).squareRoot()))
    } else {
      filterScale = 1
    }
  }

  /// The extent of `input` mapped: the pixels that can receive any of its colour through the kernel.
  func extent(of input: IntRect) -> IntRect {
    guard inverse != nil, !input.isEmpty else { return IntRect(x: 0, y: 0, width: 0, height: 0) }
    if input.isInfinite { return .infinite }
    if interpolation == .nearest && transform.isPixelExact {
      return IntRect(covering: transform.boundingBox(of: input.rect))
    }
    // A source pixel reaches samples within the kernel's support of its centre, i.e. support − ½ past its edge;
    // along an axis that maps pixel centres onto pixel centres (a whole-pixel move in y, say) it reaches nothing.
    let reach = max(0, interpolation.support * filterScale - 0.5)
    let exactX = transform.c == 0 && abs(transform.a) == 1 && transform.tx == transform.tx.rounded()
    let exactY = transform.b == 0 && abs(transform.d) == 1 && transform.ty == transform.ty.rounded()
    let source = input.rect
    let grown = Rect(x: source.minX - (exactX ? 0 : reach), y: source.minY - (exactY ? 0 : reach),
      width: source.width + (exactX ? 0 : 2 * reach), height: source.height + (exactY ? 0 : 2 * reach))
    let box = transform.boundingBox(of: grown)
    guard let center else { return IntRect(covering: box) }
    // Symmetric about the centre: the half-sizes are rounded up to a step that keeps both edges whole.
    func span(_ low: Double, _ high: Double, _ c: Double) -> (Int, Int) {
      let offset = c - c.rounded(.down)
      let half = (max(c - low, high - c) - offset).rounded(.up) + offset
      // Within IntRect's limit, so that a steep map's huge box converts without overflow.
      let limit = Double(IntRect.limit)
      return (Int(max(-limit, (c - half).rounded())), Int(min(limit, (c + half).rounded())))
    }
    let (x0, x1) = span(box.minX, box.maxX, center.x)
    let (y0, y1) = span(box.minY, box.maxY, center.y)
    return IntRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// The input region read for `region`: the inverse-mapped box grown by the kernel's footprint (`nil` for a
  /// singular map, which draws nothing). `renderClipped` then keeps the part the input covers.
  func inputRegion(for region: IntRect) -> IntRect? {
    guard let inverse else { return nil }
    return IntRect(covering: inverse.boundingBox(of: region.rect).outset(by: interpolation.support * filterScale + 1))
  }

  func inputDemands(for region: IntRect, input: any ImageComponent) -> [InputDemand] {
    guard let asked = inputRegion(for: region)?.intersection(input.extent), !asked.isEmpty else { return [] }
    return [InputDemand(input, asked)]
  }

  func render(_ region: IntRect, input: any ImageComponent, context: RenderContext) throws -> Raster {
    let format = context.format
    return try Raster(width: region.width, height: region.height, format: format, pixelLimit: context.pixelLimit) {
      buffer in
      if format.depth == 16 {
        // Straight 16-bit pixels only in a render of moves, where the warp copies them (`onlyMovesPixels`).
        try render(region, input: input, into: buffer.baseAddress!.assumingMemoryBound(to: RGBA16.self),
          stride: region.width, context: context)
      } else {
        try render(region, input: input, into: buffer.baseAddress!.assumingMemoryBound(to: UInt32.self),
          stride: region.width, context: context)
      }
    }
  }

  /// Renders `region` into pixels whose rows are `stride` pixels apart, writing every one of them.
  func render<Pixel: StoredPixel>(
    _ region: IntRect, input: any ImageComponent, into out: UnsafeMutablePointer<Pixel>, stride: Int,
    context: RenderContext
  ) throws {
    guard let inverse, let asked = inputRegion(for: region), let source = try context.renderClipped(input, asked)
    else {
      for row in 0..<region.height { (out + row * stride).update(repeating: .transparent, count: region.width) }
      return
    }
    AffineSampler.sample(source, into: out, stride: stride, region: region, inverse: inverse,
      interpolation: interpolation, filterScale: filterScale)
  }
}

/// The decorators built on an `AffineWarp` render directly, and at 16 bits: premultiplied where they resample,
/// straight too where the warp copies pixels (nearest-neighbour sampling: quarter turns, flips, whole-pixel moves,
/// or `nearest` asked for).
protocol WarpDecorator: DirectRendering, DeepRendering {
  var input: any ImageComponent { get }
  var warp: AffineWarp { get }
  /// Why the parameters are meaningless, if they are: then the extent is empty and rendering throws it.
  var problem: RenderError? { get }
}

extension WarpDecorator {
  public var inputs: [any ImageComponent] { [input] }

  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { warp.interpolation == .nearest }

  public func inputDemands(for region: IntRect) -> [InputDemand] { warp.inputDemands(for: region, input: input) }

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    if let problem { throw problem }
    return try warp.render(region, input: input, context: context)
  }

  func render(_ region: IntRect, into out: UnsafeMutablePointer<UInt32>, stride: Int, context: RenderContext) throws {
    if let problem { throw problem }
    try warp.render(region, input: input, into: out, stride: stride, context: context)
  }
}

extension IntRect {
  /// The centre of a finite rectangle; the origin for an infinite one.
  var centerPoint: Point { isInfinite ? .zero : rect.center }
}
