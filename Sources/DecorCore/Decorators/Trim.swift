/// The input with a border of one colour cut away, as ImageMagick's `-trim` and libvips's `find_trim` then `crop`:
/// the bounding box of the pixels that differ from the background by more than `fuzz`.
///
/// - The background is `color`, or when it is `nil` the input's top-left pixel (ImageMagick and libvips look at
///   the corners too). Colours are compared premultiplied, so every fully transparent pixel is the same: a
///   transparent border is trimmed whatever colour it hides.
/// - A pixel differs when any of its premultiplied channels (alpha included) is more than `fuzz` levels (0–255)
///   from the background's, as `find_trim` compares the largest difference between bands with its threshold;
///   ImageMagick's `-fuzz 10%` is `fuzz` 25.5 on one channel (its distance is over all channels at once, so it
///   trims a little less on colours that differ in several channels).
/// - An image made of background alone (a blank page) is left whole: ImageMagick makes it 1×1 with a warning and
///   libvips gives an empty box that `crop` refuses, and a batch over scans should neither lose nor fail a blank one.
/// - The box is found when the component is built, not per render: an extent is known before any plan exists, and
///   this one comes from pixels. The input is rendered once for that, band by band (a band of memory, not an image),
///   on `renderer`'s threads and within its pixel limit; rendering the result computes it again (see ARCHITECTURE.md,
///   "A render"). After that it is a crop.
/// - A `fuzz` that is NaN, infinite or negative is an invalid parameter; above 255 counts as 255. An input with no
///   finite extent (a generator) cannot be trimmed (an invalid parameter), and an error met while looking at the
///   input is kept and thrown by every render (the extent is then empty).
public struct Trim: ImageComponent, CustomStringConvertible, LinkedComponent {
  public let input: any ImageComponent
  /// The largest difference, in levels 0–255, that still counts as background (clamped to 255).
  public let fuzz: Double
  /// The background colour given; `nil` for the top-left pixel's.
  public let color: Color?
  /// The part kept, in the input's coordinates: the box of the pixels that differ from the background, or the
  /// input's extent when none does; empty when the input could not be looked at.
  public var rect: IntRect { crop.rect }
  let problem: RenderError?
  /// The crop the box makes, made once.
  let crop: Crop
  public let identity: ComponentIdentity
  public let extent: IntRect
  /// Its inputs again, declared last: what releases a long chain without recursion (see `InputLink`).
  package let inputLink: InputLink

  /// `input` trimmed of its border of `color` (or of its top-left pixel's colour) within `fuzz`; the input is looked
  /// at once, now, through `renderer` (see the type).
  public init(_ input: any ImageComponent, fuzz: Double = 0, color: Color? = nil, renderer: Renderer = Renderer()) {
    self.input = input
    self.color = color
    var check = ParameterValidation("trim")
    self.fuzz = check.check(0) { () throws(ParameterError) in try ParameterCheck.threshold(fuzz, "fuzz") }
    let whole = input.extent
    if check.error == nil, whole.isInfinite {
      _ = check.check(0) { () throws(ParameterError) -> Int in
        throw ParameterError("the input", "covers the whole plane (a generator): crop it before trimming")
      }
    }
    var box = IntRect.empty
    if check.error == nil, input.parameterError == nil, !whole.isEmpty {
      do {
        box = try Self.box(of: input, fuzz: Int(self.fuzz.rounded(.down)), color: color, renderer: renderer)
        problem = nil
      } catch {
        problem = .wrapping(error, in: String(describing: input))
      }
    } else {
      problem = check.error
    }
    crop = Crop(input, to: box)
    extent = problem == nil ? crop.extent : .empty
    identity = ComponentIdentity(Self.self, inputs: [input], parameters: [crop.rect])
    parameterError = problem ?? input.parameterError
    inputLink = InputLink([input, crop])
  }

  /// The box of the pixels of `input` that differ from the background by more than `fuzz` levels, or the extent.
  /// An input with a source of more than 8 bits or a translucent one is looked at in 16-bit pixels, `fuzz` scaled
  /// to them (×257), so that a difference 8-bit premultiplied pixels would round away still counts (a translucent
  /// pixel's colour is then its own, not rounded to as many levels as its alpha has); any other at 8 bits, where the
  /// answer is the same.
  static func box(of input: any ImageComponent, fuzz: Int, color: Color?, renderer: Renderer) throws -> IntRect {
    var deep = renderer
    deep.allowsDeep = true
    if try deep.plan(input).hasDeepSource {
      return try box(RGBA16.self, of: input, fuzz: fuzz * 257, color: color, renderer: deep)
    }
    return try box(UInt32.self, of: input, fuzz: fuzz, color: color, renderer: renderer)
  }

  private static func box<P: StoredPixel>(
    _: P.Type, of input: any ImageComponent, fuzz: Int, color: Color?, renderer: Renderer
  ) throws -> IntRect {
    let extent = input.extent
    var background = P.transparent
    if let color {
      // The colour at the pixels' own precision, premultiplied as a source's pixel of that colour is.
      if P.format.depth == 16 {
        let c = color.premultiplied16
        background = P.pack(SIMD4<Float>(Float(c.r), Float(c.g), Float(c.b), Float(c.a)))
      } else {
        let c = color.premultiplied
        background = P.pack(SIMD4<Float>(Float(c.r), Float(c.g), Float(c.b), Float(c.a)))
      }
    } else {
      try renderer.forEachBand(input, IntRect(x: extent.minX, y: extent.minY, width: 1, height: 1), as: P.self) {
        _, corner in background = corner[0]
      }
    }
    let target = P.unpack(background)
    let allowed = SIMD4<Float>(repeating: Float(min(fuzz, Int(P.maximum))))
    // Whether the pixel differs from the background by more than `fuzz` in some channel.
    func differs(_ pixel: P) -> Bool {
      if pixel == background { return false }
      let value = P.unpack(pixel)
      return any(PixelMath.max(value, target) - PixelMath.min(value, target) .> allowed)
    }
    var (minX, minY, maxX, maxY) = (Int.max, Int.max, Int.min, Int.min)
    try renderer.forEachBand(input, extent, as: P.self) { band, pixels in
      for row in 0..<band.height {
        let line = pixels.baseAddress! + row * band.width
        guard let first = (0..<band.width).first(where: { differs(line[$0]) }) else { continue }
        let last = (first..<band.width).reversed().first { differs(line[$0]) } ?? first
        minX = min(minX, band.minX + first)
        maxX = max(maxX, band.minX + last)
        minY = min(minY, band.minY + row)
        maxY = band.minY + row
      }
    }
    guard minX <= maxX else { return extent }
    return IntRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
  }

  /// Its own problem, else its input's: found when built, so that reading it costs nothing however deep the graph.
  public let parameterError: RenderError?

  public var inputs: [any ImageComponent] { [input] }

  public func inputDemands(for region: IntRect) -> [InputDemand] { crop.inputDemands(for: region) }

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    if let problem { throw problem }
    return try crop.render(region, context: context)
  }

  public var description: String {
    "trim fuzz=\(format(fuzz)) color=\(color.map { "\($0)" } ?? "auto") (keeps \(rect))"
  }
}

extension ImageComponent {
  /// This component with its border of `color` (by default its top-left pixel's colour) cut away, within `fuzz`
  /// levels (0–255) on every premultiplied channel, as ImageMagick's `-trim` and libvips's `find_trim`; looked at
  /// now, through `renderer`. A blank image is left whole. See `Trim`.
  public func trimmed(fuzz: Double = 0, color: Color? = nil, renderer: Renderer = Renderer()) -> Trim {
    Trim(self, fuzz: fuzz, color: color, renderer: renderer)
  }
}

extension Trim: DeepRendering {
  /// A crop: it copies pixels, at any depth.
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { true }
}
