#if JPEG
import DecorChain
import DecorCodecs
import DecorCore

extension Renderer {
  /// Renders `component` (or `region` of it) and writes it as a JPEG file (`-` for standard output):
  /// `ImageComponent.write(to:as:metadata:region:renderer:trace:)`, whose result's `flattened` this returns.
  @available(*, deprecated, message: "use component.write(to: path, as: .jpeg(…), metadata:, region:, renderer:)")
  @discardableResult
  public func renderJPEG(
    _ component: any ImageComponent, region: IntRect? = nil, toFile path: String,
    options: JPEGOptions = JPEGOptions(), metadata: ImageMetadata = .none
  ) throws(CodecError) -> Bool {
    try component.write(to: path, as: JPEGImageEncoder(options: options), metadata: metadata, region: region,
      renderer: self).flattened
  }

  /// Renders `region` of `component` band by band into `sink` as a JPEG file (see `ImageComponent.write(into:as:…)`).
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
