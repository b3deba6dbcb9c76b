import DecorCore

/// A 16-bit image in memory, given as straight RGBA16 pixels row by row, read as a 16-bit file is: at 16 bits when a
/// render works at 16, else rounded to 8-bit premultiplied pixels. For tests that hold a step to the exact formula
/// at 16 bits.
package struct SixteenBitSource: DeepRowSource {
  package let width: Int
  package let height: Int
  /// The straight pixels, `width × height`, row by row.
  package let straight: [RGBA16]

  package init(width: Int, height: Int, straight: [RGBA16]) {
    precondition(straight.count == width * height, "\(straight.count) pixels for \(width)x\(height)")
    self.width = width
    self.height = height
    self.straight = straight
  }

  /// `width × height` pixels from `pixel(x, y)`, straight.
  package init(width: Int, height: Int, _ pixel: (Int, Int) -> RGBA16) {
    self.init(width: width, height: height,
      straight: (0..<width * height).map { pixel($0 % width, $0 / width) })
  }

  package var description: String { "sixteen-bit \(width)x\(height)" }
  package var holdsMoreThanEightBits: Bool { true }
  package var sourceDepth: Int { 16 }

  package func openRows() throws -> any RowReader { Reader(straight: straight, width: width) }

  final class Reader: DeepRowReader {
    let straight: [RGBA16]
    let width: Int
    var next = 0

    init(straight: [RGBA16], width: Int) {
      self.straight = straight
      self.width = width
    }

    func readRows(count: Int, into buffer: UnsafeMutableBufferPointer<UInt32>) throws {
      for i in 0..<count * width {
        let p = straight[next * width + i].premultiplied.premultiplied8
        buffer[i] = unsafeBitCast(SIMD4<UInt8>(p.r, p.g, p.b, p.a), to: UInt32.self)
      }
      next += count
    }

    func readDeepRows(count: Int, into buffer: UnsafeMutableBufferPointer<RGBA16>, format: PixelFormat) throws {
      for i in 0..<count * width {
        let s = straight[next * width + i]
        buffer[i] = format == .rgba16 ? s.premultiplied : s
      }
      next += count
    }
  }
}
