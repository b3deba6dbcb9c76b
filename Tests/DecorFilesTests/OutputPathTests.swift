import Foundation
import Synchronization
import Testing

import Decor
import DecorTestSupport

/// One output path: the encoder chosen once by `EncoderRegistry.encoder(forOutput:format:settings:)`,
/// every render into a file through it (streamed where the encoder streams), its size checked before rendering, and
/// allocations beyond memory as errors.
@Suite struct OutputPathTests {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("decor-output-\(UUID().uuidString)")

  func file(_ name: String) -> String { directory.appendingPathComponent(name).path }

  /// A user's format that takes a quality and does not stream: the size, the quality, then the raster's bytes.
  struct QualityEncoder: ImageEncoder {
    var quality = 50
    var name: String { "qraw" }
    var fileExtensions: [String] { ["qraw"] }
    var acceptedOptions: Set<EncodingOption> { [.quality] }
    var maximumDimension: Int { 100 }
    func configured(with settings: EncodingSettings) throws(CodecError) -> any ImageEncoder {
      QualityEncoder(quality: settings.quality ?? quality)
    }
    func encode(_ raster: Raster, destination: String) throws(CodecError) -> [UInt8] {
      [UInt8(raster.width), UInt8(raster.height), UInt8(quality)] + raster.bytes
    }
  }

  /// A component that counts its renders, to show a refusal came before any.
  final class Counter: Sendable {
    let renders = Mutex(0)
  }

  struct Counted: ImageComponent {
    let counter: Counter
    var extent: IntRect { IntRect(x: 0, y: 0, width: 20000, height: 20000) }
    func inputDemands(for region: IntRect) -> [InputDemand] { [] }
    func render(_ region: IntRect, context: RenderContext) throws -> Raster {
      counter.renders.withLock { $0 += 1 }
      return try Raster(width: region.width, height: region.height, fill: RGBA8(r: 9, g: 9, b: 9, a: 255))
    }
    var parameterError: RenderError? { nil }
  }

  @Test func theOutputFormatIsChosenOnce() throws {
    let standard = EncoderRegistry.standard
    #expect(try standard.encoder(forOutput: "-").name == "png")
    #expect(try standard.encoder(forOutput: "out").name == "png")
    #expect(try standard.encoder(forOutput: "/dev/null").name == "png")
    #expect(try standard.encoder(forOutput: "a/B.JPEG").name == "jpeg")
    #expect(try standard.encoder(forOutput: "-", format: "jpg").name == "jpeg")
    #expect(try standard.encoder(forOutput: "x.webp", format: "WEBP").name == "webp")
    let writable = ["PNG (.png)", "JPEG (.jpg, .jpeg, .jpe, .jfif)", "WebP (.webp)", "GIF (.gif)",
      "TIFF (.tif, .tiff)", "AVIF (.avif)"]
    #expect(standard.writableFormats == writable)
    #expect(throws: CodecError.noEncoder(path: "out.xyz", extensions: writable)) {
      try standard.encoder(forOutput: "out.xyz")
    }
    #expect(throws: CodecError.formatMismatch(path: "out.jpg", format: "PNG", named: "JPEG")) {
      try standard.encoder(forOutput: "out.jpg", format: "png")
    }
    #expect(throws: CodecError.formatMismatch(path: "out.heic", format: "PNG", named: "HEIF (.heic)")) {
      try standard.encoder(forOutput: "out.heic", format: "png")
    }
    #expect(throws: CodecError.unknownCodec(name: "jxl", known: ["png", "jpeg", "webp", "gif", "tiff", "avif"])) {
      try standard.encoder(forOutput: "-", format: "jxl")
    }
  }

  /// Each option given must be one the encoder declares; the encoder refuses combinations and applies the rest.
  @Test func settingsAreCheckedAgainstTheEncoder() throws {
    let standard = EncoderRegistry.standard
    let refusals: [(String, EncodingSettings, CodecError)] = [
      ("x.png", EncodingSettings(quality: 80), .optionNotTaken(option: "quality", format: "PNG")),
      ("x.jpg", EncodingSettings(lossless: true), .optionNotTaken(option: "lossless", format: "JPEG")),
      ("x.jpg", EncodingSettings(compression: .fast), .optionNotTaken(option: "compression", format: "JPEG")),
      ("x.webp", EncodingSettings(quality: 80, lossless: true),
        .optionNotTaken(option: "quality", format: "lossless WebP")),
      ("x.webp", EncodingSettings(background: .black), .optionNotTaken(option: "background", format: "WebP")),
    ]
    for (path, settings, error) in refusals {
      #expect(throws: error, "\(path) \(settings)") { try standard.encoder(forOutput: path, settings: settings) }
    }
    #expect(CodecError.optionNotTaken(option: "quality", format: "PNG").description
      == "quality does not apply to PNG output")
    let jpeg = try #require(try standard.encoder(forOutput: "x.jpg", settings: EncodingSettings(quality: 70,
      subsampling: .s444, background: .black)) as? JPEGImageEncoder)
    #expect(jpeg.options == JPEGOptions(quality: 70, subsampling: .s444, background: .black))
    let webp = try #require(try standard.encoder(forOutput: "x.webp", settings: EncodingSettings(lossless: true))
      as? WebPImageEncoder)
    #expect(webp.options.lossless)
    let png = try #require(try standard.encoder(forOutput: "x.png", settings: EncodingSettings(compression: .best))
      as? PNGImageEncoder)
    #expect(png.compression == .best)
    // A user's encoder: its declared options are taken, the others refused, by the same check.
    var registry = EncoderRegistry.standard
    try registry.register(QualityEncoder())
    let user = try #require(try registry.encoder(forOutput: "a.qraw", settings: EncodingSettings(quality: 9))
      as? QualityEncoder)
    #expect(user.quality == 9)
    #expect(throws: CodecError.optionNotTaken(option: "lossless", format: "QRAW")) {
      try registry.encoder(forOutput: "a.qraw", settings: EncodingSettings(lossless: true))
    }
    // An encoder that declares nothing takes nothing.
    struct Plain: ImageEncoder {
      var name: String { "plain" }
      var fileExtensions: [String] { ["plain"] }
      func encode(_ raster: Raster, destination: String) throws(CodecError) -> [UInt8] { [] }
    }
    try registry.register(Plain())
    #expect(throws: CodecError.optionNotTaken(option: "quality", format: "PLAIN")) {
      try registry.encoder(forOutput: "a.plain", settings: EncodingSettings(quality: 9))
    }
  }

  /// An encoder registered from Swift reaches the renderer's file output, as the built-in ones do; a non-streaming
  /// encoder gets the whole render, a streaming one the same bytes band by band.
  @Test func everyRenderGoesThroughTheRegistry() throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var registry = EncoderRegistry.standard
    try registry.register(QualityEncoder())
    let scene = try GaussianReference.scene(width: 40)
    let image = scene.blurred(sigma: 4).rotated(by: .degrees(10))
    let renderer = Renderer(tileSize: 16, threads: 2)
    let expected = try renderer.render(image)
    try image.write(to: file("out.qraw"), encoders: registry, renderer: renderer)
    let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file("out.qraw"))))
    #expect(written == [UInt8(expected.width), UInt8(expected.height), 50] + expected.bytes)
    // Too large for the user's format: refused before rendering.
    let counter = Counter()
    #expect(throws: CodecError.encodingFailed(destination: file("big.qraw"),
      detail: "20000×20000 is larger than QRAW allows (100 × 100)")) {
      try Counted(counter: counter).write(to: file("big.qraw"), encoders: registry, renderer: Renderer(pixelLimit: .max))
    }
    #expect(counter.renders.withLock { $0 } == 0)
    #expect(!FileManager.default.fileExists(atPath: file("big.qraw")))
    // PNG and JPEG stream: the bytes are those of the whole render encoded at once, whatever the bands.
    for encoder in [PNGImageEncoder(), JPEGImageEncoder(options: JPEGOptions(quality: 80))] as [any ImageEncoder] {
      #expect(encoder.streamsRows)
      let whole = ByteSink()
      _ = try encoder.encode(expected, metadata: .none, destination: "x", into: whole)
      #expect(try image.encoded(as: encoder, renderer: renderer) == whole.bytes, "\(encoder.name)")
      let banded = ByteSink()
      _ = try renderer.render(image, region: nil, encoder: encoder, metadata: .none, destination: "x", trace: nil,
        bandHeight: 16, into: banded)
      #expect(banded.bytes == whole.bytes, "\(encoder.name)")
    }
    // The default of a non-streaming encoder gathers the bands it is given into one raster.
    let gathered = ByteSink()
    _ = try QualityEncoder().encode(width: expected.width, height: expected.height, bandHeight: 7, metadata: .none,
      destination: "x", threads: 1, sourcesAreGrey: false, into: gathered
    ) { rows, pixels in
      expected.bytes.withUnsafeBytes { source in
        let all = source.bindMemory(to: UInt32.self)
        for (offset, pixel) in all[rows.lowerBound * expected.width..<rows.upperBound * expected.width].enumerated() {
          pixels[offset] = pixel
        }
      }
    }
    #expect(gathered.bytes == written)
  }

  /// WebP's and JPEG's limits come from the extent, before anything renders.
  @Test func formatLimitsAreCheckedBeforeRendering() throws {
    let counter = Counter()
    let renderer = Renderer(pixelLimit: .max)
    #expect(throws: CodecError.encodingFailed(destination: "<memory>",
      detail: "20000×20000 is larger than WebP allows (16383 × 16383)")) {
      try Counted(counter: counter).encoded(as: WebPImageEncoder(), renderer: renderer)
    }
    #expect(throws: CodecError.encodingFailed(destination: "<memory>",
      detail: "70000×10 is larger than JPEG allows (65500 × 65500)")) {
      try Counted(counter: counter).encoded(as: JPEGImageEncoder(), region: IntRect(x: 0, y: 0, width: 70000,
        height: 10), renderer: renderer)
    }
    #expect(counter.renders.withLock { $0 } == 0)
  }

  /// A raster beyond memory (a raised pixel limit) is a typed error, not a trap.
  @Test func anAllocationBeyondMemoryIsAnError() {
    #expect(throws: RasterError.allocationFailed(width: 1 << 22, height: 1 << 22, bytes: 1 << 46)) {
      try Raster(width: 1 << 22, height: 1 << 22, pixelLimit: .max)
    }
    #expect(throws: CodecError.allocationFailed(source: "x", width: 1 << 22, height: 1 << 22, bytes: 1 << 46)) {
      throw CodecError.typed(RasterError.allocationFailed(width: 1 << 22, height: 1 << 22, bytes: 1 << 46),
        destination: "x")
    }
    // Small rasters are not probed, and large ones that fit are made as before.
    #expect((try? Raster(width: 4096, height: 4096, pixelLimit: .max))?.width == 4096)
  }

  /// A batch chooses and configures every output's encoder when planned, and names outputs by the format.
  @Test func aBatchWritesTheFormatItIsGiven() throws {
    try FileManager.default.createDirectory(at: directory.appendingPathComponent("in"),
      withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = try GaussianReference.scene(width: 24)
    try scene.write(to: file("in/a.png"), as: .png())
    try scene.write(to: file("in/B.JPG"), as: JPEGImageEncoder())
    try scene.write(to: file("in/c.webp"), as: WebPImageEncoder())
    try Data("not an image".utf8).write(to: URL(fileURLWithPath: file("in/notes.txt")))
    let chain = try Chain(parsing: ["invert"])
    let jpeg = try Batch(chain: chain, inputs: [file("in")], outputFolder: file("jpeg"), format: "jpeg",
      settings: EncodingSettings(quality: 60))
    #expect(jpeg.items.map(\.output) == [file("jpeg/B.jpg"), file("jpeg/a.jpg"), file("jpeg/c.jpg")])
    #expect(jpeg.items.allSatisfy { $0.format == "jpeg" })
    #expect((jpeg.encoders["jpeg"] as? JPEGImageEncoder)?.options.quality == 60)
    let results = Mutex<[EncodingResult]>([])
    #expect(jpeg.run(jobs: 2) { outcome in results.withLock { $0.append(outcome.result ?? EncodingResult()) } }
      .isEmpty)
    #expect(results.withLock { $0.count } == 3)
    for item in jpeg.items {
      #expect(try DecoderRegistry.standard.decoder(for: ImageFile.readBytes(atPath: item.output), source: "x").name
        == "jpeg")
    }
    let same = try Batch(chain: chain, inputs: [file("in")], outputFolder: file("same"), format: Batch.sameFormat)
    #expect(same.items.map(\.output) == [file("same/B.JPG"), file("same/a.png"), file("same/c.webp")])
    #expect(same.items.map(\.format) == ["jpeg", "png", "webp"])
    #expect(throws: BatchError(path: file("in/B.JPG"),
      message: "lossless does not apply to JPEG output (kept from the input: --format same)")) {
      try Batch(chain: chain, inputs: [file("in")], outputFolder: file("x"), format: Batch.sameFormat,
        settings: EncodingSettings(lossless: true))
    }
    #expect(!FileManager.default.fileExists(atPath: file("x")), "refused before the folder was made")
    // A folder stands for every extension the decoders read, in any case.
    #expect(DecoderRegistry.standard.fileExtensions
      == ["apng", "avif", "gif", "heic", "heif", "jfif", "jpe", "jpeg", "jpg", "pjpeg", "png", "tif", "tiff", "webp"]
      .sorted())
  }
}
