import Decor
import Dispatch
import Foundation

/// `decor-bench`: throughput of Decor's operations, one JSON object per line:
/// `{"name": "rotate-bilinear-1t", "mpx_per_s": 95.1, "mpx_per_cpu_s": 97.0, "median_s": 0.176, ...}`.
///
/// Mpx/s counts the input image's pixels (4096² = 16.8 Mpx; a 30° rotation writes 31.3 Mpx), as image tools'
/// benchmarks do. `mpx_per_s` is by wall-clock time, `mpx_per_cpu_s` by the process's CPU time: per-core
/// throughput, and steadier than wall time on a shared machine. Each case reports the median of `runs` timings
/// after one warm-up. Build with `-c release`: `swift run -c release decor-bench [NAME-FILTER] [--runs=N]`.
@main
struct DecorBench {
  static func main() throws {
    let arguments = CommandLine.arguments.dropFirst()
    let filter = arguments.first { !$0.hasPrefix("-") }
    let runs = Int(arguments.first { $0.hasPrefix("--runs=") }?.dropFirst(7) ?? "") ?? 7
    let photo = try Raster(contentsOfFile: sampleImage("astronaut.png"))
    let input = try photo.tiled(width: 4096, height: 4096).rendered()
    let cores = Renderer.processorCount
    var cases: [(name: String, component: any ImageComponent, threads: Int, tileSize: Int)] = []
    for interpolation in [Interpolation.bilinear, .bicubic] {
      let rotated = input.rotated(by: .degrees(30), interpolation: interpolation)
      cases.append(("rotate-\(interpolation)-1t", rotated, 1, 256))
      cases.append(("rotate-\(interpolation)-\(cores)t", rotated, cores, 256))
    }
    // Only when asked for by name (`decor-bench tiles`): how the tile size affects a rotation and a downscale.
    if filter == "tiles" {
      for tileSize in [32, 64, 128, 192, 256, 384, 512, 1024] {
        cases.append(("tiles-rotate-bilinear-\(tileSize)", input.rotated(by: .degrees(30)), 1, tileSize))
        cases.append(("tiles-scale-0.5-bicubic-\(tileSize)", input.scaled(by: 0.5), 1, tileSize))
      }
    }
    for (name, component, threads, tileSize) in cases where filter.map({ name.contains($0) }) ?? true {
      let renderer = Renderer(tileSize: tileSize, threads: threads)
      _ = try renderer.render(component)
      var wall: [Double] = []
      var cpu: [Double] = []
      for _ in 0..<runs {
        let start = (DispatchTime.now().uptimeNanoseconds, cpuSeconds())
        _ = try renderer.render(component)
        wall.append(Double(DispatchTime.now().uptimeNanoseconds - start.0) / 1e9)
        cpu.append(cpuSeconds() - start.1)
      }
      let median = wall.sorted()[wall.count / 2]
      let cpuMedian = cpu.sorted()[cpu.count / 2]
      let mpx = Double(input.width * input.height) / 1e6
      print("{\"name\": \"\(name)\", \"mpx_per_s\": \(rounded(mpx / median)), "
        + "\"mpx_per_cpu_s\": \(rounded(mpx / cpuMedian)), \"median_s\": \(rounded(median, 4)), "
        + "\"threads\": \(threads), \"tile\": \(tileSize), \"runs\": \(runs)}")
    }
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

  static func sampleImage(_ name: String) -> String {
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    return here.appendingPathComponent("SampleImages").appendingPathComponent(name).path
  }
}
