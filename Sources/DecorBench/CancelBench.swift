import Decor
import Dispatch

/// `decor-bench cancel [runs]`: how soon an `async` encode returns once its task is cancelled. An 8000² render (a
/// gradient, blurred at σ = 8 and rotated by 10°: seconds of work) is encoded to PNG, JPEG and WebP from a task
/// cancelled 50 ms after it started; the time from the cancellation to the task's end is the latency, reported per
/// format as the median and the largest of `runs`, with the time the whole encode takes uncancelled for scale. One
/// JSON line per format.
enum CancelBench {
  static func run(runs: Int) async throws {
    let image = LinearGradient(from: Point(0, 0), to: Point(8000, 8000),
      stops: [GradientStop(location: 0, color: .black), GradientStop(location: 1, color: .white)])
      .cropped(to: IntRect(x: 0, y: 0, width: 8000, height: 8000))
      .blurred(sigma: 8)
      .rotated(by: .degrees(10))
      .cropped(to: IntRect(x: 0, y: 0, width: 8000, height: 8000))
    try await measure("png", image, .png(), runs: runs)
    try await measure("jpeg", image, .jpeg(quality: 90), runs: runs)
    try await measure("webp", image, try .webp(quality: 90), runs: runs)
  }

  static func measure(_ name: String, _ image: some ImageComponent, _ encoder: some ImageEncoder, runs: Int)
    async throws
  {
    var latencies: [Double] = []
    for _ in 0..<max(1, runs) {
      let task = Task { try await image.encoded(as: encoder) }
      try await Task.sleep(nanoseconds: 50_000_000)
      let cancelled = DispatchTime.now().uptimeNanoseconds
      task.cancel()
      _ = await task.result
      latencies.append(Double(DispatchTime.now().uptimeNanoseconds - cancelled) / 1e6)
    }
    let start = DispatchTime.now().uptimeNanoseconds
    let bytes = try await image.encoded(as: encoder).count
    let whole = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    latencies.sort()
    print("{\"name\": \"cancel \(name)\", \"runs\": \(latencies.count), "
      + "\"median_ms\": \(DecorBench.rounded(latencies[latencies.count / 2], 1)), "
      + "\"max_ms\": \(DecorBench.rounded(latencies.last!, 1)), \"uncancelled_s\": \(DecorBench.rounded(whole, 2)), "
      + "\"bytes\": \(bytes)}")
  }
}
