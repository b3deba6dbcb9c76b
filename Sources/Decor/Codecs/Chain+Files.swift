extension Chain {
  /// The input decorated by every step in turn, the images steps name (the `blend` step's file) read as image
  /// files once, before any step is built. See `apply(to:images:)` to name images in memory.
  ///
  /// `pixelLimit` is both the largest image file read (checked before its pixels are allocated) and the largest
  /// result (see `apply(to:pixelLimit:images:)`).
  ///
  /// - Throws: `ChainError` when a file cannot be read (naming the file and why), a filter refuses its arguments,
  ///   or the result is over the limit.
  public func apply(to input: any ImageComponent, pixelLimit: Int = Raster.defaultPixelLimit) throws(ChainError)
    -> any ImageComponent
  {
    try apply(to: input, pixelLimit: pixelLimit) { path throws(CodecError) in
      try Raster(contentsOfFile: path, pixelLimit: pixelLimit)
    }
  }
}
