import Synchronization

/// The flag an `async` render's cancellation handler sets and its tiles read: one per render, made by the render
/// and dropped with it (never kept in a component). Set once, never cleared.
package final class RenderCancellation: Sendable {
  private let flag = Atomic<Bool>(false)

  /// Asks the render to stop before its next tile.
  package init() {}

  package func cancel() { flag.store(true, ordering: .releasing) }

  package var isCancelled: Bool { flag.load(ordering: .acquiring) }

  /// Throws `RenderError.cancelled` once `cancel()` has been called: what each job checks before it starts.
  package func check() throws(RenderError) {
    if isCancelled { throw .cancelled }
  }
}
