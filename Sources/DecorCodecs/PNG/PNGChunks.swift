import DecorCore

/// The chunk structure of a PNG file: each chunk's type and byte range, read without checking checksums
/// (libpng does that for the chunks it reads).
///
/// libpng stops reading once it has the image data, so it never notices a file cut short after that point; this walk
/// does, and `PNGRowReader` refuses such files as truncated before libpng reads them.
package struct PNGChunks {
  package struct Chunk {
    /// The four-letter type, such as `IHDR`.
    package var type: String
    /// The whole chunk: length, type, data and CRC.
    package var range: Range<Int>
  }

  /// The complete chunks from the signature up to and including `IEND` (or up to where the data stops).
  package var chunks: [Chunk] = []
  /// Why the walk did not reach a complete `IEND` chunk, or `nil` if it did.
  var truncation: String?

  /// Walks the chunks after the 8-byte signature (which the caller has checked).
  package init(_ data: [UInt8]) {
    self.init(count: data.count) { offset in Array(data[offset..<offset + 8]) }
  }

  /// Walks the chunks of a file of `count` bytes whose 8-byte chunk headers `header(offset)` reads (so a file
  /// can be walked without reading its chunks' data), or `nil` if it cannot.
  init(count: Int, header: (Int) -> [UInt8]?) {
    var offset = PNGHeader.signature.count
    while true {
      guard offset + 8 <= count, let bytes = header(offset), bytes.count == 8 else {
        truncation = "the file ends after \(count) bytes without an IEND chunk"
        return
      }
      let length = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
      let type = String(decoding: bytes[4..<8], as: UTF8.self)
      let end = offset + 12 + length
      guard end <= count else {
        truncation = "the file ends inside its \(type) chunk (\(end - count) bytes missing)"
        return
      }
      chunks.append(Chunk(type: type, range: offset..<end))
      if type == "IEND" { return }
      offset = end
    }
  }

  /// The chunks before the first `IDAT`: where the header-like chunks (`PLTE`, `tRNS`, `gAMA`, …) live.
  var beforeImageData: ArraySlice<Chunk> { chunks.prefix { $0.type != "IDAT" } }
}
