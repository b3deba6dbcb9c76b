#if JPEG
import DecorCore

/// Writes baseline JPEG files through libjpeg-turbo's libjpeg API (`JPEGRowWriter`), rows top to bottom, the bytes
/// handed on as they are made: a render is compressed band by band (`ImageComponent.write(to:as:…)` with a JPEG encoder), and a raster a band of
/// rows at a time, so no whole-image RGB copy is made. The bytes are those TurboJPEG's `tjCompress2` writes for the
/// same pixels with the same quality and subsampling (the settings are its own).
public enum JPEGEncoder {
  /// The JPEG bytes of `raster`, flattened onto `options.background`, and whether any pixel was not opaque (so
  /// the caller can say that the transparency was flattened). For the bytes alone, as every format gives them:
  /// `raster.encoded(as: .jpeg(quality:))`.
  ///
  /// `metadata` is recorded: the ICC profile in APP2 `ICC_PROFILE` segments (split into 65 519-byte pieces, as the
  /// ICC specification says; a profile needing more than 255 is left out), the density in the JFIF APP0 segment,
  /// the EXIF and XMP in APP1 segments (each left out when larger than one segment holds).
  ///
  /// - Throws: `CodecError.encodingFailed` naming `destination`, with libjpeg's message (an image over 65 500
  ///   pixels a side).
  public static func encode(
    _ raster: Raster, options: JPEGOptions = JPEGOptions(), destination: String = "<memory>",
    metadata: ImageMetadata = .none
  ) throws(CodecError) -> (bytes: [UInt8], flattened: Bool) {
    let sink = ByteSink()
    let flattened = try encode(raster, options: options, destination: destination, metadata: metadata, into: sink)
    return (sink.bytes, flattened)
  }

  /// Writes the JPEG file of `raster` to `sink`, as `encode(_:options:destination:metadata:)` makes it, copying a
  /// band of rows at a time to flatten it (the raster is left as it is). Returns whether any pixel was not opaque.
  package static func encode(
    _ raster: Raster, options: JPEGOptions, destination: String, metadata: ImageMetadata, into sink: ByteSink
  ) throws(CodecError) -> Bool {
    let raster = try raster.eightBitPixels(destination: destination)
    let width = raster.width
    // About a million pixels a band (the renderer's are half that): the copy stays small, the calls into libjpeg few.
    let bandHeight = Swift.max(1, Swift.min(raster.height, (1 << 20) / Swift.max(1, width)))
    var band = [UInt32](repeating: 0, count: width * bandHeight)
    do {
      // A grey raster is tried grey: laid on a coloured background, its translucent pixels may not stay grey.
      return try encode(width: width, height: raster.height, bandHeight: bandHeight, options: options,
        destination: destination, metadata: metadata, grey: raster.isGrey ? nil : false, into: sink
      ) { rows, body in
        try band.withUnsafeMutableBufferPointer { buffer in
          let pixels = UnsafeMutableBufferPointer(rebasing: buffer[..<(width * rows.count)])
          raster.withUnsafeBytes { raw in
            let rowBytes = width * 4
            UnsafeMutableRawBufferPointer(pixels).copyMemory(
              from: UnsafeRawBufferPointer(rebasing: raw[(rows.lowerBound * rowBytes)..<(rows.upperBound * rowBytes)]))
          }
          try body(pixels)
        }
      }
    } catch {
      throw .typed(error, destination: destination)
    }
  }

  /// Where the rows come from: called with each band of rows in order, it hands `body` those rows' premultiplied
  /// pixels, `width × rows.count` of them, which the encoder flattens in place.
  package typealias Rows = (_ rows: Range<Int>, _ body: (UnsafeMutableBufferPointer<UInt32>) throws -> Void) throws -> Void

  /// Writes the JPEG file of a `width × height` image to `sink`, the rows asked of `rows` in bands of `bandHeight`
  /// top to bottom: each band is flattened onto `options.background` in place and compressed, and the bytes libjpeg
  /// made written, before the next band is asked for. So the encoder holds libjpeg's state (a few MCU rows) and one
  /// band's compressed bytes, and the bytes do not depend on the band height. Returns whether any pixel was not
  /// opaque.
  ///
  /// - Throws: `CodecError.encodingFailed` (libjpeg's words), the sink's `.io`, or whatever `rows` throws; the
  ///   sink then holds a partial file, for the caller to throw away.
  ///
  /// With `grey` `nil` the file is tried greyscale (one component) and each band, once flattened, checked: at the
  /// first that is not grey the sink is emptied and the file started over in colour (the bands come again
  /// identical: a render is a pure function of the region). `false` writes colour at once.
  package static func encode(
    width: Int, height: Int, bandHeight: Int, options: JPEGOptions, destination: String, metadata: ImageMetadata,
    grey: Bool? = false, into sink: ByteSink, rows: Rows
  ) throws -> Bool {
    if grey != false {
      do {
        return try encode(width: width, height: height, bandHeight: bandHeight, options: options,
          destination: destination, metadata: metadata, greyChecked: true, into: sink, rows: rows)
      } catch is PNGEncoder.NotGrey {
        try sink.restart()
      }
    }
    return try encode(width: width, height: height, bandHeight: bandHeight, options: options,
      destination: destination, metadata: metadata, greyChecked: false, into: sink, rows: rows)
  }

  /// One try of `encode`: greyscale checked band by band when `greyChecked`, else colour.
  static func encode(
    width: Int, height: Int, bandHeight: Int, options: JPEGOptions, destination: String, metadata: ImageMetadata,
    greyChecked: Bool, into sink: ByteSink, rows: Rows
  ) throws -> Bool {
    let writer = try JPEGRowWriter(width: width, height: height, options: options, metadata: metadata,
      grey: greyChecked, destination: destination, sink: sink)
    let back = backdrop(options.background)
    let bandHeight = Swift.max(1, bandHeight)
    var translucent = false
    var start = 0
    while start < height {
      let band = start..<Swift.min(height, start + bandHeight)
      try rows(band) { pixels in
        precondition(pixels.count == width * band.count, "a band of \(band.count) rows has \(pixels.count) pixels")
        if flatten(pixels, onto: back) { translucent = true }
        if greyChecked && !Premultiplication.isGrey(UnsafeRawBufferPointer(pixels)) { throw PNGEncoder.NotGrey() }
        try writer.write(rows: UnsafeRawPointer(pixels.baseAddress!), stride: width * 4, count: band.count)
      }
      start = band.upperBound
    }
    try writer.finish()
    return translucent
  }

  /// The opaque colour pixels are laid on: a translucent background would leave alpha JPEG cannot hold, so it is
  /// taken as opaque, its colour un-premultiplied once, here, rather than per pixel.
  package static func backdrop(_ background: Color) -> (r: UInt8, g: UInt8, b: UInt8) {
    let bg = background.premultiplied
    return (Premultiplication.unpremultiply(bg.r, bg.a), Premultiplication.unpremultiply(bg.g, bg.a),
      Premultiplication.unpremultiply(bg.b, bg.a))
  }

  /// Lays premultiplied RGBA pixels (red in the first byte) over the opaque `back` in place (c + back × (255 − a) /
  /// 255, rounded; alpha is left, and libjpeg does not read it), and says whether any pixel had alpha below 255.
  package static func flatten(_ pixels: UnsafeMutableBufferPointer<UInt32>, onto back: (r: UInt8, g: UInt8, b: UInt8))
    -> Bool
  {
    // Most bands are opaque: one vectorised pass finds it, and nothing is written.
    if Premultiplication.isOpaque(UnsafeRawBufferPointer(pixels)) { return false }
    var translucent = false
    for i in pixels.indices {
      let pixel = UInt32(littleEndian: pixels[i])
      let a = UInt8(pixel >> 24)
      guard a != 255 else { continue }
      translucent = true
      // Source-over on premultiplied values: c + back × (255 − a) / 255, rounded.
      let rest = 255 - a
      func over(_ c: UInt32, _ back: UInt8) -> UInt32 {
        Swift.min(255, (c & 0xFF) + UInt32(Premultiplication.premultiply(back, rest)))
      }
      let rgb = over(pixel, back.r) | over(pixel >> 8, back.g) << 8 | over(pixel >> 16, back.b) << 16
      pixels[i] = (rgb | pixel & 0xFF00_0000).littleEndian
    }
    return translucent
  }
}
#endif
