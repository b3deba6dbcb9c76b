/// What each band of a render asks of the stages its plan computes once (`Materialising`), worked out with the plan
/// before any pixel: how far down each such stage must have been computed before the band's tiles, and from which
/// row on its rows are still needed by this band or a later one, so that the rows above can be let go.
///
/// It is the plan again, band by band: each band's tiles are passed down the graph as the whole render's were,
/// except that a stage computed once asks its inputs only for the rows it computes in that band (full width, from
/// where the last band left off), as its producer will.
struct BandSchedule: Sendable {
  /// Per band, per stage: the rows of the stage the band reads (its tiles, and the producers of the stages above
  /// it); `nil` where it reads none. Filled for the stages computed once.
  let reads: [[Range<Int>?]]
  /// Per band, per stage: the row the stage must have been computed up to (exclusive) when the band's tiles start.
  let frontiers: [[Int]]
  /// Per band, per stage: the first row this band or a later one reads (`Int.max` when none does).
  let floors: [[Int]]

  /// The schedule of `plan` for `bands`, each band given as its tiles, in the order they will be rendered.
  init(_ plan: RenderPlan, bands: [[IntRect]]) {
    let stages = plan.stages
    var reads = [[Range<Int>?]]()
    var frontiers = [[Int]]()
    var frontier = stages.map { $0.region.intersection($0.extent).minY }
    for tiles in bands {
      var requests = [[IntRect]](repeating: [], count: stages.count)
      if !stages.isEmpty { requests[plan.root] = tiles }
      var bandReads = [Range<Int>?](repeating: nil, count: stages.count)
      for stage in stages {
        let asked = requests[stage.id].filter { !$0.isEmpty }
        guard let first = asked.first else { continue }
        var regions = asked
        if stage.materialised {
          let whole = stage.region.intersection(stage.extent)
          let box = asked.dropFirst().reduce(first) { $0.union($1) }.intersection(whole)
          regions = []
          if !box.isEmpty {
            bandReads[stage.id] = box.minY..<box.maxY
            let target = Swift.max(frontier[stage.id], box.maxY)
            if target > frontier[stage.id] {
              regions = [IntRect(x: whole.minX, y: frontier[stage.id], width: whole.width,
                height: target - frontier[stage.id])]
              frontier[stage.id] = target
            }
          }
        }
        for region in regions {
          for demand in stage.demands(for: region) {
            if let input = stage.inputs[demand.index] { requests[input].append(demand.region) }
          }
        }
      }
      reads.append(bandReads)
      frontiers.append(frontier)
    }
    var floors = reads.map { $0.map { $0?.lowerBound ?? Int.max } }
    for band in floors.indices.reversed().dropFirst() {
      for stage in stages.indices { floors[band][stage] = Swift.min(floors[band][stage], floors[band + 1][stage]) }
    }
    self.reads = reads
    self.frontiers = frontiers
    self.floors = floors
  }

  /// The most bytes the stages computed once keep at any band: for each, its rows from the first a band or a later
  /// one reads down to how far the band has it computed, across its planned width, in elements of its rows (a pixel
  /// of the render's format, or a shadow's `Float` coverage: `StageRows.elementBytes`).
  func keptBytes(_ plan: RenderPlan) -> Int {
    var most = 0
    for band in frontiers.indices {
      var bytes = 0
      for stage in plan.stages where stage.materialised {
        let floor = Swift.min(floors[band][stage.id], frontiers[band][stage.id])
        let rows = frontiers[band][stage.id] - Swift.max(floor, stage.region.intersection(stage.extent).minY)
        let rowBytes = stage.region.width * StageRows.elementBytes(of: stage.node, format: plan.format)
        bytes = IntRect.add(bytes, Swift.max(0, rows).multipliedReportingOverflow(by: rowBytes).partialValue)
      }
      most = Swift.max(most, bytes)
    }
    return most
  }
}
