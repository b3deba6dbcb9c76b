import DecorCore

/// What a PNG file's header says about it, read without decoding any pixels (for `decor info`).
///
/// Only the signature, the `IHDR` chunk and the chunk lengths before the first `IDAT` are looked at; checksums
/// are left to libpng, which `PNGCodec.header(of:source:)` also runs over the header.
public struct PNGHeader: Equatable, Sendable, CustomStringConvertible {
  /// The colour types of the PNG specification.
  public enum ColorType: UInt8, Sendable, CustomStringConvertible {
    case grayscale = 0
    case rgb = 2
    case palette = 3
    case grayscaleAlpha = 4
    case rgba = 6

    public var description: String {
      switch self {
      case .grayscale: return "grayscale"
      case .rgb: return "RGB"
      case .palette: return "palette"
      case .grayscaleAlpha: return "grayscale+alpha"
      case .rgba: return "RGBA"
      }
    }
  }

  /// The PNG signature, the first 8 bytes of every PNG file.
  public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  public var width: Int
  public var height: Int
  /// Bits per sample (per palette index for palette images): 1, 2, 4, 8 or 16.
  public var bitDepth: Int
  public var colorType: ColorType
  public var isInterlaced: Bool
  /// Whether the image can hold transparency: an alpha channel, or a `tRNS` chunk.
  public var hasAlpha: Bool

  /// Reads the header of a PNG file.
  ///
  /// - Throws: `CodecError.unsupportedFormat` without the PNG signature, `.corrupt` for a malformed `IHDR`.
  public init(_ data: [UInt8], source: String) throws(CodecError) {
    guard data.starts(with: Self.signature) else {
      throw .unsupportedFormat(source: source, leadingBytes: Array(data.prefix(8)))
    }
    func uint32(_ offset: Int) -> Int? {
      guard offset + 4 <= data.count else { return nil }
      return data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    guard uint32(8) == 13, data.count >= 33, Array(data[12..<16]) == Array("IHDR".utf8),
      let width = uint32(16), let height = uint32(20)
    else { throw .corrupt(source: source, detail: "missing or short IHDR chunk") }
    guard let colorType = ColorType(rawValue: data[25]) else {
      throw .corrupt(source: source, detail: "invalid colour type \(data[25])")
    }
    self.width = width
    self.height = height
    bitDepth = Int(data[24])
    self.colorType = colorType
    isInterlaced = data[28] != 0
    hasAlpha = colorType == .rgba || colorType == .grayscaleAlpha
      || PNGChunks(data).beforeImageData.contains { $0.type == "tRNS" }
  }

  /// One line for people: `32x32, RGBA, 8-bit, alpha, interlaced`.
  public var description: String {
    "\(width)x\(height), \(colorType), \(bitDepth)-bit, \(hasAlpha ? "alpha" : "no alpha"), "
      + (isInterlaced ? "interlaced" : "not interlaced")
  }
}

extension PNGHeader {
  /// Reads and checks the header of the PNG file at `path` (`-` for standard input) without decoding pixels.
  ///
  /// - Throws: `CodecError`: `.io`, `.unsupportedFormat` for a file that is not PNG, `.corrupt` when libpng
  ///   rejects the header or the chunks before the image data.
  public init(contentsOfFile path: String) throws(CodecError) {
    let bytes = try ImageFile.readBytes(atPath: path)
    self = try PNGCodec.header(of: bytes, source: ImageFile.displayName(path, input: true))
  }
}
