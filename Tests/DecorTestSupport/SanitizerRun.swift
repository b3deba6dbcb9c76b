import Foundation

/// Whether the suite runs under a sanitizer, and the lighter numeric sweeps it then runs.
///
/// `Scripts/sanitizers.sh` sets `DECOR_SANITIZER` (to `address` or `thread`). Under a sanitizer every test still
/// runs, on every code path it has; what it looks for there is memory errors and races, which do not need the
/// hundredth random trial or the ninth blur of a pair sweep to show. So the heaviest numeric sweeps run a fixed
/// sample of their cases (every kind of case kept) and fewer seeded trials, chosen here in one place; a plain
/// `swift test` runs them all.
package enum SanitizerRun {
  /// The sanitizer named by `DECOR_SANITIZER` (`address` or `thread`), or nil in a plain run: for the few tests a
  /// sanitizer's runtime cannot run under (a file-size or memory limit, say).
  package static let kind: String? = {
    guard let value = ProcessInfo.processInfo.environment["DECOR_SANITIZER"], !value.isEmpty else { return nil }
    return value
  }()

  /// True when `DECOR_SANITIZER` is set and not empty.
  package static var isActive: Bool { kind != nil }

  /// `cases` in a plain run; under a sanitizer, the first and every `stride`-th after it. With a stride prime to a
  /// grid's width (a pair sweep's 9, say), the sample still has every row and every column.
  package static func sample<Case>(_ cases: [Case], every stride: Int) -> [Case] {
    guard isActive, stride > 1 else { return cases }
    return Swift.stride(from: 0, to: cases.count, by: stride).map { cases[$0] }
  }

  /// `plain` in a plain run, `sanitized` under a sanitizer: a count of seeded trials.
  package static func count(_ plain: Int, sanitized: Int) -> Int {
    isActive ? min(plain, sanitized) : plain
  }
}
