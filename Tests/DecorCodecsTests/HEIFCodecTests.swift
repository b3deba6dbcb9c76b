import Foundation
import Testing

import Decor
import DecorTestSupport

/// HEIC and AVIF decoding against independent decoders of the same files (pillow-heif's libheif 1.23 for HEIC,
/// Pillow's libavif for AVIF; Decor decodes through Debian's libheif 1.15), committed once as PNG by
/// `Tests/Fixtures/HEIF/make.py`; AVIF output through Decor's own decoder; metadata, options, limits, damage.
@Suite struct HEIFCodecTests {
  static let folder = Fixtures.root.appendingPathComponent("HEIF")

  static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  static func bytes(_ name: String) throws -> [UInt8] { try Fixtures.bytes(folder.appendingPathComponent(name)) }

  /// The largest difference of any channel of the premultiplied rasters (straight values would magnify a
  /// difference of 1 in a nearly transparent pixel's colour up to 255).
  static func maxDifference(_ a: Raster, _ b: Raster) -> Int {
    guard a.width == b.width, a.height == b.height else { return Int.max }
    return zip(a.bytes, b.bytes).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
  }

  static func reference(_ name: String) throws -> Raster {
    try Raster(contentsOfFile: path(name.replacingOccurrences(of: ".", with: "-") + "-reference.png"))
  }

  /// Each file against its reference decode, within `tolerance` levels (measured 2026-11-26: HEIC 1 everywhere,
  /// AVIF 4:4:4 1, 10-bit 2). Both HEIC decoders are libheif (1.15 and 1.23, with libde265 1.0 and 1.1), whose
  /// YCbCr conversion rounds alike but for a level; libavif and libheif convert AV1's YCbCr to RGB each with its own
  /// rounding (libavif through libyuv) and reduce 10 bits to 8 differently.
  @Test(arguments: [
    ("photo.heic", 1), ("alpha.heic", 1), ("rotated.heic", 1), ("meta.heic", 1), ("photo.avif", 2),
    ("alpha.avif", 2), ("photo10.avif", 2),
  ])
  func matchesTheIndependentDecoder(name: String, tolerance: Int) throws {
    let decoded = try Raster(contentsOfFile: Self.path(name))
    let reference = try Self.reference(name)
    #expect(decoded.width == reference.width && decoded.height == reference.height)
    let worst = Self.maxDifference(decoded, reference)
    print("\(name): max difference \(worst) from the reference decoder")
    #expect(worst <= tolerance, "\(name): max difference \(worst)")
  }

  /// 4:2:0 AVIF: libavif upsamples chroma bilinearly, libheif 1.15 repeats each chroma sample, so colour edges
  /// differ by up to 18 levels (measured) though the images agree closely overall.
  @Test func subsampledAVIFIsClose() throws {
    let decoded = try Raster(contentsOfFile: Self.path("photo420.avif"))
    let reference = try Self.reference("photo420.avif")
    let psnr = ImageMetrics.psnr(decoded, reference)
    print("photo420.avif: \(psnr) dB, max difference \(Self.maxDifference(decoded, reference))")
    #expect(psnr > 38)
  }

  /// `irot` applied as HEIF viewers apply it: 64x48 stored, 48x64 shown; the EXIF orientation carried says 1.
  @Test func rotationIsApplied() throws {
    let image = try DecodedImage(contentsOfFile: Self.path("rotated.heic"))
    #expect(image.raster.width == 48 && image.raster.height == 64)
    let exif = try #require(image.metadata.exif)
    let orientation = ExifEditing.Walker(exif).flatMap { walker -> Int? in
      var walker = walker
      guard let ifd0 = walker.directory(at: walker.firstIFD),
        let entry = ifd0.entries.first(where: { $0.tag == 0x0112 })
      else { return nil }
      return walker.u16(entry.offset + 8)
    }
    #expect(orientation == nil || orientation == 1)
  }

  @Test func metadataIsRead() throws {
    let metadata = HEIFDecoder().metadata(of: try Self.bytes("meta.heic"))
    #expect(metadata.iccProfile.map { String(decoding: $0[36..<40], as: UTF8.self) } == "acsp")
    let exif = try #require(metadata.exif)
    #expect(exif.starts(with: Array("II*\0".utf8)) || exif.starts(with: Array("MM\0*".utf8)))
    #expect(String(decoding: exif, as: UTF8.self).contains("Decor fixture"))
    #expect(metadata.xmp.map { String(decoding: $0, as: UTF8.self).contains("Decor fixture") } == true)
    #expect(HEIFDecoder().metadata(of: try Self.bytes("photo.heic")) == .none)
  }

  @Test func signatures() throws {
    let registry = DecoderRegistry.standard
    for name in ["photo.heic", "alpha.heic", "photo.avif", "photo10.avif"] {
      #expect(try registry.decoder(for: Self.bytes(name), source: name).name == "heif")
    }
    #expect(HEIFDecoder.kind(of: try Self.bytes("photo.avif")[...]) == .avif)
    #expect(HEIFDecoder.kind(of: try Self.bytes("photo.heic")[...]) == .heic)
    let mp4 = try Self.bytes("plain.mp4")
    #expect(!HEIFDecoder().recognizes(mp4[...]))
    #expect(throws: CodecError.self) { try registry.decoder(for: mp4, source: "plain.mp4") }
    // Brands past the box's own size are not the box's.
    var short = Array(try Self.bytes("photo.heic").prefix(32))
    short[3] = 16
    short[8..<12] = ArraySlice("isom".utf8)
    #expect(!HEIFDecoder().recognizes(short[...]))
    #expect(!HEIFDecoder().recognizes(ArraySlice("ftypheic".utf8)))
    #expect(HEIFDecoder().fileExtensions == ["avif", "heic", "heif"])
    #expect(DecoderRegistry.standard.fileExtensions.contains("heic"))
  }

  /// `decor info`'s line, from the boxes.
  @Test func headerDescription() throws {
    #expect(try ImageFile.headerDescription(atPath: Self.path("alpha.heic"))
      == "64x48, HEIC, 8-bit, alpha, 1 image, no ICC profile")
    #expect(try ImageFile.headerDescription(atPath: Self.path("photo10.avif"))
      == "64x48, AVIF, 10-bit, no alpha, 1 image, no ICC profile")
    #expect(try ImageFile.headerDescription(atPath: Self.path("rotated.heic")).hasPrefix("48x64, HEIC, 8-bit"))
    let meta = try ImageFile.headerDescription(atPath: Self.path("meta.heic"))
    #expect(meta.contains("ICC profile (") && meta.contains("EXIF (") && meta.contains("XMP ("), "\(meta)")
  }

  /// The limit is checked from the header: nothing decoded, nothing allocated.
  @Test func pixelLimitIsCheckedFirst() throws {
    #expect(throws: CodecError.tooLarge(source: Self.path("photo.heic"), width: 64, height: 48, limit: 1000)) {
      try Raster(contentsOfFile: Self.path("photo.heic"), pixelLimit: 1000)
    }
    #expect(throws: CodecError.tooLarge(source: "x", width: 64, height: 48, limit: 3071)) {
      try HEIFDecoder().decode(Self.bytes("photo.avif"), source: "x", pixelLimit: 3071)
    }
    #expect(try HEIFDecoder().decode(Self.bytes("photo.avif"), source: "x", pixelLimit: 3072).width == 64)
  }

  /// A 64×48 image whose HEVC stream says 12691×51823 (FuzzHEIF's find): refused when libheif reads that size, not
  /// after allocating it (it took 1.9 GB and a second before the limit followed the primary image's size).
  @Test func aCodedImageFarLargerThanItsBoxIsRefusedBeforeItIsAllocated() throws {
    let path = Self.path("coded-larger-than-ispe.heic")
    let error = #expect(throws: CodecError.self) { try Raster(contentsOfFile: path) }
    let text = error.map { "\($0)" } ?? ""
    #expect(text.contains(path) && text.contains("12691x51823 exceeds the maximum image size 192x192"), "\(text)")
  }

  @Test func badFilesAreErrors() throws {
    Fixtures.expectCorrupt(["truncated.heic", "corrupt.heic", "badbox.heic"].map(Self.path))
    // Cut anywhere, or a run of bytes overwritten anywhere: an error or an image, never a trap or a leak.
    for name in ["photo.heic", "alpha.avif", "meta.heic"] {
      let bytes = try Self.bytes(name)
      for length in stride(from: 0, to: bytes.count, by: 61) {
        let cut = Array(bytes.prefix(length))
        _ = try? HEIFDecoder().decodeImage(cut, source: "cut", pixelLimit: 1 << 20)
        _ = try? HEIFDecoder().headerDescription(of: cut, source: "cut")
      }
      for at in stride(from: 0, to: bytes.count - 8, by: 67) {
        var damaged = bytes
        for index in at..<(at + 8) { damaged[index] = 0xFF }
        _ = try? HEIFDecoder().decodeImage(damaged, source: "damaged", pixelLimit: 1 << 20)
      }
    }
    #expect(throws: CodecError.self) { try HEIFDecoder().decode([], source: "x", pixelLimit: 100) }
  }

  /// Lossless AVIF gives back the raster exactly, translucent pixels included; metadata comes back.
  @Test func losslessRoundTripIsExact() throws {
    for name in ["alpha-heic-reference.png", "photo-heic-reference.png"] {
      let raster = try Raster(contentsOfFile: Self.path(name))
      let metadata = ImageMetadata(iccProfile: HEIFDecoder().metadata(of: try Self.bytes("meta.heic")).iccProfile,
        exif: HEIFDecoder().metadata(of: try Self.bytes("meta.heic")).exif, xmp: Array("<x:xmpmeta/>".utf8))
      let bytes = try AVIFEncoder.encode(raster, options: AVIFOptions(lossless: true), metadata: metadata)
      let decoded = try HEIFDecoder().decodeImage(bytes, source: "x", pixelLimit: 1 << 20)
      #expect(decoded.raster == raster, "\(name): max difference \(Self.maxDifference(decoded.raster, raster))")
      #expect(decoded.metadata == metadata)
      let description = try HEIFDecoder().headerDescription(of: bytes, source: "x")
      #expect(description.hasPrefix("64x48, AVIF, 8-bit, \(raster.isOpaque ? "no alpha" : "alpha")"), "\(description)")
    }
  }

  /// Lossy AVIF at the default quality (75) stays close: PSNR above 35 dB on the photo; alpha kept.
  @Test func lossyRoundTripIsClose() throws {
    let photo = try Raster(contentsOfFile: Self.path("photo-heic-reference.png"))
    let bytes = try AVIFImageEncoder().encode(photo, destination: "x")
    let decoded = try HEIFDecoder().decode(bytes, source: "x", pixelLimit: 1 << 20)
    let psnr = ImageMetrics.psnr(decoded, photo)
    print("AVIF quality 75 of the 64x48 photo: \(bytes.count) bytes, \(psnr) dB")
    #expect(psnr > 35)
    let small = try AVIFImageEncoder(options: AVIFOptions(quality: 20)).encode(photo, destination: "x")
    #expect(small.count < bytes.count)
    let cutout = try Raster(contentsOfFile: Self.path("alpha-heic-reference.png"))
    let translucent = try HEIFDecoder().decode(AVIFImageEncoder().encode(cutout, destination: "x"), source: "x",
      pixelLimit: 1 << 20)
    #expect(!translucent.isOpaque && ImageMetrics.psnr(translucent, cutout) > 30)
  }

  @Test func optionsAndLimits() throws {
    let registry = EncoderRegistry.standard
    #expect(registry.encoder(forPath: "out.AVIF")?.name == "avif")
    #expect(throws: CodecError.optionNotTaken(option: "compression", format: "AVIF")) {
      try registry.encoder(forOutput: "x.avif", settings: EncodingSettings(compression: .best))
    }
    #expect(throws: CodecError.optionNotTaken(option: "subsampling", format: "AVIF")) {
      try registry.encoder(forOutput: "x.avif", settings: EncodingSettings(subsampling: .s444))
    }
    #expect(throws: CodecError.optionNotTaken(option: "quality", format: "lossless AVIF")) {
      try registry.encoder(forOutput: "x.avif", settings: EncodingSettings(quality: 50, lossless: true))
    }
    let configured = try registry.encoder(forOutput: "x.avif", settings: EncodingSettings(quality: 40))
    #expect((configured as? AVIFImageEncoder)?.options == AVIFOptions(quality: 40))
    #expect(AVIFOptions(quality: 500).quality == 100 && AVIFOptions(quality: -3).quality == 0)
    // A quality set past the range after `init`, and an EXIF block libheif cannot place: written all the same.
    var options = AVIFOptions()
    options.quality = Int.max
    let photo = try Raster(contentsOfFile: Self.path("photo-heic-reference.png"))
    let bytes = try AVIFEncoder.encode(photo, options: options,
      metadata: ImageMetadata(exif: [1, 2, 3], xmp: Array("<x/>".utf8)))
    #expect(HEIFDecoder().metadata(of: bytes) == ImageMetadata(exif: nil, xmp: Array("<x/>".utf8)))
    #expect(throws: CodecError.encodingFailed(destination: "big.avif",
      detail: "65537×1 is larger than AVIF allows (65536 × 65536)")) {
      try AVIFImageEncoder().checkSize(width: 65537, height: 1, destination: "big.avif")
    }
  }

  @Test func writesThroughTheRegistry() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let image = try DecodedImage(contentsOfFile: Self.path("meta.heic"))
    let out = directory.appendingPathComponent("photo.avif").path
    try image.raster.write(to: out, metadata: image.metadata)
    let back = try DecodedImage(contentsOfFile: out)
    #expect(back.metadata == image.metadata)
    #expect(ImageMetrics.psnr(back.raster, image.raster) > 35)
  }
}
