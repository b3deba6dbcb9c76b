/// Builds PNG files byte by byte (CRC-32, zlib with stored blocks, Adler-32 all written here), so tests can state
/// exact sample values and damage files on purpose without going through the encoder under test.
package struct PNGBuilder {
  package var width: Int
  package var height: Int
  package var bitDepth: UInt8
  package var colorType: UInt8
  package var interlaced = false
  /// Chunks between IHDR and IDAT, such as PLTE, tRNS, gAMA.
  package var extraChunks: [(String, [UInt8])] = []
  /// Filtered scanlines: each row starts with its filter-type byte.
  package var scanlines: [UInt8] = []

  package init(
    width: Int, height: Int, bitDepth: UInt8, colorType: UInt8, interlaced: Bool = false,
    extraChunks: [(String, [UInt8])] = [], scanlines: [UInt8] = []
  ) {
    self.width = width
    self.height = height
    self.bitDepth = bitDepth
    self.colorType = colorType
    self.interlaced = interlaced
    self.extraChunks = extraChunks
    self.scanlines = scanlines
  }

  /// Sets unfiltered rows (filter type 0) from packed sample bytes.
  package mutating func setRows(_ rows: [[UInt8]]) {
    scanlines = rows.flatMap { [0] + $0 }
  }

  package var ihdr: [UInt8] {
    be32(width) + be32(height) + [bitDepth, colorType, 0, 0, interlaced ? 1 : 0]
  }

  package func build(ihdrOverride: [UInt8]? = nil) -> [UInt8] {
    var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    out += Self.chunk("IHDR", ihdrOverride ?? ihdr)
    for (type, data) in extraChunks { out += Self.chunk(type, data) }
    out += Self.chunk("IDAT", Self.zlibStored(scanlines))
    out += Self.chunk("IEND", [])
    return out
  }

  package static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typeBytes = Array(type.utf8)
    return be32(data.count) + typeBytes + data + be32(Int(crc32(typeBytes + data)))
  }

  package static func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var offset = 0
    repeat {
      let n = min(65535, data.count - offset)
      let final: UInt8 = offset + n == data.count ? 1 : 0
      out += [final, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
      out += data[offset..<offset + n]
      offset += n
    } while offset < data.count
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in data {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    return out + be32(Int(b << 16 | a))
  }

  package static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
}

package func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
package func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
