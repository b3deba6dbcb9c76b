import DecorCore

/// The whole image of a format whose one reader is a row source (JPEG, PNG, WebP, TIFF): every row of a reader read into
/// a raster, as each decoder's `decodeImage(from:pixelLimit:)` does, with the same errors in the same words.
package enum WholeImage {
  /// The `width` × `height` rows of `reader`, from its first, in a raster of at most `pixelLimit` pixels.
  ///
  /// - Throws: the reader's `CodecError`, `.allocationFailed` naming `source` when the raster's memory cannot be had.
  package static func read(_ reader: any RowReader, width: Int, height: Int, pixelLimit: Int, source: String)
    throws(CodecError) -> Raster
  {
    try making(source: source) {
      try Raster(width: width, height: height, pixelLimit: pixelLimit) { buffer in
        try reader.readRows(count: height, into: buffer.bindMemory(to: UInt32.self))
      }
    }
  }

  /// The whole image of `bytes` in a 16-bit raster (premultiplied at 16 bits, as a render at 16 bits reads it) when
  /// `decoder` reads it by rows at 16 bits: a 16-bit file whose reader keeps 16 bits (`DeepRowSource`:
  /// `sourceDepth` 16 and `holdsMoreThanEightBits`) and that the decoder does not turn upright (its EXIF
  /// orientation is applied by 8-bit code). `nil` for any other file, which the decoder reads at 8 bits (a
  /// `DeepImageDecoder` keeps its files' depth itself: `decodeImageKeepingDepth`).
  ///
  /// - Throws: as the decoder's `decodeImage(from:pixelLimit:)`.
  package static func readSixteenBit(_ bytes: ByteSource, decoder: any ImageDecoder, pixelLimit: Int)
    throws(CodecError) -> Raster?
  {
    guard let decoder = decoder as? any RowSourceDecoder,
      let rows = try decoder.rowSource(bytes, pixelLimit: pixelLimit),
      let deep = rows as? any DeepRowSource, deep.sourceDepth == 16, deep.holdsMoreThanEightBits,
      !decoder.autoOrient || (rows.orientation ?? .up) == .up
    else { return nil }
    return try making(source: bytes.name) {
      guard let reader = try rows.openRows() as? any DeepRowReader else {
        throw CodecError.corrupt(source: bytes.name, detail: "no 16-bit reader for a 16-bit source")
      }
      var raster = try Raster(width: rows.width, height: rows.height, format: .rgba16, pixelLimit: pixelLimit)
      try raster.withDeepPixels { pixels in
        try reader.readDeepRows(count: rows.height, into: pixels, format: .rgba16)
      }
      return raster
    }
  }

  /// The whole image of `bytes` at the depth the file holds, from one reading: a `DeepImageDecoder`'s image (16-bit
  /// for a 10- or 12-bit HEIC or AVIF, else 8-bit), or a 16-bit file's rows (`readSixteenBit`). `nil` when neither
  /// applies and nothing was read: the decoder's 8-bit image is then the one.
  ///
  /// - Throws: as the decoder's `decodeImage(from:pixelLimit:)`.
  package static func readKeepingDepth(_ bytes: ByteSource, decoder: any ImageDecoder, pixelLimit: Int)
    throws(CodecError) -> Raster?
  {
    if let whole = decoder as? any DeepImageDecoder {
      return try whole.decodeImageKeepingDepth(from: bytes, pixelLimit: pixelLimit).raster
    }
    return try readSixteenBit(bytes, decoder: decoder, pixelLimit: pixelLimit)
  }

  /// The raster `body` makes (read, or turned upright), its errors as `CodecError`s naming `source`: a
  /// `CodecError` as it is, `RasterError.allocationFailed` as `.allocationFailed`, anything else as `.corrupt`.
  package static func making(source: String, _ body: () throws -> Raster) throws(CodecError) -> Raster {
    do {
      return try body()
    } catch let error as CodecError {
      throw error
    } catch RasterError.allocationFailed(let width, let height, let bytes) {
      throw .allocationFailed(source: source, width: width, height: height, bytes: bytes)
    } catch {
      throw .corrupt(source: source, detail: "\(error)")
    }
  }
}
