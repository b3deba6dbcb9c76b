import Decor
import Dispatch
import Foundation

/// `decor-bench`: throughput of Decor's operations, one JSON object per line:
/// `{"name": "rotate-bilinear-1t", "mpx_per_s": 95.1, "median_s": 0.176, "runs": 7}`.
///
/// Mpx/s counts the input image's pixels (4096² = 16.8 Mpx), as image tools' benchmarks do. Each case runs until
/// it has `runs` timings (after one warm-up) and reports the median. Build with `-c release`.
@main
struct DecorBench {
  static func main() throws {
    let arguments = CommandLine.arguments.dropFirst()
    let filter = arguments.first { !$0.hasPrefix("-") }
    let runs = Int(arguments.first { $0.hasPrefix("--runs=") }?.dropFirst(7) ?? "") ?? 7
    let photo = try Raster(contentsOfFile: sampleImage("astronaut.png"))
    let input = try photo.tiled(width: 4096, height: 4096).rendered()
    let cores = Renderer.processorCount
    var cases: [(String, any ImageComponent, Int)] = []
    for interpolation in [Interpolation.bilinear, .bicubic] {
      let rotated = input.rotated(by: .degrees(30), interpolation: interpolation)
      cases.append(("rotate-\(interpolation)-1t", rotated, 1))
      cases.append(("rotate-\(interpolation)-\(cores)t", rotated, cores))
    }
    for (name, component, threads) in cases where filter.map({ name.contains($0) }) ?? true {
      let renderer = Renderer(threads: threads)
      _ = try renderer.render(component)
      var times: [Double] = []
      for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        _ = try renderer.render(component)
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
      }
      let median = times.sorted()[times.count / 2]
      let mpx = Double(input.width * input.height) / 1e6 / median
      print("{\"name\": \"\(name)\", \"mpx_per_s\": \(round(mpx * 10) / 10), \"median_s\": \(round(median * 1e4) / 1e4), "
        + "\"threads\": \(threads), \"runs\": \(runs)}")
    }
  }

  static func sampleImage(_ name: String) -> String {
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    return here.appendingPathComponent("SampleImages").appendingPathComponent(name).path
  }
}
