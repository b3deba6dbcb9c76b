import Decor
import Foundation

/// `decor-bench animation FILE… [--runs=N]`: how long opening an animation (`Animation(contentsOfFile:)`: its
/// records) takes, and opening it and reading every frame (`frames()`, each decoded and composed on the canvas),
/// without encoding anything. One JSON line per file and case, with the medians of `runs` timings after one warm-up
/// and the frame count, canvas and file size; megapixels count every frame's canvas.
enum AnimationBench {
  static func run(_ paths: [String], runs: Int) throws {
    for path in paths {
      let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
      let opened = try Animation(contentsOfFile: path)
      let megapixels = Double(opened.width * opened.height * opened.frameCount) / 1e6
      let extra = "\"file\": \"\(path)\", \"bytes\": \(size), \"frames\": \(opened.frameCount), "
        + "\"canvas\": \"\(opened.width)x\(opened.height)\""
      let open = try DecorBench.timed(runs: runs) { _ = try Animation(contentsOfFile: path) }
      DecorBench.report("animation-open", megapixels: megapixels, wall: open.wall, cpu: open.cpu, extra: extra)
      let read = try DecorBench.timed(runs: runs) {
        let frames = try Animation(contentsOfFile: path).frames()
        while try frames.next() != nil {}
      }
      DecorBench.report("animation-open-read", megapixels: megapixels, wall: read.wall, cpu: read.cpu, extra: extra)
    }
  }
}
