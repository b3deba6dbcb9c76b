import DecorCore

/// The two edits Decor makes to the EXIF it carries from an input to an output (see `ImageMetadata.exif`): the
/// orientation (tag 0x0112 of IFD0) set to 1 when the decoder turned the pixels upright, and the thumbnail (IFD1,
/// with the small JPEG it points to) dropped, since it shows the input's pixels, not the output's.
///
/// No codec: a walker over the TIFF structure that edits bytes in place and never moves a value, so every offset
/// inside (a maker note's too) stays right. IFD1 is unlinked from IFD0; its bytes are cut off as well when they and
/// the thumbnail lie after everything else the structure points to (where cameras and libexif put them), else they
/// stay, unreachable.
///
/// Defensive: every offset and count is checked against the data, the walk visits each IFD once, and a damaged
/// block never traps. An EXIF block whose header or IFD0 cannot be walked is dropped (`nil`), with no error: Decor
/// could not reset its orientation nor drop its thumbnail, and a reader would find nothing in it anyway. A value
/// that points outside the data is left as it is (the block is kept; only cutting off IFD1 is given up).
package enum ExifEditing {
  /// `tiff` (a TIFF header and its IFDs, as in a JPEG's APP1 `Exif` segment after its 6-byte signature, a PNG's
  /// `eXIf` chunk or a WebP's `EXIF` chunk) with IFD1 dropped and, when `resetOrientation`, the orientation set to 1;
  /// `nil` when the structure cannot be walked.
  package static func carried<Bytes: Collection<UInt8>>(_ tiff: Bytes, resetOrientation: Bool) -> [UInt8]? {
    var bytes = Array(tiff)
    guard var walker = Walker(bytes), let ifd0 = walker.directory(at: walker.firstIFD) else { return nil }
    // The orientation as `ExifOrientation` reads it: one SHORT, or one LONG.
    if resetOrientation, let entry = ifd0.entries.first(where: { $0.tag == 0x0112 }), entry.count == 1 {
      if entry.type == 3 { walker.put16(1, at: entry.offset + 8, in: &bytes) }
      if entry.type == 4 { walker.put32(1, at: entry.offset + 8, in: &bytes) }
    }
    let next = ifd0.nextLink
    guard let ifd1 = walker.u32(next), ifd1 != 0 else { return bytes }
    walker.put32(0, at: next, in: &bytes)
    // Cut IFD1 and its thumbnail off when nothing else lies after them.
    guard let thumbnail = walker.directory(at: ifd1), let thumbnailStart = walker.extentStart(of: thumbnail, at: ifd1)
    else { return bytes }
    var others = Walker(bytes)
    guard let end = others?.structureEnd(), end <= thumbnailStart, thumbnailStart >= 8 else { return bytes }
    return Array(bytes[..<thumbnailStart])
  }

  /// An XMP packet with its `tiff:Orientation` (an attribute or an element, one digit) set to 1, so that it says
  /// what the reset EXIF says; the length never changes.
  package static func xmpWithOrientationReset(_ xmp: [UInt8]) -> [UInt8] {
    var bytes = xmp
    for prefix in [Array("tiff:Orientation=\"".utf8), Array("tiff:Orientation='".utf8),
      Array("<tiff:Orientation>".utf8)]
    {
      var at = 0
      while at + prefix.count < bytes.count {
        if bytes[at] == prefix[0], bytes[at..<(at + prefix.count)].elementsEqual(prefix) {
          let digit = at + prefix.count
          if (0x32...0x38).contains(bytes[digit]), digit + 1 < bytes.count,
            bytes[digit + 1] == 0x22 || bytes[digit + 1] == 0x27 || bytes[digit + 1] == 0x3C
          {
            bytes[digit] = 0x31
          }
          at = digit
        } else {
          at += 1
        }
      }
    }
    return bytes
  }

  /// One entry of an IFD: its tag, type, count and where the entry starts.
  package struct Entry {
    package var tag: Int
    var type: Int
    var count: Int
    package var offset: Int
  }

  package struct Directory {
    package var entries: [Entry]
    /// Where the link to the next IFD is.
    package var nextLink: Int
  }

  package struct Walker {
    let data: [UInt8]
    let little: Bool
    package private(set) var firstIFD: Int
    /// The IFDs already read, so that a loop of links ends.
    var visited: Set<Int> = []

    package init?(_ data: [UInt8]) {
      guard data.count >= 8 else { return nil }
      switch (data[0], data[1]) {
      case (0x49, 0x49): little = true
      case (0x4D, 0x4D): little = false
      default: return nil
      }
      self.data = data
      firstIFD = 0
      guard u16(2) == 42, let first = u32(4) else { return nil }
      firstIFD = first
    }

    package func u16(_ i: Int) -> Int? {
      guard i >= 0, i + 2 <= data.count else { return nil }
      let (a, b) = (Int(data[i]), Int(data[i + 1]))
      return little ? a | b << 8 : a << 8 | b
    }

    package func u32(_ i: Int) -> Int? {
      guard let lo = u16(little ? i : i + 2), let hi = u16(little ? i + 2 : i) else { return nil }
      return lo | hi << 16
    }

    func put16(_ value: Int, at i: Int, in bytes: inout [UInt8]) {
      guard i >= 0, i + 2 <= bytes.count else { return }
      let (hi, lo) = (UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value))
      (bytes[i], bytes[i + 1]) = little ? (lo, hi) : (hi, lo)
    }

    func put32(_ value: Int, at i: Int, in bytes: inout [UInt8]) {
      put16(value & 0xFFFF, at: little ? i : i + 2, in: &bytes)
      put16(value >> 16, at: little ? i + 2 : i, in: &bytes)
    }

    /// The IFD at `offset`, each entry and the next link inside the data, or `nil` (a damaged IFD, or one seen).
    package mutating func directory(at offset: Int) -> Directory? {
      guard offset >= 8, !visited.contains(offset), let count = u16(offset), count <= 4096,
        offset + 2 + 12 * count + 4 <= data.count
      else { return nil }
      visited.insert(offset)
      let entries = (0..<count).map { n in
        let at = offset + 2 + 12 * n
        return Entry(tag: u16(at)!, type: u16(at + 2)!, count: u32(at + 4)!, offset: at)
      }
      return Directory(entries: entries, nextLink: offset + 2 + 12 * count)
    }

    /// The bytes of one value of each TIFF type, or `nil` for a type TIFF does not define.
    static func size(ofType type: Int) -> Int? {
      switch type {
      case 1, 2, 6, 7: 1
      case 3, 8: 2
      case 4, 9, 11, 13: 4
      case 5, 10, 12: 8
      default: nil
      }
    }

    /// Where an entry's value ends when it is stored outside the entry (past its 4 bytes), checked against the
    /// data: 0 for a value inside the entry, `nil` for one that cannot be placed.
    func valueEnd(_ entry: Entry) -> Int? {
      guard let size = Self.size(ofType: entry.type) else { return nil }
      let (length, overflow) = entry.count.multipliedReportingOverflow(by: size)
      guard !overflow else { return nil }
      if length <= 4 { return 0 }
      guard let at = u32(entry.offset + 8), at + length <= data.count else { return nil }
      return at + length
    }

    /// Where the thumbnail IFD (at `offset`) and what it points to start: its table, its values and the JPEG of
    /// tags 0x0201/0x0202. `nil` when one of them cannot be placed.
    func extentStart(of directory: Directory, at offset: Int) -> Int? {
      var start = offset
      for entry in directory.entries {
        guard let end = valueEnd(entry) else { return nil }
        if end > 0, let at = u32(entry.offset + 8) { start = Swift.min(start, at) }
      }
      if let jpeg = directory.entries.first(where: { $0.tag == 0x0201 }), let at = u32(jpeg.offset + 8) {
        start = Swift.min(start, at)
      }
      return start
    }

    /// The end of everything IFD0 and its sub-IFDs (EXIF 0x8769, GPS 0x8825, interoperability 0xA005) hold —
    /// tables, links and values — or `nil` when one of them cannot be walked whole.
    mutating func structureEnd() -> Int? {
      var end = 8
      var pending = [firstIFD]
      while let offset = pending.popLast() {
        guard let directory = directory(at: offset) else { return nil }
        end = Swift.max(end, directory.nextLink + 4)
        for entry in directory.entries {
          guard let valueEnd = valueEnd(entry) else { return nil }
          end = Swift.max(end, valueEnd)
          if [0x8769, 0x8825, 0xA005].contains(entry.tag) {
            guard let sub = u32(entry.offset + 8) else { return nil }
            pending.append(sub)
          }
        }
      }
      return end
    }
  }
}
