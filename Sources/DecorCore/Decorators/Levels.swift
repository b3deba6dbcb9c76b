/// The input's tones remapped as ImageMagick's `-level` and `-gamma` do: each colour channel c (straight, not
/// premultiplied, as a fraction 0 … 1) becomes `((c − black) / (white − black))^(1/gamma)`, clamped to 0 … 1;
/// alpha is unchanged.
///
/// - `black` and `white` are fractions of white (0 is black, 1 is white; `levels` steps write them as 0 … 255 or as
///   percentages): levels at or below `black` become 0, at or above `white` become 1. Each must be finite and
///   `black` below `white`; they may lie outside 0 … 1 (a black point of −0.2 lightens the shadows), clamped to
///   ±`ParameterCheck.maxLevel`.
/// - `gamma` above 1 lightens the mid-tones, below 1 darkens them (1 leaves them; ImageMagick's sense): finite and
///   above 0, clamped into 1/`ParameterCheck.maxGamma` … `maxGamma`. `adjustingGamma(_:)` is levels 0 and 1 with a
///   gamma, `c^(1/gamma)`, as `-gamma`.
/// - A refused value is an invalid parameter: the extent is empty and rendering throws
///   `RenderError.invalidParameter`, as `ParameterCheck` describes.
/// - Opaque pixels go through a table of the 256 levels, the formula rounded to nearest; translucent ones are
///   un-premultiplied exactly, mapped by the formula and premultiplied again (`ToneCurve`), so every result is a
///   valid premultiplied pixel within ±½ of the exact formula.
public struct Levels: ImageComponent, CustomStringConvertible, LinkedComponent {
  public let input: any ImageComponent
  /// The black point as used, a fraction of white.
  public let black: Double
  /// The white point as used, a fraction of white.
  public let white: Double
  /// The gamma as used (clamped into 1/`ParameterCheck.maxGamma` … `maxGamma`).
  public let gamma: Double
  /// `levels` or `gamma`: the step that names it.
  let name: String
  let curve: ToneCurve
  let problem: RenderError?
  public let identity: ComponentIdentity
  public let extent: IntRect
  /// Its inputs again, declared last: what releases a long chain without recursion (see `InputLink`).
  package let inputLink: InputLink

  /// `input` with black mapped from `black`, white from `white`, and the mid-tones by `gamma` (see the type).
  public init(_ input: any ImageComponent, black: Double = 0, white: Double = 1, gamma: Double = 1) {
    self.init(input, black: black, white: white, gamma: gamma, name: "levels")
  }

  init(_ input: any ImageComponent, black: Double, white: Double, gamma: Double, name: String) {
    self.input = input
    self.name = name
    var check = ParameterValidation(name)
    let points = check.check((black, white)) { () throws(ParameterError) in
      try ParameterCheck.levels(black: black, white: white)
    }
    self.black = points.0
    self.white = points.1
    self.gamma = check.check(gamma) { () throws(ParameterError) in try ParameterCheck.gamma(gamma) }
    problem = check.error
    curve = problem == nil ? ToneCurve(black: self.black, white: self.white, gamma: self.gamma)
      : ToneCurve(black: 0, white: 1, gamma: 1)
    extent = problem == nil ? input.extent : .empty
    identity = ComponentIdentity(Self.self, inputs: [input], parameters: [curve])
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
    curve.apply(to: &pixels)
    return pixels
  }

  public var description: String {
    if name == "gamma" { return "gamma \(format(gamma))" }
    // As a step writes them: levels of 0 … 255, to four decimals.
    func level(_ v: Double) -> String { format((v * 255 * 10_000).rounded() / 10_000) }
    let text = "levels \(level(black)) \(level(white))"
    return gamma == 1 ? text : text + " gamma=\(format(gamma))"
  }
}

extension ImageComponent {
  /// This component with its tones remapped as ImageMagick's `-level` does: straight colour c (0 … 1) becomes
  /// `((c − black) / (white − black))^(1/gamma)`, clamped, alpha unchanged. `black` and `white` are fractions of
  /// white (ImageMagick's `-level 10%,90%,1.2` is `adjustingLevels(black: 0.1, white: 0.9, gamma: 1.2)`), finite,
  /// `black` below `white`, clamped to ±1000; `gamma` is finite, above 0, clamped into 0.0001 … 10000. Another value
  /// makes the result an invalid parameter (see `Levels`).
  public func adjustingLevels(black: Double, white: Double, gamma: Double = 1) -> Levels {
    Levels(self, black: black, white: white, gamma: gamma, name: "levels")
  }

  /// This component with each straight colour channel c (0 … 1) raised to 1/`gamma`, as ImageMagick's `-gamma`:
  /// above 1 lightens the mid-tones, below 1 darkens them. `gamma` is finite, above 0, clamped into
  /// 0.0001 … 10000; another value makes the result an invalid parameter (see `Levels`).
  public func adjustingGamma(_ gamma: Double) -> Levels {
    Levels(self, black: 0, white: 1, gamma: gamma, name: "gamma")
  }
}

extension Levels: DeepRendering {
  /// The curve maps straight colour from its formula at 16 bits (see `ToneCurve`).
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { false }
}
