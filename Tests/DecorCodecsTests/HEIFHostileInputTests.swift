import CHEIF
import Foundation
import Testing

import Decor
import DecorTestSupport

/// HEIF files built to strain the decoder: more items than `HEIFBoxes.itemLimit`, and grids (tiled images) decoded
/// tile by tile by `HEIFGrid`, each checked against libheif's own whole decode of the same file (`tiled: false`),
/// with transformations, alpha, overhanging and missing tiles. The files are made here: tiles coded by libheif's
/// encoder (x265 for HEVC, libaom for AV1), boxes written by `HEIFFileBuilder`.
@Suite struct HEIFHostileInputTests {
  // MARK: - Item limit

  /// One 64×64 image and `extra` items of a type libheif ignores, `declared` in `iinf`'s entry count.
  static func manyItems(_ extra: Int, declared: Int? = nil) throws -> [UInt8] {
    var file = HEIFFileBuilder(width: 64, height: 64, rows: 1, columns: 1, tiles: [try HEIFFileBuilder.tile(64, 64)])
    file.primaryIsTile = true
    file.extraItems = extra
    file.declaredItems = declared
    return file.build()
  }

  @Test func moreThanAThousandItemsAreRefusedBeforeLibheifReadsThem() throws {
    let accepted = try Self.manyItems(999)
    #expect(HEIFBoxes.declaredItemCount(in: accepted) == 1000)
    #expect(try HEIFDecoder().decode(accepted, source: "a.heic", pixelLimit: 1 << 20).width == 64)
    #expect(try HEIFDecoder().headerDescription(of: accepted, source: "a.heic").hasPrefix("64x64, HEIC"))

    let refused = CodecError.unsupportedVariant(source: "b.heic",
      detail: "HEIF file declares 1001 items; at most 1000 are read")
    let tooMany = try Self.manyItems(1000)
    #expect(throws: refused) { try HEIFDecoder().decode(tooMany, source: "b.heic", pixelLimit: 1 << 20) }
    #expect(throws: refused) { try HEIFDecoder().headerDescription(of: tooMany, source: "b.heic") }
    #expect(throws: refused) { try HEIFDecoder().decodeImage(tooMany, source: "b.heic", pixelLimit: 1 << 20) }
    #expect(HEIFDecoder().metadata(of: tooMany) == .none)
    #expect(refused.description == "b.heic: HEIF file declares 1001 items; at most 1000 are read")

    // libheif 1.15 reads every `infe` box whatever `iinf` declares: the boxes count too.
    let understated = try Self.manyItems(1000, declared: 1)
    #expect(throws: refused) { try HEIFDecoder().decode(understated, source: "b.heic", pixelLimit: 1 << 20) }
  }

  /// An `iloc` declaring more items than there are bytes for is refused from its count alone.
  @Test func anIlocCountOverTheLimitIsRefused() throws {
    var bytes = try Self.manyItems(0)
    let meta = try #require(HEIFBoxes.metaPayload(of: bytes))
    let iloc = try #require(HEIFBoxes.boxes(in: meta, of: bytes).first { $0.type == "iloc" })
    // Version 1: version and flags, the sizes (2 bytes), then a 16-bit item count.
    bytes[iloc.payload.lowerBound + 6] = 0xFF
    #expect(HEIFBoxes.declaredItemCount(in: bytes) > 1000)
    #expect(throws: CodecError.self) { try HEIFDecoder().decode(bytes, source: "c.heic", pixelLimit: 1 << 20) }
  }

  // MARK: - Grids

  /// The tiled decode and libheif's whole decode of `bytes`, which must agree.
  static func expectSameAsLibheif(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws
    -> Raster
  {
    let tiled = try HEIFDecoder.decode(bytes, source: "g", pixelLimit: 1 << 24, tiled: true)
    let whole = try HEIFDecoder.decode(bytes, source: "g", pixelLimit: 1 << 24, tiled: false)
    #expect(tiled.width == whole.width && tiled.height == whole.height, sourceLocation: sourceLocation)
    #expect(tiled == whole, "max difference \(HEIFCodecTests.maxDifference(tiled, whole))",
      sourceLocation: sourceLocation)
    return tiled
  }

  /// Does the grid go through `HEIFGrid`? (Its layout is read and it has no alpha image other than a grid.)
  static func isTiled(_ bytes: [UInt8]) throws -> Bool {
    try HEIFDecoder.withPrimaryImageAndContext(bytes, source: "g", readingTiles: true) { image in
      var id: heif_item_id = 0
      _ = heif_context_get_primary_image_ID(image.context, &id)
      return image.boxes.flatMap { HEIFGrid.layout(of: id, in: $0, sizeLimit: image.sizeLimit) } != nil
    }
  }

  /// 3×2 tiles of 64×64, each different, cut to 180×100 (the last column and row overhang the output).
  static func sixTiles() throws -> HEIFFileBuilder {
    let tiles = try (0..<6).map { try HEIFFileBuilder.tile(64, 64, seed: $0) }
    return HEIFFileBuilder(width: 180, height: 100, rows: 2, columns: 3, tiles: tiles)
  }

  @Test func aGridIsDecodedTileByTileAsLibheifDecodesIt() throws {
    let bytes = try Self.sixTiles().build()
    #expect(try Self.isTiled(bytes))
    let raster = try Self.expectSameAsLibheif(bytes)
    #expect(raster.width == 180 && raster.height == 100)
    // Each tile's own colour where it was put (the tiles are flat colours with a small pattern).
    #expect(raster.pixel(x: 10, y: 10) != raster.pixel(x: 74, y: 10))
    #expect(try HEIFDecoder().headerDescription(of: bytes, source: "g").hasPrefix("180x100, HEIC, 8-bit, no alpha"))
  }

  @Test func tilesOverhangingTheOutputAreClipped() throws {
    // 2×2 tiles of 64×64 cut to 65×65: of the second column and row, one pixel each.
    let tiles = try (0..<4).map { try HEIFFileBuilder.tile(64, 64, seed: $0 + 10) }
    let bytes = HEIFFileBuilder(width: 65, height: 65, rows: 2, columns: 2, tiles: tiles).build()
    let raster = try Self.expectSameAsLibheif(bytes)
    #expect(raster.width == 65 && raster.height == 65)
  }

  /// Tiles referred to many times (the shape of the 16000² file of one small tile) give what libheif's decode gives,
  /// whether the decoded tiles are all kept for the next cells (a 640×512 raster keeps up to 160 KB: the three 64×64
  /// tiles) or not (a 300×200 one keeps 30 KB: one).
  @Test(arguments: [(640, 512, 10, 8), (300, 200, 5, 4)])
  func tilesReferredToByManyCells(width: Int, height: Int, columns: Int, rows: Int) throws {
    let tiles = try (0..<3).map { try HEIFFileBuilder.tile(64, 64, seed: $0) }
    var file = HEIFFileBuilder(width: width, height: height, rows: rows, columns: columns, tiles: [tiles[0]])
    file.cells = Array(repeating: 0, count: rows * columns)
    #expect(try Self.expectSameAsLibheif(file.build()).width == width)
    file.tiles = tiles
    file.cells = (0..<(rows * columns)).map { $0 % 3 }
    #expect(try Self.expectSameAsLibheif(file.build()).width == width)
  }

  @Test(arguments: [
    ("irot 90", [HEIFFileBuilder.box("irot", [1])]),
    ("irot 180", [HEIFFileBuilder.box("irot", [2])]),
    ("irot 270", [HEIFFileBuilder.box("irot", [3])]),
    ("imir 0", [HEIFFileBuilder.box("imir", [0])]),
    ("imir 1", [HEIFFileBuilder.box("imir", [1])]),
    ("clap", [HEIFFileBuilder.clap(width: 151, height: 77, horizontalOffset: (-7, 2), verticalOffset: (5, 1))]),
    // The top left 60×50: the third column and the second row are wholly cropped away.
    ("clap off centre", [
      HEIFFileBuilder.clap(width: 60, height: 50, horizontalOffset: (-60, 1), verticalOffset: (-25, 1))
    ]),
    ("irot, imir, clap", [
      HEIFFileBuilder.box("irot", [1]), HEIFFileBuilder.box("imir", [1]),
      HEIFFileBuilder.clap(width: 61, height: 99, horizontalOffset: (3, 1), verticalOffset: (-11, 3)),
    ]),
    ("clap, irot", [
      HEIFFileBuilder.clap(width: 100, height: 50, horizontalOffset: (0, 1), verticalOffset: (0, 1)),
      HEIFFileBuilder.box("irot", [3]),
    ]),
  ])
  func transformationsAreAppliedAsLibheifAppliesThem(name: String, properties: [[UInt8]]) throws {
    var file = try Self.sixTiles()
    file.gridProperties = properties
    let bytes = file.build()
    #expect(try Self.isTiled(bytes), "\(name)")
    _ = try Self.expectSameAsLibheif(bytes)
  }

  /// libheif 1.15's own odd-sized HEIC: a 1×1 grid cropping its one padded tile, with `irot`/`imir` from the
  /// orientation, and an alpha image that is such a grid too.
  @Test(arguments: [1, 6, 7])
  func libheifsOwnGridsWithAlpha(orientation: Int) throws {
    let bytes = try HEIFFileBuilder.encodedByLibheif(width: 63, height: 45, alpha: true, orientation: orientation)
    let boxes = try #require(HEIFBoxes(bytes))
    #expect(boxes.items.values.filter { $0.type == "grid" }.count == 2)
    #expect(try Self.isTiled(bytes))
    let raster = try Self.expectSameAsLibheif(bytes)
    #expect(raster.bytes.enumerated().contains { $0.offset % 4 == 3 && $0.element < 255 })
  }

  @Test func anAlphaGrid() throws {
    var file = try Self.sixTiles()
    file.alphaTiles = try (0..<6).map { try HEIFFileBuilder.tile(64, 64, seed: $0 + 20, alphaOnly: true) }
    let bytes = file.build()
    #expect(try Self.isTiled(bytes))
    let raster = try Self.expectSameAsLibheif(bytes)
    #expect(raster.bytes.enumerated().contains { $0.offset % 4 == 3 && $0.element < 255 })
    #expect(try HEIFDecoder().headerDescription(of: bytes, source: "g").contains("8-bit, alpha"))
  }

  @Test func anAVIFGrid() throws {
    let tiles = try (0..<4).map { try HEIFFileBuilder.tile(64, 64, seed: $0, format: heif_compression_AV1) }
    var file = HEIFFileBuilder(width: 100, height: 120, rows: 2, columns: 2, tiles: tiles)
    file.brand = "avif"
    let bytes = file.build()
    #expect(try Self.isTiled(bytes))
    _ = try Self.expectSameAsLibheif(bytes)
  }

  /// 10-bit tiles: reduced to 8 bits as libheif reduces its whole image; mirrored, refused as libheif 1.15 refuses
  /// it (it mirrors only 8-bit images), before the raster is allocated.
  @Test func aTenBitGrid() throws {
    let tiles = try (0..<4).map { try HEIFFileBuilder.tile(64, 64, seed: $0, depth: 10) }
    var file = HEIFFileBuilder(width: 120, height: 100, rows: 2, columns: 2, tiles: tiles)
    file.gridProperties = [HEIFFileBuilder.box("irot", [1])]
    let bytes = file.build()
    #expect(try Self.isTiled(bytes))
    _ = try Self.expectSameAsLibheif(bytes)
    #expect(try HEIFDecoder().headerDescription(of: bytes, source: "g").hasPrefix("100x120, HEIC, 10-bit"))

    file.gridProperties = [HEIFFileBuilder.box("imir", [1])]
    let mirrored = file.build()
    let tiled = #expect(throws: CodecError.self) {
      try HEIFDecoder.decode(mirrored, source: "g", pixelLimit: 1 << 20, tiled: true)
    }
    let whole = #expect(throws: CodecError.self) {
      try HEIFDecoder.decode(mirrored, source: "g", pixelLimit: 1 << 20, tiled: false)
    }
    guard case .unsupportedVariant = tiled, case .unsupportedVariant = whole else {
      Issue.record("\(String(describing: tiled)); \(String(describing: whole))")
      return
    }
  }

  /// Grid data longer than its 8 or 12 bytes (libheif reads the start): still decoded tile by tile.
  @Test func gridDataWithTrailingBytes() throws {
    var file = try Self.sixTiles()
    file.gridDataTrailer = [UInt8](repeating: 7, count: 200)
    let bytes = file.build()
    #expect(try Self.isTiled(bytes))
    _ = try Self.expectSameAsLibheif(bytes)
  }

  @Test func tilesThatAreMissingOrMisplacedAreErrors() throws {
    var missing = try Self.sixTiles()
    missing.cells = [0, 1, 2, 3, 4, 77]  // no tile 77: the reference names no item
    #expect(throws: CodecError.self) { try HEIFDecoder().decode(missing.build(), source: "m", pixelLimit: 1 << 20) }

    var tooFew = try Self.sixTiles()
    tooFew.cells = [0, 1, 2, 3, 4]
    #expect(throws: CodecError.self) { try HEIFDecoder().decode(tooFew.build(), source: "m", pixelLimit: 1 << 20) }

    // 3×2 tiles of 64 for an output of 100×100: the third column starts at x = 128, outside.
    var outside = try Self.sixTiles()
    outside.width = 100
    let error = #expect(throws: CodecError.self) {
      try HEIFDecoder().decode(outside.build(), source: "m", pixelLimit: 1 << 20)
    }
    #expect(error.map { "\($0)".contains("outside its 100x100 pixels") } == true, "\(String(describing: error))")
    // libheif refuses it too.
    #expect(throws: CodecError.self) {
      try HEIFDecoder.decode(outside.build(), source: "m", pixelLimit: 1 << 20, tiled: false)
    }

    // Cut anywhere: an error or an image, never a trap.
    let bytes = try Self.sixTiles().build()
    for length in stride(from: 0, to: bytes.count, by: 97) {
      _ = try? HEIFDecoder().decodeImage(Array(bytes.prefix(length)), source: "cut", pixelLimit: 1 << 20)
    }
  }

  /// The pixel limit is checked from the grid's size before the raster (or any tile) is had.
  @Test func thePixelLimitIsCheckedBeforeTheGridIsDecoded() throws {
    let bytes = try Self.sixTiles().build()
    #expect(throws: CodecError.tooLarge(source: "g", width: 180, height: 100, limit: 17999)) {
      try HEIFDecoder().decode(bytes, source: "g", pixelLimit: 17999)
    }
    // The size after the clean aperture is the one checked (libheif 1.15 refuses a grid more than 128 pixels
    // larger than its image's size, its limit for any coded image).
    var cropped = try Self.sixTiles()
    cropped.gridProperties = [
      HEIFFileBuilder.clap(width: 120, height: 60, horizontalOffset: (0, 1), verticalOffset: (0, 1))
    ]
    #expect(try HEIFDecoder().decode(cropped.build(), source: "g", pixelLimit: 7200).width == 120)
  }
}

/// Writes HEIF files box by box (ISO/IEC 23008-12): one `grid` item over tile items whose coded data and
/// properties come from files libheif's encoder wrote, an optional alpha grid, and extra items; the tiles are
/// hidden, as Apple and libheif write them.
struct HEIFFileBuilder {
  /// A coded image: its property boxes (`hvcC` or `av1C`, `ispe`, `colr`, `pixi`) and its bytes.
  struct Tile {
    var type: String
    var properties: [[UInt8]]
    var data: [UInt8]
  }

  var width: Int
  var height: Int
  var rows: Int
  var columns: Int
  var tiles: [Tile]
  /// The tile of each cell, row by row (an index past `tiles` names no item); by default tile `i` in cell `i`.
  var cells: [Int]?
  var alphaTiles: [Tile] = []
  var gridProperties: [[UInt8]] = []
  /// Bytes after the grid's data, within its extent.
  var gridDataTrailer: [UInt8] = []
  var brand = "heic"
  /// The first tile is the primary image and there is no grid (for the item-count files).
  var primaryIsTile = false
  var extraItems = 0
  /// What `iinf` declares, when not the number of its entries.
  var declaredItems: Int?

  init(width: Int, height: Int, rows: Int, columns: Int, tiles: [Tile]) {
    (self.width, self.height, self.rows, self.columns, self.tiles) = (width, height, rows, columns, tiles)
  }

  static func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
  static func be32(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
  static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
    be32(8 + payload.count) + Array(type.utf8) + payload
  }
  static func fullBox(_ type: String, version: UInt8 = 0, flags: Int = 0, _ payload: [UInt8]) -> [UInt8] {
    box(type, [version, UInt8(flags >> 16 & 0xFF), UInt8(flags >> 8 & 0xFF), UInt8(flags & 0xFF)] + payload)
  }

  static func clap(width: Int, height: Int, horizontalOffset: (Int, Int), verticalOffset: (Int, Int)) -> [UInt8] {
    box("clap", be32(width) + be32(1) + be32(height) + be32(1) + be32(horizontalOffset.0) + be32(horizontalOffset.1)
      + be32(verticalOffset.0) + be32(verticalOffset.1))
  }

  func build() -> [UInt8] {
    let ftyp = Self.box("ftyp", Array(brand.utf8) + Self.be32(0) + Array("mif1".utf8) + Array(brand.utf8)
      + Array("miaf".utf8))
    var meta = self.meta(mdatStart: 0)
    meta = self.meta(mdatStart: ftyp.count + meta.count + 8)
    let mdat = Self.box("mdat", (tiles + alphaTiles).flatMap(\.data))
    return ftyp + meta + mdat
  }

  /// The `meta` box, with the tiles' data at `mdatStart` on, one after another (tiles, then alpha tiles).
  func meta(mdatStart: Int) -> [UInt8] {
    // Ids: 1 the grid, 2 the alpha grid, 100… the tiles, 500… the alpha tiles, 2000… the extra items.
    let grid = 1, alphaGrid = 2
    let cells = self.cells ?? Array(0..<(rows * columns))
    var infe: [[UInt8]] = []
    var properties: [[UInt8]] = []
    var associations: [(Int, [Int])] = []
    var locations: [(id: Int, method: Int, offset: Int, length: Int)] = []
    var idat: [UInt8] = []
    func add(_ boxes: [[UInt8]]) -> [Int] {
      boxes.map { property in
        properties.append(property)
        return properties.count
      }
    }
    func item(_ id: Int, _ type: String, hidden: Bool) -> [UInt8] {
      Self.fullBox("infe", version: 2, flags: hidden ? 1 : 0, Self.be16(id) + Self.be16(0) + Array(type.utf8) + [0])
    }
    var offset = mdatStart
    for (set, base) in [(tiles, 100), (alphaTiles, 500)] {
      for (index, tile) in set.enumerated() {
        infe.append(item(base + index, tile.type, hidden: !primaryIsTile || index > 0))
        associations.append((base + index, add(tile.properties)))
        locations.append((base + index, 0, offset, tile.data.count))
        offset += tile.data.count
      }
    }
    var references: [UInt8] = []
    let gridData: [UInt8] = width > 0xFFFF || height > 0xFFFF
      ? [0, 1, UInt8(rows - 1), UInt8(columns - 1)] + Self.be32(width) + Self.be32(height) + gridDataTrailer
      : [0, 0, UInt8(rows - 1), UInt8(columns - 1)] + Self.be16(width) + Self.be16(height) + gridDataTrailer
    let ispe = Self.fullBox("ispe", Self.be32(width) + Self.be32(height))
    if !primaryIsTile {
      infe.insert(item(grid, "grid", hidden: false), at: 0)
      associations.insert((grid, add([ispe] + gridProperties)), at: 0)
      locations.insert((grid, 1, idat.count, gridData.count), at: 0)
      idat += gridData
      references += Self.box("dimg", Self.be16(grid) + Self.be16(cells.count) + cells.flatMap { Self.be16(100 + $0) })
      if !alphaTiles.isEmpty {
        infe.insert(item(alphaGrid, "grid", hidden: true), at: 1)
        let auxC = Self.fullBox("auxC", Array("urn:mpeg:hevc:2015:auxid:1".utf8) + [0])
        associations.insert((alphaGrid, add([ispe, auxC] + gridProperties)), at: 1)
        locations.insert((alphaGrid, 1, idat.count, gridData.count), at: 1)
        idat += gridData
        references += Self.box("dimg", Self.be16(alphaGrid) + Self.be16(cells.count)
          + cells.flatMap { Self.be16(500 + $0) })
        references += Self.box("auxl", Self.be16(alphaGrid) + Self.be16(1) + Self.be16(grid))
      }
    }
    // libheif reads every item's data: one byte each, the mdat's first.
    for extra in 0..<extraItems {
      infe.append(item(2000 + extra, "zzzz", hidden: true))
      locations.append((2000 + extra, 0, mdatStart, 1))
    }
    let primary = primaryIsTile ? 100 : grid

    let hdlr = Self.fullBox("hdlr", Self.be32(0) + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
    let pitm = Self.fullBox("pitm", Self.be16(primary))
    let iinf = Self.fullBox("iinf", Self.be16(declaredItems ?? infe.count) + infe.flatMap { $0 })
    let iref = references.isEmpty ? [] : Self.fullBox("iref", references)
    var ipma = Self.be32(associations.count)
    for (id, indices) in associations {
      ipma += Self.be16(id) + [UInt8(indices.count)] + indices.map { UInt8($0 | 0x80) }
    }
    let iprp = Self.box("iprp", Self.box("ipco", properties.flatMap { $0 }) + Self.fullBox("ipma", ipma))
    var iloc = [0x44, 0x00] + Self.be16(locations.count)
    for location in locations {
      iloc += Self.be16(location.id) + Self.be16(location.method) + Self.be16(0) + Self.be16(1)
        + Self.be32(location.offset) + Self.be32(location.length)
    }
    let children = hdlr + pitm + Self.fullBox("iloc", version: 1, iloc) + iinf + iref + iprp
      + (idat.isEmpty ? [] : Self.box("idat", idat))
    return Self.fullBox("meta", children)
  }

  // MARK: - Tiles from libheif's encoder

  /// A `width` × `height` tile coded by libheif (HEVC by default): a flat colour from `seed` with a small pattern,
  /// so that tiles put in the wrong place or turned show. `alphaOnly`: the tile of an alpha grid (the alpha image
  /// libheif codes for a translucent tile).
  static func tile(_ width: Int, _ height: Int, seed: Int = 0, format: heif_compression_format = heif_compression_HEVC,
    alphaOnly: Bool = false, depth: Int = 8) throws -> Tile
  {
    let bytes = try encode(width: width, height: height, alpha: alphaOnly, orientation: 1, format: format,
      depth: depth) { x, y in
      let base = (seed * 53 + 40) % 200
      let r = UInt8(base + (x * 3 + y) % 40), g = UInt8((base * 7 + x) % 256), b = UInt8((base * 3 + y * 2) % 256)
      let a = UInt8((x * 4 + y * 3 + seed * 17) % 256)
      return (r, g, b, a)
    }
    let boxes = try #require(HEIFBoxes(bytes))
    var id = try #require(boxes.primary)
    if alphaOnly {
      id = try #require(boxes.references.first { $0.type == "auxl" && $0.to == [id] }?.from)
    }
    let itemProperties: [HEIFBoxes.Property] = try #require(boxes.properties(of: id))
    let properties: [[UInt8]] = itemProperties.filter { $0.type != "auxC" }.map { property in
      Array(bytes[(property.payload.lowerBound - 8)..<property.payload.upperBound])
    }
    let data = try #require(boxes.bytes(of: id, limit: 1 << 20))
    return Tile(type: try #require(boxes.items[id]).type, properties: properties, data: data)
  }

  /// A file libheif's encoder writes itself, of a `width` × `height` image (with alpha), EXIF-style `orientation`.
  static func encodedByLibheif(width: Int, height: Int, alpha: Bool, orientation: Int) throws -> [UInt8] {
    try encode(width: width, height: height, alpha: alpha, orientation: orientation, format: heif_compression_HEVC) {
      x, y in (UInt8(x * 4 % 256), UInt8(y * 5 % 256), UInt8((x + y) % 256), UInt8((x * y) % 256))
    }
  }

  struct EncodingFailed: Error { var message: String }

  static func encode(
    width: Int, height: Int, alpha: Bool, orientation: Int, format: heif_compression_format, depth: Int = 8,
    pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)
  ) throws -> [UInt8] {
    func check(_ error: heif_error) throws {
      guard error.code == heif_error_Ok else {
        throw EncodingFailed(message: error.message.map { String(cString: $0) } ?? "\(error.code)")
      }
    }
    let context = try #require(heif_context_alloc())
    defer { heif_context_free(context) }
    var image: OpaquePointer?
    let deep = depth > 8
    let chroma = deep
      ? (alpha ? heif_chroma_interleaved_RRGGBBAA_LE : heif_chroma_interleaved_RRGGBB_LE)
      : (alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB)
    try check(heif_image_create(Int32(width), Int32(height), heif_colorspace_RGB, chroma, &image))
    defer { heif_image_release(image) }
    try check(heif_image_add_plane(image, heif_channel_interleaved, Int32(width), Int32(height), Int32(depth)))
    var stride: Int32 = 0
    let plane = try #require(heif_image_get_plane(image, heif_channel_interleaved, &stride))
    let channels = alpha ? 4 : 3
    for y in 0..<height {
      for x in 0..<width {
        let (r, g, b, a) = pixel(x, y)
        let values = alpha ? [r, g, b, a] : [r, g, b]
        for (channel, value) in values.enumerated() {
          if deep {
            // The 8-bit value widened, with low bits that the reduction to 8 bits must round away.
            let wide = Int(value) << (depth - 8) | (x + y + channel) % (1 << (depth - 8))
            let at = y * Int(stride) + (x * channels + channel) * 2
            plane[at] = UInt8(wide & 0xFF)
            plane[at + 1] = UInt8(wide >> 8)
          } else {
            plane[y * Int(stride) + x * channels + channel] = value
          }
        }
      }
    }
    var encoder: OpaquePointer?
    try check(heif_context_get_encoder_for_format(context, format, &encoder))
    defer { heif_encoder_release(encoder) }
    try check(heif_encoder_set_lossy_quality(encoder, 80))
    if format == heif_compression_AV1 { _ = heif_encoder_set_parameter_integer(encoder, "speed", 9) }
    let options = try #require(heif_encoding_options_alloc())
    defer { heif_encoding_options_free(options) }
    options.pointee.image_orientation = heif_orientation(rawValue: UInt32(orientation))
    try check(heif_context_encode_image(context, image, encoder, options, nil))
    var output = decor_heif_output()
    defer { decor_heif_free_output(&output) }
    try check(decor_heif_write(context, &output))
    return Array(UnsafeBufferPointer(start: output.data, count: output.size))
  }
}
