import Dispatch

/// Blocking work (a decode, an encode, a render) awaited from a task without holding one of the concurrency pool's
/// few threads: the work runs on a Dispatch thread and the task is suspended until it is done. Without this, a
/// service awaiting many decodes at once would fill the pool with blocked threads and start all of them at once
/// (measured: 50 photos decoded together, 2.4 GB).
package enum OffThePool {
  /// Runs `work` on a Dispatch thread (not one of the concurrency pool's) and resumes the caller with its result.
  package static func run<T: Sendable, E: Error>(_ work: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
    let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, E>, Never>) in
      DispatchQueue.global(qos: .userInitiated).async {
        continuation.resume(returning: Result { () throws(E) in try work() })
      }
    }
    return try result.get()
  }
}
