#if JPEG
import DecorChain
import DecorCodecs
import DecorCore

extension Renderer {
  /// Renders `component` (or `region` of it) and writes it as a JPEG file (`-` for standard output), atomically as
  /// `renderPNG(_:toFile:)` writes. JPEG has no alpha: translucent pixels are laid on `options.background`, and the
  /// result says whether any was. `metadata` is recorded (see `JPEGEncoder.encode`).
  ///
  /// Rendered band by band into libjpeg, as PNG is: each band is flattened and compressed as soon as it is rendered,
  /// and the compressed bytes written to the file as they come, so neither the whole image nor the whole file is
  /// ever held. The bytes are those of `JPEGEncoder.encode` over the pixels `render` gives.
  /// - Throws: `CodecError.render` with what `render` throws; `.unwritableFormat` when the name says another format (checked
  ///   first), `.encodingFailed` or `.io`; on error a file at `path` is left as it was.
  @discardableResult
  public func renderJPEG(
    _ component: any ImageComponent, region: IntRect? = nil, toFile path: String,
    options: JPEGOptions = JPEGOptions(), metadata: ImageMetadata = .none
  ) throws(CodecError) -> Bool {
    try ImageFile.checkOutputFormat(path, writing: .jpeg)
    return try render(component, region: region, toFile: path, encoder: JPEGImageEncoder(options: options),
      metadata: metadata).flattened
  }

  /// Renders `region` of `component` band by band into `sink` as a JPEG file (see `renderJPEG(_:region:toFile:…)`).
  /// Returns whether any pixel was translucent, and the band height used (all the image a band of pixels ever
  /// holds: the tests check it).
  ///
  /// - Parameter bandHeight: the rows of a band (rounded up to whole tiles, see `prepareBands`), or `nil` for the
  ///   renderer's choice. The bytes do not depend on it.
  @discardableResult
  package func renderJPEG(
    _ component: any ImageComponent, region: IntRect?, options: JPEGOptions, destination: String,
    metadata: ImageMetadata, bandHeight: Int? = nil, trace: RenderTrace? = nil, into sink: ByteSink
  ) throws -> (flattened: Bool, bandHeight: Int) {
    let render = try prepareBands(component, region: region, bandHeight: bandHeight, trace: trace)
    let width = render.region.width
    var band = [UInt32](repeating: 0, count: width * Swift.min(render.bandHeight, render.region.height))
    let flattened = try JPEGEncoder.encode(
      width: width, height: render.region.height, bandHeight: render.bandHeight, options: options,
      destination: destination, metadata: metadata, grey: render.sourcesAreGrey ? nil : false, into: sink
    ) { rows, body in
      let index = rows.lowerBound / render.bandHeight
      try band.withUnsafeMutableBufferPointer { buffer in
        let pixels = UnsafeMutableBufferPointer(rebasing: buffer[..<(width * rows.count)])
        try render.render(band: index, into: pixels)
        try body(pixels)
      }
    }
    return (flattened, render.bandHeight)
  }
}
#endif
