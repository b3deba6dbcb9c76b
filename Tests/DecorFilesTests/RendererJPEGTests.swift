import Foundation
import Testing

import Decor
import DecorTestSupport

/// JPEG output streamed band by band through libjpeg (`Renderer.renderJPEG`, `JPEGEncoder`, `JPEGRowWriter`): the
/// bytes are those of the whole-image TurboJPEG path it replaced (`TurboJPEGReference`), whatever the threads and
/// bands; a failure leaves no file; a render never holds the whole image.
@Suite(.tags(.slow)) struct RendererJPEGTests {
  /// Opaque and translucent images, of odd sizes: a photo through a resize and a blur, a translucent copy, noise
  /// with random alpha, one translucent pixel.
  static func images() throws -> [(name: String, image: any ImageComponent)] {
    let photo = try ImageMetrics.sample("chelsea.png")
    var random = SplitMix64(seed: 21)
    var noise = try Raster(width: 17, height: 9)
    for y in 0..<9 {
      for x in 0..<17 {
        let value = random.next()
        // Straight values premultiplied by the raster: every pixel valid, some opaque, some fully transparent.
        let alpha = [0, 255, UInt8(truncatingIfNeeded: value >> 32)][Int(value % 3)]
        noise[x, y] = RGBA8(straightRed: UInt8(truncatingIfNeeded: value),
          green: UInt8(truncatingIfNeeded: value >> 8), blue: UInt8(truncatingIfNeeded: value >> 16), alpha: alpha)
      }
    }
    return [
      ("photo 37×300", photo.resized(width: 37, height: 300).blurred(sigma: 1.5)),
      ("translucent 37×300", photo.resized(width: 37, height: 300).multiplyingOpacity(by: 0.6)),
      ("photo 123×71", photo.resized(width: 123, height: 71)),
      ("noise 17×9", noise),
      ("pixel 1×1", try Raster(width: 1, height: 1, fill: RGBA8(straightRed: 200, green: 10, blue: 90, alpha: 77))),
    ]
  }

  /// A density and a profile long enough for two APP2 segments.
  static let metadata = ImageMetadata(iccProfile: paddedProfile, density: PixelDensity(horizontal: 300, vertical: 150,
    unit: .perInch))

  /// A profile Little CMS reads (a file carries no other: `ImageMetadata.carried`), padded to 70,000 bytes so that
  /// it takes two APP2 segments: sRGB's tags, its header's size raised, and bytes no tag points at after them.
  static let paddedProfile: [UInt8] = {
    var profile = ColorProfile.sRGB.data
    let tail = (profile.count..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) }
    profile += tail
    profile.replaceSubrange(0..<4, with: [0, 1, 0x11, 0x70])  // 70,000, big-endian
    return profile
  }()

  /// Every image, at each quality, both subsamplings, with and without metadata, rendered on 1 and 3 threads in
  /// bands of 8 and 40 rows, equals TurboJPEG's file of the whole render byte for byte; so do the raster's own
  /// encoding and file. (The bands and threads render the image's raster, so that the chains, slow in a debug build,
  /// render once per image; each chain is streamed itself too, on 2 threads into a file, for every option.)
  @Test(arguments: SanitizerRun.sample([1, 50, 90, 100], every: 2))
  func streamedBytesAreTurboJPEGs(quality: Int) throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, image) in try Self.images() {
      let raster = try Renderer(threads: 1).render(image)
      for subsampling in JPEGOptions.Subsampling.allCases {
        for metadata in [ImageMetadata.none, Self.metadata] {
          let options = JPEGOptions(quality: quality, subsampling: subsampling,
            background: try Color(parsing: "#336699"))
          let label = "\(name), quality \(quality), \(subsampling.rawValue), \(metadata == .none ? "no " : "")metadata"
          let reference = try TurboJPEGReference.encode(raster, options: options, metadata: metadata)
          for threads in [1, 3] {
            for bandHeight in [8, 40] {
              let sink = ByteSink()
              let result = try Renderer(tileSize: 8, threads: threads).renderJPEG(raster, region: nil,
                options: options, destination: "x", metadata: metadata, bandHeight: bandHeight, into: sink)
              #expect(sink.bytes == reference.bytes, "\(label), \(threads) threads, bands of \(bandHeight)")
              #expect(result.flattened == reference.flattened && result.bandHeight == bandHeight, "\(label)")
            }
          }
          let encoded = try JPEGEncoder.encode(raster, options: options, metadata: metadata)
          #expect(encoded.bytes == reference.bytes && encoded.flattened == reference.flattened, "\(label), raster")
          let path = folder.appendingPathComponent("out.jpg").path
          #expect(try image.write(to: path, as: JPEGImageEncoder(options: options), metadata: metadata,
            renderer: Renderer(threads: 2)).flattened == reference.flattened)
          #expect(try Fixtures.bytes(URL(fileURLWithPath: path)) == reference.bytes, "\(label), file")
          #expect(try raster.write(to: path, as: JPEGImageEncoder(options: options), metadata: metadata).flattened
            == reference.flattened)
          #expect(try Fixtures.bytes(URL(fileURLWithPath: path)) == reference.bytes, "\(label), raster's file")
        }
      }
    }
  }

  /// A region of a component, and a raster handed to the encoder in bands of any height (1, 7, the whole), give the
  /// same bytes.
  @Test func regionsAndBandsOfARasterGiveTheSameBytes() throws {
    let photo = try ImageMetrics.sample("chelsea.png")
    let region = IntRect(x: 13, y: 21, width: 101, height: 67)
    let raster = try Renderer(threads: 1).render(photo, region: region)
    let reference = try TurboJPEGReference.encode(raster).bytes
    let sink = ByteSink()
    try Renderer(tileSize: 16, threads: 2).renderJPEG(photo, region: region, options: JPEGOptions(),
      destination: "x", metadata: .none, into: sink)
    #expect(sink.bytes == reference)
    for bandHeight in [1, 7, raster.height] {
      let sink = ByteSink()
      var copy = raster
      let flattened = try copy.withUnsafeMutableBytes { bytes in
        let pixels = bytes.bindMemory(to: UInt32.self)
        return try JPEGEncoder.encode(width: raster.width, height: raster.height, bandHeight: bandHeight,
          options: JPEGOptions(), destination: "x", metadata: .none, into: sink
        ) { rows, body in
          #expect(rows.count <= bandHeight)
          let width = raster.width
          try body(UnsafeMutableBufferPointer(rebasing: pixels[rows.lowerBound * width..<rows.upperBound * width]))
        }
      }
      #expect(!flattened && sink.bytes == reference, "bands of \(bandHeight)")
    }
  }

  /// A tall render is compressed in bands shorter than the image, and its bytes reach the sink while later bands
  /// are still to come: neither the image nor the file is held whole.
  @Test func aTallRenderIsCompressedBandByBand() throws {
    let image = try ImageMetrics.sample("chelsea.png").resized(width: 64, height: 4096)
    let renderer = Renderer(tileSize: 16, threads: 3)
    let sink = ByteSink()
    let used = try renderer.renderJPEG(image, region: nil, options: JPEGOptions(), destination: "x",
      metadata: .none, into: sink)
    #expect(used.bandHeight < 4096 / 8, "bands of \(used.bandHeight) rows")
    // The same bands by hand: bytes are written before the last band is rendered.
    let bands = try renderer.prepareBands(image)
    #expect(bands.bandHeight == used.bandHeight && bands.bandCount > 8)
    let streamed = ByteSink()
    var band = [UInt32](repeating: 0, count: 64 * bands.bandHeight)
    var writtenBeforeLastBand = 0
    let flattened = try JPEGEncoder.encode(width: 64, height: 4096, bandHeight: bands.bandHeight, options: JPEGOptions(),
      destination: "x", metadata: .none, into: streamed
    ) { rows, body in
      let index = rows.lowerBound / bands.bandHeight
      if index == bands.bandCount - 1 { writtenBeforeLastBand = streamed.count }
      try band.withUnsafeMutableBufferPointer { buffer in
        let pixels = UnsafeMutableBufferPointer(rebasing: buffer[..<(64 * rows.count)])
        try bands.render(band: index, into: pixels)
        try body(pixels)
      }
    }
    #expect(streamed.bytes == sink.bytes && !flattened && !used.flattened)
    #expect(writtenBeforeLastBand > streamed.count / 2, "\(writtenBeforeLastBand) of \(streamed.count) bytes")
  }

  struct Unlucky: Error {}

  /// White, but its tiles below row 200 fail: a render that breaks once the file is begun.
  struct FailingLate: ImageComponent, CustomStringConvertible {
    let extent = IntRect(x: 0, y: 0, width: 16, height: 400)
    var description: String { "failing late" }
    func render(_ region: IntRect, context: RenderContext) throws -> Raster {
      if region.maxY > 200 { throw Unlucky() }
      return try Raster(width: region.width, height: region.height, fill: .white)
    }
  }

  /// A failure leaves nothing: an image wider than JPEG allows (libjpeg refuses it once the file is begun), a render
  /// that fails halfway down, a folder that does not exist, an image over the pixel limit.
  @Test func aFailureLeavesNoFile() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("out.jpg").path
    let wide = SolidColor(.white).cropped(to: IntRect(x: 0, y: 0, width: 70_000, height: 2))
    let tooWide = #expect(throws: CodecError.self) { try wide.write(to: path, as: JPEGImageEncoder(), renderer: Renderer(threads: 2)) }
    guard case .encodingFailed(let destination, let detail) = tooWide else {
      Issue.record("\(String(describing: tooWide))")
      return
    }
    #expect(destination == path && detail.contains("65500"), "\(detail)")
    let late = #expect(throws: CodecError.self) {
      try FailingLate().write(to: path, as: JPEGImageEncoder(), renderer: Renderer(tileSize: 16, threads: 2))
    }
    guard case .render = late else {
      Issue.record("\(String(describing: late))")
      return
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    // An older file stays as it was.
    try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path))
    #expect(throws: CodecError.self) { try FailingLate().write(to: path, as: JPEGImageEncoder(), renderer: Renderer(tileSize: 16)) }
    #expect(try Fixtures.bytes(URL(fileURLWithPath: path)) == [1, 2, 3])
    try FileManager.default.removeItem(atPath: path)
    let missing = folder.appendingPathComponent("no/such/folder/out.jpg").path
    let small = SolidColor(.white).cropped(to: IntRect(x: 0, y: 0, width: 20, height: 20))
    #expect(throws: CodecError.self) { try small.write(to: missing, as: JPEGImageEncoder()) }
    #expect(throws: CodecError.self) { try Raster(width: 8, height: 8).write(to: missing, as: JPEGImageEncoder()) }
    let limited = #expect(throws: CodecError.self) { try small.write(to: path, as: JPEGImageEncoder(), renderer: Renderer(pixelLimit: 100)) }
    guard case .render = limited else {
      Issue.record("\(String(describing: limited))")
      return
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }
}
