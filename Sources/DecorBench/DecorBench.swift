import Decor
import Dispatch
import Foundation

/// `decor-bench`: throughput of Decor's operations, one JSON object per line:
/// `{"name": "rotate-bilinear-1t", "mpx_per_s": 95.1, "mpx_per_cpu_s": 97.0, "median_s": 0.176, ...}`.
///
/// Mpx/s counts each case's input pixels (4096² = 16.8 Mpx; a 30° rotation writes 31.3 Mpx), as image tools'
/// benchmarks do. `mpx_per_s` is by wall-clock time, `mpx_per_cpu_s` by the process's CPU time: per-core
/// throughput, and steadier than wall time on a shared machine. Each case reports the median of `runs` timings
/// after one warm-up. Build with `-c release`:
///
///     swift run -c release decor-bench [NAME-FILTER] [--runs=N]
///     swift run -c release decor-bench scale          # downscaling by half
///     swift run -c release decor-bench tiles          # the tile-size sweep
///     swift run -c release decor-bench compositing --json
///     swift run -c release decor-bench compositing16   # the same blend modes at 16 bits a channel
///     swift run -c release decor-bench sharing        # one blur value rendered by two renders at once
///     swift run -c release decor-bench png            # PNG encoding of rasters in memory
///     swift run -c release decor-bench text           # a 1 000-word paragraph laid out, and drawn
///     swift run -c release decor-bench rows big.png   # a streamed source read in bands (see RowsBench)
///     swift run -c release decor-bench service --requests 50 --limit 2   # a thumbnail service (see ServiceBench)
///     swift run -c release decor-bench cancel   # how soon a cancelled async encode returns (see CancelBench)
///     swift run -c release decor-bench animation big.gif   # an animation opened, and its frames read (AnimationBench)
@main
struct DecorBench {
  static func main() async throws {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first == "service" {
      try await ServiceBench.run(Array(arguments.dropFirst()))
      return
    }
    if arguments.first == "cancel" {
      try await CancelBench.run(runs: Int(arguments.dropFirst().first ?? "") ?? 5)
      return
    }
    let runs = Int(arguments.first { $0.hasPrefix("--runs=") }?.dropFirst(7) ?? "") ?? 7
    let words = arguments.filter { !$0.hasPrefix("-") }
    if words.first == "compositing" || words.first == "compositing16" {
      try CompositingBench.run(runs: runs, sixteenBits: words.first == "compositing16")
      return
    }
    if words.first == "text" {
      TextBench.run(runs: runs)
      return
    }
    if words.first == "animation" {
      try AnimationBench.run(Array(words.dropFirst()), runs: runs)
      return
    }
    if words.first == "rows" {
      try RowsBench.run(Array(arguments.drop { $0 != "rows" }.dropFirst()))
      return
    }
    let filter = words.first
    let inputs = BenchInputs()
    if filter == "sharing" {
      try SharingBench.run(inputs, runs: runs)
      return
    }
    if filter == "png" {
      try PNGBench.run(inputs, runs: runs)
      return
    }
    let cases = filter == "tiles"
      ? try TileSweep.cases(inputs)
      : try RotationBench.cases(inputs) + ScaleBench.cases(inputs) + EffectBench.cases(inputs)
    for bench in cases where filter == "tiles" || (filter.map { bench.name.contains($0) } ?? true) {
      try measure(bench, runs: runs)
    }
  }

  static func measure(_ bench: BenchCase, runs: Int) throws {
    let renderer = Renderer(tileSize: bench.tileSize, threads: bench.threads)
    let (wall, cpu) = try timed(runs: runs) { _ = try renderer.render(bench.component) }
    report(bench.name, megapixels: bench.megapixels, wall: wall, cpu: cpu,
      extra: "\"threads\": \(bench.threads), \"tile\": \(bench.tileSize)")
  }

  /// Runs `body` once to warm up, then `runs` times, returning each timed run's wall and CPU seconds.
  static func timed(runs: Int, _ body: () throws -> Void) rethrows -> (wall: [Double], cpu: [Double]) {
    try body()
    var wall: [Double] = []
    var cpu: [Double] = []
    for _ in 0..<max(1, runs) {
      let start = (DispatchTime.now().uptimeNanoseconds, cpuSeconds())
      try body()
      wall.append(Double(DispatchTime.now().uptimeNanoseconds - start.0) / 1e9)
      cpu.append(cpuSeconds() - start.1)
    }
    return (wall, cpu)
  }

  /// Prints one JSON line with the medians of `wall` and `cpu` seconds.
  static func report(_ name: String, megapixels: Double, wall: [Double], cpu: [Double], extra: String = "") {
    let median = wall.sorted()[wall.count / 2]
    let cpuMedian = cpu.sorted()[cpu.count / 2]
    print("{\"name\": \"\(name)\", \"mpx_per_s\": \(rounded(megapixels / median)), "
      + "\"mpx_per_cpu_s\": \(rounded(megapixels / cpuMedian)), \"median_s\": \(rounded(median, 6)), "
      + (extra.isEmpty ? "" : extra + ", ") + "\"runs\": \(wall.count)}")
  }

  /// CPU time of the whole process (all threads), in seconds.
  static func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  static func rounded(_ value: Double, _ digits: Int = 1) -> Double {
    let scale = pow(10, Double(digits))
    return (value * scale).rounded() / scale
  }
}

/// One benchmark: a component rendered whole, with a renderer configuration.
struct BenchCase {
  var name: String
  var component: any ImageComponent
  var threads: Int
  var tileSize: Int = 256
  /// The pixels the case counts (usually its input's), in millions.
  var megapixels: Double
}

/// The inputs cases share, made once.
final class BenchInputs {
  let cores = Renderer.processorCount
  private var photo: Raster?

  /// The astronaut photo tiled 8×8 to 4096², opaque.
  func photo4096() throws -> Raster {
    if let photo { return photo }
    let made = try Raster(contentsOfFile: BenchInputs.sample("astronaut.png")).tiled(width: 4096, height: 4096)
      .rendered()
    photo = made
    return made
  }

  static func sample(_ name: String) -> String {
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    return here.appendingPathComponent("SampleImages").appendingPathComponent(name).path
  }
}
