import Foundation
import Testing

import Decor
import DecorTestSupport

/// Limits, truncation and damage across every format Decor reads, in the manner of image-rs's `limits.rs`,
/// `truncate_images.rs` and `bad_images.rs`: one valid file of each format, held to the pixel limit and the byte
/// limit, cut short at many points and damaged at many places; every outcome a value or a typed error naming the
/// file, never a trap.
@Suite struct HostileInputTests {
  /// One valid file of each format the standard registry reads, by format name, and its size.
  static let samples: [(format: String, path: String, width: Int, height: Int)] = [
    ("png", "PngSuite/basn6a08.png", 32, 32),
    ("jpeg", "JPEG/icc.jpg", 0, 0),
    ("webp", "WebP/cutout-lossy.webp", 0, 0),
    ("gif", "GIF/cutout.gif", 0, 0),
    ("tiff", "TIFF/grey8.tif", 0, 0),
    ("heif", "HEIF/alpha.heic", 0, 0),
    ("heif", "HEIF/alpha.avif", 0, 0),
  ].map { sample in
    let path = Fixtures.root.appendingPathComponent(sample.1).path
    let raster = try? Raster(contentsOfFile: path)
    return (sample.0, path, raster?.width ?? 0, raster?.height ?? 0)
  }

  @Test("Every sample decodes, by the format the test expects")
  func samplesDecode() throws {
    for sample in Self.samples {
      let bytes = try Fixtures.bytes(URL(fileURLWithPath: sample.path))
      #expect(try DecoderRegistry.standard.decoder(for: bytes, source: sample.path).name == sample.format)
      #expect(sample.width > 0 && sample.height > 0, "\(sample.path)")
    }
  }

  @Test("A pixel limit below an image's size is refused before decoding, from a path and from memory, in every format")
  func pixelLimit() throws {
    for sample in Self.samples {
      let limit = sample.width * sample.height - 1
      let bytes = try Fixtures.bytes(URL(fileURLWithPath: sample.path))
      Self.expectTooLarge(sample, limit: limit) { () throws(CodecError) in
        _ = try Raster(contentsOfFile: sample.path, pixelLimit: limit)
      }
      Self.expectTooLarge(sample, limit: limit) { () throws(CodecError) in
        _ = try DecoderRegistry.standard.decode(bytes, source: "m", pixelLimit: limit)
      }
      #expect(try Raster(contentsOfFile: sample.path, pixelLimit: limit + 1).width == sample.width)
    }
  }

  /// Records an issue unless `body` throws `.tooLarge` with the sample's size and `limit`.
  static func expectTooLarge(
    _ sample: (format: String, path: String, width: Int, height: Int), limit: Int,
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws(CodecError) -> Void
  ) {
    do {
      try body()
      Issue.record("\(sample.path) decoded under a limit of \(limit) pixels", sourceLocation: sourceLocation)
    } catch {
      guard case .tooLarge(_, let width, let height, let refused) = error else {
        Issue.record("\(sample.path): \(error)", sourceLocation: sourceLocation)
        return
      }
      #expect(width == sample.width && height == sample.height && refused == limit, "\(error)",
        sourceLocation: sourceLocation)
    }
  }

  @Test("A byte limit below a file's size refuses it before reading, from a path and from a stream, in every format")
  func byteLimit() throws {
    for sample in Self.samples {
      let size = try Fixtures.bytes(URL(fileURLWithPath: sample.path)).count
      var registry = DecoderRegistry.standard
      registry.byteLimit = size - 1
      #expect(throws: CodecError.inputTooLarge(source: sample.path, limit: size - 1)) {
        _ = try OpenedImage(contentsOfFile: sample.path, decoders: registry)
      }
      #expect(throws: CodecError.inputTooLarge(source: sample.path, limit: size - 1)) {
        _ = try ImageFile.headerDescription(atPath: sample.path, decoders: registry)
      }
      #expect(throws: CodecError.inputTooLarge(source: sample.path, limit: size - 1)) {
        _ = try ImageFile.readBytes(atPath: sample.path, byteLimit: size - 1)
      }
      registry.byteLimit = size
      #expect(try OpenedImage(contentsOfFile: sample.path, decoders: registry).image.extent.width > 0)
    }
  }

  @Test("A device that never ends is refused at its first bytes when no decoder knows them, else at the byte limit")
  func endlessDevice() throws {
    #expect(throws: CodecError.unsupportedFormat(source: "/dev/zero", leadingBytes: [UInt8](repeating: 0, count: 8),
      known: DecoderRegistry.standard.decoders.map(\.name))) {
      _ = try OpenedImage(contentsOfFile: "/dev/zero")
    }
    #expect(throws: CodecError.inputTooLarge(source: "/dev/zero", limit: 1 << 20)) {
      _ = try ImageFile.readBytes(atPath: "/dev/zero", byteLimit: 1 << 20)
    }
    // A FIFO whose writer sends a real PNG, then zeros without end.
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("endless").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let png = try Fixtures.bytes(URL(fileURLWithPath: Self.samples[0].path))
    let writer = Thread {
      guard let handle = FileHandle(forWritingAtPath: fifo) else { return }
      let zeros = Data(count: 1 << 16)
      do {
        try handle.write(contentsOf: Data(png))
        while true { try handle.write(contentsOf: zeros) }
      } catch {
        try? handle.close()  // the reader closed its end: EPIPE (SIGPIPE is ignored by the test runner)
      }
    }
    signal(SIGPIPE, SIG_IGN)
    writer.start()
    var registry = DecoderRegistry.standard
    registry.byteLimit = 4 << 20
    #expect(throws: CodecError.inputTooLarge(source: fifo, limit: 4 << 20)) {
      _ = try OpenedImage(contentsOfFile: fifo, decoders: registry)
    }
  }

  @Test("Every format cut short at 40 points: a value or a typed error naming the file, from a path and from memory")
  func truncated() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    for sample in Self.samples {
      let bytes = try Fixtures.bytes(URL(fileURLWithPath: sample.path))
      let cuts = Set((0..<40).map { $0 * bytes.count / 40 } + [1, 7, 8, 12, 16, 33, bytes.count - 1])
      for cut in cuts.sorted() where cut < bytes.count {
        let part = Array(bytes[..<cut])
        let path = folder.appendingPathComponent("cut-\(cut)-" + URL(fileURLWithPath: sample.path).lastPathComponent).path
        try Data(part).write(to: URL(fileURLWithPath: path))
        Self.expectValueOrNamedError(path: path) { () throws(CodecError) in _ = try OpenedImage(contentsOfFile: path) }
        Self.expectValueOrNamedError(path: path) { () throws(CodecError) in
          _ = try ImageFile.headerDescription(atPath: path)
        }
        Self.expectValueOrNamedError(path: "<memory>") { () throws(CodecError) in
          _ = try DecodedImage(decoding: part)
        }
      }
    }
  }

  @Test("Every format damaged at 60 seeded places: a value or a typed error naming the file")
  func damaged() throws {
    var random = SplitMix64(seed: 0xBAD_1DEA)
    for sample in Self.samples {
      let bytes = try Fixtures.bytes(URL(fileURLWithPath: sample.path))
      for _ in 0..<60 {
        var damaged = bytes
        for _ in 0..<(1 + Int(random.next() % 4)) {
          let at = Int(random.next() % UInt64(damaged.count))
          switch random.next() % 3 {
          case 0: damaged[at] ^= UInt8(1 << (random.next() % 8))
          case 1: damaged[at] = UInt8(truncatingIfNeeded: random.next())
          default:
            let extreme: [UInt8] = [[0xFF, 0xFF, 0xFF, 0xFF], [0x7F, 0xFF, 0xFF, 0xFF], [0, 0, 0, 0], [0, 1, 0, 0]][
              Int(random.next() % 4)]
            for (k, byte) in extreme.enumerated() where at + k < damaged.count { damaged[at + k] = byte }
          }
        }
        Self.expectValueOrNamedError(path: "<memory>") { () throws(CodecError) in
          _ = try DecodedImage(decoding: damaged, pixelLimit: 1 << 22)
        }
      }
    }
  }

  /// Records an issue unless `body` returns, or throws a `CodecError` whose message names `path`.
  static func expectValueOrNamedError(
    path: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws(CodecError) -> Void
  ) {
    do {
      try body()
    } catch {
      #expect("\(error)".contains(path), "\(error)", sourceLocation: sourceLocation)
    }
  }

  @Test("PNG text chunks before the image data never reach libpng: the header check and the decode drop them")
  func textChunksDropped() throws {
    let plain = try PNGCodec.encode(try Raster(width: 4, height: 4, fill: .white))
    var file = Array(plain[..<33])
    let text = try #require(PNGEncoder.zlibCompressed([UInt8](repeating: 0x41, count: 1 << 16)))
    for _ in 0..<5 { PNGEncoder.appendChunk("zTXt", Array("Comment".utf8) + [0, 0] + text, to: &file) }
    PNGEncoder.appendChunk("tEXt", Array("Title".utf8) + [0] + Array("hello".utf8), to: &file)
    file += plain[33...]
    var dropped = file
    let offset = try PNGCodec.preflight(&dropped, source: "m")
    #expect(PNGChunks(Array(dropped[offset...])).chunks.map(\.type) == ["IHDR", "IDAT", "IEND"])
    #expect(try PNGCodec.header(of: file, source: "m").width == 4)
    #expect(try PNGDecoder().decode(file, source: "m") == (try Raster(width: 4, height: 4, fill: .white)))
  }
}

/// Metadata checked before it is carried into an output.
@Suite struct MetadataCarriageTests {
  @Test("A readable profile within the format's limits is kept; an unreadable one, or too large, is dropped with why")
  func carriage() throws {
    let srgb = ColorProfile.sRGB.data
    let ok = ImageMetadata(iccProfile: srgb, exif: [UInt8](repeating: 1, count: 1000), xmp: Array("<x/>".utf8))
    let kept = ok.carried(byEncoderNamed: "jpeg", formatName: "JPEG")
    #expect(kept.metadata == ok && kept.dropped.isEmpty)
    let junk = ImageMetadata(iccProfile: [UInt8](repeating: 7, count: 500), exif: [UInt8](repeating: 1, count: 70_000),
      xmp: [UInt8](repeating: 2, count: 65_505))
    let jpeg = junk.carried(byEncoderNamed: "jpeg", formatName: "JPEG")
    #expect(jpeg.metadata == ImageMetadata())
    #expect(jpeg.dropped == [
      "the ICC profile (500 bytes), which Little CMS cannot read",
      "the EXIF (70000 bytes), more than JPEG holds (65527)",
      "the XMP (65505 bytes), more than JPEG holds (65504)",
    ])
    let png = junk.carried(byEncoderNamed: "png", formatName: "PNG")
    #expect(png.metadata == ImageMetadata(exif: junk.exif, xmp: junk.xmp))
    #expect(png.dropped == ["the ICC profile (500 bytes), which Little CMS cannot read"])
  }

  @Test("Rendering to a file reports what it left out")
  func reported() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("o.jpg").path
    let metadata = ImageMetadata(iccProfile: [1, 2, 3], exif: [UInt8](repeating: 0, count: 70_000))
    let result = try Raster(width: 8, height: 8, fill: .white).write(to: path, as: JPEGImageEncoder(),
      metadata: metadata)
    #expect(result.droppedMetadata.count == 2)
    #expect(try DecodedImage(contentsOfFile: path).metadata.iccProfile == nil)
  }
}

/// WebP written from the render's bands into libwebp's picture: the same bytes as from a raster.
@Suite struct WebPBandTests {
  @Test("Bands of any height give the bytes the raster gives, lossy and lossless, opaque and translucent")
  func bandsMatchRaster() throws {
    let photo = try Raster(contentsOfFile: Fixtures.root.appendingPathComponent("WebP/cutout-source.png").path)
    for options in [WebPOptions(), WebPOptions(quality: 90), WebPOptions(lossless: true)] {
      let whole = try WebPEncoder.encode(photo, options: options)
      for bandHeight in [1, 7, 64, photo.height] {
        let banded = try WebPEncoder.encode(width: photo.width, height: photo.height, bandHeight: bandHeight,
          options: options, destination: "m", metadata: .none
        ) { rows, pixels in
          photo.withUnsafeBytes { bytes in
            let all = bytes.bindMemory(to: UInt32.self)
            _ = pixels.update(fromContentsOf: all[(rows.lowerBound * photo.width)..<(rows.upperBound * photo.width)])
          }
        }
        #expect(banded == whole, "\(options) bands of \(bandHeight)")
      }
      let rendered = try photo.encoded(as: WebPImageEncoder(options: options), region: photo.extent)
      #expect(rendered == whole)
    }
    let lossless = try WebPEncoder.encode(photo, options: WebPOptions(lossless: true))
    #expect(try WebPDecoder().decode(lossless, source: "m", pixelLimit: .max) == photo)
  }
}
