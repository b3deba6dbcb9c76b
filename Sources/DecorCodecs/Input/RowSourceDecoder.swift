import DecorCore

/// A decoder whose files can be read row by row as a render needs them (JPEG, PNG, WebP, TIFF): it gives the
/// `FileRowSource` it reads them with, so that a caller streaming its inputs (`OpenedImage`) asks the decoder and
/// its rows, and never names a format.
package protocol RowSourceDecoder: ImageDecoder {
  /// Whether the decoder turns the picture upright by the orientation the file records: when it does and the rows'
  /// `orientation` is not `.up`, the file is decoded whole (turned as the decoder turns it) rather than streamed.
  var autoOrient: Bool { get }

  /// The rows of `bytes`, their header read and checked against `pixelLimit`; `nil` for a file of the format that
  /// is not read row by row (an animated WebP: its frames are composed by libwebp's animation decoder).
  ///
  /// - Throws: what the row source throws on reading the header (`CodecError.corrupt`, `.tooLarge`, `.io`).
  func rowSource(_ bytes: ByteSource, pixelLimit: Int) throws(CodecError) -> (any FileRowSource)?
}
