/// The vertical half of the extended-box blur for one strip of columns, carried down the image: the three passes'
/// running sums and the rows the later passes still need (2r + 3 each). Moving down by h rows costs h rows of work,
/// whatever σ is; starting (or restarting) at a row costs 6(r + 1) rows of warm-up.
///
/// Not thread-safe: its owner serialises access.
final class BoxColumns {
  let plan: BoxBlur.Plan
  /// `SIMD4<Int32>` elements per row.
  let elements: Int
  /// Rows kept of each intermediate pass: 2(r + 1) + 1, rounded up to a power of two so that a row's slot is a mask
  /// away (a division per row was 2% of the blur).
  let ringRows: Int
  /// The three sums, then the first and second passes' rings.
  private let storage: UnsafeMutablePointer<SIMD4<Int32>>
  /// The next row each pass will produce.
  private(set) var next: (first: Int, second: Int, last: Int) = (0, 0, 0)
  /// Whether each pass's running sum has been filled since the last restart.
  private var started: (first: Bool, second: Bool, last: Bool) = (false, false, false)

  init(plan: BoxBlur.Plan, elements: Int) {
    self.plan = plan
    self.elements = elements
    var rows = 4
    while rows < 2 * plan.lead + 1 { rows *= 2 }
    ringRows = rows
    let count = (3 + 2 * ringRows) * elements
    storage = .allocate(capacity: count)
    storage.initialize(repeating: .zero, count: count)
  }

  deinit { storage.deallocate() }

  /// The bytes this holds.
  var byteCount: Int { (3 + 2 * ringRows) * elements * MemoryLayout<SIMD4<Int32>>.stride }

  /// The next row the last pass will produce.
  var row: Int { next.last }

  /// The lowest input row the next `advance` reads.
  var lowestInputRow: Int { next.first - plan.lead }

  /// Forgets everything and gets ready to produce row `y` next.
  func restart(at y: Int) {
    let lead = plan.lead
    next = (y - 2 * lead, y - lead, y)
    started = (false, false, false)
  }

  private func sum(_ pass: Int) -> UnsafeMutablePointer<SIMD4<Int32>> { storage + pass * elements }

  private func ring(_ pass: Int, _ y: Int) -> UnsafeMutablePointer<SIMD4<Int32>> {
    storage + (3 + pass * ringRows + (y & (ringRows - 1))) * elements
  }

  /// Produces the last pass's rows from `row` up to (not including) `target`.
  ///
  /// - Parameters:
  ///   - input: the rows of the horizontal passes (16-bit), by absolute row (`elements` each).
  ///   - emit: called for each output row with the pass's state; it calls `BoxBlur.lastStep` into its buffer.
  func advance(
    to target: Int, input: (Int) -> UnsafePointer<SIMD4<UInt16>>,
    emit: (_ y: Int, _ sum: UnsafeMutablePointer<SIMD4<Int32>>, _ low: UnsafePointer<SIMD4<Int32>>,
      _ high: UnsafePointer<SIMD4<Int32>>, _ leaving: UnsafePointer<SIMD4<Int32>>) -> Void
  ) {
    let r = plan.radius
    let lead = plan.lead
    let count = elements
    while next.last < target {
      let y = next.last
      while next.second <= y + lead {
        let m = next.second
        while next.first <= m + lead {
          let f = next.first
          if !started.first {
            BoxBlur.sum(f - r...f + r, of: input, into: sum(0), count: count, load: BoxBlur.wide)
            started.first = true
          }
          BoxBlur.step(sum: sum(0), low: input(f - lead), high: input(f + lead), leaving: input(f - r),
            into: ring(0, f), count: count, plan: plan, load: BoxBlur.wide)
          next.first += 1
        }
        if !started.second {
          BoxBlur.sum(m - r...m + r, of: { UnsafePointer(self.ring(0, $0)) }, into: sum(1), count: count) { $0 }
          started.second = true
        }
        BoxBlur.step(sum: sum(1), low: ring(0, m - lead), high: ring(0, m + lead), leaving: ring(0, m - r),
          into: ring(1, m), count: count, plan: plan) { $0 }
        next.second += 1
      }
      if !started.last {
        BoxBlur.sum(y - r...y + r, of: { UnsafePointer(self.ring(1, $0)) }, into: sum(2), count: count) { $0 }
        started.last = true
      }
      emit(y, sum(2), ring(1, y - lead), ring(1, y + lead), ring(1, y - r))
      next.last += 1
    }
  }
}
