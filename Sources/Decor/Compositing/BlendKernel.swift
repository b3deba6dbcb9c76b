/// One blend mode's computation on four pixels, as a type (the types are in `SpanKernels+Modes.swift`).
///
/// `SpanKernels.run` is generic over it, so each mode gets a loop of its own, specialised, with its formulas
/// inlined and nothing else in it. The alternatives are slower in ways that are hard to see: a switch on a mode
/// passed as a constant, or a formula passed as a closure, leave the optimiser functions too large to inline into
/// (every selection is a small loop in its intermediate form) or calls it will not inline, and one call per four
/// pixels costs a third of the speed of the simpler modes.
protocol BlendKernel {
  typealias Pixels = PixelLanes.Pixels

  /// Whether four transparent source pixels leave the backdrop as it is, so that their block can be skipped.
  static var keepsBackdrop: Bool { get }
  /// Whether four opaque source pixels at full opacity replace the backdrop, so that they can be copied.
  static var copiesOpaque: Bool { get }
  /// Whether the loop at full opacity is compiled apart from the one at other opacities (worth it for the cheap
  /// modes, whose every instruction counts; the float modes spend their time elsewhere and are big enough that a
  /// second copy of their block would stop the optimiser from inlining into it).
  static var specialisesFullOpacity: Bool { get }
  /// The four result pixels of `source` drawn onto `backdrop` at a coverage `opacity` (0…255).
  static func block(_ source: Pixels, _ backdrop: Pixels, opacity: UInt16) -> Pixels
}

extension BlendKernel {
  static var keepsBackdrop: Bool { true }
  static var copiesOpaque: Bool { false }
  static var specialisesFullOpacity: Bool { true }
}
