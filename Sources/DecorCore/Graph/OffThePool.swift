import Dispatch

/// Blocking work (a decode, an encode, a render) awaited from a task without holding one of the concurrency pool's
/// few threads: the work runs on a Dispatch thread and the task is suspended until it is done. Without this, a
/// service awaiting many decodes at once would fill the pool with blocked threads and start all of them at once
/// (measured: 50 photos decoded together, 2.4 GB).
///
/// The one way the library's `async` calls run their work: cancelling the awaiting task sets the cancellation handed
/// to the work, which a render checks before every tile and stage (`Renderer.cancellation`), so the work stops
/// within a tile's time and throws `RenderError.cancelled`.
package enum OffThePool {
  /// Runs `work` on a Dispatch thread (not one of the concurrency pool's) and resumes the caller with its result;
  /// `work` is handed a cancellation that the awaiting task's cancellation sets (already set if the task was
  /// cancelled before the work started).
  package static func run<T: Sendable, E: Error>(
    _ work: @escaping @Sendable (RenderCancellation) throws(E) -> T
  ) async throws(E) -> T {
    let cancellation = RenderCancellation()
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, E>, Never>) in
        DispatchQueue.global(qos: .userInitiated).async {
          continuation.resume(returning: Result { () throws(E) in try work(cancellation) })
        }
      }
    } onCancel: {
      cancellation.cancel()
    }
    return try result.get()
  }
}
