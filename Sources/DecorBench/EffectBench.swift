import Decor

/// Blur and shadow cases (issue 6).
enum EffectBench {
  static func cases(_ inputs: BenchInputs) throws -> [BenchCase] { [] }
}
