import Decor

/// Small inputs for the golden tests, built from the sample images so a reference shows real content.
package enum GoldenScenes {
  /// The cat, 120 × 80, opaque.
  package static func photo() throws -> Raster {
    try ImageMetrics.sample("chelsea.png").extracting(IntRect(x: 100, y: 30, width: 300, height: 200))
      .resized(width: 120, height: 80).rendered()
  }

  /// The horse cut-out, 100 px wide, with transparency and antialiased edges.
  package static func cutout() throws -> Raster {
    try ImageMetrics.sample("horse-cutout.png").resized(width: 100, height: nil).rendered()
  }

  package static func color(_ text: String) -> Color { (try? Color(parsing: text)) ?? .black }
}
