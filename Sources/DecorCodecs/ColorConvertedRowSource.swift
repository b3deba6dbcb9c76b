#if ColorManagement
import DecorCore

/// A streamed input whose rows are converted from an ICC profile to sRGB as they are read: each render's reader
/// makes its own `ColorTransform` and converts every band the decoder gives it, so the conversion streams with the
/// decoding and holds nothing whole. A 16-bit file read at 16 bits (a render at 16 bits) is converted at 16 bits,
/// through Little CMS's 16-bit formats, its straight samples converted and then premultiplied, so that it keeps more
/// than 256 levels; at 8 bits the rows are converted as they always were.
public struct ColorConvertedRowSource: RowSource {
  /// The rows before conversion.
  public let source: any RowSource
  /// The space they are in.
  public let profile: ColorProfile

  public init(_ source: any RowSource, from profile: ColorProfile) {
    self.source = source
    self.profile = profile
  }

  public var width: Int { source.width }
  public var height: Int { source.height }
  public var description: String { "\(source) converted from \(profile.name) to sRGB" }

  public func openRows() throws -> any RowReader {
    Reader(rows: try source.openRows(), transform: try ColorTransform(from: profile), profile: profile, width: width)
  }

  final class Reader: DeepRowReader {
    let rows: any RowReader
    /// The 8-bit transform, made when the reader is (so that a profile Little CMS cannot convert fails there).
    let transform: ColorTransform
    let profile: ColorProfile
    let width: Int
    /// The 16-bit transform, made on the first `readDeepRows`: a render at 8 bits never needs it.
    private var deepTransform: ColorTransform?

    init(rows: any RowReader, transform: ColorTransform, profile: ColorProfile, width: Int) {
      self.rows = rows
      self.transform = transform
      self.profile = profile
      self.width = width
    }

    /// The next `count` rows at 16 bits in `format`: the file's straight 16-bit samples converted, then
    /// premultiplied for `rgba16`. Rows of a reader of 8 bits only (a JPEG's, in a render at 16 bits for another
    /// source) are converted at 8 bits and widened, exactly, as a render widens any 8-bit reader's.
    func readDeepRows(count: Int, into buffer: UnsafeMutableBufferPointer<RGBA16>, format: PixelFormat) throws {
      guard let deep = rows as? any DeepRowReader else {
        try Raster.checkAllocation(count * width * 4, width: width, height: count)
        let narrow = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: count * width)
        defer { narrow.deallocate() }
        try readRows(count: count, into: narrow)
        PixelConversion.convert(narrow.baseAddress!, .rgba8, into: buffer.baseAddress!, format, count: count * width)
        return
      }
      let converter = try deepTransform ?? ColorTransform(from: profile, sixteenBits: true)
      deepTransform = converter
      try deep.readDeepRows(count: count, into: buffer, format: .rgba16Straight)
      guard let base = buffer.baseAddress else { return }
      let n = min(buffer.count, count * width)
      converter.convertStraight16(base, count: n)
      if format == .rgba16 {
        for k in 0..<n where base[k].a != 65535 { base[k] = base[k].premultiplied }
      }
    }

    func readRows(count: Int, into buffer: UnsafeMutableBufferPointer<UInt32>) throws {
      try rows.readRows(count: count, into: buffer)
      guard let base = buffer.baseAddress else { return }
      transform.convertPremultiplied(UnsafeMutableRawPointer(base), count: min(buffer.count, count * width))
    }
  }
}

extension ColorConvertedRowSource: DeepRowSource {
  /// A 16-bit file read at 16 bits is converted at 16 bits; a file of 8 bits is converted at 8 (its render at 8
  /// bits, as before).
  package var holdsMoreThanEightBits: Bool {
    guard let deep = source as? any DeepRowSource else { return false }
    return deep.sourceDepth == 16 && deep.holdsMoreThanEightBits
  }
  /// The file's depth, so that an output of fewer bits is said.
  package var sourceDepth: Int { (source as? any DeepRowSource)?.sourceDepth ?? 8 }
}
#endif
