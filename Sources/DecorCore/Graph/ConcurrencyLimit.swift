/// At most `limit` pieces of work at once; the others wait, suspended and holding no thread, and start in the order
/// they came. What keeps a service's memory flat whatever the number of requests: each decode, render and encode
/// holds its images while it runs, so 50 requests let through at once hold 50 images, and on a machine of a few
/// cores they finish no sooner than a few at a time.
///
/// ```swift
/// let limit = ConcurrencyLimit(ProcessInfo.processInfo.activeProcessorCount)
/// let thumbnail = try await limit.run { try await makeThumbnail(body) }
/// ```
///
/// Limits: a task cancelled while it waits still waits for its turn (its work can then check for cancellation);
/// a limit below 1 counts as 1.
public actor ConcurrencyLimit {
  /// How many run at once.
  public nonisolated let limit: Int
  private var running = 0
  private var waiting: [CheckedContinuation<Void, Never>] = []

  public init(_ limit: Int) {
    self.limit = max(1, limit)
  }

  /// Runs `work` once fewer than `limit` others are running, and returns (or throws) what it does.
  public func run<T: Sendable, E: Error>(_ work: @Sendable () async throws(E) -> T) async throws(E) -> T {
    if running < limit {
      running += 1
    } else {
      // The slot is handed over by the work that finishes: `running` stays as it is.
      await withCheckedContinuation { waiting.append($0) }
    }
    defer {
      if waiting.isEmpty { running -= 1 } else { waiting.removeFirst().resume() }
    }
    return try await work()
  }
}
