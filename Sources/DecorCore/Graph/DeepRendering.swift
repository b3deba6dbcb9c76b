/// Components that render at the render's format (`RenderContext.format`), 8 or 16 bits per channel: their rasters
/// are made in it and their inputs arrive in it. A render works at 16 bits only when every component of its graph
/// can (see `RenderPlan.format`), so a component that is not one never sees a 16-bit raster.
package protocol DeepRendering: ImageComponent {
  /// Whether this component, with its parameters, renders at 16 bits (a rotation by a quarter turn copies pixels at
  /// any depth; one by 30° resamples, which is 8-bit so far).
  var rendersDeep: Bool { get }
}

/// Sources whose pixels 8-bit premultiplied storage would change: translucent pixels, or more than 8 bits a channel.
/// A render with such a source works at 16 bits where every component of its graph can (`RenderPlan.format`).
package protocol DeepSource: ImageComponent {
  var holdsMoreThanEightBits: Bool { get }
}

/// The row readers that give 16-bit premultiplied pixels too, for a render at 16 bits.
package protocol DeepRowReader: RowReader {
  /// Decodes the next `count` rows into `buffer`, `width × count` premultiplied 16-bit pixels, as `readRows` does
  /// at 8 bits.
  func readDeepRows(count: Int, into buffer: UnsafeMutableBufferPointer<RGBA16>) throws
}

/// The row sources whose readers are `DeepRowReader`s, and which say whether their pixels need them.
package protocol DeepRowSource: RowSource {
  /// Whether 8-bit premultiplied pixels would change the file's: it has translucent pixels (an alpha channel or a
  /// transparent colour) or 16-bit samples.
  var holdsMoreThanEightBits: Bool { get }
}
