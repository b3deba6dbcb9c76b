#if CLI
import Decor
import Synchronization

/// What a batch has done so far, counted as its outcomes arrive (one at a time, from its workers): for the summary
/// line and the message an interruption prints.
final class BatchTally: Sendable {
  private let counts = Mutex((written: 0, skipped: 0, failed: 0))

  func count(_ outcome: Batch.Outcome) {
    counts.withLock { counts in
      if outcome.skipped {
        counts.skipped += 1
      } else if outcome.error == nil {
        counts.written += 1
      } else {
        counts.failed += 1
      }
    }
  }

  var written: Int { counts.withLock { $0.written } }

  /// `39 written, 0 skipped, 1 failed`: what the batch did, for standard error.
  var line: String {
    let (written, skipped, failed) = counts.withLock { $0 }
    return "\(written) written, \(skipped) skipped, \(failed) failed"
  }

  /// `40 written to thumbs/ in 3.2 s`, with `, 12 already there` when some were skipped.
  func summary(folder: String, seconds: Double) -> String {
    let (written, skipped, _) = counts.withLock { $0 }
    // Two significant digits or more: 0.04 s, 3.2 s, 41 s.
    let time =
      seconds < 1 ? String(Double(Int((seconds * 100).rounded())) / 100)
      : seconds < 10 ? String(Double(Int((seconds * 10).rounded())) / 10) : String(Int(seconds.rounded()))
    return "\(written) written to \(folder) in \(time) s" + (skipped > 0 ? ", \(skipped) already there" : "")
  }
}
#endif
