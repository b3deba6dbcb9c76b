extension StandardFilters {
  /// The compositing steps: `blend` (DESIGN.md section 3 and 4).
  static let compositing: [Filter] = []
}
