import DecorCore

/// The checks every format's reader makes before it allocates or trusts anything, written once so that each says
/// the same thing in the same words.
package enum DecodeChecks {
  /// Whether a `width` × `height` image fits in `pixelLimit` pixels (and its bytes in an `Int`): checked from the
  /// header, before any pixel memory is allocated.
  ///
  /// - Throws: `CodecError.tooLarge` naming `source`.
  package static func pixelLimit(width: Int, height: Int, limit: Int, source: String) throws(CodecError) {
    guard (try? Raster.byteCount(width: width, height: height, pixelLimit: limit)) != nil else {
      throw .tooLarge(source: source, width: width, height: height, limit: limit)
    }
  }

  /// Whether a reader opened for a render finds the size its source read from the header before: a file replaced
  /// between the two would otherwise give rows of another size than the plan's.
  ///
  /// - Throws: `CodecError.corrupt` naming `source`, both sizes in its words.
  package static func unchanged(width: Int, height: Int, was expected: (width: Int, height: Int), source: String)
    throws(CodecError)
  {
    guard width == expected.width, height == expected.height else {
      throw .corrupt(source: source,
        detail: "the file changed: now \(width)x\(height), was \(expected.width)x\(expected.height)")
    }
  }

  /// Whether a reader opened for a render finds the file still animated, or still not, as its source read it: an
  /// animation is decoded another way than a still image.
  ///
  /// - Throws: `CodecError.corrupt` naming `source`, in the words of `unchanged(width:height:was:source:)`.
  package static func unchanged(animated: Bool, was expected: Bool, source: String) throws(CodecError) {
    guard animated == expected else {
      throw .corrupt(source: source, detail: "the file changed: now \(animated ? "animated" : "still")")
    }
  }
}
