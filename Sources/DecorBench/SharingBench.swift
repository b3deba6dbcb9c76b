import Decor
import Dispatch

/// `decor-bench sharing`: one blur value (σ = 30, the 1024² corner of the photo) rendered by two renders at once,
/// each on one thread, against two separately built copies rendered at once. Components hold no render
/// state, so sharing a value should cost nothing: the two cases should take the same time.
enum SharingBench {
  static func run(_ inputs: BenchInputs, runs: Int) throws {
    let photo = try inputs.photo4096().extracting(IntRect(x: 0, y: 0, width: 1024, height: 1024)).rendered()
    let shared = photo.blurred(sigma: 30, edge: .transparent)
    let copies = [photo.blurred(sigma: 30, edge: .transparent), photo.blurred(sigma: 30, edge: .transparent)]
    let megapixels = 2 * Double(shared.extent.area) / 1e6
    for (name, values) in [("sharing-one-value-2-tasks", [shared, shared]), ("sharing-two-copies-2-tasks", copies)] {
      let (wall, cpu) = DecorBench.timed(runs: runs) {
        DispatchQueue.concurrentPerform(iterations: 2) { task in
          _ = try? Renderer(threads: 1).render(values[task])
        }
      }
      DecorBench.report(name, megapixels: megapixels, wall: wall, cpu: cpu)
    }
  }
}
