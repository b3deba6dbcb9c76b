import DecorCore

/// What `HEIFDecoder` reads of a HEIF file's boxes itself, before libheif and beside it: a bounds-checked walk of
/// ISO base media box headers (ISO/IEC 14496-12) and of the few children of the top-level `meta` box that say what
/// the items are (ISO/IEC 23008-12). It reads no coded image data; every read is checked against the bytes there
/// are, so damaged or hostile bytes give `nil` or a short count, never a trap.
///
/// Two uses:
/// - `declaredItemCount(in:)`: how many items the file would make libheif build, counted from a few header bytes
///   before libheif parses anything (libheif 1.15's item parsing is quadratic in the item count).
/// - `init?(_:)`: the items (type, hidden flag), `pitm`, `iref` references, `ipco` properties with their `ipma`
///   associations, `iloc` locations and `idat`, read as libheif 1.15 reads them, for `HEIFGrid` to lay a grid out.
package struct HEIFBoxes {
  /// The most items a file may declare: newer libheif's default (`heif_security_limits.max_items`).
  static let itemLimit = 1000

  /// One item of `iinf`.
  package struct Item {
    /// The `infe` item type (`hvc1`, `av01`, `grid`, `Exif`…), empty for `infe` versions 0 and 1, which have none.
    package var type: String
    /// The offset in the file of the byte holding the item's `hidden` flag (its lowest bit), when the flag is set.
    var hiddenFlagOffset: Int?
  }

  /// A reference of `iref`: `from` refers to `to`, in order, as `type` (`dimg`, `auxl`, `thmb`, `cdsc`…).
  package struct Reference {
    package var type: String
    package var from: UInt32
    package var to: [UInt32]
  }

  /// A property box of `ipco`: its type and the range of its payload in the file (after the box header).
  package struct Property {
    package var type: String
    package var payload: Range<Int>
  }

  /// Where an item's bytes are: the `iloc` construction method (0: file offsets, 1: offsets into `idat`) and the
  /// extents, base offset included.
  struct Location {
    var constructionMethod: Int
    var extents: [(offset: UInt64, length: UInt64)]
  }

  let data: [UInt8]
  /// The items by id; the first `infe` of an id is kept, as libheif keeps it.
  package private(set) var items: [UInt32: Item] = [:]
  /// The `pitm` item.
  package private(set) var primary: UInt32?
  package private(set) var references: [Reference] = []
  /// The `ipco` children, in order (an `ipma` index `n` names `properties[n - 1]`).
  private(set) var properties: [Property] = []
  /// The property indices of each item, in `ipma` order: the first entry of an item, over all `ipma` boxes.
  private(set) var associations: [UInt32: [Int]] = [:]
  private(set) var locations: [UInt32: Location] = [:]
  /// The payload of the `idat` box.
  private(set) var idat: Range<Int>?

  // MARK: - Box headers

  /// A box: its type and the range of its payload (after the header, before any full-box version and flags).
  package struct Box {
    package var type: String
    package var payload: Range<Int>
  }

  /// The boxes one after another in `range` of `data`, up to the first whose header or size does not fit (libheif
  /// stops there too). Size 0 runs to the end of `range`; size 1 has a 64-bit size after the type.
  package static func boxes(in range: Range<Int>, of data: [UInt8]) -> [Box] {
    var boxes: [Box] = []
    var reader = Reader(data, range)
    while reader.remaining >= 8 {
      let start = reader.position
      guard let size32 = reader.u32(), let type = reader.fourCC() else { break }
      var size = UInt64(size32)
      if size32 == 1 {
        guard let large = reader.u64() else { break }
        size = large
      } else if size32 == 0 {
        size = UInt64(range.upperBound - start)
      }
      if type == "uuid" { guard reader.skip(16) else { break } }
      let headerSize = reader.position - start
      guard size >= UInt64(headerSize), size <= UInt64(range.upperBound - start) else { break }
      let end = start + Int(size)
      boxes.append(Box(type: type, payload: reader.position..<end))
      reader.position = end
    }
    return boxes
  }

  /// The payload of the top-level `meta` box libheif reads (the last one in the file), after its version and flags.
  package static func metaPayload(of data: [UInt8]) -> Range<Int>? {
    guard let meta = boxes(in: 0..<data.count, of: data).last(where: { $0.type == "meta" }),
      meta.payload.count >= 4
    else { return nil }
    return (meta.payload.lowerBound + 4)..<meta.payload.upperBound
  }

  // MARK: - Item count

  /// The most items any top-level `meta` box of `data` declares: over each, the largest of its `iinf` entry count,
  /// the number of `infe` boxes its `iinf` holds (libheif 1.15 reads them all, whatever the count says) and its
  /// `iloc` item count. A few bytes of each box header are read; nothing is allocated per item.
  package static func declaredItemCount(in data: [UInt8]) -> Int {
    var most = 0
    for meta in boxes(in: 0..<data.count, of: data) where meta.type == "meta" && meta.payload.count >= 4 {
      let children = (meta.payload.lowerBound + 4)..<meta.payload.upperBound
      for box in boxes(in: children, of: data) {
        var reader = Reader(data, box.payload)
        guard let version = reader.u8(), reader.skip(3) else { continue }
        switch box.type {
        case "iinf":
          let declared = (version == 0 ? reader.u16().map(Int.init) : reader.u32().map(Int.init)) ?? 0
          let present = boxes(in: reader.position..<box.payload.upperBound, of: data).count { $0.type == "infe" }
          most = max(most, declared, present)
        case "iloc":
          guard reader.skip(2) else { continue }
          let declared = (version < 2 ? reader.u16().map(Int.init) : reader.u32().map(Int.init)) ?? 0
          most = max(most, declared)
        default:
          continue
        }
      }
    }
    return most
  }

  // MARK: - Items, references, properties, locations

  /// The items of the `meta` box libheif reads, or `nil` when that box or a child `HEIFGrid` needs cannot be read
  /// the way libheif 1.15 reads it (the caller then leaves the file to libheif alone).
  package init?(_ data: [UInt8]) {
    self.data = data
    guard let meta = Self.metaPayload(of: data) else { return nil }
    for box in Self.boxes(in: meta, of: data) {
      var reader = Reader(data, box.payload)
      switch box.type {
      case "pitm" where primary == nil:
        guard let version = reader.u8(), reader.skip(3) else { return nil }
        primary = version == 0 ? reader.u16().map(UInt32.init) : reader.u32()
        guard primary != nil else { return nil }
      case "iinf" where items.isEmpty:
        guard let version = reader.u8(), reader.skip(3), reader.skip(version == 0 ? 2 : 4) else { return nil }
        for infe in Self.boxes(in: reader.position..<box.payload.upperBound, of: data) where infe.type == "infe" {
          guard let (id, item) = Self.item(infe, data) else { return nil }
          if items[id] == nil { items[id] = item }
        }
      case "iref" where references.isEmpty:
        guard let parsed = Self.references(&reader) else { return nil }
        references = parsed
      case "iprp" where properties.isEmpty:
        guard readProperties(Self.boxes(in: box.payload, of: data)) else { return nil }
      case "iloc" where locations.isEmpty:
        guard let parsed = Self.locations(&reader) else { return nil }
        locations = parsed
      case "idat" where idat == nil:
        idat = box.payload
      default:
        continue
      }
    }
  }

  /// The id and item of an `infe` box, as libheif 1.15 reads it.
  private static func item(_ infe: Box, _ data: [UInt8]) -> (UInt32, Item)? {
    var reader = Reader(data, infe.payload)
    guard let version = reader.u8(), let flags = reader.u24() else { return nil }
    guard version >= 2 else {
      guard let id = reader.u16() else { return nil }
      return (UInt32(id), Item(type: ""))
    }
    guard let id = version == 2 ? reader.u16().map(UInt32.init) : reader.u32(), reader.skip(2),
      let typeCode = reader.u32()
    else { return nil }
    let type = typeCode == 0 ? "" : fourCC(typeCode)
    return (id, Item(type: type, hiddenFlagOffset: flags & 1 != 0 ? infe.payload.lowerBound + 3 : nil))
  }

  /// The references of an `iref` box, read entry by entry as libheif 1.15 reads them (the size in each entry's
  /// header is not used to bound it).
  private static func references(_ reader: inout Reader) -> [Reference]? {
    guard let version = reader.u8(), reader.skip(3) else { return nil }
    var references: [Reference] = []
    while reader.remaining > 0 {
      guard let size = reader.u32(), let type = reader.fourCC() else { return nil }
      if size == 1 { guard reader.skip(8) else { return nil } }
      guard let from = version == 0 ? reader.u16().map(UInt32.init) : reader.u32(), let count = reader.u16() else {
        return nil
      }
      var to: [UInt32] = []
      to.reserveCapacity(min(Int(count), reader.remaining / 2))
      for _ in 0..<count {
        guard let id = version == 0 ? reader.u16().map(UInt32.init) : reader.u32() else { return nil }
        to.append(id)
      }
      references.append(Reference(type: type, from: from, to: to))
    }
    return references
  }

  /// Reads `ipco` and every `ipma` of an `iprp` box's children; false when one cannot be read.
  private mutating func readProperties(_ children: [Box]) -> Bool {
    guard let ipco = children.first(where: { $0.type == "ipco" }) else { return false }
    properties = Self.boxes(in: ipco.payload, of: data).map { Property(type: $0.type, payload: $0.payload) }
    for ipma in children where ipma.type == "ipma" {
      var reader = Reader(data, ipma.payload)
      guard let version = reader.u8(), let flags = reader.u24(), let count = reader.u32() else { return false }
      var entry = 0
      while entry < count, reader.remaining > 0 {
        guard let id = version < 1 ? reader.u16().map(UInt32.init) : reader.u32(), let n = reader.u8() else {
          return false
        }
        var indices: [Int] = []
        for _ in 0..<n {
          if flags & 1 != 0 {
            guard let index = reader.u16() else { return false }
            indices.append(Int(index & 0x7FFF))
          } else {
            guard let index = reader.u8() else { return false }
            indices.append(Int(index & 0x7F))
          }
        }
        if associations[id] == nil { associations[id] = indices }
        entry += 1
      }
    }
    return true
  }

  /// The locations of an `iloc` box (versions 0 to 2), by item id; the first entry of an id is kept.
  private static func locations(_ reader: inout Reader) -> [UInt32: Location]? {
    guard let version = reader.u8(), reader.skip(3), let sizes = reader.u16() else { return nil }
    let offsetSize = Int(sizes >> 12), lengthSize = Int(sizes >> 8 & 0xF), baseSize = Int(sizes >> 4 & 0xF)
    let indexSize = version > 1 ? Int(sizes & 0xF) : 0
    guard let count = version < 2 ? reader.u16().map(UInt32.init) : reader.u32(),
      Int(count) <= HEIFBoxes.itemLimit
    else { return nil }
    var locations: [UInt32: Location] = [:]
    for _ in 0..<count {
      guard let id = version < 2 ? reader.u16().map(UInt32.init) : reader.u32() else { return nil }
      var method = 0
      if version >= 1 {
        guard let value = reader.u16() else { return nil }
        method = Int(value & 0xF)
      }
      // libheif 1.15 refuses more than 32 extents an item.
      guard reader.skip(2), let base = reader.ilocField(baseSize), let extentCount = reader.u16(), extentCount <= 32
      else { return nil }
      var extents: [(offset: UInt64, length: UInt64)] = []
      for _ in 0..<extentCount {
        guard reader.ilocField(indexSize) != nil, let offset = reader.ilocField(offsetSize),
          let length = reader.ilocField(lengthSize)
        else { return nil }
        let (start, overflow) = offset.addingReportingOverflow(base)
        guard !overflow else { return nil }
        extents.append((start, length))
      }
      if locations[id] == nil { locations[id] = Location(constructionMethod: method, extents: extents) }
    }
    return locations
  }

  // MARK: - Queries

  /// The items `from` refers to as `type`, in order: those of the first such reference, as libheif takes them.
  func references(from: UInt32, type: String) -> [UInt32]? {
    references.first { $0.from == from && $0.type == type }?.to
  }

  /// The properties of `item` in `ipma` order (index 0, "none", left out), or `nil` when an index names no property
  /// (libheif refuses the item then).
  package func properties(of item: UInt32) -> [Property]? {
    var found: [Property] = []
    for index in associations[item] ?? [] where index > 0 {
      guard index <= properties.count else { return nil }
      found.append(properties[index - 1])
    }
    return found
  }

  /// The first `limit` bytes of `item` (its extents joined), or `nil` when it has no location, a construction method
  /// other than file offsets or `idat`, or an extent outside the file (or the `idat` box), where libheif fails too.
  package func bytes(of item: UInt32, limit: Int) -> [UInt8]? {
    guard let location = locations[item] else { return nil }
    let within: Range<Int>
    switch location.constructionMethod {
    case 0: within = 0..<data.count
    case 1:
      guard let idat else { return nil }
      within = idat
    default: return nil
    }
    var bytes: [UInt8] = []
    for extent in location.extents {
      guard extent.offset <= UInt64(within.count), extent.length <= UInt64(within.count) - extent.offset else {
        return nil
      }
      let start = within.lowerBound + Int(extent.offset)
      bytes += data[start..<(start + min(Int(extent.length), max(0, limit - bytes.count)))]
    }
    return bytes
  }

  /// The payload of `property` as a reader.
  func reader(_ property: Property) -> Reader { Reader(data, property.payload) }

  /// Big-endian reads within a range of the bytes, each `nil` past its end.
  struct Reader {
    let data: [UInt8]
    var position: Int
    let end: Int

    init(_ data: [UInt8], _ range: Range<Int>) {
      self.data = data
      position = max(0, min(range.lowerBound, data.count))
      end = max(position, min(range.upperBound, data.count))
    }

    var remaining: Int { end - position }

    mutating func skip(_ count: Int) -> Bool {
      guard count <= remaining else { return false }
      position += count
      return true
    }

    /// `count` bytes (0, 1, 2, 4 or 8) as one big-endian number.
    mutating func sized(_ count: Int) -> UInt64? {
      guard [0, 1, 2, 4, 8].contains(count), count <= remaining else { return nil }
      var value: UInt64 = 0
      for byte in data[position..<(position + count)] { value = value << 8 | UInt64(byte) }
      position += count
      return value
    }

    /// An `iloc` field of `size` bytes as libheif 1.15 reads it: 4 or 8 bytes, any other size none (the value 0).
    mutating func ilocField(_ size: Int) -> UInt64? { size == 4 || size == 8 ? sized(size) : 0 }

    mutating func u8() -> UInt8? { sized(1).map { UInt8($0) } }
    mutating func u16() -> UInt16? { sized(2).map { UInt16($0) } }
    mutating func u24() -> UInt32? {
      guard let high = u8(), let low = u16() else { return nil }
      return UInt32(high) << 16 | UInt32(low)
    }
    mutating func u32() -> UInt32? { sized(4).map { UInt32($0) } }
    mutating func u64() -> UInt64? { sized(8) }
    mutating func fourCC() -> String? { u32().map(HEIFBoxes.fourCC) }
  }

  /// A four-character code as text (bytes outside printable ASCII as `?`, so that no code matches by accident).
  static func fourCC(_ code: UInt32) -> String {
    String(decoding: (0..<4).map { shift -> UInt8 in
      let byte = UInt8(truncatingIfNeeded: code >> (24 - 8 * shift))
      return (0x20...0x7E).contains(byte) ? byte : UInt8(ascii: "?")
    }, as: UTF8.self)
  }
}
