import DecorTesting
import Foundation
import Testing

import Decor
import DecorTestSupport

/// JPEG output: quality, subsampling, and transparency laid on a background.
@Suite struct JPEGEncoderTests {
  static func photo() throws -> Raster {
    try ImageMetrics.sample("chelsea.png").resized(width: 200, height: nil).rendered()
  }

  /// A round trip at quality 95 keeps at least 40 dB PSNR; lower quality makes smaller files.
  @Test func aRoundTripAtQuality95KeepsFortyDecibels() throws {
    let photo = try Self.photo()
    let (bytes, flattened) = try JPEGEncoder.encode(photo, options: JPEGOptions(quality: 95))
    #expect(!flattened)
    let decoded = try JPEGDecoder().decode(bytes, source: "q95", pixelLimit: 1 << 20)
    let comparison = try ImageComparison(decoded, photo)
    #expect(comparison.psnr >= 40, "\(comparison)")
    let small = try JPEGEncoder.encode(photo, options: JPEGOptions(quality: 30)).bytes
    #expect(small.count < bytes.count / 2)
  }

  @Test func subsamplingIsWritten() throws {
    let photo = try Self.photo()
    for (subsampling, expected) in [(JPEGOptions.Subsampling.s420, "4:2:0"), (.s444, "4:4:4")] {
      let bytes = try JPEGEncoder.encode(photo, options: JPEGOptions(subsampling: subsampling)).bytes
      #expect(try JPEGHeader(bytes, source: "x").subsampling == expected)
    }
    #expect(JPEGOptions(quality: 0).quality == 1 && JPEGOptions(quality: 500).quality == 100)
  }

  /// Translucent pixels are laid on the background (source-over on premultiplied values), and the encoder says so.
  @Test func transparencyIsLaidOnTheBackground() throws {
    var raster = try Raster(width: 16, height: 16, fill: RGBA8(r: 0, g: 0, b: 255, a: 255))
    for y in 0..<8 { for x in 0..<16 { raster[x, y] = RGBA8(straightRed: 255, green: 0, blue: 0, alpha: 128) } }
    let (rgba, flattened) = Self.flatten(raster, onto: .white)
    #expect(flattened)
    #expect(Array(rgba[0..<3]) == [255, 127, 127])  // 128 red + 127 of white's 255
    #expect(Array(rgba[(4 * 16 * 8)..<(4 * 16 * 8 + 3)]) == [0, 0, 255])
    let onNavy = Self.flatten(raster, onto: try Color(parsing: "#223344")).rgba
    #expect(Array(onNavy[0..<3]) == [128 + 17, 25, 34])  // #223344 = (34, 51, 68), times 127/255
    #expect(!Self.flatten(try Raster(width: 2, height: 2, fill: RGBA8(r: 1, g: 2, b: 3, a: 255)), onto: .white)
      .flattened)
    #expect(Self.flatten(raster, onto: .white).rgba.enumerated().filter { $0.offset % 4 != 3 }.map(\.element)
      == TurboJPEGReference.flatten(raster, onto: .white).rgb)
    let decoded = try JPEGDecoder().decode(JPEGEncoder.encode(raster, options: JPEGOptions(quality: 100)).bytes,
      source: "x", pixelLimit: 1 << 20)
    #expect(abs(Int(decoded[4, 2].g) - 127) <= 3 && decoded[4, 12].b > 245)
  }

  /// `raster`'s pixels laid on `background` as the encoder lays each band (in place, alpha left), as bytes.
  static func flatten(_ raster: Raster, onto background: Color) -> (rgba: [UInt8], flattened: Bool) {
    var pixels = raster.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
    let flattened = pixels.withUnsafeMutableBufferPointer {
      JPEGEncoder.flatten($0, onto: JPEGEncoder.backdrop(background))
    }
    return (pixels.withUnsafeBytes { Array($0) }, flattened)
  }

  /// A raster written from Swift in each format: by name, by the extension, and refused under another format's
  /// name with nothing written.
  @Test func aRasterIsWrittenInEachFormat() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    var photo = try Self.photo()
    photo[0, 0] = RGBA8(straightRed: 255, green: 0, blue: 0, alpha: 128)
    let jpeg = folder.appendingPathComponent("a.jpg").path
    #expect(try photo.write(to: jpeg, as: JPEGImageEncoder(options: JPEGOptions(quality: 95))).flattened)  // the translucent pixel
    let decoded = try Raster(contentsOfFile: jpeg)
    let header = try JPEGHeader(Array(FileManager.default.contents(atPath: jpeg) ?? Data()), source: jpeg)
    #expect(decoded.width == photo.width && header.subsampling == "4:2:0")
    let webp = folder.appendingPathComponent("a.webp").path
    try photo.write(to: webp, as: WebPImageEncoder(options: WebPOptions(lossless: true)))
    #expect(try Raster(contentsOfFile: webp) == photo)
    for name in ["b.png", "b.JPEG", "b.webp"] {
      let path = folder.appendingPathComponent(name).path
      try photo.write(to: path)
      #expect(try Raster(contentsOfFile: path).width == photo.width)
    }
    #expect(try Raster(contentsOfFile: folder.appendingPathComponent("b.png").path) == photo)
    let wrong = folder.appendingPathComponent("c.png").path
    #expect(throws: CodecError.self) { try photo.write(to: wrong, as: JPEGImageEncoder()) }
    #expect(throws: CodecError.self) { try photo.write(to: folder.appendingPathComponent("c.heic").path) }
    #expect(!FileManager.default.fileExists(atPath: wrong))
  }
}
