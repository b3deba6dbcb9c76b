extension StandardFilters {
  /// The effect steps: `blur`, `shadow`, `inner-shadow` and the CSS colour filters (DESIGN.md section 3).
  static let effects: [Filter] = []
}
