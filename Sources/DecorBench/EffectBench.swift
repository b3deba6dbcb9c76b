import Decor

/// Blur and shadow cases.
///
/// - `blur-sigma-N-Tt`: the 4096² photo blurred with σ = N (2, 8, 32, 100) on T threads. The blur grows the image
///   by 3σ on every side, so these cases count the pixels written (4108² = 16.9 Mpx at σ = 2, 4696² = 22.1 Mpx at
///   σ = 100): per-pixel cost, the number that should not depend on σ.
/// - `blur-crop-sigma-N-Tt`: the same blur cut back to the photo's 4096² (what libvips, ImageMagick and Pillow
///   return), counting 16.8 Mpx.
/// - `blur-extend-sigma-N-Tt`: the default blur, edges extended (`EdgeExtension`) and the extent kept, counting
///   16.8 Mpx: the same pixels as `blur-crop`, so the two compare the edge extension's cost.
/// - `shadow-2048-Tt`: a drop shadow (offset 6, 6; σ = 8; the design's example) under a 2048² cut-out, counting
///   the pixels written.
enum EffectBench {
  static func cases(_ inputs: BenchInputs) throws -> [BenchCase] {
    let photo = try inputs.photo4096()
    var cases: [BenchCase] = []
    let threads = Set([1, inputs.cores]).sorted()
    for sigma in [2.0, 8, 32, 100] {
      let blurred = photo.blurred(sigma: sigma, edge: .transparent)
      let cropped = photo.blurred(sigma: sigma, edge: .transparent).cropped(to: photo.bounds)
      let extended = photo.blurred(sigma: sigma)
      for t in threads {
        cases.append(BenchCase(name: "blur-sigma-\(Int(sigma))-\(t)t", component: blurred, threads: t,
          megapixels: megapixels(blurred.extent)))
        cases.append(BenchCase(name: "blur-crop-sigma-\(Int(sigma))-\(t)t", component: cropped, threads: t,
          megapixels: megapixels(photo.bounds)))
        cases.append(BenchCase(name: "blur-extend-sigma-\(Int(sigma))-\(t)t", component: extended, threads: t,
          megapixels: megapixels(photo.bounds)))
      }
    }
    let cutout = try inputs.cutout2048()
    let shadowed = cutout.addingDropShadow(offset: Point(6, 6), sigma: 8)
    for t in threads {
      cases.append(BenchCase(name: "shadow-2048-\(t)t", component: shadowed, threads: t,
        megapixels: megapixels(shadowed.extent)))
    }
    return cases
  }

  static func megapixels(_ rect: IntRect) -> Double { Double(rect.width * rect.height) / 1e6 }
}

extension BenchInputs {
  /// The horse cut-out scaled to 2048 px wide (1679 high) and centred on a transparent 2048² square.
  func cutout2048() throws -> Raster {
    let horse = try Raster(contentsOfFile: BenchInputs.sample("horse-cutout.png")).resized(width: 2048, height: nil)
    let height = horse.extent.height
    return try horse.padded(top: (2048 - height) / 2, right: 0, bottom: 2048 - height - (2048 - height) / 2, left: 0)
      .rendered()
  }
}
