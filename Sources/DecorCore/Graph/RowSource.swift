/// A source whose pixels come top to bottom, a band of rows at a time (a decoder reading a file): what a streamed
/// input gives the render. The source itself is an immutable description (a file and its header); every render
/// opens its own `RowReader`, which holds the decoder's state for that render alone and dies with it.
public protocol RowSource: Sendable, CustomStringConvertible {
  /// The size of the image the rows make up.
  var width: Int { get }
  var height: Int { get }
  /// Opens a reader positioned before row 0.
  ///
  /// - Throws: the codec's error when the file cannot be opened or its header read.
  func openRows() throws -> any RowReader
  /// Whether every pixel is sure to be grey (red, green and blue equal): a greyscale file. The default, `false`,
  /// says nothing; the encoders then write colour unless they see every pixel.
  var isGrey: Bool { get }
}

extension RowSource {
  public var isGrey: Bool { false }
}

/// One render's sequential reader of a `RowSource`: not shared between threads (the render serialises its calls).
public protocol RowReader: AnyObject {
  /// Decodes the next `count` rows (fewer only past the last row: never asked) into `buffer`: `width × count`
  /// premultiplied RGBA8 pixels (`RGBA8`'s memory layout), row after row.
  ///
  /// - Throws: the codec's error for corrupt or truncated data; the reader is unusable afterwards.
  func readRows(count: Int, into buffer: UnsafeMutableBufferPointer<UInt32>) throws
}
