import Foundation
import Testing

import Decor
import DecorTestSupport

/// Encoding to bytes in memory (`Raster.encoded(as:metadata:)`, `ImageComponent.encoded(as:metadata:renderer:)`,
/// the `Data` and `async` forms, the `ImageEncoder` factories), the mirror of `Raster(decoding:)`.
@Suite struct MemoryEncodingTests {
  /// An opaque photo-like gradient: what the lossy formats are measured on.
  static func photo(width: Int = 96, height: Int = 64) throws -> Raster {
    var raster = try Raster(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        raster[x, y] = RGBA8(r: UInt8(x * 255 / width), g: UInt8(y * 255 / height), b: UInt8((x + y) % 256), a: 255)
      }
    }
    return raster
  }

  /// The photo with a translucent band, from straight values: what the lossless formats must give back exactly.
  static func translucent() throws -> Raster {
    let opaque = try photo()
    var straight = opaque.bytes
    for y in 20..<40 { for x in 0..<opaque.width { straight[(y * opaque.width + x) * 4 + 3] = UInt8(x * 2 + 50) } }
    return try Raster(width: opaque.width, height: opaque.height, straightBytes: straight)
  }

  /// An encoder of its own, taking no settings: the raw pixels behind a four-byte tag.
  struct RawEncoder: ImageEncoder {
    var name: String { "raw" }
    var fileExtensions: [String] { ["raw"] }
    func encode(_ raster: Raster, destination: String) throws(CodecError) -> [UInt8] { Array("RAW!".utf8) + raster.bytes }
  }

  @Test(arguments: ["png", "png-best", "webp-lossless", "tiff", "tiff-lzw", "avif-lossless"])
  func losslessBytesDecodeBackExactly(format: String) throws {
    let raster = try Self.translucent()
    let bytes: [UInt8] = switch format {
    case "png": try raster.encoded(as: .png())
    case "png-best": try raster.encoded(as: .png(compression: .best))
    case "webp-lossless": try raster.encoded(as: .webp(lossless: true))
    case "tiff-lzw": try raster.encoded(as: .tiff(compression: .lzw))
    case "avif-lossless": try raster.encoded(as: .avif(lossless: true))
    default: try raster.encoded(as: .tiff())
    }
    #expect(try Raster(decoding: bytes) == raster)
  }

  @Test func lossyBytesDecodeBackWithinAPSNRBound() throws {
    let raster = try Self.photo()
    let jpeg = try Raster(decoding: raster.encoded(as: .jpeg(quality: 90)))
    let webp = try Raster(decoding: raster.encoded(as: .webp(quality: 90)))
    #expect(ImageMetrics.psnr(jpeg, raster) > 30)
    #expect(ImageMetrics.psnr(webp, raster) > 30)
    let avif = try Raster(decoding: raster.encoded(as: .avif(quality: 90)))
    #expect(ImageMetrics.psnr(avif, raster) > 30)
    // A lower quality gives a smaller file.
    #expect(try raster.encoded(as: .jpeg(quality: 30)).count < raster.encoded(as: .jpeg(quality: 95)).count)
    #expect(try raster.encoded(as: .jpeg(quality: 90, subsampling: .s444)) != raster.encoded(as: .jpeg(quality: 90)))
  }

  @Test(arguments: ["png", "jpeg", "webp", "tiff", "avif"])
  func metadataIsKeptWhenGivenAndDroppedByDefault(format: String) throws {
    let raster = try Self.photo()
    let encoder: any ImageEncoder = switch format {
    case "png": .png()
    case "jpeg": try .jpeg()
    case "webp": try .webp()
    case "avif": try .avif()
    default: .tiff()
    }
    let metadata = ImageMetadata(iccProfile: ColorProfile.sRGB.data)
    let kept = try DecodedImage(decoding: raster.encoded(as: encoder, metadata: metadata)).metadata
    #expect(kept.iccProfile == ColorProfile.sRGB.data)
    let dropped = try DecodedImage(decoding: raster.encoded(as: encoder)).metadata
    #expect(dropped.iccProfile == nil)
  }

  @Test func exifIsKeptInJPEG() throws {
    // A minimal little-endian TIFF header with no entries: EXIF's body as the JPEG APP1 segment holds it.
    let exif: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]
    let bytes = try Self.photo().encoded(as: .jpeg(), metadata: ImageMetadata(exif: exif))
    #expect(try DecodedImage(decoding: bytes).metadata.exif != nil)
    #expect(try DecodedImage(decoding: Self.photo().encoded(as: .jpeg())).metadata.exif == nil)
  }

  @Test func anOutOfRangeQualityIsRefusedAtTheFactory() throws {
    #expect(throws: CodecError.optionOutOfRange(option: "quality", value: 500, range: 1...100, format: "JPEG")) {
      try JPEGImageEncoder.jpeg(quality: 500)
    }
    #expect(throws: CodecError.optionOutOfRange(option: "quality", value: 0, range: 1...100, format: "WebP")) {
      try Self.photo().encoded(as: .webp(quality: 0))
    }
    #expect(throws: CodecError.optionOutOfRange(option: "quality", value: 101, range: 1...100, format: "JPEG")) {
      try JPEGImageEncoder().configured(with: EncodingSettings(quality: 101))
    }
    #expect(throws: CodecError.optionOutOfRange(option: "quality", value: -3, range: 1...100, format: "WebP")) {
      try WebPImageEncoder().configured(with: EncodingSettings(quality: -3))
    }
    #expect(throws: CodecError.optionOutOfRange(option: "quality", value: 0, range: 1...100, format: "AVIF")) {
      try AVIFImageEncoder.avif(quality: 0)
    }
    #expect(throws: CodecError.optionOutOfRange(option: "quality", value: 101, range: 1...100, format: "AVIF")) {
      try AVIFImageEncoder().configured(with: EncodingSettings(quality: 101))
    }
    #expect("\(CodecError.optionOutOfRange(option: "quality", value: 500, range: 1...100, format: "JPEG"))"
      == "JPEG quality must be 1…100, got 500")
  }

  /// The options' doc says a quality is clamped: so it is when set after the initialiser, and the encode works.
  @Test func anOptionsQualitySetOutOfRangeIsClamped() throws {
    var options = JPEGOptions()
    options.quality = 500
    #expect(options.quality == 100)
    let bytes = try Self.photo().encoded(as: JPEGImageEncoder(options: options))
    #expect(bytes == (try Self.photo().encoded(as: .jpeg(quality: 100))))
    var webp = WebPOptions()
    webp.quality = -7
    #expect(webp.quality == 1)
  }

  @Test func aCustomOrRegisteredEncoderGoesThroughTheSameCall() throws {
    let raster = try Self.photo()
    #expect(try raster.encoded(as: RawEncoder()) == Array("RAW!".utf8) + raster.bytes)
    let registered = try EncoderRegistry.standard.encoder(forFormat: "png")
    #expect(try raster.encoded(as: registered) == raster.encoded(as: .png()))
    #expect(try raster.resized(width: 48, height: 32).encoded(as: RawEncoder())
      == Array("RAW!".utf8) + raster.resized(width: 48, height: 32).rendered().bytes)
  }

  /// A component renders into the encoder (band by band for PNG and JPEG), giving the bytes of its rendered raster.
  @Test(arguments: ["png", "jpeg", "webp", "tiff"])
  func aComponentEncodesAsItsRenderedRaster(format: String) throws {
    let encoder: any ImageEncoder = switch format {
    case "png": .png()
    case "jpeg": try .jpeg(quality: 80)
    case "webp": try .webp(quality: 80)
    default: .tiff()
    }
    let component = try Self.photo().resized(width: 40, height: 30).padded(by: 3, color: .white)
    #expect(try component.encoded(as: encoder) == component.rendered().encoded(as: encoder))
  }

  /// The blocking form's bytes: in an `async` function Swift picks the `async` form.
  static func blocking(_ component: any ImageComponent, _ encoder: some ImageEncoder) throws -> [UInt8] {
    if let raster = component as? Raster { return try raster.encoded(as: encoder) }
    return try component.encoded(as: encoder)
  }

  @Test func asyncEncodingGivesTheSyncBytes() async throws {
    let raster = try Self.translucent()
    let awaited: [UInt8] = try await raster.encodedAsync(as: .webp(quality: 70))
    #expect(awaited == (try Self.blocking(raster, .webp(quality: 70))))
    let data = Data(try await raster.encodedAsync(as: .png()))
    #expect(data == Data(try Self.blocking(raster, .png())))
    let component = raster.padded(by: 2, color: .black)
    let awaitedComponent: [UInt8] = try await component.encodedAsync(as: .jpeg())
    #expect(awaitedComponent == (try Self.blocking(component, .jpeg())))
    let componentData = Data(try await component.encodedAsync(as: .png()))
    #expect(componentData == Data(try Self.blocking(component, .png())))
  }

  /// The Getting Started article's thumbnail service (`ThumbnailServiceSnippet.swift`): requests through a
  /// concurrency limit, each giving a JPEG and a WebP within 512² plus the shadow. Six, not the article's 50: a
  /// debug build's shadow takes most of a second each (the 50 are timed by `decor-bench service`).
  @Test func thumbnailServiceSnippetRuns() async throws {
    let body = Data(try Self.blocking(Self.photo(width: 640, height: 400), .jpeg(quality: 85)))
    let requests = SanitizerRun.count(6, sanitized: 3)
    let made = try await serve(body, requests: requests)
    #expect(made.count == requests)
    for (jpeg, webp) in made {
      let fromJPEG = try Raster(decoding: jpeg)
      let fromWebP = try Raster(decoding: webp)
      #expect(fromJPEG.width == fromWebP.width && fromJPEG.height == fromWebP.height)
      #expect(fromJPEG.width > 512 && fromJPEG.width < 600)
    }
    #expect(made.allSatisfy { $0.jpeg == made[0].jpeg && $0.webp == made[0].webp })
  }
}
