/// One blend mode's computation on four pixels, as a type (the types are in `BlendKernels.swift`).
///
/// `SpanKernels.run` is generic over it, so each mode gets a loop of its own, specialised, with its formulas
/// inlined and nothing else in it. The alternatives are slower in ways that are hard to see: a switch on a mode
/// passed as a constant, or a formula passed as a closure, leave the optimiser functions too large to inline into
/// (every selection is a small loop in its intermediate form) or calls it will not inline, and one call per four
/// pixels costs a third of the speed of the simpler modes.
protocol BlendKernel {
  /// What four transparent source pixels give, at any opacity (`keep` for most modes).
  static var transparentSource: BlockShortcut { get }
  /// What four opaque source pixels give at full opacity.
  static var opaqueSource: BlockShortcut { get }
  /// What four transparent backdrop pixels give (`copy` only at full opacity).
  static var transparentBackdrop: BlockShortcut { get }
  /// What four opaque backdrop pixels give (`copy` only at full opacity).
  static var opaqueBackdrop: BlockShortcut { get }
  /// Whether the loop at full opacity is compiled apart from the one at other opacities (worth it for the cheap
  /// modes, whose every instruction counts; the float modes spend their time elsewhere and are big enough that a
  /// second copy of their block would stop the optimiser from inlining into it).
  static var specialisesFullOpacity: Bool { get }
  /// Whether four transparent source pixels leave the backdrop as it is, whether or not the loop tests for them
  /// (read by `BlendMode.keepsBackdropUnderTransparentSource`; `transparentSource == .keep` unless a mode says
  /// otherwise).
  static var keepsBackdrop: Bool { get }
  /// The four result pixels of `source` drawn onto `backdrop` at a coverage `opacity` (0…`one`), at the depth of
  /// `P`.
  static func block<P: PixelLanes>(_ lanes: P.Type, _ source: P.Pixels, _ backdrop: P.Pixels, opacity: P.Lanes.Scalar)
    -> P.Pixels
}

/// What a block whose source or backdrop alphas are all 0 or all `one` becomes without being computed: exactly the
/// bytes the formula gives there (for valid premultiplied pixels, whose colours are 0 where alpha is).
enum BlockShortcut {
  /// No shortcut: the block is computed.
  case none
  /// The backdrop stays as it is (nothing is written).
  case keep
  /// The result is transparent.
  case clear
  /// The result is the source.
  case copy
}

extension BlendKernel {
  static var transparentSource: BlockShortcut { .keep }
  static var opaqueSource: BlockShortcut { .none }
  static var transparentBackdrop: BlockShortcut { .none }
  static var opaqueBackdrop: BlockShortcut { .none }
  static var specialisesFullOpacity: Bool { true }
  static var keepsBackdrop: Bool { transparentSource == .keep }
}
