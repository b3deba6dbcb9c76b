import DecorCore

/// The EXIF orientation of an image (tag 0x0112 of the first IFD: in a JPEG's APP1 `Exif` segment, a PNG's `eXIf`
/// chunk, a WebP's `EXIF` chunk; a TIFF's own Orientation tag, 274, numbers it the same way): how the stored pixels
/// must be turned to show the picture upright, as a camera that was held sideways records it.
///
/// Values as the EXIF specification numbers them; `apply(to:)` turns a raster the way viewers, browsers
/// (`image-orientation: from-image`), ImageMagick's `-auto-orient`, libvips' `autorot` and Pillow's
/// `ImageOps.exif_transpose` do.
public enum ExifOrientation: Int, Sendable, CaseIterable {
  case up = 1
  case mirrored = 2
  case upsideDown = 3
  case upsideDownMirrored = 4
  /// Mirrored left-right, then turned 90° anticlockwise: a transpose.
  case leftMirrored = 5
  /// Stored turned 90° anticlockwise: shown turned 90° clockwise.
  case right = 6
  /// Mirrored left-right, then turned 90° clockwise: a transverse.
  case rightMirrored = 7
  /// Stored turned 90° clockwise: shown turned 90° anticlockwise.
  case left = 8

  /// Whether the upright picture has the stored height as its width.
  public var swapsSides: Bool { rawValue >= 5 }

  /// The orientation a JPEG file records, or `nil` when it records none (or the record is damaged: a bad
  /// orientation is ignored, as viewers ignore it, rather than failing the whole image).
  public init?(jpeg data: [UInt8]) {
    guard let value = ExifOrientation.read(data), let orientation = ExifOrientation(rawValue: value) else {
      return nil
    }
    self = orientation
  }

  /// The orientation an EXIF block records (tag 0x0112 of its first IFD; the TIFF structure, with or without the
  /// `Exif\0\0` signature before it, as a PNG `eXIf` chunk, a WebP `EXIF` chunk or `ImageMetadata.exif` holds it),
  /// or `nil` when it records none or a damaged one.
  public init?(exif: [UInt8]) {
    let start = exif.starts(with: ImageMetadata.exifSignature) ? ImageMetadata.exifSignature.count : 0
    guard let value = ExifOrientation.tiffOrientation(exif, tiff: start, end: exif.count),
      let orientation = ExifOrientation(rawValue: value)
    else { return nil }
    self = orientation
  }

  /// The raster turned upright: output pixel (x, y) comes from stored pixel `source(x, y)`.
  public func apply(to raster: Raster) throws(RasterError) -> Raster {
    if self == .up { return raster }
    let (w, h) = (raster.width, raster.height)
    let (outW, outH) = swapsSides ? (h, w) : (w, h)
    do {
      // The same number of pixels as the raster, which already passed its limit.
      return try Raster(width: outW, height: outH, pixelLimit: .max) { buffer in
        let out = buffer.bindMemory(to: UInt32.self)
        raster.withUnsafeBytes { raw in
          let input = raw.bindMemory(to: UInt32.self)
          for y in 0..<outH {
            for x in 0..<outW {
              let (sx, sy) = source(x, y, width: w, height: h)
              out[y * outW + x] = input[sy * w + sx]
            }
          }
        }
      }
    } catch let error as RasterError {
      throw error
    } catch {
      // The initialiser's only error is its size check's.
      throw .invalidSize(width: outW, height: outH)
    }
  }

  /// The stored pixel that upright pixel (x, y) shows, for a stored image of `width` × `height`.
  func source(_ x: Int, _ y: Int, width w: Int, height h: Int) -> (Int, Int) {
    switch self {
    case .up: return (x, y)
    case .mirrored: return (w - 1 - x, y)
    case .upsideDown: return (w - 1 - x, h - 1 - y)
    case .upsideDownMirrored: return (x, h - 1 - y)
    case .leftMirrored: return (y, x)
    case .right: return (y, h - 1 - x)
    case .rightMirrored: return (w - 1 - y, h - 1 - x)
    case .left: return (w - 1 - y, x)
    }
  }

  /// The orientation value in the file's first `Exif` APP1 segment, reading only the markers before the image
  /// data; every offset is checked against the data.
  static func read(_ data: [UInt8]) -> Int? {
    let exif: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]
    guard let segment = JPEGMarkers.segments(data).first(where: { $0.marker == 0xE1 && $0.body.count >= 14
      && data[$0.body].starts(with: exif) })
    else { return nil }
    return tiffOrientation(data, tiff: segment.body.lowerBound + 6, end: segment.body.upperBound)
  }

  /// Tag 0x0112 of IFD0 of the TIFF structure at `tiff` (up to `end`): one value, stored as the specification says
  /// (a SHORT) or as a LONG, which some writers use and Pillow, libvips and exiftool read alike. A count other than
  /// 1 is a damaged record (a SHORT "of a billion values" holds none where the entry says), ignored as viewers
  /// ignore it.
  static func tiffOrientation(_ data: [UInt8], tiff: Int, end: Int) -> Int? {
    guard tiff + 8 <= end else { return nil }
    let little: Bool
    switch (data[tiff], data[tiff + 1]) {
    case (0x49, 0x49): little = true
    case (0x4D, 0x4D): little = false
    default: return nil
    }
    func u16(_ i: Int) -> Int? {
      guard i >= tiff, i + 2 <= end else { return nil }
      let (a, b) = (Int(data[i]), Int(data[i + 1]))
      return little ? a | b << 8 : a << 8 | b
    }
    func u32(_ i: Int) -> Int? {
      guard let lo = u16(little ? i : i + 2), let hi = u16(little ? i + 2 : i) else { return nil }
      return lo | hi << 16
    }
    guard u16(tiff + 2) == 42, let ifd = u32(tiff + 4), let count = u16(tiff + ifd) else { return nil }
    for n in 0..<min(count, 1000) {
      let entry = tiff + ifd + 2 + 12 * n
      guard let tag = u16(entry) else { return nil }
      if tag == 0x0112 {
        // The value sits in the entry's last four bytes: a SHORT in the first two of them, a LONG in all four.
        guard u32(entry + 4) == 1 else { return nil }
        switch u16(entry + 2) {
        case 3: return u16(entry + 8)
        case 4: return u32(entry + 8)
        default: return nil
        }
      }
    }
    return nil
  }
}
