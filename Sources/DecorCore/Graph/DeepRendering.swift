/// Components that render at the render's format (`RenderContext.format`), 8 or 16 bits per channel: their rasters
/// are made in it and their inputs arrive in it. A render works at 16 bits only when every component of its graph
/// can (see `RenderPlan.format`), so a component that is not one never sees a 16-bit raster.
package protocol DeepRendering: ImageComponent {
  /// Whether this component, with its parameters, renders at 16 bits (a rotation by a quarter turn copies pixels at
  /// any depth; one by 30° resamples, which is 8-bit so far).
  var rendersDeep: Bool { get }
  /// Whether it only moves pixels (copies them, and fills new ones with a colour), so that it renders straight pixels
  /// (`PixelFormat.rgba16Straight`) as well as premultiplied ones: a render whose components all do keeps every
  /// source's values exactly.
  var onlyMovesPixels: Bool { get }
}

/// Sources whose pixels 8-bit premultiplied storage would change: translucent pixels, or more than 8 bits a channel.
/// A render with such a source works at 16 bits where every component of its graph can (`RenderPlan.format`).
package protocol DeepSource: ImageComponent {
  var holdsMoreThanEightBits: Bool { get }
  /// The bits a channel of the file holds (16 for a 16-bit PNG, 10 or 12 for a 10- or 12-bit HEIC, else 8): the
  /// depth an output keeps by default, and the one a reduction notice names.
  var sourceDepth: Int { get }
}

/// The row readers that give 16-bit pixels too, for a render at 16 bits.
package protocol DeepRowReader: RowReader {
  /// Decodes the next `count` rows into `buffer`, `width × count` 16-bit pixels in `format` (`rgba16` or
  /// `rgba16Straight`), as `readRows` does at 8 bits.
  func readDeepRows(count: Int, into buffer: UnsafeMutableBufferPointer<RGBA16>, format: PixelFormat) throws
}

/// The row sources that say whether their pixels need 16 bits, whose readers are then `DeepRowReader`s, and how
/// deep their files are.
package protocol DeepRowSource: RowSource {
  /// Whether 8-bit premultiplied pixels would change the file's: it has translucent pixels (an alpha channel or a
  /// transparent colour) or 16-bit samples.
  var holdsMoreThanEightBits: Bool { get }
  /// The bits a channel of the file holds: 8 or 16 (`DeepSource.sourceDepth`).
  var sourceDepth: Int { get }
}
