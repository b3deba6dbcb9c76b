import DecorCore

/// The rows of an image file as a format's reader gives them (`JPEGRowSource`, `PNGRowSource`, `WebPRowSource`,
/// `TIFFRowSource`): as stored, with the orientation the file records, which the rows never apply. A reader of the
/// file that turns pictures upright (`RowSourceDecoder.autoOrient`) asks it here, whatever the format.
package protocol FileRowSource: RowSource {
  /// The EXIF orientation the file records: how the stored rows must be turned to show the picture upright.
  /// `nil` (by default) when it records none, or one outside the eight; `.up` is nothing to turn either.
  var orientation: ExifOrientation? { get }
}

extension FileRowSource {
  package var orientation: ExifOrientation? { nil }
}
