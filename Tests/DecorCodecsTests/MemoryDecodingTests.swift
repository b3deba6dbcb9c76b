import Foundation
import Testing

import Decor
import DecorTestSupport

/// Decoding bytes held in memory, blocking and `async`, and a limit on how much work runs at once.
@Suite struct MemoryDecodingTests {
  static let jpegPath = Fixtures.root.appendingPathComponent("Metadata/icc-300dpi.jpg").path

  @Test func bytesAndDataDecodeAsTheFileDoes() async throws {
    let bytes = try Fixtures.bytes(URL(fileURLWithPath: Self.jpegPath))
    let fromFile = try DecodedImage(contentsOfFile: Self.jpegPath)
    let fromBytes = try DecodedImage(decoding: bytes)
    #expect(fromBytes.raster == fromFile.raster && fromBytes.metadata == fromFile.metadata)
    #expect(try Raster(decoding: Data(bytes)) == fromFile.raster)
    #expect(try await DecodedImage.decoding(bytes).raster == fromFile.raster)
    #expect(try await DecodedImage.decoding(Data(bytes)).metadata == fromFile.metadata)
    // Errors name <memory>, and the pixel limit holds before decoding.
    #expect(throws: CodecError.self) { try Raster(decoding: [0x42, 0x4D, 1, 2, 3]) }
    do {
      _ = try await DecodedImage.decoding(bytes, pixelLimit: 100)
      Issue.record("a 48×32 image decoded under a limit of 100 pixels")
    } catch {
      #expect("\(error)".hasPrefix("<memory>:") && "\(error)".contains("100"), "\(error)")
    }
  }

  /// Twenty tasks through a limit of three: never more than three at once, three at some point, every result back.
  @Test func aLimitLetsThatManyRunAtOnce() async throws {
    actor Gauge {
      var now = 0
      var most = 0
      func enter() {
        now += 1
        most = max(most, now)
      }
      func leave() { now -= 1 }
    }
    let gauge = Gauge()
    let limit = ConcurrencyLimit(3)
    let results = try await withThrowingTaskGroup(of: Int.self) { group in
      for n in 0..<20 {
        group.addTask {
          try await limit.run { () async throws -> Int in
            await gauge.enter()
            try await Task.sleep(nanoseconds: 2_000_000)
            await gauge.leave()
            return n * n
          }
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.sorted() == (0..<20).map { $0 * $0 })
    #expect(await gauge.most == 3)
    // An error comes back to its caller and frees its slot.
    struct Failed: Error {}
    await #expect(throws: Failed.self) { try await limit.run { () async throws(Failed) -> Int in throw Failed() } }
    #expect(try await limit.run { () async throws -> Int in 7 } == 7)
    #expect(ConcurrencyLimit(0).limit == 1)
  }
}
