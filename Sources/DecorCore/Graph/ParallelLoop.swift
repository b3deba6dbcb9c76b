import Dispatch
import Synchronization

/// Runs `count` numbered jobs on up to `threads` threads, each job once, and rethrows the first error (the jobs not
/// yet started are skipped once one has failed).
package enum ParallelLoop {
  package static func run(count: Int, threads: Int, _ job: @Sendable (Int) throws -> Void) throws {
    if count <= 0 { return }
    if threads <= 1 || count == 1 {
      for index in 0..<count { try job(index) }
      return
    }
    let next = Atomic<Int>(0)
    let failed = Atomic<Bool>(false)
    // One slot per job, written by that job alone and read after the join: no lock is ever contended (a contended
    // `Mutex` waits in code ThreadSanitizer cannot see, which it then reports as a race).
    let errors = (0..<count).map { _ in ErrorSlot() }
    DispatchQueue.concurrentPerform(iterations: Swift.min(threads, count)) { _ in
      while !failed.load(ordering: .acquiring) {
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
        guard index < count else { return }
        do {
          try job(index)
        } catch {
          errors[index].error.withLock { $0 = error }
          failed.store(true, ordering: .releasing)
        }
      }
    }
    if let error = errors.lazy.compactMap({ slot in slot.error.withLock { $0 } }).first { throw error }
  }
}

/// Where one job leaves its error.
package final class ErrorSlot: Sendable {
  package let error = Mutex<(any Error)?>(nil)
  package init() {}
}
