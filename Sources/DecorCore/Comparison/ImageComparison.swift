#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The differences between an image and its reference, pixel by pixel, premultiplied (so two fully transparent
/// pixels are equal whatever colour they were given), at the depth of the images: in RGBA8 when both are 8-bit
/// rasters, in RGBA16 when either is 16-bit (`Raster.depth`; an 8-bit one is widened exactly, `v × 257`), so that
/// a difference of 1/65535 counts. `depth` says which, and the deltas and PSNR are in its units.
///
/// Sizes must match; compare with `ImageComparison(actual, reference, tolerance:)`, which throws otherwise.
public struct ImageComparison: Sendable, CustomStringConvertible {
  public let width: Int
  public let height: Int
  /// The depth the images were compared at: `.sixteen` when either is a 16-bit raster, else `.eight`. The deltas
  /// are in its units: levels of 255 at 8 bits, of 65535 at 16.
  public let depth: BitDepth
  /// The largest difference in any channel of any pixel, antialiased pixels included: 0…255 at 8 bits, 0…65535 at
  /// 16 (see `depth`).
  public let maxChannelDelta: Int
  /// Peak signal-to-noise ratio over all four channels, in dB (the peak is 255 at 8 bits, 65535 at 16, so the same
  /// relative error gives about the same figure at either depth); `.infinity` for identical images.
  public let psnr: Double
  /// Pixels with a channel more than the tolerance allows away (`GoldenTolerance.channelDeltaLimit(at:)` at
  /// `depth`), antialiased ones excluded when the tolerance excuses them.
  public let differingPixels: Int
  /// Differing pixels excused as antialiased edges.
  public let antialiasedPixels: Int
  /// The tolerance the counts were made with.
  public let tolerance: GoldenTolerance
  /// Per pixel: 0 equal (within the tolerance), 1 differing, 2 excused as antialiasing. Row-major.
  let classes: [UInt8]

  /// Why two images cannot be compared.
  public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
    case sizeMismatch(actual: String, reference: String)

    public var description: String {
      switch self {
      case .sizeMismatch(let actual, let reference): return "sizes differ: \(actual) against \(reference)"
      }
    }
  }

  /// Compares `actual` with `reference` under `tolerance`.
  ///
  /// - Throws: `ImageComparison.Failure.sizeMismatch` when the sizes differ.
  public init(_ actual: Raster, _ reference: Raster, tolerance: GoldenTolerance = .exact) throws(Failure) {
    guard actual.width == reference.width, actual.height == reference.height else {
      throw .sizeMismatch(actual: "\(actual.width)x\(actual.height)",
        reference: "\(reference.width)x\(reference.height)")
    }
    width = actual.width
    height = actual.height
    self.tolerance = tolerance
    let deep = actual.depth == .sixteen || reference.depth == .sixteen
    depth = deep ? .sixteen : .eight
    let limit = tolerance.channelDeltaLimit(at: depth)
    var maxDelta = 0
    var squares = 0.0
    var classes = [UInt8](repeating: 0, count: width * height)
    if deep {
      // Each pixel premultiplied at 16 bits, an 8-bit raster's widened exactly: no rounding hides a difference.
      for p in 0..<width * height {
        let (x, y) = (p % width, p / width)
        let (a, b) = (actual[deep: x, y], reference[deep: x, y])
        let deltas = (abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)),
          abs(Int(a.a) - Int(b.a)))
        let pixelDelta = max(deltas.0, deltas.1, deltas.2, deltas.3)
        squares += Double(deltas.0 * deltas.0) + Double(deltas.1 * deltas.1) + Double(deltas.2 * deltas.2)
          + Double(deltas.3 * deltas.3)
        maxDelta = max(maxDelta, pixelDelta)
        if pixelDelta > limit { classes[p] = 1 }
      }
    } else {
      let a = actual.bytes8
      let b = reference.bytes8
      for p in 0..<width * height {
        var pixelDelta = 0
        for c in 0..<4 {
          let d = abs(Int(a[p * 4 + c]) - Int(b[p * 4 + c]))
          pixelDelta = max(pixelDelta, d)
          squares += Double(d * d)
        }
        maxDelta = max(maxDelta, pixelDelta)
        if pixelDelta > limit { classes[p] = 1 }
      }
    }
    if tolerance.ignoresAntialiasing {
      for p in 0..<width * height where classes[p] == 1 {
        let (x, y) = (p % width, p / width)
        let excused = deep
          ? Self.isAntialiased16(actual, x, y, reference) || Self.isAntialiased16(reference, x, y, actual)
          : Self.isAntialiased(actual, x, y, reference) || Self.isAntialiased(reference, x, y, actual)
        if excused { classes[p] = 2 }
      }
    }
    maxChannelDelta = maxDelta
    let mse = squares / Double(max(1, width * height * 4))
    let peak = deep ? 65535.0 : 255.0
    psnr = mse == 0 ? .infinity : 10 * log10(peak * peak / mse)
    differingPixels = classes.lazy.filter { $0 == 1 }.count
    antialiasedPixels = classes.lazy.filter { $0 == 2 }.count
    self.classes = classes
  }

  /// The share of pixels that differ (0…1).
  public var differingFraction: Double { Double(differingPixels) / Double(max(1, width * height)) }

  /// Whether the image is within the tolerance it was compared with.
  public var passes: Bool {
    differingFraction <= tolerance.maxDifferingFraction && psnr >= (tolerance.minimumPSNR ?? -.infinity)
  }

  /// One line: `max delta 3, PSNR 48.20 dB, 120 of 65536 pixels differ (0.18%)` at 8 bits; at 16 bits the delta
  /// says its unit, `max delta 3/65535, PSNR 96.4 dB, …`, so that it is never read as levels of 255.
  public var description: String {
    let psnrText = psnr.isInfinite ? "PSNR ∞" : "PSNR \(formatted(psnr)) dB"
    let delta = depth == .sixteen ? "\(maxChannelDelta)/65535" : "\(maxChannelDelta)"
    var text = "max delta \(delta), \(psnrText), \(differingPixels) of \(width * height) pixels differ "
      + "(\(formatted(differingFraction * 100))%)"
    if antialiasedPixels > 0 { text += ", \(antialiasedPixels) more on antialiased edges" }
    return text
  }

  /// A panel for people: the reference, the actual image and a map of the differences side by side, each over a
  /// checkerboard so transparency shows. In the map, differing pixels are red (brighter for larger deltas),
  /// excused antialiased ones yellow, and equal ones a faded grey copy of the reference.
  ///
  /// - Throws: `RenderError` (its `.raster` case) when the panel, three images wide, is over the pixel limit.
  public func diffPanel(actual: Raster, reference: Raster) throws(RenderError) -> Raster {
    var map = try Self.blankMap(width: width, height: height)
    for p in 0..<width * height {
      let (x, y) = (p % width, p / width)
      let r = reference[x, y]
      switch classes[p] {
      case 1: map[x, y] = Self.differenceRed(actual[x, y], r)
      case 2: map[x, y] = RGBA8(r: 255, g: 210, b: 0, a: 255)
      default: map[x, y] = Self.fadedGrey(r)
      }
    }
    return try Self.panel(reference: reference, actual: actual, map: map)
  }

  /// The panel of two images whose sizes differ, which no comparison can be made of: the reference and the actual
  /// image side by side, each over a checkerboard at its own size, then a map as large as both together: magenta
  /// where only one of them has pixels, red (brighter for larger differences) where both have pixels that differ,
  /// and a faded grey copy of the reference where they are equal.
  ///
  /// - Throws: `RenderError` (its `.raster` case) when the panel is over the pixel limit.
  public static func sizeMismatchPanel(actual: Raster, reference: Raster) throws(RenderError) -> Raster {
    let width = max(actual.width, reference.width)
    let height = max(actual.height, reference.height)
    var map = try blankMap(width: width, height: height)
    let deep = actual.depth == .sixteen || reference.depth == .sixteen
    for y in 0..<height {
      for x in 0..<width {
        guard x < actual.width && y < actual.height && x < reference.width && y < reference.height else {
          map[x, y] = RGBA8(r: 255, g: 0, b: 255, a: 255)
          continue
        }
        let (a, r) = (actual[x, y], reference[x, y])
        // Equal at the depth a comparison would use: 16 bits when either image has them.
        let equal = deep ? actual[deep: x, y] == reference[deep: x, y] : a == r
        map[x, y] = equal ? fadedGrey(r) : differenceRed(a, r)
      }
    }
    return try panel(reference: reference, actual: actual, map: map)
  }

  /// The map's raster, before its pixels are set.
  static func blankMap(width: Int, height: Int) throws(RenderError) -> Raster {
    do {
      return try Raster(width: width, height: height)
    } catch {
      throw .raster(error)
    }
  }

  /// What both panels share: on white, the reference and the actual image side by side, each over a checkerboard
  /// at its own size (so transparency shows), then `map`, 4 pixels apart.
  static func panel(reference: Raster, actual: Raster, map: Raster) throws(RenderError) -> Raster {
    let gap = 4
    var panel: Raster
    do {
      panel = try Raster(width: reference.width + actual.width + map.width + gap * 2,
        height: max(reference.height, actual.height, map.height), fill: .white)
    } catch {
      throw .raster(error)
    }
    let board = Checkerboard(squareSize: 8)
    var x = 0
    for image in [reference, actual] {
      try panel.draw(board.cropped(to: IntRect(x: 0, y: 0, width: image.width, height: image.height)),
        at: Point(Double(x), 0))
      try panel.draw(image, at: Point(Double(x), 0))
      x += image.width + gap
    }
    try panel.draw(map, at: Point(Double(x), 0))
    return panel
  }

  /// A differing pixel in the maps: red, brighter for a larger difference in its most different channel (of the
  /// pixels rounded to 8 bits: a 16-bit difference that rounding hides is still red, at its darkest).
  static func differenceRed(_ a: RGBA8, _ r: RGBA8) -> RGBA8 {
    let delta = max(abs(Int(a.r) - Int(r.r)), abs(Int(a.g) - Int(r.g)), abs(Int(a.b) - Int(r.b)),
      abs(Int(a.a) - Int(r.a)))
    return RGBA8(r: UInt8(min(255, 128 + delta)), g: 0, b: 0, a: 255)
  }

  /// A pixel of the reference as the diff maps show an equal one: its luma, faded towards white.
  static func fadedGrey(_ r: RGBA8) -> RGBA8 {
    let weighted: Int = Int(r.r) * 54 + Int(r.g) * 183 + Int(r.b) * 19
    let luma: Int = weighted >> 8
    let faded = UInt8(min(255, 160 + luma * 95 / 255))
    return RGBA8(r: faded, g: faded, b: faded, a: 255)
  }

  /// pixelmatch's test, simplified: a pixel is on an antialiased edge if, among its neighbours in `image`, it has
  /// both a darker and a brighter one, few equal ones, and the darkest or brightest neighbour sits in a flat area
  /// in both images (so the pixel is a blend between two flat regions, which resamplers legitimately disagree on).
  static func isAntialiased(_ image: Raster, _ x: Int, _ y: Int, _ other: Raster) -> Bool {
    let centre = brightness(image[x, y])
    var equal = 0
    var darkest = (delta: 0.0, x: 0, y: 0)
    var brightest = (delta: 0.0, x: 0, y: 0)
    var found = (dark: false, bright: false)
    for ny in max(0, y - 1)...min(image.height - 1, y + 1) {
      for nx in max(0, x - 1)...min(image.width - 1, x + 1) where nx != x || ny != y {
        let delta = brightness(image[nx, ny]) - centre
        if delta == 0 {
          equal += 1
          if equal > 2 { return false }
        } else if delta < darkest.delta || !found.dark && delta < 0 {
          darkest = (delta, nx, ny)
          found.dark = true
        } else if delta > brightest.delta || !found.bright && delta > 0 {
          brightest = (delta, nx, ny)
          found.bright = true
        }
      }
    }
    guard found.dark, found.bright else { return false }
    return (hasManySiblings(image, darkest.x, darkest.y) && hasManySiblings(other, darkest.x, darkest.y))
      || (hasManySiblings(image, brightest.x, brightest.y) && hasManySiblings(other, brightest.x, brightest.y))
  }

  /// `isAntialiased` on 16-bit premultiplied pixels (an 8-bit raster's widened), for a comparison at 16 bits: the
  /// same test, with equality and brightness at 16 bits, so that neighbours 1/65535 apart are not taken as equal.
  static func isAntialiased16(_ image: Raster, _ x: Int, _ y: Int, _ other: Raster) -> Bool {
    let centre = brightness16(image[deep: x, y])
    var equal = 0
    var darkest = (delta: 0.0, x: 0, y: 0)
    var brightest = (delta: 0.0, x: 0, y: 0)
    var found = (dark: false, bright: false)
    for ny in max(0, y - 1)...min(image.height - 1, y + 1) {
      for nx in max(0, x - 1)...min(image.width - 1, x + 1) where nx != x || ny != y {
        let delta = brightness16(image[deep: nx, ny]) - centre
        if delta == 0 {
          equal += 1
          if equal > 2 { return false }
        } else if delta < darkest.delta || !found.dark && delta < 0 {
          darkest = (delta, nx, ny)
          found.dark = true
        } else if delta > brightest.delta || !found.bright && delta > 0 {
          brightest = (delta, nx, ny)
          found.bright = true
        }
      }
    }
    guard found.dark, found.bright else { return false }
    return (hasManySiblings16(image, darkest.x, darkest.y) && hasManySiblings16(other, darkest.x, darkest.y))
      || (hasManySiblings16(image, brightest.x, brightest.y) && hasManySiblings16(other, brightest.x, brightest.y))
  }

  /// `hasManySiblings` with pixels equal at 16 bits.
  static func hasManySiblings16(_ image: Raster, _ x: Int, _ y: Int) -> Bool {
    let pixel = image[deep: x, y]
    var equal = x == 0 || y == 0 || x == image.width - 1 || y == image.height - 1 ? 1 : 0
    for ny in max(0, y - 1)...min(image.height - 1, y + 1) {
      for nx in max(0, x - 1)...min(image.width - 1, x + 1) where (nx != x || ny != y) && image[deep: nx, ny] == pixel {
        equal += 1
        if equal > 2 { return true }
      }
    }
    return false
  }

  /// `brightness` of a 16-bit premultiplied pixel, in levels of 65535.
  static func brightness16(_ p: RGBA16) -> Double {
    let white = 65535 - Double(p.a)
    return 0.299 * (Double(p.r) + white) + 0.587 * (Double(p.g) + white) + 0.114 * (Double(p.b) + white)
  }

  /// Whether at least three neighbours of (x, y) equal it exactly.
  static func hasManySiblings(_ image: Raster, _ x: Int, _ y: Int) -> Bool {
    let pixel = image[x, y]
    var equal = x == 0 || y == 0 || x == image.width - 1 || y == image.height - 1 ? 1 : 0
    for ny in max(0, y - 1)...min(image.height - 1, y + 1) {
      for nx in max(0, x - 1)...min(image.width - 1, x + 1) where (nx != x || ny != y) && image[nx, ny] == pixel {
        equal += 1
        if equal > 2 { return true }
      }
    }
    return false
  }

  /// Brightness of a premultiplied pixel composited over white (so transparency counts as light).
  static func brightness(_ p: RGBA8) -> Double {
    let white = 255 - Double(p.a)
    return 0.299 * (Double(p.r) + white) + 0.587 * (Double(p.g) + white) + 0.114 * (Double(p.b) + white)
  }
}

package func formatted(_ value: Double) -> String {
  let scaled = (value * 100).rounded() / 100
  return String(scaled)
}
