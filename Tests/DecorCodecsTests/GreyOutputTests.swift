import Foundation
import Testing

import Decor
import DecorTestSupport

/// An image whose pixels are all grey is written as a grey PNG (grey+alpha when translucent) and a one-component
/// JPEG; never a grey file for an image that is not grey, whether the encoder sees every pixel (a raster) or tries
/// grey and starts over in colour (a render whose sources are grey, `BandedRender.sourcesAreGrey`).
@Suite struct GreyOutputTests {
  /// The IHDR colour type of a PNG file: 0 grey, 2 RGB, 4 grey+alpha, 6 RGBA.
  static func colourType(_ png: [UInt8]) -> UInt8 { png[25] }

  /// The number of components in a JPEG's frame header.
  static func components(_ jpeg: [UInt8]) -> Int? {
    JPEGMarkers.segments(jpeg).first { (0xC0...0xC2).contains($0.marker) }.map { Int(jpeg[$0.body.lowerBound + 5]) }
  }

  /// A `width × height` raster of random grey pixels, opaque or not (premultiplied: grey stays grey).
  static func greyRaster(width: Int, height: Int, opaque: Bool, seed: UInt64) throws -> Raster {
    var random = SplitMix64(seed: seed)
    return try Raster(width: width, height: height, pixelLimit: .max) { buffer in
      let pixels = buffer.bindMemory(to: UInt32.self)
      for i in pixels.indices {
        let alpha = opaque ? 255 : UInt8(truncatingIfNeeded: random.next())
        let value = Premultiplication.premultiply(UInt8(truncatingIfNeeded: random.next()), alpha)
        pixels[i] = (UInt32(value) * 0x0001_0101 | UInt32(alpha) << 24).littleEndian
      }
    }
  }

  /// `raster` with pixel `index` made not grey (its green one step off).
  static func tinted(_ raster: Raster, at index: Int) throws -> Raster {
    var copy = raster
    copy.withUnsafeMutableBytes { bytes in
      let g = bytes[index * 4 + 1]
      bytes[index * 4 + 1] = g == 0 ? 1 : g - 1
      // Premultiplied: a channel may not exceed alpha; one step down never does.
      if bytes[index * 4 + 3] == 0 { bytes[index * 4 + 3] = 1 }
    }
    return copy
  }

  @Test func isGreyFindsEveryPixelThatIsNot() throws {
    for count in [0, 1, 7, 8, 9, 31, 64] {
      let grey = try Self.greyRaster(width: Swift.max(1, count), height: 1, opaque: false, seed: UInt64(count))
      #expect(grey.isGrey)
      for index in 0..<count {
        #expect(try !Self.tinted(grey, at: index).isGrey, "\(count) pixels, the \(index)th not grey")
      }
    }
  }

  /// A raster is written grey exactly when it is, and read back the same (the PNG is lossless).
  @Test func pngOfARaster() throws {
    for opaque in [true, false] {
      let grey = try Self.greyRaster(width: 67, height: 41, opaque: opaque, seed: 8)
      let png = try PNGCodec.encode(grey)
      #expect(Self.colourType(png) == (opaque ? 0 : 4))
      #expect(try PNGDecoder().decode(png, source: "g") == grey)
      for compression in [PNGCompression.fast, .best] {
        #expect(try PNGDecoder().decode(PNGCodec.encode(grey, compression: compression), source: "g") == grey)
      }
      let colour = try Self.tinted(grey, at: 67 * 41 - 1)
      let colourPNG = try PNGCodec.encode(colour)
      #expect(Self.colourType(colourPNG) == (opaque ? 2 : 6))
      #expect(try PNGDecoder().decode(colourPNG, source: "c") == colour)
    }
  }

  /// A render whose sources are grey files is tried grey; a step that adds colour, even in the last band only, makes
  /// the encoder start over in colour; the pixels are the render's whatever the file's type.
  @Test func pngOfARender() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("grey.png").path
    try ImageFile.writeBytes(PNGCodec.encode(try Self.greyRaster(width: 300, height: 700, opaque: true, seed: 3)),
      toPath: path)
    let source = try PNGRowSource(contentsOfFile: path, source: "grey.png")
    #expect(source.isGrey)
    let renderer = Renderer(threads: 2)
    let cases: [(String, UInt8)] = [
      ("", 0), ("blur 2", 0), ("pad 4 color=white", 0), ("pad 4", 4), ("pad 0 0 3 0 color=red", 2),
      ("pad 0 0 3 0 color=#ff000080", 6),
    ]
    for (steps, type) in cases {
      let image = try Chain(parsing: steps.isEmpty ? [] : [steps]).apply(to: StreamedImage(source))
      let png = try image.encoded(as: .png(), renderer: renderer)
      #expect(Self.colourType(png) == type, "\(steps)")
      #expect(try PNGDecoder().decode(png, source: "r") == renderer.render(image), "\(steps)")
    }
    // A colour source: colour at once, even where every pixel happens to be grey.
    let fill = try Raster(width: 8, height: 8, fill: .white)
    #expect(Self.colourType(try fill.encoded(as: .png(), region: fill.extent, renderer: renderer)) == 0,
      "a raster leaf is looked at")
  }

  /// A colour image made grey by a step (`grayscale 1`, `saturate 0`) is written grey, as a grey source is; a
  /// partial desaturation, or a colour step after it, stays colour; the pixels are the render's either way.
  @Test func aStepThatMakesGreyGivesAGreyFile() throws {
    let colour = try Self.tinted(try Self.greyRaster(width: 90, height: 300, opaque: true, seed: 11), at: 5)
    let renderer = Renderer(threads: 2)
    let cases: [(String, UInt8)] = [
      ("grayscale 1", 0), ("saturate 0", 0), ("grayscale 1 | blur 2", 0), ("grayscale 0.5", 2),
      ("grayscale 1 | sepia 1", 2), ("grayscale 1 | pad 4", 4),
    ]
    for (steps, type) in cases {
      let image = try Chain(parsing: [steps]).apply(to: colour)
      let png = try image.encoded(as: .png(), renderer: renderer)
      #expect(Self.colourType(png) == type, "\(steps)")
      #expect(try PNGDecoder().decode(png, source: "r") == renderer.render(image), "\(steps)")
    }
    let jpeg = try Chain(parsing: ["grayscale 1"]).apply(to: colour).encoded(as: JPEGImageEncoder(), renderer: renderer)
    #expect(Self.components(jpeg) == 1)
  }

  /// A grey image is a one-component JPEG, TurboJPEG's `TJSAMP_GRAY` file byte for byte; flattened onto a coloured
  /// background it is not grey any more, and is written in colour.
  @Test func jpeg() throws {
    let grey = try Self.greyRaster(width: 70, height: 300, opaque: true, seed: 5)
    let jpeg = try JPEGEncoder.encode(grey).bytes
    #expect(Self.components(jpeg) == 1)
    #expect(jpeg == (try TurboJPEGReference.encode(grey, grey: true).bytes))
    #expect(try JPEGHeader(jpeg, source: "g").colorSpace == "grayscale")
    let translucent = try Self.greyRaster(width: 70, height: 300, opaque: false, seed: 6)
    #expect(Self.components(try JPEGEncoder.encode(translucent).bytes) == 1, "laid on white: still grey")
    let onRed = JPEGOptions(background: Color(red: 1, green: 0, blue: 0))
    let red = try JPEGEncoder.encode(translucent, options: onRed)
    #expect(Self.components(red.bytes) == 3 && red.flattened)
    #expect(red.bytes == (try TurboJPEGReference.encode(translucent, options: onRed).bytes))
    // Streamed from a grey JPEG: grey, unless a step adds colour in its last rows.
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("grey.jpg").path
    try ImageFile.writeBytes(jpeg, toPath: path)
    let source = try JPEGRowSource(contentsOfFile: path, source: "grey.jpg")
    #expect(source.isGrey)
    let renderer = Renderer(threads: 2)
    for (steps, count) in [("", 1), ("resize 35x150", 1), ("pad 0 0 2 0 color=blue", 3)] {
      let image = try Chain(parsing: steps.isEmpty ? [] : [steps]).apply(to: StreamedImage(source))
      let sink = ByteSink()
      try renderer.renderJPEG(image, region: nil, options: JPEGOptions(), destination: "x", metadata: .none,
        bandHeight: 16, into: sink)
      #expect(Self.components(sink.bytes) == count, "\(steps)")
      let reference = try TurboJPEGReference.encode(renderer.render(image), grey: count == 1).bytes
      #expect(sink.bytes == reference, "\(steps): TurboJPEG's bytes")
    }
  }
}
