/// A step's work on one raster written once over its stored pixel type (`UInt32` at 8 bits, `RGBA16` at 16; the
/// channel type is `Stored.Channel`), which `Raster.visit(_:)` runs with the type of the raster's depth. The one
/// place a depth becomes a type, so that a kernel is specialised for each depth and a caller makes one call.
///
/// The dispatch is once a call, for a whole raster or region: a visitor's `visit` loops over the pixels itself, so
/// the 8-bit path pays one branch a region and its loop is the specialised one it was.
package protocol StoredPixelVisitor {
  associatedtype Result
  /// The work on `raster`, whose pixels are `Stored` (its format's depth is `Stored.format`'s).
  func visit<Stored: StoredPixel>(_ stored: Stored.Type, _ raster: inout Raster) -> Result
}

extension Raster {
  /// Runs `visitor` on this raster with its stored pixel type: `RGBA16` for a 16-bit format (premultiplied or
  /// straight), `UInt32` for 8 bits.
  @inline(__always)
  package mutating func visit<Visitor: StoredPixelVisitor>(_ visitor: Visitor) -> Visitor.Result {
    format.depth == 16 ? visitor.visit(RGBA16.self, &self) : visitor.visit(UInt32.self, &self)
  }

  /// Runs `body` on every pixel of this raster as `Stored`, which must be the raster's stored type (a visitor's
  /// `Stored`): `count` is the raster's pixel count.
  @inline(__always)
  package mutating func withStoredPixels<Stored: StoredPixel, Result>(
    _: Stored.Type, _ body: (UnsafeMutableBufferPointer<Stored>) -> Result
  ) -> Result {
    precondition(format.depth == Stored.format.depth, "\(Stored.self) pixels of a \(format) raster")
    return withUnsafeMutableBytes { bytes in
      body(UnsafeMutableBufferPointer(start: bytes.baseAddress!.assumingMemoryBound(to: Stored.self),
        count: bytes.count / MemoryLayout<Stored>.stride))
    }
  }
}
