#if HEIF
import DecorCore

import CHEIF

/// A `grid` image item (ISO/IEC 23008-12, 6.6.2.3) decoded by `HEIFDecoder` tile by tile straight into one
/// `Raster`, so that the decode needs the raster and one tile's buffers rather than libheif's own image of the whole
/// grid beside the raster (libheif 1.15 decodes a grid into a full-size image of its own, then Decor copied it).
///
/// The result is libheif 1.15's whole decode, pixel for pixel: each tile is decoded by libheif as libheif decodes it
/// within the grid (to RGB at the tile's own depth, then to 8-bit RGBA), placed where libheif places it (columns
/// advance by each tile's size, rows by the row's last tile's height, clipped at the grid's output size), and the
/// grid's transformations are applied in `ipma` order with libheif's arithmetic (`irot` counter-clockwise, `imir`,
/// `clap` rounded as libheif 1.15 rounds it), mapped per pixel rather than done as whole-image passes. An alpha
/// grid's tiles give the alpha channel the same way (the red channel of each tile as libheif decodes it, which is
/// what libheif puts in the alpha plane), with the alpha item's own transformations.
///
/// What libheif would refuse before allocating its image (a tile count other than rows × columns, a tile that is not
/// an image, an output size past libheif's size limit, an unreadable layout) is not decided here: `layout(of:in:
/// sizeLimit:)` returns `nil` and the caller hands the file to libheif, which refuses it with its own message. What
/// libheif refuses only after allocating is an error here too: an empty clean aperture, or a mirrored image deeper
/// than 8 bits, before the raster is allocated; a tile placed wholly outside the output, or of another bit depth
/// than the grid's, when it is reached. Pixels no tile covers (a malformed grid; libheif leaves them undefined) are
/// transparent black. A tile that several cells refer to (one small tile repeated over a huge grid) is decoded once
/// while the tiles kept stay within an eighth of the raster.
package struct HEIFGrid {
  let rows: Int
  let columns: Int
  /// The output size the grid's data declares, before transformations.
  let width: Int
  let height: Int
  /// The tile items, row by row (`dimg` references, in order).
  let tiles: [heif_item_id]
  /// The bit depth every tile must have: the grid's `pixi`, or `nil` for the first tile's.
  let bitDepth: Int?
  let transformations: [Transformation]

  /// A transformation property of the grid item, as libheif 1.15 applies it.
  enum Transformation {
    /// `irot`: counter-clockwise, in degrees (0, 90, 180, 270).
    case rotation(Int)
    /// `imir`: `horizontal` flips left and right (libheif's axis 1), otherwise top and bottom.
    case mirror(horizontal: Bool)
    /// `clap`: the clean aperture's width, height and centre offsets, as fractions.
    case cleanAperture(width: Fraction, height: Fraction, horizontalOffset: Fraction, verticalOffset: Fraction)
  }

  /// The layout of `item` when it is a grid libheif 1.15 would go on to decode; `nil` when it is not a grid, or when
  /// libheif would refuse it before allocating anything, or when its boxes cannot be read as libheif reads them.
  /// `sizeLimit` is the largest side libheif's context allows (its grid check is `side >= limit`).
  package static func layout(of item: heif_item_id, in boxes: HEIFBoxes, sizeLimit: Int) -> HEIFGrid? {
    guard boxes.items[item]?.type == "grid", let data = boxes.bytes(of: item, limit: 12), data.count >= 8,
      let tiles = boxes.references(from: item, type: "dimg"), let properties = boxes.properties(of: item)
    else { return nil }
    let rows = Int(data[2]) + 1, columns = Int(data[3]) + 1
    var width = 0, height = 0
    if data[1] & 1 != 0 {
      guard data.count >= 12 else { return nil }
      width = data[4..<8].reduce(0) { $0 << 8 | Int($1) }
      height = data[8..<12].reduce(0) { $0 << 8 | Int($1) }
    } else {
      width = data[4..<6].reduce(0) { $0 << 8 | Int($1) }
      height = data[6..<8].reduce(0) { $0 << 8 | Int($1) }
    }
    let images: Set<String> = ["hvc1", "grid", "iden", "iovl", "av01", "vvc1"]
    guard tiles.count == rows * columns, tiles.allSatisfy({ images.contains(boxes.items[$0]?.type ?? "") }),
      width < sizeLimit, height < sizeLimit, width > 0, height > 0
    else { return nil }
    var bitDepth: Int?
    var transformations: [Transformation] = []
    for property in properties {
      var reader = boxes.reader(property)
      switch property.type {
      case "irot":
        guard let angle = reader.u8() else { return nil }
        transformations.append(.rotation(Int(angle & 3) * 90))
      case "imir":
        guard let axis = reader.u8() else { return nil }
        transformations.append(.mirror(horizontal: axis & 1 != 0))
      case "clap":
        var values: [UInt32] = []
        for _ in 0..<8 {
          guard let value = reader.u32() else { return nil }
          values.append(value)
        }
        // libheif refuses a file with any of these past Int32 (its parse fails, so no decode gets here).
        guard [0, 1, 2, 3, 5, 7].allSatisfy({ values[$0] <= UInt32(Int32.max) }) else { return nil }
        let aperture = Transformation.cleanAperture(
          width: Fraction(Int32(values[0]), Int32(values[1])), height: Fraction(Int32(values[2]), Int32(values[3])),
          horizontalOffset: Fraction(Int32(bitPattern: values[4]), Int32(values[5])),
          verticalOffset: Fraction(Int32(bitPattern: values[6]), Int32(values[7])))
        transformations.append(aperture)
      case "pixi" where bitDepth == nil:
        guard reader.skip(4), let channels = reader.u8(), channels >= 1 else { return nil }
        var depths: [Int] = []
        for _ in 0..<channels {
          guard let depth = reader.u8() else { return nil }
          depths.append(Int(depth))
        }
        // libheif refuses three channels of different depths, after allocating; left to it here.
        guard depths.count != 3 || Set(depths).count == 1 else { return nil }
        bitDepth = depths[0]
      default:
        continue
      }
    }
    return HEIFGrid(rows: rows, columns: columns, width: width, height: height, tiles: tiles, bitDepth: bitDepth,
      transformations: transformations)
  }

  // MARK: - Decoding

  /// Decodes the grid from `context` (in which its tiles must be top-level images: `HEIFDecoder` reads the file with
  /// their `hidden` flags cleared, since libheif 1.15 hands out handles of top-level images only) into a raster of
  /// its size after its transformations, premultiplied (`premultiplied`: the file's colour is premultiplied
  /// already, and is only clamped to alpha). `alpha` is the grid of the alpha image libheif attaches, if any.
  /// `pixelLimit` is checked before the raster is allocated.
  func decode(
    context: OpaquePointer, alpha: HEIFGrid?, premultiplied: Bool, source: String, pixelLimit: Int
  ) throws(CodecError) -> Raster {
    let colourDepth = try depth(context: context, source: source)
    let colour = try placement(depth: colourDepth, source: source)
    var alphaDepth: Int?
    var alphaPlacement: Placement?
    if let alpha {
      let depth = try alpha.depth(context: context, source: source)
      (alphaDepth, alphaPlacement) = (depth, try alpha.placement(depth: depth, source: source))
    }
    if let alphaPlacement, (alphaPlacement.width, alphaPlacement.height) != (colour.width, colour.height) {
      throw .corrupt(source: source, detail: "the alpha image is \(alphaPlacement.width)x\(alphaPlacement.height) "
        + "pixels, the image \(colour.width)x\(colour.height)")
    }
    try DecodeChecks.pixelLimit(width: colour.width, height: colour.height, limit: pixelLimit, source: source)
    do {
      return try Raster(width: colour.width, height: colour.height, pixelLimit: pixelLimit) { buffer in
        // Transparent black where no tile reaches (a malformed grid); every other byte is written below.
        buffer.initializeMemory(as: UInt8.self, repeating: 0)
        try paste(into: buffer, colour, depth: colourDepth, context: context, alphaOnly: false, source: source)
        if let alpha, let alphaPlacement, let alphaDepth {
          try alpha.paste(into: buffer, alphaPlacement, depth: alphaDepth, context: context, alphaOnly: true,
            source: source)
        }
        if premultiplied {
          TIFFDecoder.clampToAlpha(buffer)
        } else {
          Premultiplication.premultiply(buffer)
        }
      }
    } catch let error as CodecError {
      throw error
    } catch RasterError.allocationFailed(let width, let height, let bytes) {
      throw .allocationFailed(source: source, width: width, height: height, bytes: bytes)
    } catch {
      throw .tooLarge(source: source, width: colour.width, height: colour.height, limit: pixelLimit)
    }
  }

  /// The grid's bit depth: its `pixi`, or its first tile's, as libheif takes it (8 to 16).
  private func depth(context: OpaquePointer, source: String) throws(CodecError) -> Int {
    var depth = bitDepth ?? 0
    if bitDepth == nil {
      depth = try Self.withTile(tiles[0], context: context, source: source) { handle throws(CodecError) in
        Int(heif_image_handle_get_luma_bits_per_pixel(handle))
      }
    }
    guard (8...16).contains(depth) else {
      throw .corrupt(source: source, detail: "a grid image of \(depth) bits per pixel")
    }
    return depth
  }

  /// The grid's placement under its transformations.
  private func placement(depth: Int, source: String) throws(CodecError) -> Placement {
    do {
      return try Self.placement(width: width, height: height, bitDepth: depth, transformations)
    } catch .deepMirror {
      throw .unsupportedVariant(source: source,
        detail: "HEIF variant libheif does not decode: a mirrored (imir) image of \(depth) bits per pixel")
    } catch {
      throw .corrupt(source: source, detail: "the clean aperture (clap) leaves no pixels")
    }
  }

  /// Hands `body` the handle of the tile `id`, released afterwards.
  private static func withTile<T>(
    _ id: heif_item_id, context: OpaquePointer, source: String, _ body: (OpaquePointer) throws(CodecError) -> T
  ) throws(CodecError) -> T {
    var handle: OpaquePointer?
    let error = heif_context_get_image_handle(context, id, &handle)
    guard error.code == heif_error_Ok, let handle else { throw HEIFDecoder.corrupt(error, source: source) }
    defer { heif_image_handle_release(handle) }
    return try body(handle)
  }

  /// Decodes each tile as libheif decodes it within the grid and writes the pixels `placement` keeps into
  /// `buffer` (its output, 4 bytes a pixel): all four channels, or (`alphaOnly`) the tile's red channel as alpha.
  ///
  /// Decoded tiles are kept for the cells that refer to them again, up to an eighth of the output's bytes (and
  /// 64 MiB): a grid may refer to one tiny tile 65,536 times, and what costs then is libheif's setting up of a
  /// decoder for each (half a millisecond). Past that budget a tile is decoded for its cell and let go; the cells
  /// such tiles fill are then few, since each starts within the output.
  private func paste(
    into buffer: UnsafeMutableRawBufferPointer, _ placement: Placement, depth: Int, context: OpaquePointer,
    alphaOnly: Bool, source: String
  ) throws(CodecError) {
    var kept: [heif_item_id: OpaquePointer] = [:]
    var keptBytes = 0
    let budget = min(64 << 20, buffer.count / 8)
    defer { kept.values.forEach { heif_image_release($0) } }
    var index = 0
    var y0 = 0
    for _ in 0..<rows {
      var x0 = 0
      var rowHeight = 0
      for _ in 0..<columns {
        let id = tiles[index]
        index += 1
        var passing: OpaquePointer?
        defer { if let passing { heif_image_release(passing) } }
        let (tileWidth, tileHeight, tileDepth) = try Self.withTile(id, context: context, source: source) {
          handle throws(CodecError) in
          if kept[id] == nil {
            let image = try Self.decodeTile(handle, source: source)
            let bytes = Int(heif_image_get_height(image, heif_channel_interleaved)) * Self.stride(of: image)
            if keptBytes + bytes <= budget {
              kept[id] = image
              keptBytes += bytes
            } else {
              passing = image
            }
          }
          return (Int(heif_image_handle_get_width(handle)), Int(heif_image_handle_get_height(handle)),
            Int(heif_image_handle_get_luma_bits_per_pixel(handle)))
        }
        guard tileDepth == depth else {
          throw .corrupt(source: source,
            detail: "tile \(id) of the grid has \(tileDepth) bits per pixel, the grid \(depth)")
        }
        guard x0 < width, y0 < height else {
          throw .corrupt(source: source, detail: "tile \(id) of the grid lies outside its \(width)x\(height) pixels")
        }
        if let image = kept[id] ?? passing {
          try copy(image, x0: x0, y0: y0, into: buffer, placement, alphaOnly: alphaOnly, source: source)
        }
        x0 += tileWidth
        rowHeight = tileHeight
      }
      y0 += rowHeight
    }
  }

  /// The bytes from one row of a decoded tile to the next.
  private static func stride(of image: OpaquePointer) -> Int {
    var stride: Int32 = 0
    return heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride) == nil ? 0 : Int(stride)
  }

  /// One tile as 8-bit RGBA, decoded as libheif decodes a grid's tile (to RGB at its own depth, then to 8 bits).
  private static func decodeTile(_ handle: OpaquePointer, source: String) throws(CodecError) -> OpaquePointer {
    try HEIFDecoder.decodeRGBA(handle, source: source)
  }

  /// Writes the part of the decoded tile `image`, placed at (`x0`, `y0`) of the grid and clipped at the grid's size,
  /// that `placement` keeps.
  private func copy(
    _ image: OpaquePointer, x0: Int, y0: Int, into buffer: UnsafeMutableRawBufferPointer, _ placement: Placement,
    alphaOnly: Bool, source: String
  ) throws(CodecError) {
    let tileWidth = Int(heif_image_get_width(image, heif_channel_interleaved))
    let tileHeight = Int(heif_image_get_height(image, heif_channel_interleaved))
    var stride: Int32 = 0
    guard tileWidth > 0, tileHeight > 0, heif_image_get_bits_per_pixel_range(image, heif_channel_interleaved) == 8,
      let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride),
      Int(stride) >= tileWidth * 4
    else {
      throw .corrupt(source: source, detail: "libheif decoded a tile of an unexpected layout")
    }
    // The tile's pixels within the grid's output and within what the placement keeps (none, for a tile wholly
    // outside a clean aperture).
    let kept = placement.source
    let left = max(x0, kept.x.lowerBound), right = min(x0 + min(tileWidth, width - x0), kept.x.upperBound)
    let top = max(y0, kept.y.lowerBound), bottom = min(y0 + min(tileHeight, height - y0), kept.y.upperBound)
    guard left < right, top < bottom else { return }
    let xs = left..<right, ys = top..<bottom
    let output = buffer.baseAddress!
    // One step right in the grid is a fixed step in the output: (a, b) pixels.
    let step = (placement.b * placement.width + placement.a) * 4
    for y in ys {
      let row = UnsafeRawPointer(plane) + (y - y0) * Int(stride) + (xs.lowerBound - x0) * 4
      let start = placement.output(xs.lowerBound, y)
      var offset = (start.y * placement.width + start.x) * 4
      if !alphaOnly && placement.isIdentity {
        (output + offset).copyMemory(from: row, byteCount: xs.count * 4)
        continue
      }
      for x in 0..<xs.count {
        if alphaOnly {
          output.storeBytes(of: row.load(fromByteOffset: x * 4, as: UInt8.self), toByteOffset: offset + 3,
            as: UInt8.self)
        } else {
          output.storeBytes(of: row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self), toByteOffset: offset,
            as: UInt32.self)
        }
        offset += step
      }
    }
  }

  // MARK: - Placement

  /// Where each pixel of the grid goes once the transformations are applied: an output of `width` × `height` whose
  /// pixel (x, y) is the grid's (`origin.x + a·x + b·y`, `origin.y + c·x + d·y`), with a, b, c, d one of the eight
  /// rotations and reflections. Only the grid's pixels within `source` reach the output.
  struct Placement {
    var width: Int
    var height: Int
    var a = 1, b = 0, c = 0, d = 1
    var origin = (x: 0, y: 0)

    /// Follows with the step whose output pixel (x, y) is this output's (`p·x + q·y + dx`, `r·x + s·y + dy`), of
    /// `width` × `height`.
    mutating func then(_ p: Int, _ q: Int, _ r: Int, _ s: Int, dx: Int, dy: Int, width: Int, height: Int) {
      origin = (origin.x + a * dx + b * dy, origin.y + c * dx + d * dy)
      (a, b, c, d) = (a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s)
      (self.width, self.height) = (width, height)
    }

    /// The grid's pixels that reach the output.
    var source: (x: Range<Int>, y: Range<Int>) {
      let xs = [origin.x, origin.x + a * (width - 1) + b * (height - 1)]
      let ys = [origin.y, origin.y + c * (width - 1) + d * (height - 1)]
      return (xs.min()!..<(xs.max()! + 1), ys.min()!..<(ys.max()! + 1))
    }

    /// The output pixel of grid pixel (x, y), which must be in `source`: the inverse of the orthogonal map.
    func output(_ x: Int, _ y: Int) -> (x: Int, y: Int) {
      let dx = x - origin.x, dy = y - origin.y
      return (a * dx + c * dy, b * dx + d * dy)
    }

    var isIdentity: Bool { a == 1 && b == 0 && c == 0 && d == 1 }
  }

  /// Why a placement cannot be made.
  enum PlacementError: Error {
    /// The clean aperture leaves no pixel (libheif: `Invalid_clean_aperture`), or its arithmetic divides by zero.
    case emptyCleanAperture
    /// libheif 1.15 mirrors only 8-bit images.
    case deepMirror
  }

  /// The placement of a `width` × `height` image of `bitDepth` bits under `transformations`, in order, as libheif
  /// 1.15 applies them to its decoded image.
  static func placement(width: Int, height: Int, bitDepth: Int, _ transformations: [Transformation])
    throws(PlacementError) -> Placement
  {
    var placement = Placement(width: width, height: height)
    for transformation in transformations {
      let w = placement.width, h = placement.height
      switch transformation {
      case .rotation(90): placement.then(0, -1, 1, 0, dx: w - 1, dy: 0, width: h, height: w)
      case .rotation(180): placement.then(-1, 0, 0, -1, dx: w - 1, dy: h - 1, width: w, height: h)
      case .rotation(270): placement.then(0, 1, -1, 0, dx: 0, dy: h - 1, width: h, height: w)
      case .rotation: continue
      case .mirror(let horizontal):
        guard bitDepth == 8 else { throw .deepMirror }
        if horizontal {
          placement.then(-1, 0, 0, 1, dx: w - 1, dy: 0, width: w, height: h)
        } else {
          placement.then(1, 0, 0, -1, dx: 0, dy: h - 1, width: w, height: h)
        }
      case .cleanAperture(let apertureWidth, let apertureHeight, let horizontalOffset, let verticalOffset):
        // Box_clap::left_rounded and its kin, with libheif 1.15's 32-bit fractions.
        let w32 = Int32(truncatingIfNeeded: w), h32 = Int32(truncatingIfNeeded: h)
        guard let left = (horizontalOffset + Fraction(w32 &- 1, 2) - (apertureWidth - 1) / 2).roundedDown(),
          let right = (apertureWidth - 1 + left).rounded(),
          let top = (verticalOffset + Fraction(h32 &- 1, 2) - (apertureHeight - 1) / 2).rounded(),
          let bottom = (apertureHeight - 1 + top).rounded()
        else { throw .emptyCleanAperture }
        let l = max(0, Int(left)), t = max(0, Int(top)), r = min(Int(right), w - 1), b = min(Int(bottom), h - 1)
        guard l <= r, t <= b else { throw .emptyCleanAperture }
        placement.then(1, 0, 0, 1, dx: l, dy: t, width: r - l + 1, height: b - t + 1)
      }
    }
    return placement
  }

  /// libheif 1.15's `Fraction`: 32-bit numerator and denominator, halved together while either is past 2^16, with
  /// its sums and products wrapping as 32-bit arithmetic does.
  struct Fraction {
    var numerator: Int32
    var denominator: Int32

    init(_ numerator: Int32, _ denominator: Int32) {
      var (n, d) = (numerator, denominator)
      while d > 0x10000 || d < -0x10000 { (n, d) = (n / 2, d / 2) }
      while n > 0x10000 || n < -0x10000 { (n, d) = (n / 2, d / 2) }
      (self.numerator, self.denominator) = (n, d)
    }

    static func + (l: Fraction, r: Fraction) -> Fraction {
      l.denominator == r.denominator
        ? Fraction(l.numerator &+ r.numerator, l.denominator)
        : Fraction(l.numerator &* r.denominator &+ r.numerator &* l.denominator, l.denominator &* r.denominator)
    }

    static func - (l: Fraction, r: Fraction) -> Fraction {
      l.denominator == r.denominator
        ? Fraction(l.numerator &- r.numerator, l.denominator)
        : Fraction(l.numerator &* r.denominator &- r.numerator &* l.denominator, l.denominator &* r.denominator)
    }

    static func + (l: Fraction, r: Int32) -> Fraction { Fraction(l.numerator &+ r &* l.denominator, l.denominator) }
    static func - (l: Fraction, r: Int32) -> Fraction { Fraction(l.numerator &- r &* l.denominator, l.denominator) }
    static func / (l: Fraction, r: Int32) -> Fraction { Fraction(l.numerator, l.denominator &* r) }

    /// `numerator / denominator`, truncated; `nil` where C would trap (division by zero, `Int32.min / -1`).
    func roundedDown() -> Int32? {
      let (quotient, overflow) = numerator.dividedReportingOverflow(by: denominator)
      return denominator == 0 || overflow ? nil : quotient
    }

    /// `(numerator + denominator / 2) / denominator`, as libheif rounds; `nil` where C would trap.
    func rounded() -> Int32? {
      let (quotient, overflow) = (numerator &+ denominator / 2).dividedReportingOverflow(by: denominator)
      return denominator == 0 || overflow ? nil : quotient
    }
  }
}
#endif
