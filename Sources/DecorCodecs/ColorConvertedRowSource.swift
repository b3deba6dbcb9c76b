#if ColorManagement
import DecorCore

/// A streamed input whose rows are converted from an ICC profile to sRGB as they are read: each render's reader
/// makes its own `ColorTransform` and converts every band the decoder gives it, so the conversion streams with the
/// decoding and holds nothing whole.
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
    Reader(rows: try source.openRows(), transform: try ColorTransform(from: profile), width: width)
  }

  final class Reader: RowReader {
    let rows: any RowReader
    let transform: ColorTransform
    let width: Int

    init(rows: any RowReader, transform: ColorTransform, width: Int) {
      self.rows = rows
      self.transform = transform
      self.width = width
    }

    func readRows(count: Int, into buffer: UnsafeMutableBufferPointer<UInt32>) throws {
      try rows.readRows(count: count, into: buffer)
      guard let base = buffer.baseAddress else { return }
      transform.convertPremultiplied(UnsafeMutableRawPointer(base), count: min(buffer.count, count * width))
    }
  }
}

extension ColorConvertedRowSource: DeepRowSource {
  /// Converted at 8 bits so far: nothing more to keep, whatever the file holds.
  package var holdsMoreThanEightBits: Bool { false }
  /// The file's depth, so that an output of fewer bits is said.
  package var sourceDepth: Int { (source as? any DeepRowSource)?.sourceDepth ?? 8 }
}
#endif
