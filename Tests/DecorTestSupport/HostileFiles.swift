import Decor

/// Small files that declare far more work than their bytes (animations of many 1×1 frames on a huge canvas, TIFFs of
/// many pages sharing one strip), or record what readers disagree on (an orientation stored as a LONG, or on an
/// animation). Built byte by byte here (a WebP frame's bitstream by Decor's lossless encoder), so that a test
/// refusing them from their headers costs milliseconds.
package enum HostileFiles {
  /// A GIF89a whose logical screen is `width` × `height`, holding `frames` frames of 1×1 at the top left (black,
  /// from a global colour table of 2 entries): about 15 bytes a frame.
  package static func gif(width: Int, height: Int, frames: Int) -> [UInt8] {
    var bytes = Array("GIF89a".utf8)
    bytes += [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8)]
    bytes += [0x80, 0, 0] + [0, 0, 0, 255, 255, 255]  // a global colour table of 2 entries
    for _ in 0..<frames {
      // An image descriptor of 1×1 at (0, 0), then its LZW data: code size 2, one block, the terminator.
      bytes += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0] + [2, 2, 0x44, 0x01, 0]
    }
    return bytes + [0x3B]
  }

  /// An animated WebP whose canvas is `width` × `height`, holding `frames` lossless frames of 1×1 at the top left,
  /// each of 100 ms: about 50 bytes a frame.
  package static func webp(width: Int, height: Int, frames: Int) throws -> [UInt8] {
    let still = try WebPImageEncoder.webp(lossless: true).encode(try Raster(width: 1, height: 1, fill: .white),
      destination: "<memory>")
    // The `VP8L` chunk, header and padding included, after the 12 bytes of `RIFF`, size and `WEBP`.
    let bitstream = Array(still[12...])
    var chunks = chunk("VP8X", [0x02, 0, 0, 0] + u24(width - 1) + u24(height - 1))
    chunks += chunk("ANIM", [0, 0, 0, 0, 0, 0])
    for _ in 0..<frames {
      chunks += chunk("ANMF", u24(0) + u24(0) + u24(0) + u24(0) + u24(100) + [0] + bitstream)
    }
    return Array("RIFF".utf8) + u32(4 + chunks.count) + Array("WEBP".utf8) + chunks
  }

  /// A little-endian TIFF of `pages` directories, each a `width` × `height` 8-bit greyscale page stored as one strip,
  /// every page's strip the same 1 byte (`Compression` deflate for a page larger than 1×1, whose strip is then never
  /// read from the headers): 114 bytes a page.
  package static func tiff(pages: Int, width: Int, height: Int) -> [UInt8] {
    let entries = 9
    let directorySize = 2 + 12 * entries + 4
    let data = 8
    var bytes: [UInt8] = [0x49, 0x49, 42, 0] + u32(data + 2) + [0x80, 0]
    let compression = width * height == 1 ? 1 : 8
    for page in 0..<pages {
      let start = data + 2 + page * directorySize
      let next = page == pages - 1 ? 0 : start + directorySize
      var directory = u16(entries)
      func entry(_ tag: Int, _ type: Int, _ value: Int) {
        directory += u16(tag) + u16(type) + u32(1) + (type == 3 ? u16(value) + [0, 0] : u32(value))
      }
      entry(256, 4, width)
      entry(257, 4, height)
      entry(258, 3, 8)
      entry(259, 3, compression)
      entry(262, 3, 1)  // black is zero
      entry(273, 4, data)
      entry(277, 3, 1)
      entry(278, 4, height)
      entry(279, 4, 1)
      bytes += directory + u32(next)
    }
    return bytes
  }

  /// A TIFF structure (as an `EXIF` chunk or `ImageMetadata.exif` holds it) whose IFD0 holds the orientation as one
  /// entry of `type` (3 SHORT, 4 LONG) and `count`, with `value` in its value field.
  package static func exif(orientation value: Int, type: Int = 3, count: Int = 1, bigEndian: Bool = false)
    -> [UInt8]
  {
    func word(_ v: Int) -> [UInt8] { bigEndian ? u16(v).reversed() : u16(v) }
    func long(_ v: Int) -> [UInt8] { bigEndian ? u32(v).reversed() : u32(v) }
    let field = type == 3 ? word(value) + [0, 0] : long(value)
    return (bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]) + word(42) + long(8) + word(1) + word(0x0112) + word(type)
      + long(count) + field + long(0)
  }

  /// `frames` lossless frames of `width` × `height` (blue, green rising from frame to frame, red at the top left)
  /// written as an animated WebP carrying `exif`, with the frames.
  package static func webpAnimation(width: Int, height: Int, frames count: Int, exif: [UInt8]) throws
    -> (bytes: [UInt8], frames: [Raster])
  {
    var frames: [Raster] = []
    for index in 0..<count {
      let fill = RGBA8(r: 0, g: UInt8(60 * index % 256), b: 255, a: 255)
      var frame = try Raster(width: width, height: height, fill: fill)
      frame.copy(try Raster(width: 1, height: 1, fill: RGBA8(r: 255, g: 0, b: 0, a: 255)),
        from: IntRect(x: 0, y: 0, width: 1, height: 1), toX: 0, y: 0)
      frames.append(frame)
    }
    let sink = ByteSink()
    let metadata = ImageMetadata(iccProfile: nil, exif: exif, xmp: nil)
    guard let writer = try WebPImageEncoder.webp(lossless: true).animationWriter(width: width, height: height,
      loopCount: 0, metadata: metadata, destination: "<memory>", into: sink)
    else { return ([], frames) }
    for frame in frames { try writer.add(frame, delay: 100) }
    _ = try writer.finish()
    return (sink.bytes, frames)
  }

  static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
    Array(type.utf8) + u32(body.count) + body + (body.count % 2 == 1 ? [0] : [])
  }

  static func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
  static func u24(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF)] }
  static func u32(_ v: Int) -> [UInt8] { u16(v & 0xFFFF) + u16((v >> 16) & 0xFFFF) }
}
