import Foundation
import Testing

import Decor
import DecorTestSupport

/// EXIF and XMP carried from input to output (`ImageMetadata.exif`, `.xmp`): read from files Pillow wrote
/// (`Tests/Fixtures/Metadata/make-exif.py`), edited by `ExifEditing` (orientation reset, thumbnail dropped), written
/// by every encoder, and checked with an independent reader (`exiftool`, which `.ci/run` installs).
@Suite struct ExifMetadataTests {
  static func path(_ name: String) -> String { ImageMetadataTests.path(name) }
  static func bytes(_ name: String) throws -> [UInt8] { try ImageMetadataTests.bytes(name) }

  /// The block Pillow embedded: big-endian, orientation 6, an IFD1 thumbnail of 632 bytes at its end.
  static let block: [UInt8] = (try? bytes("exif-block.bin")) ?? []

  /// IFD0's orientation and its link to IFD1, read with the walker.
  static func orientationAndLink(_ tiff: [UInt8]) -> (orientation: Int?, ifd1: Int?) {
    guard var walker = ExifEditing.Walker(tiff), let ifd0 = walker.directory(at: walker.firstIFD) else {
      return (nil, nil)
    }
    let orientation = ifd0.entries.first { $0.tag == 0x0112 }.flatMap { walker.u16($0.offset + 8) }
    return (orientation, walker.u32(ifd0.nextLink))
  }

  @Test func theEditResetsOrientationAndDropsTheThumbnail() throws {
    #expect(Self.block.count == 906)
    #expect(Self.orientationAndLink(Self.block) == (6, 232))
    let reset = try #require(ExifEditing.carried(Self.block, resetOrientation: true))
    #expect(Self.orientationAndLink(reset) == (1, 0))
    // IFD1 (at 232) and the thumbnail after it are cut off: nothing else lies there.
    #expect(reset.count == 232)
    // The orientation's value (big-endian, in IFD0's first entry) and the link are the only bytes changed.
    let differing = zip(reset, Self.block).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
    #expect(differing == [19, 85], "the low bytes of the orientation and of the link")
    let kept = try #require(ExifEditing.carried(Self.block, resetOrientation: false))
    #expect(Self.orientationAndLink(kept) == (6, 0))
    for text in ["Decor Tester", "(c) Decor fixtures", "2024:05:06 07:08:09"] {
      #expect(kept.firstRange(of: Array(text.utf8)) != nil, "\(text) is kept")
    }
  }

  /// Damage never traps: every prefix of the block, and the block with each byte changed, gives either no EXIF or a
  /// block the walker reads; a block that is no TIFF at all is dropped.
  @Test func damagedBlocksNeverTrap() throws {
    for length in 0..<Self.block.count {
      let result = ExifEditing.carried(Self.block[..<length], resetOrientation: true)
      // IFD0 (8 + 2 + 6 × 12 + 4 bytes) must be there; every longer prefix is kept, unlinked from IFD1.
      #expect((result == nil) == (length < 86), "prefix of \(length) bytes")
    }
    var random = SplitMix64(seed: 22)
    var dropped = 0
    for index in 0..<Self.block.count {
      var damaged = Self.block
      damaged[index] = UInt8(truncatingIfNeeded: random.next())
      if let result = ExifEditing.carried(damaged, resetOrientation: true) {
        #expect(ExifEditing.Walker(result) != nil)
      } else {
        dropped += 1
      }
    }
    #expect(dropped < 20, "only damage to the header or IFD0's count drops the block: \(dropped)")
    #expect(ExifEditing.carried(Array("not a TIFF block".utf8), resetOrientation: true) == nil)
    // A loop (IFD1 pointing at IFD0) and an IFD count past the end.
    var loop = Self.block
    loop.replaceSubrange(8 + 2 + 6 * 12..<8 + 2 + 6 * 12 + 4, with: [0, 0, 0, 8])
    #expect(ExifEditing.carried(loop, resetOrientation: true).map(Self.orientationAndLink) ?? (nil, nil) == (1, 0))
    var count = Self.block
    count[8] = 0xFF
    #expect(ExifEditing.carried(count, resetOrientation: true) == nil)
  }

  @Test func xmpOrientationIsReset() {
    let xmp = Array(#"<a tiff:Orientation="6"/><tiff:Orientation>8</tiff:Orientation> tiff:Orientation='3'"#.utf8)
    #expect(String(decoding: ExifEditing.xmpWithOrientationReset(xmp), as: UTF8.self)
      == #"<a tiff:Orientation="1"/><tiff:Orientation>1</tiff:Orientation> tiff:Orientation='1'"#)
    let other = Array(#"tiff:Orientation="12""#.utf8)
    #expect(ExifEditing.xmpWithOrientationReset(other) == other, "not an orientation Decor knows: untouched")
  }

  /// Each decoder reads the EXIF and XMP Pillow wrote; a JPEG, PNG or WebP turned upright says orientation 1 in
  /// both, and as stored 6.
  @Test func decodersReadThem() throws {
    let xmp = try Self.bytes("xmp.xml")
    let jpeg = JPEGDecoder().metadata(of: try Self.bytes("exif-6.jpg"))
    let jpegExif = try #require(jpeg.exif)
    #expect(Self.orientationAndLink(jpegExif) == (1, 0) && jpegExif.count == 232)
    #expect(jpeg.xmp.map { String(decoding: $0, as: UTF8.self).contains(#"tiff:Orientation="1""#) } == true)
    #expect(jpeg.xmp?.count == xmp.count)
    let asStored = JPEGDecoder(autoOrient: false).metadata(of: try Self.bytes("exif-6.jpg"))
    #expect(asStored.exif.map(Self.orientationAndLink) ?? (nil, nil) == (6, 0))
    #expect(asStored.xmp == xmp)
    #expect(JPEGDecoder().metadata(ofFile: Self.path("exif-6.jpg")) == jpeg, "the same from the file")
    for name in ["exif.png", "exif.webp"] {
      for autoOrient in [true, false] {
        let decoder: any ImageDecoder =
          name.hasSuffix("png") ? PNGDecoder(autoOrient: autoOrient) : WebPDecoder(autoOrient: autoOrient)
        let metadata = decoder.metadata(of: try Self.bytes(name))
        #expect(metadata.exif.map(Self.orientationAndLink) ?? (nil, nil) == (autoOrient ? 1 : 6, 0), "\(name)")
        #expect(metadata.xmp == (autoOrient ? ExifEditing.xmpWithOrientationReset(xmp) : xmp), "\(name)")
        #expect(decoder.metadata(ofFile: Self.path(name)) == metadata, "\(name): the same from the file")
      }
    }
    #expect(jpeg.description.hasSuffix(", EXIF (232 bytes), XMP (421 bytes)"), "\(jpeg.description)")
  }

  /// Every writer records them where its format keeps them, and each reader reads back the same bytes.
  @Test func writersRecordThem() throws {
    let raster = try Raster(contentsOfFile: Self.path("exif.png"))
    let metadata = ImageMetadata(iccProfile: ImageMetadataTests.profile,
      exif: ExifEditing.carried(Self.block, resetOrientation: true), xmp: try Self.bytes("xmp.xml"))
    let png = try PNGCodec.encode(raster, metadata: metadata)
    #expect(PNGDecoder().metadata(of: png) == metadata)
    #expect(PNGDecoder().metadata(of: try PNGCodec.encode(raster, compression: .fast, metadata: metadata))
      == metadata, "streamed, the same header")
    let jpeg = try JPEGEncoder.encode(raster, metadata: metadata).bytes
    // The XMP says orientation 6 and the EXIF 1: read back as stored, each is as written.
    #expect(JPEGDecoder(autoOrient: false).metadata(of: jpeg) == metadata)
    let webp = try WebPEncoder.encode(raster, options: WebPOptions(lossless: true), metadata: metadata)
    #expect(WebPDecoder().metadata(of: webp) == metadata)
    #expect(try WebPDecoder().decode(webp, source: "x", pixelLimit: 1 << 20) == raster, "the pixels are untouched")
    // Too large for a JPEG segment: left out of the JPEG, kept in the others.
    let large = ImageMetadata(exif: metadata.exif! + [UInt8](repeating: 0, count: 70_000), xmp: metadata.xmp)
    let without = JPEGDecoder(autoOrient: false).metadata(of: try JPEGEncoder.encode(raster, metadata: large).bytes)
    #expect(without.exif == nil && without.xmp == metadata.xmp)
    #expect(PNGDecoder().metadata(of: try PNGCodec.encode(raster, metadata: large)).exif?.count == 70_232)
  }

  static let exiftool = ["/usr/bin/exiftool", "/usr/local/bin/exiftool", "/opt/homebrew/bin/exiftool"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  /// What `exiftool -s -G1` says of a file, as `[group:tag: value]`.
  static func exiftoolTags(_ path: String) throws -> [String: String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.exiftool!)
    process.arguments = ["-s", "-G1", "-n", "-a", path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    var tags: [String: String] = [:]
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
      let parts = line.split(separator: ":", maxSplits: 1)
      guard parts.count == 2 else { continue }
      let key = parts[0].replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "]", with: "]:")
      tags[key] = parts[1].trimmingCharacters(in: .whitespaces)
    }
    return tags
  }

  /// `exiftool` (installed by `.ci/run`) reads what each writer carried from the JPEG Pillow wrote: Artist,
  /// DateTime, Copyright, GPS and the XMP creator kept, orientation 1 in EXIF and XMP, no thumbnail (no IFD1).
  @Test(.enabled(if: exiftool != nil, "exiftool is not installed (.ci/run installs libimage-exiftool-perl)"))
  func exiftoolReadsWhatWasCarried() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let image = try DecodedImage(contentsOfFile: Self.path("exif-6.jpg"), decoders: .standard,
      pixelLimit: Raster.defaultPixelLimit)
    #expect(image.raster.width == 48, "turned upright")
    for name in ["out.jpg", "out.png", "out.webp"] {
      let path = folder.appendingPathComponent(name).path
      switch name {
      case "out.jpg": try image.raster.write(to: path, as: JPEGImageEncoder(), metadata: image.metadata)
      case "out.png": try ImageFile.writeBytes(PNGCodec.encode(image.raster, metadata: image.metadata), toPath: path)
      default: try image.raster.write(to: path, as: WebPImageEncoder(), metadata: image.metadata)
      }
      let tags = try Self.exiftoolTags(path)
      #expect(tags["[IFD0]:Orientation"] == "1", "\(name): \(tags)")
      #expect(tags["[IFD0]:Artist"] == "Decor Tester", "\(name)")
      #expect(tags["[IFD0]:Copyright"] == "(c) Decor fixtures", "\(name)")
      #expect(tags["[IFD0]:ModifyDate"] == "2024:05:06 07:08:09", "\(name)")
      #expect(tags["[ExifIFD]:DateTimeOriginal"] == "2024:05:06 07:08:09", "\(name)")
      #expect(tags["[GPS]:GPSLatitudeRef"] == "N", "\(name)")
      #expect(tags["[GPS]:GPSLatitude"] == "48.8566666666667", "\(name)")
      #expect(tags["[XMP-dc]:Creator"] == "Decor Tester", "\(name)")
      #expect(tags["[XMP-tiff]:Orientation"] == "1", "\(name)")
      #expect(!tags.keys.contains { $0.hasPrefix("[IFD1]") }, "\(name): no thumbnail")
      #expect(!tags.keys.contains { $0.hasPrefix("[ExifTool]:Warning") }, "\(name): \(tags)")
    }
  }
}
