/// The input with its alpha (and so, premultiplied, every channel) multiplied by a factor in 0…1, rounded to
/// nearest.
///
/// Parameters (see `ParameterCheck.opacity(_:_:)`): factors above 1 count as 1; NaN, ±∞ or a negative factor is
/// an invalid parameter (empty extent; rendering throws `RenderError.invalidParameter`). A factor of 0 gives an
/// empty extent (nothing is drawn).
public struct Opacity: ImageComponent, CustomStringConvertible, LinkedComponent {
  public let input: any ImageComponent
  /// The factor as used: clamped to 1 (as given when it is refused).
  public let amount: Double
  let problem: RenderError?
  public let identity: ComponentIdentity
  public let extent: IntRect
  /// Its inputs again, declared last: what releases a long chain without recursion (see `InputLink`).
  package let inputLink: InputLink

  public init(_ input: any ImageComponent, amount: Double) {
    self.input = input
    var check = ParameterValidation("opacity")
    self.amount = check.check(amount) { () throws(ParameterError) in try ParameterCheck.opacity(amount) }
    problem = check.error
    extent = self.amount == 0 || problem != nil ? .empty : input.extent
    identity = ComponentIdentity(Self.self, inputs: [input], parameters: [self.amount])
    parameterError = problem ?? input.parameterError
    inputLink = InputLink([input])
  }

  /// Its own problem, else its input's: found when built, so that reading it costs nothing however deep the graph.
  public let parameterError: RenderError?

  public var inputs: [any ImageComponent] { [input] }

  /// Pixel by pixel: the same region.
  public func inputDemands(for region: IntRect) -> [InputDemand] { [InputDemand(input, region)] }

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    if let problem { throw problem }
    var pixels = try context.render(input, region)
    if amount == 1 { return pixels }
    pixels.visit(Multiplying(factor: Float(amount)))
    return pixels
  }

  /// `multiply` over every pixel of the raster it visits, at its depth.
  private struct Multiplying: StoredPixelVisitor {
    let factor: Float

    func visit<Stored: StoredPixel>(_: Stored.Type, _ pixels: inout Raster) {
      pixels.withStoredPixels(Stored.self) { Opacity.multiply($0.baseAddress!, count: $0.count, by: factor) }
    }
  }

  /// Every channel of `count` premultiplied pixels times `factor`, rounded to nearest.
  static func multiply<Pixel: StoredPixel>(_ p: UnsafeMutablePointer<Pixel>, count: Int, by factor: Float) {
    for i in 0..<count where p[i] != .transparent { p[i] = Pixel.pack(Pixel.unpack(p[i]) * factor) }
  }

  public var description: String { "opacity \(amount)" }
}

extension Opacity: DeepRendering {
  /// Multiplies premultiplied pixels at either depth.
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { false }
}

extension ImageComponent {
  /// This component with its alpha (and so its premultiplied colour) multiplied by `amount`: 0…1, above 1 counts
  /// as 1; NaN or negative is an invalid parameter (see `Opacity`). The `opacity` step.
  public func multiplyingOpacity(by amount: Double) -> Opacity { Opacity(self, amount: amount) }

  /// `multiplyingOpacity(by:)` under its first name, a noun where the API names methods for their result.
  @available(*, deprecated, renamed: "multiplyingOpacity(by:)")
  public func opacity(_ amount: Double) -> Opacity { multiplyingOpacity(by: amount) }
}
