import DecorCore

/// One of ImageMagick's geometry flags after a size in pixels (`resize 200x200>`), read as `convert -resize` reads
/// it: the box's sides are turned into the output's sides by `size(width:height:of:)`.
public enum GeometryFlag: String, Sendable, Hashable, CaseIterable {
  /// `^`: the smallest size that covers the box, aspect ratio kept (nothing is cropped; `fit=cover` crops).
  case fillArea = "^"
  /// `!`: exactly the box, aspect ratio ignored (`fit=fill`); a side left out is the input's.
  case ignoreAspect = "!"
  /// `>`: never larger than the input, side by side (`shrink-only`).
  case shrinkLarger = ">"
  /// `<`: never smaller than the input, side by side.
  case enlargeSmaller = "<"

  /// What each flag does, for messages and the reference: `> (shrink only), < (enlarge only), ^ (fill the box) or
  /// ! (exact size)`.
  package static let summary = "> (shrink only), < (enlarge only), ^ (fill the box) or ! (exact size)"

  /// The output's sides for a box of `width` × `height` (either may be `nil`, not both) with `flags`, for an input
  /// of `input` pixels, with ImageMagick 6's arithmetic (`ParseMetaGeometry`): with `!`, the box itself (a side left
  /// out is the input's); otherwise the input scaled by the box's smaller ratio (the larger with `^`; the one side's
  /// when only one is given), each side rounded half up and at least 1. Then `>` caps each side at the input's and
  /// `<` raises each side to it, separately, as ImageMagick does (so `500x200!>` on 451×300 is 451×200). Sides are
  /// clamped to `ParameterCheck.maxLength`.
  package static func size(width: Int?, height: Int?, flags: Set<GeometryFlag>, of input: (width: Int, height: Int))
    -> (width: Int, height: Int)
  {
    let w = max(1, input.width)
    let h = max(1, input.height)
    let limit = Double(ParameterCheck.maxLength)
    var sides: (width: Int, height: Int)
    if flags.contains(.ignoreAspect) {
      sides = (width ?? w, height ?? h)
    } else {
      let ratios = (width.map { Double($0) / Double(w) }, height.map { Double($0) / Double(h) })
      let scale: Double
      switch ratios {
      case (let x?, let y?): scale = flags.contains(.fillArea) ? max(x, y) : min(x, y)
      case (let x?, nil): scale = x
      case (nil, let y?): scale = y
      case (nil, nil): scale = 1
      }
      func side(_ length: Int) -> Int { Int(max(1, min(limit, (Double(length) * scale + 0.5).rounded(.down)))) }
      sides = (side(w), side(h))
    }
    if flags.contains(.shrinkLarger) { sides = (min(sides.width, w), min(sides.height, h)) }
    if flags.contains(.enlargeSmaller) { sides = (max(sides.width, w), max(sides.height, h)) }
    return sides
  }
}
