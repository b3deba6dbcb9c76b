import Decor

/// Downscaling by half (`scale 0.5`, bicubic, the default), one thread and all threads: the 4096² photo to 2048²,
/// counting the input's 16.8 Mpx, as image tools' benchmarks do (`Benchmarks/compare.py --ops scale` runs it beside
/// libvips's `resize(0.5)`), and by 0.05 (80 taps a pixel along each axis, as the gigapixel item of
/// `Benchmarks/compare-peers` scales).
enum ScaleBench {
  static func cases(_ inputs: BenchInputs) throws -> [BenchCase] {
    let input = try inputs.photo4096()
    let megapixels = Double(input.width * input.height) / 1e6
    return [0.5, 0.05].flatMap { factor in
      let scaled = input.scaled(by: factor)
      return Set([1, inputs.cores]).sorted().map { threads in
        BenchCase(name: "scale-\(factor)-bicubic-\(threads)t", component: scaled, threads: threads,
          megapixels: megapixels)
      }
    }
  }
}
