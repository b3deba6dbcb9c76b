import Decor
import Dispatch
import Foundation

/// `decor-bench cancel [runs]`: how soon an `async` write returns once its task is cancelled, for each of the
/// writing calls (`encoded(as:)` to bytes, `write(to:as:)` to a file, `write(into:as:)` into a sink) and PNG, JPEG
/// and WebP. An 8000² render (a gradient, blurred at σ = 8 and rotated by 10°: seconds of work) is written from a
/// task cancelled 50 ms after it started; the time from the cancellation to the task's end is the latency, reported
/// as the median and the largest of `runs`. A 4000² raster of noise (no render: the encoder's own time, which for
/// WebP is libwebp's `WebPEncode`) is written the same way, cancelled 20 ms in (and for WebP 500 ms in, inside
/// `WebPEncode`). That raster's file is decoded from memory with `DecodedImage.decoding`, cancelled 20 ms in. The
/// uncancelled bytes and decodes are timed once per format for scale. One JSON line per case.
enum CancelBench {
  static func run(runs: Int) async throws {
    let image = LinearGradient(from: Point(0, 0), to: Point(8000, 8000),
      stops: [GradientStop(location: 0, color: .black), GradientStop(location: 1, color: .white)])
      .cropped(to: IntRect(x: 0, y: 0, width: 8000, height: 8000))
      .blurred(sigma: 8)
      .rotated(by: .degrees(10))
      .cropped(to: IntRect(x: 0, y: 0, width: 8000, height: 8000))
    let noise = try noiseRaster(side: 4000)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("decor-cancel-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let encoders: [(String, any ImageEncoder)] = [("png", .png()), ("jpeg", try .jpeg(quality: 90)),
      ("webp", try .webp(quality: 90))]
    for (name, encoder) in encoders {
      let path = folder.appendingPathComponent("out." + encoder.fileExtensions[0]).path
      try await measure("\(name) bytes", runs: runs, after: 50, whole: true) { try await image.encodedAsync(as: encoder) }
      try await measure("\(name) file", runs: runs, after: 50) { try await image.writeAsync(to: path, as: encoder) }
      try await measure("\(name) sink", runs: runs, after: 50) { try await image.writeAsync(into: ByteSink(), as: encoder) }
      try await measure("\(name) raster file", runs: runs, after: 20) { try await noise.writeAsync(to: path, as: encoder) }
      // The noise's file decoded from memory, cancelled 20 ms in: the reader stops at its next read of the bytes.
      let file = try await noise.encodedAsync(as: encoder)
      try await measure("\(name) decode", runs: runs, after: 20, whole: true) { try await DecodedImage.decoding(file) }
      if name == "webp" {
        // Half a second in, the picture is filled and libwebp's `WebPEncode` is under way: its progress hook stops it.
        try await measure("webp raster file, in WebPEncode", runs: runs, after: 500) {
          try await noise.writeAsync(to: path, as: encoder)
        }
      }
      // A write that ended before its cancellation leaves its file; a cancelled one, nothing, not even a temporary.
      let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      guard !left.contains(where: { $0.contains(".decor-tmp-") }) else { throw BenchError("left behind: \(left)") }
      try? FileManager.default.removeItem(atPath: path)
    }
  }

  struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }

  /// Opaque noise: what no encoder compresses quickly.
  static func noiseRaster(side: Int) throws -> Raster {
    var state: UInt64 = 7
    var bytes = [UInt8](repeating: 255, count: side * side * 4)
    for pixel in 0..<side * side {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      bytes[pixel * 4] = UInt8(truncatingIfNeeded: state >> 40)
      bytes[pixel * 4 + 1] = UInt8(truncatingIfNeeded: state >> 48)
      bytes[pixel * 4 + 2] = UInt8(truncatingIfNeeded: state >> 56)
    }
    return try Raster(width: side, height: side, straightBytes: bytes)
  }

  static func measure<T: Sendable>(
    _ name: String, runs: Int, after milliseconds: UInt64, whole: Bool = false,
    _ work: @escaping @Sendable () async throws -> T
  ) async throws {
    var latencies: [Double] = []
    var cancelledRuns = 0
    for _ in 0..<max(1, runs) {
      let task = Task { try await work() }
      try await Task.sleep(nanoseconds: milliseconds * 1_000_000)
      let cancelled = DispatchTime.now().uptimeNanoseconds
      task.cancel()
      if case .failure(CodecError.render(.cancelled)) = await task.result { cancelledRuns += 1 }
      latencies.append(Double(DispatchTime.now().uptimeNanoseconds - cancelled) / 1e6)
    }
    var uncancelled = ""
    if whole {
      let start = DispatchTime.now().uptimeNanoseconds
      _ = try await work()
      uncancelled = ", \"uncancelled_s\": \(DecorBench.rounded(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, 2))"
    }
    latencies.sort()
    print("{\"name\": \"cancel \(name)\", \"runs\": \(latencies.count), \"cancelled\": \(cancelledRuns), "
      + "\"median_ms\": \(DecorBench.rounded(latencies[latencies.count / 2], 1)), "
      + "\"max_ms\": \(DecorBench.rounded(latencies.last!, 1))\(uncancelled)}")
  }
}
