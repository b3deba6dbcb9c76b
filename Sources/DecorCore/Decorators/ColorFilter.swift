import RealModule

/// One of the CSS colour filter functions (Filter Effects Module Level 1, §13) applied to the input: `brightness`,
/// `contrast`, `saturate`, `grayscale`, `sepia`, `invert` and `hue-rotate`, with the specification's formulas, on
/// un-premultiplied sRGB-encoded colour (the shorthand functions always work in sRGB), alpha unchanged. Each result
/// is within ±1 of the exact formula.
///
/// One type for the seven because the specification defines every one of them as an affine map of the colour (an
/// `feColorMatrix`, or an `feComponentTransfer` with linear or two-entry table functions): they share one kernel
/// (`ColorMatrix`) and differ only in the matrix, which `kind` builds. (`opacity`, the eighth CSS function, scales
/// alpha instead and is `Opacity`.)
///
/// Amounts follow CSS (see `ParameterCheck`): `grayscale`, `sepia` and `invert` clamp theirs to 1; `brightness`,
/// `contrast` and `saturate` take any amount from 0 up (1 leaves the image unchanged; past 10⁶ counts as 10⁶);
/// `hue-rotate` takes any finite angle, reduced modulo 360°. A negative amount (which CSS refuses too), NaN or ±∞
/// is an invalid parameter: the extent is empty and rendering throws `RenderError.invalidParameter`. Results are
/// clamped to 0 … 1 per channel, as `feColorMatrix` and `feComponentTransfer` clamp.
public struct ColorFilter: ImageComponent, CustomStringConvertible, LinkedComponent {
  /// Which function, and its amount.
  public enum Kind: Sendable, Hashable, CustomStringConvertible {
    /// `c' = A·c`.
    case brightness(Double)
    /// `c' = A·c + (1 − A)/2`.
    case contrast(Double)
    /// The `feColorMatrix type="saturate"` matrix: 0 is grey, 1 unchanged, above 1 more saturated.
    case saturate(Double)
    /// Towards Rec. 709 luma (0.2126, 0.7152, 0.0722) by A.
    case grayscale(Double)
    /// Towards the specification's sepia matrix by A.
    case sepia(Double)
    /// `c' = A + (1 − 2A)·c`.
    case invert(Double)
    /// The `feColorMatrix type="hueRotate"` matrix, clockwise round the colour wheel for positive angles.
    case hueRotate(Angle)

    /// The step's name: `brightness`, …, `hue-rotate`.
    var name: String {
      switch self {
      case .brightness: return "brightness"
      case .contrast: return "contrast"
      case .saturate: return "saturate"
      case .grayscale: return "grayscale"
      case .sepia: return "sepia"
      case .invert: return "invert"
      case .hueRotate: return "hue-rotate"
      }
    }

    public var description: String {
      switch self {
      case .brightness(let a): return "brightness \(format(a))"
      case .contrast(let a): return "contrast \(format(a))"
      case .saturate(let a): return "saturate \(format(a))"
      case .grayscale(let a): return "grayscale \(format(a))"
      case .sepia(let a): return "sepia \(format(a))"
      case .invert(let a): return "invert \(format(a))"
      case .hueRotate(let angle): return "hue-rotate \(format(angle.degrees))"
      }
    }

    /// The same kind with its amount checked by `ParameterCheck` and brought into the range CSS allows.
    func checked() throws(ParameterError) -> Kind {
      // Past a million every colour is clamped to black or white anyway; infinities would make NaNs.
      switch self {
      case .brightness(let a): return .brightness(try ParameterCheck.amount(a, "brightness"))
      case .contrast(let a): return .contrast(try ParameterCheck.amount(a, "contrast"))
      case .saturate(let a): return .saturate(try ParameterCheck.amount(a, "saturate"))
      case .grayscale(let a): return .grayscale(try ParameterCheck.unitAmount(a, "grayscale"))
      case .sepia(let a): return .sepia(try ParameterCheck.unitAmount(a, "sepia"))
      case .invert(let a): return .invert(try ParameterCheck.unitAmount(a, "invert"))
      case .hueRotate(let angle): return .hueRotate(try ParameterCheck.angle(angle, "hue-rotate angle"))
      }
    }

    /// The specification's matrix (Filter Effects 1, §13.2 and §9.6).
    var matrix: ColorMatrix {
      switch self {
      case .brightness(let a):
        return .linear(slope: a, intercept: 0)
      case .contrast(let a):
        return .linear(slope: a, intercept: 0.5 - 0.5 * a)
      case .invert(let a):
        return .linear(slope: 1 - 2 * a, intercept: a)
      case .saturate(let s):
        return ColorMatrix(rows: [
          [0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s, 0],
          [0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s, 0],
          [0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s, 0],
        ])
      case .grayscale(let a):
        let k = 1 - a
        return ColorMatrix(rows: [
          [0.2126 + 0.7874 * k, 0.7152 - 0.7152 * k, 0.0722 - 0.0722 * k, 0],
          [0.2126 - 0.2126 * k, 0.7152 + 0.2848 * k, 0.0722 - 0.0722 * k, 0],
          [0.2126 - 0.2126 * k, 0.7152 - 0.7152 * k, 0.0722 + 0.9278 * k, 0],
        ])
      case .sepia(let a):
        let k = 1 - a
        return ColorMatrix(rows: [
          [0.393 + 0.607 * k, 0.769 - 0.769 * k, 0.189 - 0.189 * k, 0],
          [0.349 - 0.349 * k, 0.686 + 0.314 * k, 0.168 - 0.168 * k, 0],
          [0.272 - 0.272 * k, 0.534 - 0.534 * k, 0.131 + 0.869 * k, 0],
        ])
      case .hueRotate(let angle):
        let c = Double.cos(angle.radians)
        let s = Double.sin(angle.radians)
        return ColorMatrix(rows: [
          [0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928, 0],
          [0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283, 0],
          [0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072, 0],
        ])
      }
    }
  }

  public let input: any ImageComponent
  /// The function and its amount, as used (brought into the range CSS allows; as given when refused).
  public let kind: Kind
  let matrix: ColorMatrix
  let problem: RenderError?
  public let identity: ComponentIdentity
  public let extent: IntRect
  /// Its inputs again, declared last: what releases a long chain without recursion (see `InputLink`).
  package let inputLink: InputLink

  /// `kind` applied to `input`.
  public init(_ input: any ImageComponent, _ kind: Kind) {
    self.input = input
    var check = ParameterValidation(kind.name)
    self.kind = check.check(kind) { () throws(ParameterError) in try kind.checked() }
    problem = check.error
    matrix = problem == nil ? self.kind.matrix : .identity
    extent = problem == nil ? input.extent : .empty
    identity = ComponentIdentity(Self.self, inputs: [input], parameters: [self.kind])
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
    if matrix == .identity { return pixels }
    pixels.visit(Mapping(matrix: matrix))
    return pixels
  }

  /// The matrix over every pixel of the raster it visits, in the lanes of its depth.
  private struct Mapping: StoredPixelVisitor {
    let matrix: ColorMatrix

    func visit<Stored: StoredPixel>(_: Stored.Type, _ pixels: inout Raster) {
      pixels.withStoredPixels(Stored.self) { stored in
        // The lanes' pixel is the stored one's bytes (`UInt32` itself at 8 bits, a `UInt64` for `RGBA16`).
        stored.baseAddress!.withMemoryRebound(to: Stored.Lanes.Pixel.self, capacity: stored.count) {
          matrix.apply(Stored.Lanes.self, $0, count: stored.count)
        }
      }
    }
  }

  public var description: String { kind.description }

  /// Whether every pixel out is grey whatever comes in: `grayscale 1` and `saturate 0`, whose three colour rows
  /// are equal (the encoders then try a grey file).
  package var makesGrey: Bool {
    problem == nil && matrix.rows[0] == matrix.rows[1] && matrix.rows[1] == matrix.rows[2]
  }
}

/// Each method is named as the CSS function it draws, and as its step: `brightness`, `contrast`, `saturate`,
/// `grayscale`, `sepia`, `invert`, `hueRotate` (the step `hue-rotate`).
extension ImageComponent {
  /// CSS `brightness(A)`: colour times A (0 black, 1 unchanged, above 1 brighter).
  public func brightness(_ amount: Double) -> ColorFilter { ColorFilter(self, .brightness(amount)) }

  /// CSS `contrast(A)`: colour moved away from (A > 1) or towards (A < 1) mid-grey; 0 is grey.
  public func contrast(_ amount: Double) -> ColorFilter { ColorFilter(self, .contrast(amount)) }

  /// CSS `saturate(A)`: 0 grey, 1 unchanged, above 1 more saturated.
  public func saturate(_ amount: Double) -> ColorFilter { ColorFilter(self, .saturate(amount)) }

  /// CSS `grayscale(A)`, A in 0 … 1 (1, fully grey, by default).
  public func grayscale(_ amount: Double = 1) -> ColorFilter { ColorFilter(self, .grayscale(amount)) }

  /// CSS `sepia(A)`, A in 0 … 1 (1 by default).
  public func sepia(_ amount: Double = 1) -> ColorFilter { ColorFilter(self, .sepia(amount)) }

  /// CSS `invert(A)`, A in 0 … 1 (1, the negative, by default; 0.5 is grey).
  public func invert(_ amount: Double = 1) -> ColorFilter { ColorFilter(self, .invert(amount)) }

  /// CSS `hue-rotate(DEG)`: hues turned round the colour wheel, lightness roughly kept.
  public func hueRotate(by angle: Angle) -> ColorFilter { ColorFilter(self, .hueRotate(angle)) }

  @available(*, deprecated, renamed: "saturate(_:)", message: "named as the CSS function and the step")
  public func saturated(_ amount: Double) -> ColorFilter { saturate(amount) }

  @available(*, deprecated, renamed: "invert(_:)", message: "named as the CSS function and the step")
  public func inverted(_ amount: Double = 1) -> ColorFilter { invert(amount) }

  @available(*, deprecated, renamed: "hueRotate(by:)", message: "named as the CSS function and the step")
  public func hueRotated(by angle: Angle) -> ColorFilter { hueRotate(by: angle) }
}

extension ColorFilter: DeepRendering {
  /// The matrix maps straight colour in floats, at either depth.
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { false }
}

extension ColorFilter: GreyProducing {
  package var producesGrey: Bool { makesGrey }
}
