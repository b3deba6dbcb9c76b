import Decor

/// Rendering what a fuzzed input built, when it is small enough to be quick.
enum FuzzRender {
  /// A small image with translucent edges, as chains' input.
  static let image: Raster = {
    var raster = try! Raster(width: 9, height: 7)
    for y in 0..<7 {
      for x in 0..<9 {
        let a = UInt8(x == 0 || y == 0 ? 128 : 255)
        raster[x, y] = RGBA8(straightRed: UInt8(x * 28), green: UInt8(y * 36), blue: 200, alpha: a)
      }
    }
    return raster
  }()

  /// What every image name (a `blend` step's file) stands for.
  static let overlay = try! Raster(width: 3, height: 5, fill: RGBA8(r: 40, g: 0, b: 80, a: 160))

  /// Renders `component` when its extent is finite and at most 2^16 pixels; errors are fine, traps are findings.
  static func check(_ component: (any ImageComponent)?) {
    guard let component else { return }
    let e = component.extent
    guard !e.isEmpty, !e.isInfinite, e.width <= 1 << 16, e.height <= 1 << 16, e.width * e.height <= 1 << 16 else {
      return
    }
    _ = try? Renderer(tileSize: 16, threads: 1).render(component)
  }
}
