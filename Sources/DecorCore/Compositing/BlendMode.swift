/// How a source is combined with the backdrop it is drawn onto: the 28 modes of Core Graphics' `CGBlendMode`, with
/// the formulas of W3C *Compositing and Blending Level 1* on premultiplied RGBA8. The raw value is the mode's name in
/// the chain language and the CLI: the W3C/CSS name in kebab-case (`color-dodge`, `destination-atop`).
///
/// - The 16 blend modes (`normal` through `luminosity`) mix the colours where both are present and are composited
///   with source-over: `co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs)`, `αo = αs + αb − αs·αb`, where `B` acts on
///   the un-premultiplied colours. The first twelve are separable (channel by channel); `hue`, `saturation`,
///   `color` and `luminosity` are not.
/// - The 12 Porter-Duff operators (`clear`, `copy`, `source-…`, `destination-…`, `xor`, and `normal`, which is
///   source-over) weigh source and backdrop by each other's coverage: `co = Fa·cs + Fb·cb`, `αo = Fa·αs + Fb·αb`.
/// - `plus-lighter` adds and clamps: `co = min(1, cs + cb)`, `αo = min(1, αs + αb)`. `plus-darker` is its dual on
///   premultiplied values, as Documentation/Design.md's "Blend modes" defines it: `αo = min(1, αs + αb)`, `co = max(0, αo − ((αs − cs) +
///   (αb − cb)))`; a transparent source leaves the backdrop unchanged.
///
/// A mode acts only where the source is drawn: inside the source's extent in a `Group`, a draw call or a `blend`
/// step, as Core Graphics' `drawImage` does. So `copy`, `clear`, `source-in` and the like replace or erase the
/// backdrop there and leave it alone elsewhere.
///
/// Every mode is within ±1 of an exact real-number evaluation of its formula, rounded to 8 bits, for every
/// combination of alpha (see `Compositor`).
public enum BlendMode: String, CaseIterable, Sendable, CustomStringConvertible {
  /// Source-over, `co = cs + cb·(1 − αs)`; also called `over`.
  case normal
  /// `B = Cs·Cb`: never lighter.
  case multiply
  /// `B = Cs + Cb − Cs·Cb`: never darker.
  case screen
  /// `hard-light` with source and backdrop exchanged: the backdrop's contrast decides.
  case overlay
  /// `B = min(Cs, Cb)`.
  case darken
  /// `B = max(Cs, Cb)`.
  case lighten
  /// `B = min(1, Cb / (1 − Cs))`, with `B = 0` where `Cb = 0` and `B = 1` where `Cs = 1`.
  case colorDodge = "color-dodge"
  /// `B = 1 − min(1, (1 − Cb) / Cs)`, with `B = 1` where `Cb = 1` and `B = 0` where `Cs = 0`.
  case colorBurn = "color-burn"
  /// Multiply for `Cs ≤ ½` (`B = 2·Cs·Cb`), screen above (`B = Cb + (2·Cs − 1) − Cb·(2·Cs − 1)`).
  case hardLight = "hard-light"
  /// The W3C soft light (a softened `hard-light`, with a square root for light backdrops).
  case softLight = "soft-light"
  /// `B = |Cs − Cb|`.
  case difference
  /// `B = Cs + Cb − 2·Cs·Cb`.
  case exclusion
  /// The source's hue with the backdrop's saturation and luminosity.
  case hue
  /// The source's saturation with the backdrop's hue and luminosity.
  case saturation
  /// The source's hue and saturation with the backdrop's luminosity.
  case color
  /// The source's luminosity with the backdrop's hue and saturation.
  case luminosity
  /// Transparent wherever the source is drawn (`Fa = Fb = 0`).
  case clear
  /// The source replaces the backdrop wherever the source is drawn (`Fa = 1, Fb = 0`).
  case copy
  /// The source where the backdrop is (`Fa = αb, Fb = 0`).
  case sourceIn = "source-in"
  /// The source where the backdrop is not (`Fa = 1 − αb, Fb = 0`).
  case sourceOut = "source-out"
  /// The source over the backdrop, only where the backdrop is (`Fa = αb, Fb = 1 − αs`).
  case sourceAtop = "source-atop"
  /// The backdrop over the source (`Fa = 1 − αb, Fb = 1`).
  case destinationOver = "destination-over"
  /// The backdrop where the source is (`Fa = 0, Fb = αs`).
  case destinationIn = "destination-in"
  /// The backdrop where the source is not (`Fa = 0, Fb = 1 − αs`).
  case destinationOut = "destination-out"
  /// The backdrop over the source, only where the source is (`Fa = 1 − αb, Fb = αs`).
  case destinationAtop = "destination-atop"
  /// Each where the other is not (`Fa = 1 − αb, Fb = 1 − αs`).
  case xor
  /// `αo = min(1, αs + αb)`, `co = max(0, αo − ((αs − cs) + (αb − cb)))`: Core Graphics' `plusDarker`.
  case plusDarker = "plus-darker"
  /// `co = min(1, cs + cb)`, `αo = min(1, αs + αb)`: Core Graphics' `plusLighter`, pixman's `ADD`.
  case plusLighter = "plus-lighter"

  /// Other names steps may use for a mode: `over` for `normal`, as Porter and Duff named it.
  public static let aliases: [String: BlendMode] = ["over": .normal]

  /// The mode of that name (its raw value) or alias (`over` for `normal`).
  public init?(name: String) {
    if let mode = BlendMode.aliases[name] {
      self = mode
      return
    }
    self.init(rawValue: name)
  }

  /// Whether the mode is one of the 16 blend modes composited with source-over (`normal` through `luminosity`),
  /// as opposed to a Porter-Duff operator or a plus mode.
  public var isBlend: Bool {
    switch self {
    case .normal, .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .hardLight, .softLight,
      .difference, .exclusion, .hue, .saturation, .color, .luminosity:
      return true
    default:
      return false
    }
  }

  /// Whether a fully transparent source pixel leaves the backdrop pixel as it is. It does for every mode except
  /// those that erase the backdrop where the source is transparent: `clear`, `copy`, `source-in`, `source-out`,
  /// `destination-in` and `destination-atop`. (A fact of the mode's kernel, read from it.)
  public var keepsBackdropUnderTransparentSource: Bool { withKernel(KeepsBackdrop()) }

  public var description: String { rawValue }

  /// The one table from modes to their computation: each mode's `BlendKernel` (in `BlendKernels.swift`, whose
  /// formulas are in `BlendFormulas.swift`). What a mode does, and the facts that follow from it (whether a
  /// transparent source keeps the backdrop, whether an opaque one replaces it), are read from its kernel.
  @inline(__always)
  func withKernel<Visitor: BlendKernelVisitor>(_ visitor: Visitor) -> Visitor.Result {
    typealias K = BlendKernels
    switch self {
    case .normal: return visitor.visit(K.Normal.self)
    case .multiply: return visitor.visit(K.Multiply.self)
    case .screen: return visitor.visit(K.Screen.self)
    case .overlay: return visitor.visit(K.Overlay.self)
    case .darken: return visitor.visit(K.Darken.self)
    case .lighten: return visitor.visit(K.Lighten.self)
    case .colorDodge: return visitor.visit(K.ColorDodge.self)
    case .colorBurn: return visitor.visit(K.ColorBurn.self)
    case .hardLight: return visitor.visit(K.HardLight.self)
    case .softLight: return visitor.visit(K.SoftLight.self)
    case .difference: return visitor.visit(K.Difference.self)
    case .exclusion: return visitor.visit(K.Exclusion.self)
    case .hue: return visitor.visit(K.Hue.self)
    case .saturation: return visitor.visit(K.Saturation.self)
    case .color: return visitor.visit(K.Color.self)
    case .luminosity: return visitor.visit(K.Luminosity.self)
    case .clear: return visitor.visit(K.Clear.self)
    case .copy: return visitor.visit(K.Copy.self)
    case .sourceIn: return visitor.visit(K.SourceIn.self)
    case .sourceOut: return visitor.visit(K.SourceOut.self)
    case .sourceAtop: return visitor.visit(K.SourceAtop.self)
    case .destinationOver: return visitor.visit(K.DestinationOver.self)
    case .destinationIn: return visitor.visit(K.DestinationIn.self)
    case .destinationOut: return visitor.visit(K.DestinationOut.self)
    case .destinationAtop: return visitor.visit(K.DestinationAtop.self)
    case .xor: return visitor.visit(K.Xor.self)
    case .plusDarker: return visitor.visit(K.PlusDarker.self)
    case .plusLighter: return visitor.visit(K.PlusLighter.self)
    }
  }
}

/// Something done with a mode's kernel type. Generic over the kernel, so that each mode gets code specialised for
/// it (see `BlendKernel`) while the table of modes stays in one place (`BlendMode.withKernel`).
protocol BlendKernelVisitor {
  associatedtype Result
  func visit<Kernel: BlendKernel>(_ kernel: Kernel.Type) -> Result
}

/// Reads `BlendKernel.keepsBackdrop`.
struct KeepsBackdrop: BlendKernelVisitor {
  func visit<Kernel: BlendKernel>(_ kernel: Kernel.Type) -> Bool { Kernel.keepsBackdrop }
}
