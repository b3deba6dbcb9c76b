import Decor
import Foundation
import DecorTestSupport

// The thumbnail service of the Getting Started article (Sources/Decor/Decor.docc/GettingStarted.md), compiled here
// with Decor's public API only and run by `MemoryEncodingTests.thumbnailServiceSnippetRuns`.

/// A thumbnail service: JPEG bytes in (an HTTP request's body), a thumbnail within 512² with a drop shadow out, as
/// JPEG and WebP bytes. Decoding, rendering and encoding run off the concurrency pool.
func thumbnail(of body: Data) async throws -> (jpeg: Data, webp: Data) {
  let photo = try await DecodedImage.decoding(body).raster
  let card = try await photo
    .resized(width: 512, height: 512, fit: .contain)  // within 512², the aspect ratio kept
    .addingDropShadow(offset: Point(6, 8), radius: 16, opacity: 0.4)
    .renderedAsync()
  return (jpeg: Data(try await card.encodedAsync(as: .jpeg(quality: 80))),
    webp: Data(try await card.encodedAsync(as: .webp(quality: 80))))
}

/// Every request of `bodies` at once in a task group, at most `limit` at work at a time: memory stays that of a
/// few images however many requests come.
func thumbnails(of bodies: [Data], limit: ConcurrencyLimit) async throws -> [(jpeg: Data, webp: Data)] {
  try await withThrowingTaskGroup(of: (Int, Data, Data).self) { group in
    for (index, body) in bodies.enumerated() {
      group.addTask {
        let made = try await limit.run { try await thumbnail(of: body) }
        return (index, made.jpeg, made.webp)
      }
    }
    var made = [(jpeg: Data, webp: Data)](repeating: (Data(), Data()), count: bodies.count)
    for try await (index, jpeg, webp) in group { made[index] = (jpeg, webp) }
    return made
  }
}

/// 50 requests (by default) through a limit of as many as the machine has cores.
func serve(_ body: Data, requests: Int = 50) async throws -> [(jpeg: Data, webp: Data)] {
  let limit = ConcurrencyLimit(ProcessInfo.processInfo.activeProcessorCount)
  return try await thumbnails(of: Array(repeating: body, count: requests), limit: limit)
}
