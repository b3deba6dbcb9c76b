import Testing

extension Tag {
  /// A suite that takes seconds rather than milliseconds (a sweep over many inputs, a large image, a process per
  /// case): `swift test --skip-tags slow` leaves them out for a quick run.
  @Tag package static var slow: Self
  /// A suite that checks numbers against an independent reference over a sweep of inputs. Under a sanitizer
  /// (`DECOR_SANITIZER` set) it checks a sample of the sweep: the sanitizers look for races and memory errors, which
  /// a sample finds as well, not for numbers.
  @Tag package static var referenceSweep: Self
}
