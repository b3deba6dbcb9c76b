import Foundation
import Testing

import Decor

/// Paths of the test fixtures, found from this file's location so the tests read nothing outside the repository.
package enum Fixtures {
  package static let root = TestPaths.repository.appendingPathComponent("Tests/Fixtures")
  package static let pngSuite = root.appendingPathComponent("PngSuite")

  /// The PngSuite images in `folder` ("" or "interlaced"), by file name.
  package static func pngSuiteImages(in folder: String = "") -> [String] {
    let directory = folder.isEmpty ? pngSuite : pngSuite.appendingPathComponent(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".png") }.sorted()
  }

  package static func bytes(_ url: URL) throws -> [UInt8] { Array(try Data(contentsOf: url)) }

  /// Records an issue unless each file at `paths` fails to decode with `CodecError.corrupt` naming it, with a
  /// reason: what every codec's damaged fixtures must give.
  package static func expectCorrupt(_ paths: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    for path in paths {
      do {
        _ = try Raster(contentsOfFile: path)
        Issue.record("\(path) decoded", sourceLocation: sourceLocation)
      } catch {
        guard case .corrupt(let source, let detail) = error else {
          Issue.record("\(path): \(error)", sourceLocation: sourceLocation)
          continue
        }
        #expect(source == path && !detail.isEmpty, "\(error)", sourceLocation: sourceLocation)
      }
    }
  }

  /// The input at a FIFO in `folder` that `bytes` are written into from another thread, as `decor apply -` reads a
  /// pipe: read once, in memory up to `ByteSource.memoryLimit` and spooled to a temporary file past it.
  package static func readOnce(_ bytes: [UInt8], folder: URL) throws -> (bytes: ByteSource, decoder: any ImageDecoder) {
    let fifo = folder.appendingPathComponent("pipe").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let writer = Thread {
      guard let handle = FileHandle(forWritingAtPath: fifo) else { return }
      handle.write(Data(bytes))
      try? handle.close()
    }
    writer.start()
    return try ByteSource.input(atPath: fifo, decoders: .standard)
  }

  /// Every `step`th prefix of `bytes`, in memory and named `cut`, given to `read`: each either reads (a prefix that
  /// holds the whole image) or throws `CodecError.corrupt` naming `cut`, never another error nor a trap.
  package static func expectPrefixesCorrupt(
    _ bytes: [UInt8], step: Int, sourceLocation: SourceLocation = #_sourceLocation, _ read: (ByteSource) throws -> Void
  ) {
    for length in stride(from: 0, to: bytes.count, by: step) {
      do {
        try read(ByteSource(bytes: Array(bytes.prefix(length)), name: "cut"))
      } catch {
        guard case .corrupt(let source, _) = error as? CodecError else {
          Issue.record("cut at \(length): \(error)", sourceLocation: sourceLocation)
          continue
        }
        #expect(source == "cut", sourceLocation: sourceLocation)
      }
    }
  }

  /// A fresh empty folder for one test's files.
  package static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("decor-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
