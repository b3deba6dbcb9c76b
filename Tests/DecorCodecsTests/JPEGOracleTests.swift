#if JPEG
import Foundation
import Testing

import Decor
import DecorTestSupport

/// Decor's one JPEG reader (libjpeg by scanlines, over any byte source) against TurboJPEG's `tjDecompress2`, the
/// decoder it replaced, kept in the tests as the oracle: the same pixels byte for byte, from a file, from memory and
/// from a spooled input alike.
@Suite struct JPEGOracleTests {
  /// Every JPEG fixture TurboJPEG decodes without a warning, and the sample images (`RowSourceTests.sampleImages`)
  /// written by TurboJPEG at 4:2:0 and 4:4:4, in colour and grey.
  static func cases() throws -> [(name: String, bytes: [UInt8])] {
    var cases: [(String, [UInt8])] = []
    for folder in ["JPEG", "Metadata"] {
      let url = Fixtures.root.appendingPathComponent(folder)
      for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() where name.hasSuffix(".jpg") {
        cases.append((name, try Fixtures.bytes(url.appendingPathComponent(name))))
      }
    }
    for path in RowSourceTests.sampleImages {
      let raster = try Raster(contentsOfFile: path)
      let name = URL(fileURLWithPath: path).lastPathComponent
      for (label, options, grey) in [("420", JPEGOptions(quality: 90), false),
        ("444", JPEGOptions(quality: 75, subsampling: .s444), false), ("grey", JPEGOptions(quality: 85), true)]
      {
        cases.append(("\(name) \(label)", try TurboJPEGReference.encode(raster, options: options, grey: grey).bytes))
      }
    }
    return cases
  }

  @Test func theReaderGivesTurboJPEGsPixels() throws {
    var compared = 0
    for (name, bytes) in try Self.cases() {
      guard let expected = TurboJPEGReference.decode(bytes) else { continue }
      let decoder = JPEGDecoder(autoOrient: false)
      let fromMemory = try decoder.decode(bytes, source: name, pixelLimit: 1 << 28)
      #expect(fromMemory == expected, "\(name): from memory")
      let fromSource = try decoder.decodeImage(from: ByteSource(bytes: bytes, name: name), pixelLimit: 1 << 28)
      #expect(fromSource.raster == expected && fromSource.warnings.isEmpty, "\(name): from a byte source")
      let rows = try JPEGRowSource(ByteSource(bytes: bytes, name: name))
      #expect(try RowSourceTests.readAll(rows, band: 7) == expected.bytes, "\(name): rows from memory")
      compared += 1
    }
    #expect(compared >= 20, "\(compared) files compared")
  }
}
#endif
