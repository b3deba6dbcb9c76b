import DecorCore

/// The work Little CMS would do to read an ICC profile and build a conversion from it, counted from the profile's
/// bytes by Decor itself (the header and the tag table, then every curve, matrix and colour look-up table of the tags
/// that hold them), so that a profile made to cost minutes or hours is refused before Little CMS sees it.
///
/// Little CMS reads a segmented curve (in a `mpet` tag's curve sets) by evaluating it 4,096 times, walking its
/// segments one by one each time, and then evaluates the whole pipeline at every point of the grid it optimises the
/// conversion into (17⁴ points for CMYK); it reads every reference to the same bytes again (tags whose entries point
/// at one place, a `mpet`'s elements, a curve set's curves). So the counts are of references, each counted every
/// time it is referred to:
///
/// - `curveEntries`: the tabulated curves' entries (`curv`, the tables of `mft1` and `mft2`, a segment's samples),
///   what reading costs: at most 4,194,304 (2²²).
/// - `clutValues`: the colour look-up tables' values (grid points × output channels; `mft1`, `mft2`, `mAB `,
///   `mBA `, a `mpet`'s `clut`), what reading and holding costs: at most 16,777,216 (2²⁴, 64 MB as floats).
/// - `evaluationSteps`: the work of converting one colour through every pipeline: 1 a curve, its segment count a
///   segmented curve, inputs × outputs a matrix, 2^inputs × outputs a table (the corners interpolated): at most
///   4,096, so that one conversion (17⁴ colours) costs at most about a second.
///
/// Real profiles stay far below: Ghostscript's `default_cmyk.icc` (a `mft2` and a `mft1` shared by three intents)
/// counts 8,466 curve entries, 490,293 table values and 336 steps; a display profile (three curves and a matrix) a
/// few hundred entries and 3 steps. A profile whose structure cannot be walked (an offset outside its bytes) is
/// counted as far as it can be: Little CMS refuses the rest when it reads it.
package struct ICCProfileWork: Sendable, Equatable {
  package var curveEntries = 0
  package var clutValues = 0
  package var evaluationSteps = 0

  package init(curveEntries: Int = 0, clutValues: Int = 0, evaluationSteps: Int = 0) {
    self.curveEntries = curveEntries
    self.clutValues = clutValues
    self.evaluationSteps = evaluationSteps
  }

  /// The most work a profile may ask for.
  package static let limit = ICCProfileWork(curveEntries: 1 << 22, clutValues: 1 << 24, evaluationSteps: 4096)

  /// The work of reading the profile `data`, counted until it is beyond `limit` (the counting then stops, so that
  /// counting a hostile profile is cheap too).
  package init(measuring data: [UInt8]) {
    var counter = Counter(data: data)
    counter.countTags()
    self = counter.work
  }

  /// Why the work is more than `limit` allows, or `nil` when it is within it: `5,000 evaluation steps a colour, more
  /// than 4,096`.
  package var excess: String? {
    let limit = Self.limit
    if evaluationSteps > limit.evaluationSteps {
      return "\(Self.grouped(evaluationSteps)) evaluation steps a colour, more than \(Self.grouped(limit.evaluationSteps))"
    }
    if curveEntries > limit.curveEntries {
      return "\(Self.grouped(curveEntries)) curve entries, more than \(Self.grouped(limit.curveEntries))"
    }
    if clutValues > limit.clutValues {
      return "\(Self.grouped(clutValues)) table values, more than \(Self.grouped(limit.clutValues))"
    }
    return nil
  }

  /// Why the profile `data` is refused before Little CMS reads it (`excess` of its work), or `nil`.
  package static func excess(of data: [UInt8]) -> String? { ICCProfileWork(measuring: data).excess }

  var isBeyondLimit: Bool {
    let limit = Self.limit
    return evaluationSteps > limit.evaluationSteps || curveEntries > limit.curveEntries
      || clutValues > limit.clutValues
  }

  static func grouped(_ value: Int) -> String {
    let digits = Array(String(value))
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return text
  }

  /// `a + b` and `a × b` that stop at a bound far above every limit instead of overflowing.
  static let ceiling = 1 << 40
  static func sum(_ a: Int, _ b: Int) -> Int { min(ceiling, a + b) }
  static func product(_ a: Int, _ b: Int) -> Int {
    let (value, overflow) = a.multipliedReportingOverflow(by: b)
    return overflow ? ceiling : min(ceiling, value)
  }
  static func power(_ base: Int, _ exponent: Int) -> Int {
    var value = 1
    for _ in 0..<max(0, exponent) {
      value = product(value, base)
      if value >= ceiling { return ceiling }
    }
    return value
  }

  /// The walk of one profile's bytes. Parts read at one offset are counted once and their counts added at every
  /// reference, so the walk is linear in the bytes however often they are referred to.
  private struct Counter {
    let data: [UInt8]
    var work = ICCProfileWork()
    /// The work of the tag, element or segmented curve at an offset, once walked (keyed by the offset and the
    /// kind of part, since hostile bytes may be read as more than one).
    var known: [Int: ICCProfileWork] = [:]

    init(data: [UInt8]) { self.data = data }

    func u8(_ at: Int) -> Int? { at >= 0 && at < data.count ? Int(data[at]) : nil }
    func u16(_ at: Int) -> Int? {
      guard at >= 0, at + 2 <= data.count else { return nil }
      return Int(data[at]) << 8 | Int(data[at + 1])
    }
    func u32(_ at: Int) -> Int? {
      guard at >= 0, at + 4 <= data.count else { return nil }
      return Int(data[at]) << 24 | Int(data[at + 1]) << 16 | Int(data[at + 2]) << 8 | Int(data[at + 3])
    }
    func signature(_ at: Int) -> String? {
      guard at >= 0, at + 4 <= data.count else { return nil }
      return String(decoding: data[at..<(at + 4)], as: UTF8.self)
    }

    mutating func add(_ part: ICCProfileWork) {
      work.curveEntries = ICCProfileWork.sum(work.curveEntries, part.curveEntries)
      work.clutValues = ICCProfileWork.sum(work.clutValues, part.clutValues)
      work.evaluationSteps = ICCProfileWork.sum(work.evaluationSteps, part.evaluationSteps)
    }

    /// Every entry of the tag table (Little CMS reads at most 100), each counted.
    mutating func countTags() {
      guard let count = u32(128) else { return }
      for index in 0..<min(count, 100) {
        let entry = 132 + index * 12
        guard let offset = u32(entry + 4) else { return }
        let tag = part(at: offset, kind: 0) { counter, at in counter.tag(at: at) }
        add(tag)
        if work.isBeyondLimit { return }
      }
    }

    /// The work of the part at `offset`, walked once.
    mutating func part(at offset: Int, kind: Int, _ walk: (inout Counter, Int) -> ICCProfileWork) -> ICCProfileWork {
      let key = offset * 4 + kind
      if let done = known[key] { return done }
      let result = walk(&self, offset)
      known[key] = result
      return result
    }

    /// A tag's work, by its type; types without curves or tables cost nothing here (reading them is linear in
    /// their bytes, which Little CMS reads once).
    mutating func tag(at: Int) -> ICCProfileWork {
      switch signature(at) {
      case "curv", "para": return curve(at: at)?.work ?? ICCProfileWork()
      case "mft1": return lut8Or16(at: at, wide: false)
      case "mft2": return lut8Or16(at: at, wide: true)
      case "mAB ": return lutAToB(at: at, aToB: true)
      case "mBA ": return lutAToB(at: at, aToB: false)
      case "mpet": return multiProcess(at: at)
      default: return ICCProfileWork()
      }
    }

    /// A `curv` or `para` curve: its work and its length (padded to four bytes, as curves follow each other).
    func curve(at: Int) -> (work: ICCProfileWork, length: Int)? {
      switch signature(at) {
      case "curv":
        guard let count = u32(at + 8) else { return nil }
        let length = 12 + 2 * count
        return (ICCProfileWork(curveEntries: count, evaluationSteps: 1), (length + 3) / 4 * 4)
      case "para":
        guard let kind = u16(at + 8) else { return nil }
        let parameters = [1, 3, 4, 5, 7]
        let length = 12 + 4 * (kind < parameters.count ? parameters[kind] : 0)
        return (ICCProfileWork(evaluationSteps: 1), (length + 3) / 4 * 4)
      default:
        return nil
      }
    }

    /// `count` curves one after the other from `at` (as `mAB ` and `mBA ` store them).
    func curves(at: Int, count: Int) -> ICCProfileWork {
      var total = ICCProfileWork()
      var position = at
      for _ in 0..<count {
        guard let (work, length) = curve(at: position) else { break }
        total.curveEntries = ICCProfileWork.sum(total.curveEntries, work.curveEntries)
        total.evaluationSteps = ICCProfileWork.sum(total.evaluationSteps, work.evaluationSteps)
        position += length
      }
      return total
    }

    /// A table of `grid` points on each of `inputs` axes (or `grids`, one count an axis) to `outputs` channels.
    static func table(grids: [Int], outputs: Int) -> ICCProfileWork {
      let points = grids.reduce(1) { ICCProfileWork.product($0, $1) }
      return ICCProfileWork(
        clutValues: ICCProfileWork.product(points, outputs),
        evaluationSteps: ICCProfileWork.product(ICCProfileWork.power(2, grids.count), outputs))
    }

    /// `mft1` (8-bit tables of 256 entries) or `mft2` (16-bit tables of the counts it gives): input curves, a
    /// matrix, a table, output curves.
    func lut8Or16(at: Int, wide: Bool) -> ICCProfileWork {
      guard let inputs = u8(at + 8), let outputs = u8(at + 9), let grid = u8(at + 10) else { return ICCProfileWork() }
      var entries = (256, 256)
      if wide {
        guard let inputEntries = u16(at + 48), let outputEntries = u16(at + 50) else { return ICCProfileWork() }
        entries = (inputEntries, outputEntries)
      }
      var work = Self.table(grids: Array(repeating: grid, count: inputs), outputs: outputs)
      work.curveEntries = inputs * entries.0 + outputs * entries.1
      work.evaluationSteps = ICCProfileWork.sum(work.evaluationSteps, inputs + outputs + 9)
      return work
    }

    /// `mAB ` or `mBA `: curves, a matrix, curves, a table and curves, at the offsets (from the tag's start) it
    /// gives, each 0 when absent.
    func lutAToB(at: Int, aToB: Bool) -> ICCProfileWork {
      guard let inputs = u8(at + 8), let outputs = u8(at + 9), let b = u32(at + 12), let matrix = u32(at + 16),
        let m = u32(at + 20), let clut = u32(at + 24), let a = u32(at + 28)
      else { return ICCProfileWork() }
      var total = ICCProfileWork()
      func add(_ part: ICCProfileWork) {
        total.curveEntries = ICCProfileWork.sum(total.curveEntries, part.curveEntries)
        total.clutValues = ICCProfileWork.sum(total.clutValues, part.clutValues)
        total.evaluationSteps = ICCProfileWork.sum(total.evaluationSteps, part.evaluationSteps)
      }
      // mAB: A (inputs), table, M (outputs), matrix, B (outputs); mBA: B (inputs), matrix, M (inputs), table, A (outputs).
      if b != 0 { add(curves(at: at + b, count: aToB ? outputs : inputs)) }
      if m != 0 { add(curves(at: at + m, count: aToB ? outputs : inputs)) }
      if a != 0 { add(curves(at: at + a, count: aToB ? inputs : outputs)) }
      if matrix != 0 { add(ICCProfileWork(evaluationSteps: 12)) }
      if clut != 0 {
        let grids = (0..<inputs).map { u8(at + clut + $0) ?? 0 }
        add(Self.table(grids: grids, outputs: outputs))
      }
      return total
    }

    /// `mpet`: elements (curve sets, matrices, tables) at the offsets (from the tag's start) of its position
    /// table, an element referred to twice counted twice.
    mutating func multiProcess(at: Int) -> ICCProfileWork {
      guard let count = u32(at + 12) else { return ICCProfileWork() }
      var total = ICCProfileWork()
      // Little CMS refuses a position table longer than the bytes that follow it.
      for index in 0..<min(count, max(0, data.count - at) / 8) {
        guard let offset = u32(at + 16 + index * 8) else { break }
        let element = part(at: at + offset, kind: 1) { counter, start in counter.element(at: start) }
        total.curveEntries = ICCProfileWork.sum(total.curveEntries, element.curveEntries)
        total.clutValues = ICCProfileWork.sum(total.clutValues, element.clutValues)
        // Every element is a stage of the pipeline, which costs at least a step.
        total.evaluationSteps = ICCProfileWork.sum(total.evaluationSteps, max(1, element.evaluationSteps))
        if total.isBeyondLimit { break }
      }
      return total
    }

    /// One element of a `mpet`.
    mutating func element(at: Int) -> ICCProfileWork {
      guard let inputs = u16(at + 8), let outputs = u16(at + 10) else { return ICCProfileWork() }
      switch signature(at) {
      case "cvst":
        // Little CMS reads a curve for every channel the set declares (as many as its position table's bytes hold)
        // before it checks the channels against the pipeline's.
        var total = ICCProfileWork()
        for channel in 0..<min(inputs, max(0, data.count - at) / 8) {
          guard let offset = u32(at + 12 + channel * 8) else { break }
          let curve = part(at: at + offset, kind: 2) { counter, start in counter.segmentedCurve(at: start) }
          total.curveEntries = ICCProfileWork.sum(total.curveEntries, curve.curveEntries)
          total.evaluationSteps = ICCProfileWork.sum(total.evaluationSteps, curve.evaluationSteps)
          if total.isBeyondLimit { break }
        }
        return total
      case "matf":
        return ICCProfileWork(evaluationSteps: ICCProfileWork.product(inputs, outputs))
      case "clut":
        let grids = (0..<min(inputs, 16)).map { u8(at + 12 + $0) ?? 0 }
        return Self.table(grids: grids, outputs: outputs)
      default:
        return ICCProfileWork()
      }
    }

    /// A `curf`: its segments (each a step of every evaluation) and the samples of its sampled segments.
    func segmentedCurve(at: Int) -> ICCProfileWork {
      guard signature(at) == "curf", let segments = u16(at + 8), segments > 0 else { return ICCProfileWork() }
      var work = ICCProfileWork(evaluationSteps: segments)
      var position = at + 12 + 4 * (segments - 1)
      for _ in 0..<segments {
        switch signature(position) {
        case "parf":
          guard let kind = u16(position + 8) else { return work }
          position += 12 + 4 * (kind == 0 ? 4 : 5)
        case "samf":
          guard let count = u32(position + 8) else { return work }
          work.curveEntries = ICCProfileWork.sum(work.curveEntries, count + 1)
          position += 12 + 4 * count
        default:
          return work
        }
      }
      return work
    }
  }
}
