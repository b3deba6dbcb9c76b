import Foundation
import Testing

import Decor
import DecorTestSupport

/// WebP decoding against Pillow's decode of the same files (committed once by `Tests/Fixtures/WebP/make.py`; Pillow
/// bundles its own libwebp), and Decor's WebP encoder against its own decoder.
@Suite struct WebPCodecTests {
  static let folder = Fixtures.root.appendingPathComponent("WebP")

  static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// Largest difference between a decoded raster and a straight RGBA reference, per straight channel.
  static func worstDelta(_ decoded: Raster, straightReference reference: Raster) -> Int {
    let a = decoded.straightBytes()
    let b = reference.straightBytes()
    return zip(a, b).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
  }

  @Test(arguments: ["photo-lossy", "photo-lossless", "cutout-lossy", "cutout-lossless"])
  func matchesPillow(name: String) throws {
    let decoded = try Raster(contentsOfFile: Self.path(name + ".webp"))
    let reference = try Raster(contentsOfFile: Self.path(name + "-reference.png"))
    #expect(decoded.width == reference.width && decoded.height == reference.height)
    let worst = Self.worstDelta(decoded, straightReference: reference)
    #expect(worst <= (name.hasSuffix("lossless") ? 0 : 1), "\(name): max delta \(worst)")
    if name.hasSuffix("lossless") {
      let source = try Raster(contentsOfFile: Self.path(name.replacingOccurrences(of: "lossless", with: "source") + ".png"))
      #expect(decoded == source, "a lossless file gives back its source's pixels")
    }
    if name.hasPrefix("cutout") {
      #expect(decoded.pixel(x: 0, y: 0)?.a == 0, "the cut-out's corner is transparent")
    }
  }

  /// An animated file: its first frame, and how many there are.
  @Test func anAnimationGivesItsFirstFrame() throws {
    let decoded = try Raster(contentsOfFile: Self.path("animated.webp"))
    let reference = try Raster(contentsOfFile: Self.path("animated-reference.png"))
    #expect(decoded == reference)
    #expect(decoded.pixel(x: 20, y: 12) == RGBA8(r: 255, g: 0, b: 0, a: 255))
    #expect(WebPDecoder.frameCount(of: try Fixtures.bytes(Self.folder.appendingPathComponent("animated.webp"))) == 3)
    #expect(WebPDecoder.frameCount(of: try Fixtures.bytes(Self.folder.appendingPathComponent("photo-lossy.webp"))) == 1)
    #expect(WebPDecoder.frameCount(of: Array("RIFF\0\0\0\0WEBPVP8 ".utf8)) == nil)
    // Read once for the pixels, the metadata and the frame count together.
    let image = try DecodedImage(contentsOfFile: Self.path("animated.webp"))
    #expect(image.raster == reference && image.frameCount == 3 && image.metadata == .none)
    #expect(try DecodedImage(contentsOfFile: Self.path("photo-lossy.webp")).frameCount == 1)
  }

  @Test func theRegistryClaimsWebPByItsFirstBytes() throws {
    let bytes = try Fixtures.bytes(Self.folder.appendingPathComponent("photo-lossy.webp"))
    #expect(try DecoderRegistry.standard.decoder(for: bytes, source: "x").name == "webp")
    #expect(WebPDecoder().recognizes(ArraySlice(bytes.prefix(12))))
    #expect(!WebPDecoder().recognizes(ArraySlice(Array("RIFF\0\0\0\0WAVE".utf8))))
    #expect(!WebPDecoder().recognizes(ArraySlice(Array("RIFF".utf8))))
  }

  /// Truncated and corrupt files are errors naming the file; the limit is checked from the header; every prefix of a
  /// valid file is refused or decoded, never a trap.
  @Test func badFilesAreErrors() throws {
    Fixtures.expectCorrupt(["truncated.webp", "corrupt.webp"].map(Self.path))
    #expect(throws: CodecError.tooLarge(source: Self.path("photo-lossy.webp"), width: 96, height: 64, limit: 1000)) {
      try Raster(contentsOfFile: Self.path("photo-lossy.webp"), pixelLimit: 1000)
    }
    #expect(throws: CodecError.tooLarge(source: Self.path("animated.webp"), width: 40, height: 24, limit: 100)) {
      try Raster(contentsOfFile: Self.path("animated.webp"), pixelLimit: 100)
    }
    for name in ["photo-lossless.webp", "animated.webp"] {
      let bytes = try Fixtures.bytes(Self.folder.appendingPathComponent(name))
      for length in stride(from: 0, to: bytes.count, by: 61) {
        #expect(throws: CodecError.self, "\(name) cut at \(length)") {
          try WebPDecoder().decode(Array(bytes.prefix(length)), source: "cut", pixelLimit: 1 << 20)
        }
      }
    }
  }

  /// Lossless: the same raster back, translucent pixels included.
  @Test func losslessRoundTripIsExact() throws {
    let source = try Raster(contentsOfFile: Self.path("cutout-source.png"))
    let bytes = try WebPEncoder.encode(source, options: WebPOptions(lossless: true))
    #expect(try WebPDecoder().decode(bytes, source: "x", pixelLimit: 1 << 20) == source)
    let scene = try GaussianReference.scene(width: 61)
    #expect(try WebPDecoder().decode(WebPEncoder.encode(scene, options: WebPOptions(lossless: true)), source: "x",
      pixelLimit: 1 << 20) == scene)
  }

  /// Lossy: close to the source, better at a higher quality, smaller at a lower one; alpha kept.
  @Test func lossyRoundTripIsClose() throws {
    let photo = try Raster(contentsOfFile: Self.path("photo-source.png"))
    let high = try WebPEncoder.encode(photo, options: WebPOptions(quality: 95))
    let low = try WebPEncoder.encode(photo, options: WebPOptions(quality: 20))
    #expect(low.count < high.count)
    let highPSNR = ImageMetrics.psnr(try WebPDecoder().decode(high, source: "x", pixelLimit: 1 << 20), photo)
    let lowPSNR = ImageMetrics.psnr(try WebPDecoder().decode(low, source: "x", pixelLimit: 1 << 20), photo)
    #expect(highPSNR >= 35 && lowPSNR < highPSNR, "\(highPSNR) dB at 95, \(lowPSNR) dB at 20")
    let cutout = try Raster(contentsOfFile: Self.path("cutout-source.png"))
    let decoded = try WebPDecoder().decode(WebPEncoder.encode(cutout), source: "x", pixelLimit: 1 << 20)
    // The alpha plane is compressed losslessly by default.
    let alphas = { (r: Raster) in stride(from: 3, to: r.bytes.count, by: 4).map { r.bytes[$0] } }
    #expect(alphas(decoded) == alphas(cutout))
  }

  @Test func tooLargeForWebPIsAnError() throws {
    let wide = try Raster(width: WebPEncoder.maximumDimension + 1, height: 1)
    #expect(throws: CodecError.self) { try WebPEncoder.encode(wide, destination: "wide.webp") }
    do {
      _ = try WebPEncoder.encode(wide, destination: "wide.webp")
    } catch {
      #expect("\(error)".contains("wide.webp") && "\(error)".contains("16383"), "\(error)")
    }
  }
}
