import Dispatch
import Synchronization

/// Runs `count` numbered jobs on up to `threads` threads, each job once, and rethrows the first error (the jobs not
/// yet started are skipped once one has failed).
enum ParallelLoop {
  static func run(count: Int, threads: Int, _ job: @Sendable (Int) throws -> Void) throws {
    if count <= 0 { return }
    if threads <= 1 || count == 1 {
      for index in 0..<count { try job(index) }
      return
    }
    let next = Atomic<Int>(0)
    let failure = Mutex<(any Error)?>(nil)
    DispatchQueue.concurrentPerform(iterations: Swift.min(threads, count)) { _ in
      while failure.withLock({ $0 == nil }) {
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
        guard index < count else { return }
        do { try job(index) } catch { failure.withLock { if $0 == nil { $0 = error } } }
      }
    }
    if let error = failure.withLock({ $0 }) { throw error }
  }
}
