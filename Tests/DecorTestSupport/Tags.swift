import Testing

extension Tag {
  /// A suite that takes seconds rather than milliseconds (a sweep over many inputs, a large image, a process per
  /// case). Xcode's test plans include or leave out tests by tag; `swift test` (Swift 6.3) has no tag option, so
  /// for a quick run leave these suites out by name (`swift test --skip 'RenderCombinationTests|…'`).
  @Tag package static var slow: Self
}
