import Decor
import Dispatch

/// `decor-bench compositing [MODE] --json`: every blend mode (by its CLI name) on two 4096² premultiplied images
/// with random alpha, one thread, one JSON line each. `decor-bench compositing16 [MODE]` does the same at 16 bits a
/// channel (the same pixels widened, `v × 257`; cases named `MODE-16`).
///
/// It times the raw span kernel, `Compositor.blend`, row by row over the whole image, not the renderer, so that it
/// measures what Benchmarks/pixman/pixman-bench.c measures of pixman: the source and backdrop come from the same
/// seeded generator (the very same pixel values), and the backdrop is restored before every run, untimed.
enum CompositingBench {
  static let size = 4096

  static func run(runs: Int, sixteenBits: Bool = false) throws {
    // Through the non-generic entry points, as the renderer calls them: a generic call from this module would not
    // be specialised.
    if sixteenBits {
      try run(runs: runs, suffix: "-16", pixel: { UInt64(widening: $0) }) {
        Compositor.blend16($0, source: $1, destination: $2, count: $3)
      }
    } else {
      try run(runs: runs, suffix: "", pixel: { $0 }) { Compositor.blend($0, source: $1, destination: $2, count: $3) }
    }
  }

  static func run<Pixel>(
    runs: Int, suffix: String, pixel: (UInt32) -> Pixel,
    blend: (BlendMode, UnsafePointer<Pixel>, UnsafeMutablePointer<Pixel>, Int) -> Void
  ) throws {
    let arguments = CommandLine.arguments.dropFirst().filter { !$0.hasPrefix("-") }
    let only = arguments.dropFirst().first  // the word after "compositing"
    let count = size * size
    let source = UnsafeMutablePointer<Pixel>.allocate(capacity: count)
    let backdrop = UnsafeMutablePointer<Pixel>.allocate(capacity: count)
    let work = UnsafeMutablePointer<Pixel>.allocate(capacity: count)
    defer {
      source.deallocate()
      backdrop.deallocate()
      work.deallocate()
    }
    let narrow = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
    defer { narrow.deallocate() }
    fill(narrow, count: count, seed: 1)
    for i in 0..<count { source[i] = pixel(narrow[i]) }
    fill(narrow, count: count, seed: 2)
    for i in 0..<count { backdrop[i] = pixel(narrow[i]) }
    for mode in BlendMode.allCases where only.map({ $0 == mode.rawValue }) ?? true {
      var wall: [Double] = []
      var cpu: [Double] = []
      for run in -1..<max(1, runs) {  // run -1 warms up
        work.update(from: backdrop, count: count)
        let start = (DispatchTime.now().uptimeNanoseconds, DecorBench.cpuSeconds())
        for y in 0..<size {
          blend(mode, source + y * size, work + y * size, size)
        }
        if run >= 0 {
          wall.append(Double(DispatchTime.now().uptimeNanoseconds - start.0) / 1e9)
          cpu.append(DecorBench.cpuSeconds() - start.1)
        }
      }
      DecorBench.report(mode.rawValue + suffix, megapixels: Double(count) / 1e6, wall: wall, cpu: cpu)
    }
  }

  /// Premultiplied pixels with uniformly random alpha and colour channels uniform in 0…alpha (SplitMix64, as the
  /// pixman benchmark draws them), stored R, G, B, A.
  static func fill(_ pixels: UnsafeMutablePointer<UInt32>, count: Int, seed: UInt64) {
    var state = seed
    for i in 0..<count {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      z ^= z >> 31
      let a = UInt32(truncatingIfNeeded: z & 0xFF)
      func channel(_ shift: UInt64) -> UInt32 { (UInt32(truncatingIfNeeded: z >> shift & 0xFF) * (a + 1)) >> 8 }
      pixels[i] = channel(8) | channel(16) << 8 | channel(24) << 16 | a << 24
    }
  }
}

extension UInt64 {
  /// An RGBA8 pixel's channels widened to 16 bits (`v × 257`), R in the low 16 bits: an `RGBA16` as the 16-bit
  /// kernels load it.
  init(widening p: UInt32) {
    self = 0
    for c in 0..<4 { self |= UInt64((p >> (8 * c)) & 0xFF) * 257 << (16 * c) }
  }
}
