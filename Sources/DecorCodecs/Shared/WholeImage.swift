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
