import Decor

/// Rotation by 30°, bilinear and bicubic, one thread and all threads.
enum RotationBench {
  static func cases(_ inputs: BenchInputs) throws -> [BenchCase] {
    let input = try inputs.photo4096()
    let megapixels = Double(input.width * input.height) / 1e6
    var cases: [BenchCase] = []
    for interpolation in [Interpolation.bilinear, .bicubic] {
      let rotated = input.rotated(by: .degrees(30), interpolation: interpolation)
      for threads in Set([1, inputs.cores]).sorted() {
        cases.append(BenchCase(name: "rotate-\(interpolation)-\(threads)t", component: rotated, threads: threads,
          megapixels: megapixels))
      }
    }
    return cases
  }
}

/// How the tile size affects a rotation and a downscale (`decor-bench tiles`).
enum TileSweep {
  static func cases(_ inputs: BenchInputs) throws -> [BenchCase] {
    let input = try inputs.photo4096()
    let megapixels = Double(input.width * input.height) / 1e6
    return [32, 64, 128, 192, 256, 384, 512, 1024].flatMap { tile in
      [
        BenchCase(name: "tiles-rotate-bilinear-\(tile)", component: input.rotated(by: .degrees(30)), threads: 1,
          tileSize: tile, megapixels: megapixels),
        BenchCase(name: "tiles-scale-0.5-bicubic-\(tile)", component: input.scaled(by: 0.5), threads: 1,
          tileSize: tile, megapixels: megapixels),
      ]
    }
  }
}
