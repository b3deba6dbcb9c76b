import Foundation
import Testing

import Decor
import DecorTestSupport

/// The writing calls the `ImageComponent` trio replaced still build and write what they wrote (a user's package
/// that built against them must still build): each is called here, from a declaration that is deprecated itself so
/// that the repository builds without warnings, through a protocol whose requirement is not.
@Suite struct DeprecatedWritingTests {
  protocol Calls {
    func run(raster: Raster, component: any ImageComponent, folder: URL) throws -> [String: [UInt8]]
    func runAsync(component: any ImageComponent) async throws -> [UInt8]
    func runAsyncOverloads(component: any ImageComponent, folder: URL) async throws -> [String: [UInt8]]
  }

  struct DeprecatedCalls: Calls {
    @available(*, deprecated, message: "calls the deprecated writing calls on purpose")
    func run(raster: Raster, component: any ImageComponent, folder: URL) throws -> [String: [UInt8]] {
      func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
      try raster.writePNG(toFile: path("writePNG.png"))
      try raster.write(toFile: path("write.png"))
      try EncoderRegistry.standard.write(raster, toFile: path("registry.png"))
      try EncoderRegistry.standard.write(raster, toFile: path("registryMetadata.png"), metadata: .none)
      try EncoderRegistry.standard.write(raster, toFile: path("registryEncoder.png"), encoder: PNGImageEncoder())
      try Renderer().render(component, toFile: path("render.png"))
      try Renderer().render(component, toFile: path("renderEncoder.png"), encoder: PNGImageEncoder())
      try Renderer().renderPNG(component, toFile: path("renderPNG.png"))
      try ImageFile.writeBytes(Renderer().renderPNG(component), toPath: path("renderPNGBytes.png"))
      try ImageFile.writeBytes(Renderer().encoded(component, encoder: PNGImageEncoder()), toPath: path("encoded.png"))
      try ImageFile.writeBytes([UInt8](component.encodedData(as: .png())), toPath: path("encodedData.png"))
      #if JPEG
      try raster.writeJPEG(toFile: path("writeJPEG.jpg"))
      try Renderer().renderJPEG(component, toFile: path("renderJPEG.jpg"))
      #endif
      #if WebP
      try raster.writeWebP(toFile: path("writeWebP.webp"))
      try Renderer().renderWebP(component, toFile: path("renderWebP.webp"))
      #endif
      var files: [String: [UInt8]] = [:]
      for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
        files[name] = try Fixtures.bytes(folder.appendingPathComponent(name))
      }
      return files
    }

    @available(*, deprecated, message: "calls the deprecated writing calls on purpose")
    func runAsync(component: any ImageComponent) async throws -> [UInt8] {
      [UInt8](try await component.encodedData(as: .png()))
    }

    /// The `async` overloads of the blocking names, which `renderedAsync`, `renderAsync`, `writeAsync` and
    /// `encodedAsync` replaced.
    @available(*, deprecated, message: "calls the deprecated async overloads on purpose")
    func runAsyncOverloads(component: any ImageComponent, folder: URL) async throws -> [String: [UInt8]] {
      func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
      let rendered: Raster = try await component.rendered()
      try await rendered.writeAsync(to: path("rendered.png"), as: .png())
      let renderedByRenderer: Raster = try await Renderer().render(component)
      try await renderedByRenderer.writeAsync(to: path("renderer.png"), as: .png())
      try await component.write(to: path("writeAs.png"), as: .png())
      try await component.write(to: path("writeEncoders.png"))
      let sink = ByteSink()
      try await component.write(into: sink, as: .png())
      let encoded: [UInt8] = try await component.encoded(as: .png())
      var files: [String: [UInt8]] = ["encoded": encoded, "sink": sink.bytes]
      for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
        files[name] = try Fixtures.bytes(folder.appendingPathComponent(name))
      }
      return files
    }
  }

  @Test func theDeprecatedCallsWriteWhatTheTrioWrites() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let raster = try Raster(width: 12, height: 9, fill: RGBA8(r: 200, g: 40, b: 90, a: 255))
    let component = raster.padded(by: 2, color: .white)
    let files = try (DeprecatedCalls() as any Calls).run(raster: raster, component: component, folder: folder)
    let rasterPNG = try raster.encoded(as: .png())
    let componentPNG = try component.encoded(as: .png())
    for name in ["writePNG.png", "write.png", "registry.png", "registryMetadata.png", "registryEncoder.png"] {
      #expect(files[name] == rasterPNG, "\(name)")
    }
    for name in ["render.png", "renderEncoder.png", "renderPNG.png", "renderPNGBytes.png", "encoded.png",
      "encodedData.png"]
    {
      #expect(files[name] == componentPNG, "\(name)")
    }
    #if JPEG
    #expect(files["writeJPEG.jpg"] == (try raster.encoded(as: JPEGImageEncoder())))
    #expect(files["renderJPEG.jpg"] == (try component.encoded(as: JPEGImageEncoder())))
    #endif
    #if WebP
    #expect(files["writeWebP.webp"] == (try raster.encoded(as: WebPImageEncoder())))
    #expect(files["renderWebP.webp"] == (try component.encoded(as: WebPImageEncoder())))
    #endif
  }

  @Test func theDeprecatedAsyncDataGivesTheBytes() async throws {
    let component = try Raster(width: 5, height: 4, fill: .white).padded(by: 1, color: .black)
    let png = try await component.encodedAsync(as: .png())
    #expect(try await (DeprecatedCalls() as any Calls).runAsync(component: component) == png)
  }

  @Test func theDeprecatedAsyncOverloadsRenderAndWriteWhatTheirNewNamesDo() async throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let component = try Raster(width: 7, height: 3, fill: .white).padded(by: 2, color: .black)
    let png = try await component.encodedAsync(as: .png())
    let files = try await (DeprecatedCalls() as any Calls).runAsyncOverloads(component: component, folder: folder)
    #expect(files.count == 6)
    for (name, bytes) in files { #expect(bytes == png, "\(name)") }
  }
}

/// 16-bit rasters and `RenderPrecision` through the encoders: a 16-bit raster is written at 16 bits where the format
/// holds them, and `eightBits` writes a 16-bit source it computes at 8 bits.
@Suite struct PrecisionWritingTests {
  @Test func aSixteenBitRasterIsWrittenAtSixteenBits() throws {
    let raster = try Raster(width: 5, height: 3, fill: RGBA16(r: 12345, g: 40000, b: 201, a: 65535))
    let png = try raster.encoded(as: .png())
    #expect(png[24] == 16, "bit depth \(png[24])")
    // At `eightBits` a chain computes at 8 bits and is written at 8; the raster alone, computed by nothing, keeps
    // its 16.
    var eight = Renderer()
    eight.precision = .eightBits
    let narrowed = try raster.blurred(sigma: 1).encoded(as: .png(), renderer: eight)
    #expect(narrowed[24] == 8, "bit depth \(narrowed[24])")
    #expect(try raster.encoded(as: .png(), renderer: eight)[24] == 16)
    var sixteen = Renderer()
    sixteen.precision = .sixteenBits
    #expect(try raster.blurred(sigma: 1).encoded(as: .png(), renderer: sixteen)[24] == 16)
  }

  /// The encoders that take 8-bit samples round a 16-bit raster first: the same file as from the raster rounded.
  /// (GIF takes straight colour, un-premultiplied from the 16-bit pixels: `animationFramesRenderedAtSixteenBits…`.)
  @Test(arguments: ["jpeg", "webp", "avif"])
  func eightBitEncodersRoundASixteenBitRaster(_ format: String) throws {
    var generator = SplitMix64(seed: 16)
    var raster = try Raster(width: 20, height: 12, fill: RGBA16(r: 0, g: 0, b: 0, a: 0))
    for y in 0..<12 {
      for x in 0..<20 {
        let a = UInt16.random(in: 1...65535, using: &generator)
        raster[rgba16: x, y] = RGBA16(r: UInt16.random(in: 0...a, using: &generator),
          g: UInt16.random(in: 0...a, using: &generator), b: UInt16.random(in: 0...a, using: &generator), a: a)
      }
    }
    let rounded = try raster.converted(to: .eight)
    func bytes(_ image: Raster) throws -> [UInt8] {
      switch format {
      case "jpeg": return try image.encoded(as: .jpeg(quality: 90))
      case "webp": return try image.encoded(as: .webp(lossless: true))
      default: return try image.encoded(as: .avif(quality: 60))
      }
    }
    #expect(try bytes(raster) == bytes(rounded), "\(format)")
  }

  /// An animation rendered at 16 bits is written with its frames rounded to 8 bits (WebP and GIF hold 8; a TIFF's
  /// pages are 8-bit unless 16 are asked for).
  @Test(arguments: ["webp", "gif", "tiff"])
  func animationFramesRenderedAtSixteenBitsAreWritten(_ format: String) throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/Animation/three.gif").path
    let animation = try Animation(contentsOfFile: path)
    var renderer = Renderer()
    renderer.precision = .sixteenBits
    let encoder: any ImageEncoder = switch format {
    case "webp": WebPImageEncoder.webp(lossless: true)
    case "gif": GIFImageEncoder.gif
    default: TIFFImageEncoder.tiff()
    }
    let deep = try animation.encoded(as: encoder, renderer: renderer) { $0.blurred(sigma: 1) }
    let written = try Animation(decoding: deep)
    // A multi-page TIFF is read as its first page.
    #expect(written.frameCount == (format == "tiff" ? 1 : 3))
    #expect(written.width == animation.width && written.height == animation.height)
  }
}
