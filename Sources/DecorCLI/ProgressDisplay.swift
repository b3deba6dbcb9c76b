#if CLI
import ArgumentParser
import Decor
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The progress bar on stderr, redrawn as items finish and twice a second between, with errors printed above it.
final class ProgressDisplay: Sendable {
  struct State {
    var done = 0
    var ended = false
  }

  let bar: ProgressBar
  let enabled: Bool
  /// Whether a depth reduction is said (not when `--depth` chose the depth).
  let saysDepth: Bool
  let start = ContinuousClock.now
  let state = Mutex(State())

  init(total: Int, enabled: Bool, saysDepth: Bool = true) {
    bar = ProgressBar(total: total)
    self.enabled = enabled
    self.saysDepth = saysDepth
    guard enabled else { return }
    draw(done: 0)
    // The time left changes between items too; a 2048² render can take a second.
    Thread.detach { [self] in
      while true {
        usleep(500_000)
        let stop = state.withLock { state in
          if !state.ended { draw(done: state.done) }
          return state.ended
        }
        if stop { return }
      }
    }
  }

  func finished(_ outcome: Batch.Outcome) {
    state.withLock { state in
      state.done = outcome.finished
      if outcome.error == nil, let notice = DamageNotice.line(input: outcome.item.input, warnings: outcome.warnings) {
        if enabled { writeToStandardError("\r\u{1B}[K") }
        printError(notice)
      }
      if let error = outcome.error {
        let text = "\(error)"
        let line = text.hasPrefix(outcome.item.input) ? text : "\(outcome.item.input): \(text)"
        if enabled { writeToStandardError("\r\u{1B}[K") }
        printError(LimitHint.line(line.split(separator: "\n").first.map(String.init) ?? line, for: error))
      } else if outcome.result?.flattened == true {
        // As `apply` says it: a JPEG output had translucent pixels laid on the background.
        if enabled { writeToStandardError("\r\u{1B}[K") }
        printError("\(outcome.item.output): \(outcome.item.format.uppercased()) has no alpha: transparent pixels were "
          + "laid on the background (--background)")
      }
      if outcome.error == nil, !outcome.skipped, outcome.frameCount > outcome.framesWritten {
        if enabled { writeToStandardError("\r\u{1B}[K") }
        printError(FrameNotice.line(input: outcome.item.input, frameCount: outcome.frameCount,
          format: outcome.item.format.uppercased()))
      }
      for dropped in outcome.result?.droppedMetadata ?? [] {
        if enabled { writeToStandardError("\r\u{1B}[K") }
        printError("\(outcome.item.output): not written: \(dropped)")
      }
      if saysDepth, let reduction = outcome.result?.depthReduction {
        // As `apply` says it: a 16-bit input written into a format of 8 bits.
        if enabled { writeToStandardError("\r\u{1B}[K") }
        printError("\(outcome.item.output): \(reduction)"
          + (reduction.cause.map { ": \($0)" } ?? ", the most \(outcome.item.format.uppercased()) holds"))
      }
      if enabled { draw(done: state.done) }
    }
  }

  func end() {
    state.withLock { state in
      state.ended = true
      if enabled {
        draw(done: state.done)
        writeToStandardError("\n")
      }
    }
  }

  private func draw(done: Int) {
    let elapsed = start.duration(to: .now)
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    writeToStandardError("\r" + bar.line(done: done, elapsed: seconds, width: (TerminalWidth.terminalColumns(of: STDERR_FILENO) ?? TerminalWidth.fallback) - 1) + "\u{1B}[K")
  }
}
#endif
