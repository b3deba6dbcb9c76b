import Foundation
import Testing

import Decor
import DecorTestSupport

@Suite struct EncoderRegistryTests {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("decor-encoders-\(UUID().uuidString)")

  func file(_ name: String) -> String { directory.appendingPathComponent(name).path }

  /// A user's format: the raster's size and its bytes, behind a magic word.
  struct RawEncoder: ImageEncoder {
    var name: String { "raw" }
    var fileExtensions: [String] { ["raw", "rgba"] }
    func encode(_ raster: Raster, destination: String) throws(CodecError) -> [UInt8] {
      Array("RAW!".utf8) + [UInt8(raster.width), UInt8(raster.height)] + raster.bytes
    }
  }

  /// Its decoder, so that the file written by one comes back through the other.
  struct RawDecoder: ImageDecoder {
    var name: String { "raw" }
    func recognizes(_ leadingBytes: ArraySlice<UInt8>) -> Bool { leadingBytes.starts(with: Array("RAW!".utf8)) }
    func decode(_ data: [UInt8], source: String, pixelLimit: Int) throws(CodecError) -> Raster {
      guard data.count >= 6, data.count == 6 + Int(data[4]) * Int(data[5]) * 4 else {
        throw .corrupt(source: source, detail: "size and length disagree")
      }
      do {
        return try Raster(width: Int(data[4]), height: Int(data[5]), premultipliedBytes: Array(data[6...]),
          pixelLimit: pixelLimit)
      } catch {
        throw .corrupt(source: source, detail: "\(error)")
      }
    }
  }

  @Test func theStandardEncodersAreFoundByNameAndExtension() throws {
    let standard = EncoderRegistry.standard
    #expect(standard.encoders.map(\.name) == ["png", "jpeg", "webp", "gif", "tiff", "avif"])
    #expect(try standard.encoder(named: "jpeg").fileExtensions.contains("jpg"))
    #expect(standard.encoder(forPath: "/a/b/OUT.JPG")?.name == "jpeg")
    #expect(standard.encoder(forPath: "photo.webp")?.name == "webp")
    #expect(standard.encoder(forPath: "x.png")?.name == "png")
    #expect(standard.encoder(forPath: "x.gif")?.name == "gif")
    #expect(standard.encoder(forPath: "x.heic") == nil && standard.encoder(forPath: ".png") == nil)
    #expect(throws: CodecError.unknownCodec(name: "heic", known: ["png", "jpeg", "webp", "gif", "tiff", "avif"])) {
      try standard.encoder(named: "heic")
    }
    // What each writes is what the decoders read back as that format.
    let raster = try GaussianReference.scene(width: 21)
    for encoder in standard.encoders {
      let bytes = try encoder.encode(raster, destination: "x")
      // One decoder, "heif", reads AVIF and HEIC.
      let reader = encoder.name == "avif" ? "heif" : encoder.name
      #expect(try DecoderRegistry.standard.decoder(for: bytes, source: "x").name == reader)
    }
  }

  /// A user's codec, registered from Swift: written by extension, read back by its first bytes.
  @Test func aUsersCodecWritesAndReads() throws {
    var encoders = EncoderRegistry.standard
    try encoders.register(RawEncoder())
    var decoders = DecoderRegistry.standard
    try decoders.register(RawDecoder())
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let raster = try GaussianReference.scene(width: 17)
    let path = file("scene.RGBA")
    try raster.write(to: path, encoders: encoders)
    #expect(try Raster(contentsOfFile: path, decoders: decoders) == raster)
    #expect(throws: CodecError.self) { try Raster(contentsOfFile: path) }
    // `decor info`'s description asks the decoder, so a user's format appears too (the default: size and name).
    #expect(try ImageFile.headerDescription(atPath: path, decoders: decoders) == "17x\(raster.height), raw, no ICC profile")
    let image = try DecodedImage(contentsOfFile: path, decoders: decoders)
    #expect(image.raster == raster && image.frameCount == 1 && image.metadata == .none)
    try raster.write(to: file("scene.webp"), encoders: encoders)
    #expect(try Data(contentsOf: URL(fileURLWithPath: file("scene.webp"))).starts(with: Array("RIFF".utf8)))
    #expect(throws: CodecError.noEncoder(path: file("scene.heic"), extensions: ["PNG (.png)",
      "JPEG (.jpg, .jpeg, .jpe, .jfif)", "WebP (.webp)", "GIF (.gif)", "TIFF (.tif, .tiff)", "AVIF (.avif)",
      "RAW (.raw, .rgba)"])) {
      try raster.write(to: file("scene.heic"), encoders: encoders)
    }
    #expect(!FileManager.default.fileExists(atPath: file("scene.heic")))
  }

  /// Names and extensions are unique; `replace` swaps a built-in for other settings.
  @Test func namesAndExtensionsAreUnique() throws {
    var registry = EncoderRegistry.standard
    #expect(throws: CodecError.duplicateEncoder(name: "png")) { try registry.register(PNGImageEncoder()) }
    struct Other: ImageEncoder {
      var name: String { "other" }
      var fileExtensions: [String] { ["bin", "JPG"] }
      func encode(_ raster: Raster, destination: String) throws(CodecError) -> [UInt8] { [] }
    }
    #expect(throws: CodecError.duplicateEncoder(name: "JPG")) { try registry.register(Other()) }
    #expect(registry.encoders.map(\.name) == ["png", "jpeg", "webp", "gif", "tiff", "avif"], "nothing was added")
    try registry.replace(with: WebPImageEncoder(options: WebPOptions(lossless: true)))
    #expect(registry.encoders.map(\.name) == ["png", "jpeg", "webp", "gif", "tiff", "avif"])
    let raster = try GaussianReference.scene(width: 19)
    let bytes = try registry.encoder(named: "webp").encode(raster, destination: "x")
    #expect(try WebPDecoder().decode(bytes, source: "x", pixelLimit: 1 << 20) == raster, "lossless now")
  }
}
