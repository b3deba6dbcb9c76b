import Foundation

/// ICC profiles built byte by byte, for tests of what Decor counts before Little CMS reads a profile: a header, a
/// tag table whose entries may point at the same bytes, and the tag types that hold curves and tables (`curv`,
/// `mft2`, and `mpet` with its curve sets of segmented curves, matrices and tables).
public struct ICCProfileBuilder {
  /// The header's device class, data colour space and connection space (four characters each).
  public var deviceClass: String
  public var space: String
  public var connectionSpace: String
  /// The tags, in the table's order: a signature and the index of its data in `data` (tags naming one index share
  /// its bytes: one offset, one size).
  public var tags: [(signature: String, data: Int)] = []
  /// The tags' data, each placed once, four-byte aligned.
  public var data: [[UInt8]] = []

  public init(deviceClass: String = "scnr", space: String = "CMYK", connectionSpace: String = "Lab ") {
    self.deviceClass = deviceClass
    self.space = space
    self.connectionSpace = connectionSpace
  }

  /// Adds a tag of its own bytes.
  public mutating func add(_ signature: String, _ bytes: [UInt8]) {
    data.append(bytes)
    tags.append((signature, data.count - 1))
  }

  /// Adds a tag whose entry points at the bytes of the tag `index` of `data`.
  public mutating func share(_ signature: String, dataOf index: Int) {
    tags.append((signature, index))
  }

  /// The profile's bytes.
  public func build() -> [UInt8] {
    var offsets: [Int] = []
    var position = 128 + 4 + 12 * tags.count
    for part in data {
      offsets.append(position)
      position += (part.count + 3) / 4 * 4
    }
    var bytes = [UInt8](repeating: 0, count: 128)
    bytes.replaceSubrange(0..<4, with: Self.u32(position))
    bytes.replaceSubrange(4..<8, with: Array("lcms".utf8))
    bytes.replaceSubrange(8..<12, with: [4, 0x20, 0, 0])
    bytes.replaceSubrange(12..<16, with: Self.text(deviceClass))
    bytes.replaceSubrange(16..<20, with: Self.text(space))
    bytes.replaceSubrange(20..<24, with: Self.text(connectionSpace))
    bytes.replaceSubrange(36..<40, with: Array("acsp".utf8))
    // The D50 illuminant.
    bytes.replaceSubrange(68..<80, with: [0, 0, 0xF6, 0xD6, 0, 1, 0, 0, 0, 0, 0xD3, 0x2D])
    bytes += Self.u32(tags.count)
    for tag in tags {
      bytes += Self.text(tag.signature) + Self.u32(offsets[tag.data]) + Self.u32(data[tag.data].count)
    }
    for part in data {
      bytes += part + [UInt8](repeating: 0, count: (4 - part.count % 4) % 4)
    }
    return bytes
  }

  public static func u16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)] }
  public static func u32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
  public static func float(_ value: Float) -> [UInt8] { u32(Int(value.bitPattern)) }
  static func text(_ signature: String) -> [UInt8] { Array((signature + "    ").utf8.prefix(4)) }

  /// A `curv` of `entries` entries (a ramp).
  public static func curve(entries: Int) -> [UInt8] {
    var bytes = text("curv") + u32(0) + u32(entries)
    for index in 0..<entries { bytes += u16(entries > 1 ? index * 65535 / (entries - 1) : 256) }
    return bytes
  }

  /// A `mft2` of `inputs` to `outputs` channels: identity matrix, tables of 2 entries, a table of `grid` points an
  /// axis (its values all 0x8000).
  public static func lut16(inputs: Int, outputs: Int, grid: Int) -> [UInt8] {
    var bytes = text("mft2") + u32(0) + [UInt8(inputs), UInt8(outputs), UInt8(grid), 0]
    for row in 0..<3 { for column in 0..<3 { bytes += u32(row == column ? 0x10000 : 0) } }
    bytes += u16(2) + u16(2)
    for _ in 0..<inputs { bytes += u16(0) + u16(65535) }
    var points = 1
    for _ in 0..<inputs { points *= grid }
    bytes += [UInt8](repeating: 0x80, count: points * outputs * 2)
    for _ in 0..<outputs { bytes += u16(0) + u16(65535) }
    return bytes
  }

  /// A `curf` of `segments` formula segments (each y = x), with break points from 0 to 1.
  public static func segmentedCurve(segments: Int) -> [UInt8] {
    var bytes = text("curf") + u32(0) + u16(segments) + u16(0)
    for index in 1..<max(1, segments) { bytes += float(Float(index) / Float(segments)) }
    for _ in 0..<segments {
      bytes += text("parf") + u32(0) + u16(0) + u16(0) + float(1) + float(1) + float(0) + float(0)
    }
    return bytes
  }

  /// A `cvst` element of `channels` curves, all pointing at one segmented curve of `segments` segments.
  public static func curveSet(channels: Int, segments: Int) -> [UInt8] {
    let header = 12 + 8 * channels
    let curve = segmentedCurve(segments: segments)
    var bytes = text("cvst") + u32(0) + u16(channels) + u16(channels)
    for _ in 0..<channels { bytes += u32(header) + u32(curve.count) }
    return bytes + curve
  }

  /// A `matf` element of `inputs` to `outputs` channels (zeros).
  public static func matrix(inputs: Int, outputs: Int) -> [UInt8] {
    text("matf") + u32(0) + u16(inputs) + u16(outputs)
      + [UInt8](repeating: 0, count: 4 * (inputs * outputs + outputs))
  }

  /// A `mpet` of `inputs` to `outputs` channels whose position table lists `order` (indices into `elements`, each
  /// element's bytes stored once however often it is listed).
  public static func multiProcess(inputs: Int, outputs: Int, elements: [[UInt8]], order: [Int]) -> [UInt8] {
    let header = 16 + 8 * order.count
    var offsets: [Int] = []
    var position = header
    for element in elements {
      offsets.append(position)
      position += element.count
    }
    var bytes = text("mpet") + u32(0) + u16(inputs) + u16(outputs) + u32(order.count)
    for index in order { bytes += u32(offsets[index]) + u32(elements[index].count) }
    for element in elements { bytes += element }
    return bytes
  }
}

/// Profiles made to cost minutes or hours in Little CMS, which Decor must refuse before Little CMS reads them
/// (`ICCProfileWork`).
public enum HostileICCProfile: String, CaseIterable, Sendable {
  /// Three curve sets of four curves of 8,192 segments each, in a `D2B0` (Little CMS walks the segments at
  /// every evaluation, and evaluates at every point of its 17⁴ grid).
  case segmentedCurves
  /// One small curve set referred to by 300 elements of a `mpet`.
  case elementsSharingBytes
  /// 100 tag entries pointing at one `mft2`.
  case tagsSharingBytes
  /// A table of 15 inputs.
  case manyDimensions
  /// 100 tag entries pointing at one curve of 65,535 entries.
  case sharedLongCurve
  /// A table of 255 points an axis on four axes, declared in a few bytes.
  case largeGrid

  /// Which count the refusal names.
  public var over: String {
    switch self {
    case .segmentedCurves, .elementsSharingBytes, .tagsSharingBytes, .manyDimensions: "evaluation steps"
    case .sharedLongCurve: "curve entries"
    case .largeGrid: "table values"
    }
  }

  public var bytes: [UInt8] {
    var profile = ICCProfileBuilder()
    switch self {
    case .segmentedCurves:
      let set = ICCProfileBuilder.curveSet(channels: 4, segments: 8192)
      profile.add("D2B0", ICCProfileBuilder.multiProcess(inputs: 4, outputs: 3,
        elements: [set, ICCProfileBuilder.matrix(inputs: 4, outputs: 3)], order: [0, 0, 0, 1]))
    case .elementsSharingBytes:
      let set = ICCProfileBuilder.curveSet(channels: 4, segments: 4)
      profile.add("D2B0", ICCProfileBuilder.multiProcess(inputs: 4, outputs: 3,
        elements: [set, ICCProfileBuilder.matrix(inputs: 4, outputs: 3)], order: Array(repeating: 0, count: 300) + [1]))
    case .tagsSharingBytes:
      profile.add("A2B0", ICCProfileBuilder.lut16(inputs: 4, outputs: 3, grid: 2))
      for index in 1..<100 { profile.share(String(format: "t%03d", index), dataOf: 0) }
    case .manyDimensions:
      profile.add("A2B0", ICCProfileBuilder.lut16(inputs: 15, outputs: 3, grid: 2))
    case .sharedLongCurve:
      profile = ICCProfileBuilder(deviceClass: "mntr", space: "GRAY", connectionSpace: "XYZ ")
      profile.add("kTRC", ICCProfileBuilder.curve(entries: 65_535))
      for index in 1..<100 { profile.share(String(format: "t%03d", index), dataOf: 0) }
    case .largeGrid:
      var lut = Array("mAB ".utf8) + ICCProfileBuilder.u32(0) + [4, 3, 0, 0] + ICCProfileBuilder.u32(0) + ICCProfileBuilder.u32(0)
        + ICCProfileBuilder.u32(0) + ICCProfileBuilder.u32(32) + ICCProfileBuilder.u32(0)
      lut += [255, 255, 255, 255] + [UInt8](repeating: 0, count: 12) + [1, 0, 0, 0]
      profile.add("A2B0", lut)
    }
    return profile.build()
  }
}
