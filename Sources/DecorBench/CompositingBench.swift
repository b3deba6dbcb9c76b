import Decor

/// `decor-bench compositing --json`: every blend mode on two 4096² premultiplied images (issue 5).
enum CompositingBench {
  static func run(runs: Int) throws {}
}
