import DecorCore

extension Raster {
  /// Calls `body` with the raster's pixels as straight 16-bit RGBA (`PixelFormat.rgba16Straight`: an 8-bit raster's
  /// straight values × 257), what an encoder writing 16 bits takes.
  ///
  /// - Throws: `CodecError` naming `destination` when memory for the conversion cannot be had, or `body`'s error.
  package func withStraightSixteenBitPixels<T>(
    destination: String, _ body: (UnsafeBufferPointer<RGBA16>) throws(CodecError) -> T
  ) throws(CodecError) -> T {
    let deep: Raster
    do {
      deep = try converted(to: .rgba16Straight)
    } catch {
      throw .typed(error, destination: destination)
    }
    let result = deep.deepPixels { pixels in Result { () throws(CodecError) in try body(pixels) } }
    return try result.get()
  }
}
