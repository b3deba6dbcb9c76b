import Testing

extension Tag {
  /// A suite that takes seconds rather than milliseconds (a sweep over many inputs, a large image, a process per
  /// case): `swift test --skip-tags slow` leaves them out for a quick run.
  @Tag package static var slow: Self
}
