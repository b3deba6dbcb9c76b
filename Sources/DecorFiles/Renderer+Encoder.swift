import DecorChain
import DecorCodecs
import DecorCore

extension Renderer {
  /// Renders `component` into a file at `path` in the format `encoders` chooses for it:
  /// `ImageComponent.write(to:encoders:metadata:region:renderer:trace:)`.
  @available(*, deprecated, message: "use component.write(to:encoders:metadata:region:renderer:trace:)")
  @discardableResult
  public func render(
    _ component: any ImageComponent, region: IntRect? = nil, toFile path: String,
    encoders: EncoderRegistry = .standard, metadata: ImageMetadata = .none, trace: RenderTrace? = nil
  ) throws(CodecError) -> EncodingResult {
    try component.write(to: path, encoders: encoders, metadata: metadata, region: region, renderer: self,
      trace: trace)
  }

  /// Renders `component` into a file at `path` through `encoder`: `ImageComponent.write(to:as:…)`, without its
  /// check of the name against the format, as this call always wrote.
  @available(*, deprecated, message: "use component.write(to:as:metadata:region:renderer:trace:)")
  @discardableResult
  public func render(
    _ component: any ImageComponent, region: IntRect? = nil, toFile path: String, encoder: any ImageEncoder,
    metadata: ImageMetadata = .none, trace: RenderTrace? = nil
  ) throws(CodecError) -> EncodingResult {
    try ImageWriting.write(component, toFile: path, encoder: encoder, metadata: metadata, region: region,
      renderer: self, trace: trace)
  }

  /// The file's bytes for `region` of `component` through `encoder`, errors naming `destination`:
  /// `ImageComponent.encoded(as:metadata:region:renderer:)`.
  @available(*, deprecated, message: "use component.encoded(as:metadata:region:renderer:)")
  public func encoded(
    _ component: any ImageComponent, region: IntRect? = nil, encoder: any ImageEncoder,
    metadata: ImageMetadata = .none, destination: String = "<memory>"
  ) throws(CodecError) -> [UInt8] {
    try ImageWriting.encoded(component, encoder: encoder, metadata: metadata, region: region, renderer: self,
      destination: destination)
  }

  /// Renders `region` of `component` into `sink` through `encoder`: band by band into the encoder as the render
  /// makes them when it streams (`ImageEncoder.streamsRows`: PNG, JPEG, WebP), so that neither the whole image nor
  /// (PNG, JPEG) the whole file is held; else rendered whole and then encoded. Metadata the file cannot carry is
  /// left out and reported in the result. The one render-to-encoder path every writing call takes.
  ///
  /// - Parameter bandHeight: the rows of a band, or `nil` for the renderer's choice (the tests' bounded-memory
  ///   checks set it).
  package func render(
    _ component: any ImageComponent, region: IntRect?, encoder: any ImageEncoder, metadata: ImageMetadata,
    destination: String, trace: RenderTrace?, bandHeight: Int? = nil, into sink: ByteSink
  ) throws -> EncodingResult {
    // Metadata the file cannot carry is left out here, once for every encoder, and reported in the result.
    let (metadata, dropped) = metadata.carried(byEncoderNamed: encoder.name, formatName: encoder.displayName)
    var result: EncodingResult
    if let deepEncoder = encoder as? any DeepRowEncoding {
      // An encoder that takes 16-bit rows lets the render go deep where its sources hold more than 8-bit
      // premultiplied pixels keep and every component works at 16 bits (`RenderPlan.format`).
      let renderer = writing(through: encoder)
      let banded = try renderer.prepareBands(component, region: region, bandHeight: bandHeight, trace: trace)
      let plan = banded.plan
      // The file's depth: the one asked for, else the render's when it works at 16 bits for a 16-bit source (a
      // 16-bit PNG in, a 16-bit PNG out), else 8 bits; a 16-bit source a step held to 8 bits is then said.
      let depth = deepEncoder.depth ?? (plan.sourceDepth > 8 && plan.format.depth == 16 ? .sixteen : .eight)
      if plan.format.depth == 16 || depth == .sixteen {
        result = try deepEncoder.encode(
          width: banded.region.width, height: banded.region.height, bandHeight: banded.bandHeight,
          metadata: metadata, destination: destination, threads: threadCount, sourcesAreGrey: banded.sourcesAreGrey,
          depth: depth, into: sink
        ) { rows, pixels in
          try banded.render(band: rows.lowerBound / banded.bandHeight, intoDeep: pixels, format: .rgba16Straight)
        }
      } else if encoder.streamsRows {
        result = try encode(banded, through: encoder, metadata: metadata, destination: destination, into: sink)
      } else {
        result = try encoder.encode(try raster(of: banded), metadata: metadata, destination: destination, into: sink)
      }
      result.depthReduction = Self.reduction(from: plan.sourceDepth, to: depth.rawValue,
        cause: deepEncoder.depth == nil ? plan.depthLimit : nil)
    } else {
      let banded = try prepareBands(component, region: region, bandHeight: bandHeight, trace: trace)
      if encoder.streamsRows {
        result = try encode(banded, through: encoder, metadata: metadata, destination: destination, into: sink)
      } else {
        // The encoder takes a whole picture: the render made into one raster.
        result = try encoder.encode(try raster(of: banded), metadata: metadata, destination: destination, into: sink)
      }
      result.depthReduction = Self.reduction(from: banded.plan.sourceDepth, to: 8)
    }
    result.droppedMetadata = dropped + result.droppedMetadata
    return result
  }

  /// The bands of `banded` through `encoder`, which streams rows, at 8 bits.
  private func encode(
    _ banded: BandedRender, through encoder: any ImageEncoder, metadata: ImageMetadata, destination: String,
    into sink: ByteSink
  ) throws -> EncodingResult {
    try encoder.encode(
      width: banded.region.width, height: banded.region.height, bandHeight: banded.bandHeight, metadata: metadata,
      destination: destination, threads: threadCount, sourcesAreGrey: banded.sourcesAreGrey, into: sink
    ) { rows, pixels in
      try banded.render(band: rows.lowerBound / banded.bandHeight, into: pixels)
    }
  }

  /// The reduction of a file written at `written` bits from sources of `source` bits, if it is one.
  static func reduction(from source: Int, to written: Int, cause: String? = nil) -> DepthReduction? {
    source > written ? DepthReduction(sourceDepth: source, writtenDepth: written, cause: cause) : nil
  }
}

extension Renderer {
  /// The plan of a render of `component` written through `encoder`: at 16 bits where the encoder takes 16-bit rows
  /// and the graph allows it (`RenderPlan.format`), as `render(_:region:encoder:…)` will render it.
  package func plan(_ component: any ImageComponent, for encoder: any ImageEncoder) throws(RenderError)
    -> RenderPlan
  {
    try writing(through: encoder).plan(component)
  }

  /// This renderer as it renders for `encoder`: allowed 16 bits when the encoder takes 16-bit rows, and computing
  /// at 16 bits whatever its sources when 16-bit samples are asked for (`EncodingSettings.depth`), so that they
  /// hold more than 8-bit values widened (with the `automatic` precision; another is kept).
  func writing(through encoder: any ImageEncoder) -> Renderer {
    var renderer = self
    let deep = encoder as? any DeepRowEncoding
    renderer.allowsDeep = deep != nil
    if deep?.depth == .sixteen && renderer.precision == .automatic { renderer.precision = .sixteenBits }
    return renderer
  }
}
