import CZlib

/// An independent reader of the PNG files Decor writes, for the tests that must see the straight samples a file
/// holds (libpng, which Decor reads through, is not asked): 8- or 16-bit, non-interlaced, grey, grey+alpha, RGB or
/// RGBA, inflated with zlib and unfiltered here, every pixel returned as straight RGBA at the file's depth.
package enum StraightPNGReader {
  package struct Image: Equatable {
    package var width: Int
    package var height: Int
    /// Bits a sample: 8 or 16.
    package var depth: Int
    /// Straight RGBA, 4 bytes a pixel, rows packed: an 8-bit file's (empty for a 16-bit one).
    package var rgba: [UInt8]
    /// Straight RGBA, 4 samples a pixel, rows packed: a 16-bit file's (empty for an 8-bit one).
    package var rgba16: [UInt16]
  }

  package struct Unsupported: Error, CustomStringConvertible {
    package var description: String
  }

  package static func read(_ file: [UInt8]) throws -> Image {
    guard file.count > 8, Array(file[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
      throw Unsupported(description: "not a PNG")
    }
    var position = 8
    var header: [UInt8] = []
    var data: [UInt8] = []
    while position + 8 <= file.count {
      let length = file[position..<position + 4].reduce(0) { $0 << 8 | Int($1) }
      let type = String(decoding: file[position + 4..<position + 8], as: UTF8.self)
      let body = Array(file[position + 8..<position + 8 + length])
      if type == "IHDR" { header = body }
      if type == "IDAT" { data += body }
      position += 12 + length
    }
    guard header.count == 13 else { throw Unsupported(description: "no IHDR") }
    let width = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
    let height = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
    let channels: Int
    switch header[9] {
    case 0: channels = 1
    case 2: channels = 3
    case 4: channels = 2
    case 6: channels = 4
    default: throw Unsupported(description: "colour type \(header[9])")
    }
    guard header[8] == 8 || header[8] == 16, header[12] == 0 else {
      throw Unsupported(description: "not 8- or 16-bit non-interlaced")
    }
    let sampleBytes = Int(header[8]) / 8
    let pixelBytes = channels * sampleBytes
    let stride = width * pixelBytes
    var raw = [UInt8](repeating: 0, count: (stride + 1) * height)
    var size = UInt(raw.count)
    let status = raw.withUnsafeMutableBufferPointer { out in
      data.withUnsafeBufferPointer { uncompress(out.baseAddress!, &size, $0.baseAddress!, UInt($0.count)) }
    }
    guard status == Z_OK, size == UInt(raw.count) else { throw Unsupported(description: "zlib status \(status)") }
    var samples = [UInt8](repeating: 0, count: stride * height)
    for y in 0..<height {
      let filter = raw[y * (stride + 1)]
      for x in 0..<stride {
        let value = Int(raw[y * (stride + 1) + 1 + x])
        let a = x >= pixelBytes ? Int(samples[y * stride + x - pixelBytes]) : 0
        let b = y > 0 ? Int(samples[(y - 1) * stride + x]) : 0
        let c = x >= pixelBytes && y > 0 ? Int(samples[(y - 1) * stride + x - pixelBytes]) : 0
        let predicted: Int
        switch filter {
        case 0: predicted = 0
        case 1: predicted = a
        case 2: predicted = b
        case 3: predicted = (a + b) / 2
        case 4:
          let p = a + b - c
          let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
          predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
        default: throw Unsupported(description: "filter \(filter)")
        }
        samples[y * stride + x] = UInt8((value + predicted) & 0xFF)
      }
    }
    // Each pixel's samples (big-endian pairs at 16 bits) spread to RGBA, opaque where the file has no alpha.
    let values: [Int] = sampleBytes == 1
      ? samples.map { Int($0) }
      : Swift.stride(from: 0, to: samples.count, by: 2).map { Int(samples[$0]) << 8 | Int(samples[$0 + 1]) }
    let opaque = sampleBytes == 1 ? 255 : 65535
    var rgba = [Int](repeating: opaque, count: width * height * 4)
    for i in 0..<width * height {
      let s = values[i * channels..<(i + 1) * channels].map { $0 }
      switch channels {
      case 1: (rgba[4 * i], rgba[4 * i + 1], rgba[4 * i + 2]) = (s[0], s[0], s[0])
      case 2: (rgba[4 * i], rgba[4 * i + 1], rgba[4 * i + 2], rgba[4 * i + 3]) = (s[0], s[0], s[0], s[1])
      case 3: (rgba[4 * i], rgba[4 * i + 1], rgba[4 * i + 2]) = (s[0], s[1], s[2])
      default: (rgba[4 * i], rgba[4 * i + 1], rgba[4 * i + 2], rgba[4 * i + 3]) = (s[0], s[1], s[2], s[3])
      }
    }
    return Image(width: width, height: height, depth: 8 * sampleBytes,
      rgba: sampleBytes == 1 ? rgba.map { UInt8($0) } : [], rgba16: sampleBytes == 2 ? rgba.map { UInt16($0) } : [])
  }
}
