/// How a source is combined with the backdrop it is drawn onto. Names are the W3C/CSS names in kebab-case.
///
/// - `normal` (source-over): `co = cs + cb × (1 − αs)`.
/// - `copy`: the source replaces the backdrop wherever the source is drawn (inside the source's extent only,
///   as in Core Graphics' `drawImage` with `.copy`, not across the whole canvas).
public enum BlendMode: String, CaseIterable, Sendable, CustomStringConvertible {
  case normal
  case copy

  /// The mode of that name; `over` is accepted for `normal`.
  public init?(name: String) {
    if name == "over" {
      self = .normal
      return
    }
    self.init(rawValue: name)
  }

  public var description: String { rawValue }
}
