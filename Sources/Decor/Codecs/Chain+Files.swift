extension Chain {
  /// The input decorated by every step in turn, the images steps name (the `blend` step's file) read as image
  /// files once, before any step is built. See `apply(to:images:)` to name images in memory.
  ///
  /// - Throws: `ChainError` when a file cannot be read (naming the file and why) or a filter refuses its arguments.
  public func apply(to input: any ImageComponent) throws(ChainError) -> any ImageComponent {
    try apply(to: input) { path throws(CodecError) in try Raster(contentsOfFile: path) }
  }
}
