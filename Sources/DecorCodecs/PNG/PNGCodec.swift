import DecorCore

/// PNG writing through `PNGEncoder` (libdeflate), and the header check of `PNGDecoder.headerDescription`. Reading
/// is `PNGDecoder`'s, through Decor's one PNG reader (`PNGRowSource`, libpng's full API): the decode calls kept
/// here forward to it.
public enum PNGCodec {
  /// Decodes a PNG file held in memory: `PNGDecoder().decode(_:source:pixelLimit:)`.
  @available(*, deprecated, message: "PNGDecoder reads every PNG: use PNGDecoder().decode(_:source:pixelLimit:)")
  public static func decode(_ data: [UInt8], source: String, pixelLimit: Int = Raster.defaultPixelLimit)
    throws(CodecError) -> Raster
  {
    try PNGDecoder().decode(data, source: source, pixelLimit: pixelLimit)
  }

  /// Decodes the file at `path`: `PNGDecoder().decode(contentsOfFile:source:pixelLimit:)`.
  @available(*, deprecated,
    message: "PNGDecoder reads every PNG: use PNGDecoder().decode(contentsOfFile:source:pixelLimit:)")
  public static func decode(contentsOfFile path: String, source: String, pixelLimit: Int = Raster.defaultPixelLimit)
    throws(CodecError) -> Raster
  {
    try PNGDecoder().decode(contentsOfFile: path, source: source, pixelLimit: pixelLimit)
  }

  /// The colour-space chunks, whose conversions Decor declines: samples are taken as sRGB-encoded whatever they say
  /// (see `PNGRowReader`).
  static let colorimetryChunks: Set<String> = ["gAMA", "cHRM", "sRGB", "iCCP"]
  /// The text chunks, which Decor reads no text from (the XMP `iTXt` is found by `PNGDecoder.metadata(of:)`, from
  /// the chunk itself): a 3 MB file of compressed text would inflate to a gigabyte in a reader that read them.
  static let textChunks: Set<String> = ["tEXt", "zTXt", "iTXt"]
  /// The chunks `preflight` takes out of a file.
  static let droppedChunks = colorimetryChunks.union(textChunks)

  /// Refuses a file whose chunks stop before `IEND`, and takes the colour-space and text chunks before the image data
  /// out of `data` in place: the chunks before them move up against the ones after, so the file then starts at the
  /// returned offset (the number of bytes dropped) and no second copy of a large file is made. What the file is to
  /// Decor's reader, which skips those chunks unread (`PNGRowReader`). Data without the PNG signature is left
  /// for libpng to reject in its own words.
  package static func preflight(_ data: inout [UInt8], source: String) throws(CodecError) -> Int {
    guard data.starts(with: PNGHeader.signature) else { return 0 }
    let structure = PNGChunks(data)
    if let truncation = structure.truncation { throw .corrupt(source: source, detail: "truncated: \(truncation)") }
    let dropped = structure.beforeImageData.filter { droppedChunks.contains($0.type) }.map(\.range)
    guard let last = dropped.last else { return 0 }
    var kept: [UInt8] = []
    var start = 0
    for range in dropped {
      kept += data[start..<range.lowerBound]
      start = range.upperBound
    }
    let offset = last.upperBound - kept.count
    data.replaceSubrange(offset..<last.upperBound, with: kept)
    return offset
  }

  /// Reads and checks a PNG file's header with libpng, without decoding pixels.
  ///
  /// - Throws: `CodecError.unsupportedFormat` without the PNG signature; `.corrupt` for a truncated file or if
  ///   libpng rejects the `IHDR` or the chunks before the image data.
  public static func header(of data: [UInt8], source: String) throws(CodecError) -> PNGHeader {
    let header = try PNGHeader(data, source: source)
    // libpng reads the chunks before the image data as Decor's reader does (skipping the ancillary ones unread),
    // after the walk of the chunk headers that refuses a file cut short.
    let (png, input) = try PNGRowReader.openHeader(bytes: ByteSource(bytes: data, name: source), source: source,
      pixelLimit: nil)
    PNGRowReader.release(png)
    withExtendedLifetime(input) {}
    return header
  }

  /// Encodes a raster as an 8-bit PNG: RGB when every pixel is opaque, else RGBA with straight alpha. With the
  /// default threads, `raster.encoded(as: .png(compression:))` gives the same bytes, as every format gives its own.
  ///
  /// - Parameters:
  ///   - raster: the image; its premultiplied pixels are un-premultiplied for the file.
  ///   - compression: how hard the compressor works (`PNGCompression`).
  ///   - threads: how many threads filter and compress the rows (by default one per processor).
  ///   - destination: the file's name, for error messages.
  ///   - metadata: the ICC profile and density to record (see `ImageMetadata`).
  /// - Throws: `CodecError.encodingFailed`.
  public static func encode(
    _ raster: Raster, compression: PNGCompression = .default, threads: Int? = nil, destination: String = "<memory>",
    metadata: ImageMetadata = .none
  ) throws(CodecError) -> [UInt8] {
    let sink = ByteSink()
    try PNGEncoder.encode(raster, compression: compression, threads: threads, destination: destination,
      metadata: metadata, into: sink)
    return sink.bytes
  }
}
