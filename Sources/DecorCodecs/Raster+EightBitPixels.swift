import DecorCore

extension Raster {
  /// This raster with 8-bit pixels, for the encoders and animation writers that read 8-bit premultiplied bytes
  /// (JPEG, WebP, AVIF, 8-bit TIFF pages): itself when it is 8-bit, else a 16-bit raster (`Raster.depth`, as a
  /// render at `RenderPrecision.sixteenBits` returns) rounded to nearest.
  ///
  /// - Throws: `CodecError.allocationFailed` naming `destination` when memory for the copy cannot be had.
  package func eightBitPixels(destination: String) throws(CodecError) -> Raster {
    guard depth == .sixteen else { return self }
    do {
      return try converted(to: .eight)
    } catch {
      throw .allocationFailed(source: destination, width: width, height: height, bytes: width * height * 4)
    }
  }
}
