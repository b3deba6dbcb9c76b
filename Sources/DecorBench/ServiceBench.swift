import Decor
import Dispatch
import Foundation

/// `decor-bench service [--requests 50] [--limit N | --unbounded]`: the thumbnail service of the Getting Started
/// article under load. `--requests` requests arrive at once in a task group, each with the
/// same JPEG body (a 4032 × 3024 photo, 12 Mpx, as a phone's camera writes: the astronaut scaled up and encoded at
/// quality 90, since SampleImages holds no JPEG that large); each is decoded, fitted within 512², shadowed and
/// encoded to JPEG and WebP. Through a `ConcurrencyLimit` of `--limit` (by default the machine's cores), or with
/// `--unbounded` all at once. Prints one JSON line: wall and CPU seconds, and the peak resident memory by
/// `getrusage` (run under `/usr/bin/time -v` for the same from outside).
enum ServiceBench {
  static func run(_ arguments: [String]) async throws {
    func value(_ name: String) -> Int? {
      arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? Int(arguments[$0 + 1]) : nil }
    }
    let requests = value("--requests") ?? 50
    let limit: ConcurrencyLimit? = arguments.contains("--unbounded")
      ? nil : ConcurrencyLimit(value("--limit") ?? Renderer.processorCount)
    let body = try makeBody()
    let start = (DispatchTime.now().uptimeNanoseconds, DecorBench.cpuSeconds())
    let bytes = try await withThrowingTaskGroup(of: Int.self) { group in
      for _ in 0..<requests {
        group.addTask {
          let made = if let limit {
            try await limit.run { try await thumbnail(of: body) }
          } else {
            try await thumbnail(of: body)
          }
          return made.jpeg.count + made.webp.count
        }
      }
      return try await group.reduce(0, +)
    }
    let wall = Double(DispatchTime.now().uptimeNanoseconds - start.0) / 1e9
    let cpu = DecorBench.cpuSeconds() - start.1
    var usage = rusage()
    #if os(Linux)
      getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    print("{\"name\": \"service\", \"requests\": \(requests), \"limit\": \(limit.map { "\($0.limit)" } ?? "null"), "
      + "\"body_bytes\": \(body.count), \"wall_s\": \(DecorBench.rounded(wall, 3)), "
      + "\"cpu_s\": \(DecorBench.rounded(cpu, 3)), \"peak_rss_mb\": \(peakMegabytes(usage)), "
      + "\"output_bytes\": \(bytes)}")
  }

  /// `ru_maxrss` in megabytes: kilobytes on Linux, bytes on macOS.
  static func peakMegabytes(_ usage: rusage) -> Int {
    #if os(Linux)
      Int(usage.ru_maxrss) / 1024
    #else
      Int(usage.ru_maxrss) / (1024 * 1024)
    #endif
  }

  /// The request body: the astronaut at 4032 × 3024, as JPEG bytes.
  static func makeBody() throws -> Data {
    let photo = try Raster(contentsOfFile: BenchInputs.sample("astronaut.png"))
      .resized(width: 4032, height: 3024).rendered()
    return Data(try photo.encoded(as: .jpeg(quality: 90)))
  }

  /// One request, as the Getting Started article's `thumbnail(of:)` makes it.
  static func thumbnail(of body: Data) async throws -> (jpeg: Data, webp: Data) {
    let photo = try await DecodedImage.decoding(body).raster
    let card = try await photo
      .resized(width: 512, height: 512, fit: .contain)
      .addingDropShadow(offset: Point(6, 8), radius: 16, opacity: 0.4)
      .renderedAsync()
    return (jpeg: Data(try await card.encodedAsync(as: .jpeg(quality: 80))),
      webp: Data(try await card.encodedAsync(as: .webp(quality: 80))))
  }
}
