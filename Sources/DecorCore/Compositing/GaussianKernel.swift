import RealModule

/// How a Gaussian blur of standard deviation σ is computed, and how far it reaches.
///
/// - σ = 0 (or below 0.05, where the kernel is a single tap to within 10⁻⁸⁶): the identity.
/// - σ below `exactLimit` (3): the sampled Gaussian `exp(−k²/2σ²)`, truncated at ⌈3σ⌉ and normalised, applied as two
///   one-dimensional convolutions. Exact to float rounding, and cheap while the kernel is short.
/// - From `exactLimit` up: three *extended box* passes per axis (Gwosdek, Grewenig, Bruhn and Weickert,
///   "Theoretical foundations of Gaussian convolution by extended box filtering", SSVM 2011). Each pass averages
///   2r + 1 pixels plus a fraction α of the next one on either side; r and α are chosen so that the three passes
///   have exactly the variance σ², which the W3C Filter Effects box sizes (whole widths only) miss by up to 9%.
///   The cost per pixel does not depend on σ. Against an exact Gaussian this is ≥ 50 dB PSNR on photographs and
///   hard-edged cut-outs (measured for σ from 2.5 to 20; see Benchmarks/blur.md).
///
/// Over transparent surroundings the output reaches `margin` = ⌈3σ⌉ pixels beyond the input on every side, as
/// the `blur … edge=transparent` step promises; the box passes can reach a pixel or two further (3(r + 1) > ⌈3σ⌉
/// for some σ), where the kernel's weight is below 10⁻⁴ and the pixels are dropped. The other edge modes extend the
/// input by `reach` and keep its extent (see `GaussianBlur`).
package struct GaussianKernel: Sendable, Hashable {
  /// Below this σ the exact sampled kernel is used; from it up, the extended boxes. Measured (one thread, 4096²):
  /// the exact kernel costs 12.8 ns a pixel at σ = 2 (13 taps an axis) and 16.6 at σ = 2.9 (19 taps), the boxes
  /// 14–15 whatever σ, so the switch near 3 keeps every σ within about ±15% of the boxes (Benchmarks/blur.md).
  package static let exactLimit = 3.0
  /// The largest σ accepted; larger values are clamped. With transparent edges the output grows by 3σ on every side,
  /// so beyond this the image would not fit the default pixel limit anyway.
  static let maximumSigma = 2000.0

  package enum Method: Sendable, Hashable {
    /// No blur: pixels pass unchanged.
    case identity
    /// `weights[k]` is the weight of the pixels k away from the centre (k = 0 … radius), summing to 1 over −radius …
    /// radius.
    case exact(weights: [Float])
    /// Three passes of the extended box of inner radius `radius` and edge fraction `alpha` (0 ≤ α < 1).
    case boxes(radius: Int, alpha: Double)
  }

  let sigma: Double
  package let method: Method

  package init(sigma: Double) {
    let sigma = sigma.isNaN ? 0 : Swift.min(GaussianKernel.maximumSigma, Swift.max(0, sigma))
    self.sigma = sigma
    if sigma < 0.05 {
      method = .identity
    } else if sigma < GaussianKernel.exactLimit {
      let radius = Int((3 * sigma).rounded(.up))
      var weights = (0...radius).map { k in Double.exp(-Double(k * k) / (2 * sigma * sigma)) }
      let total = weights[0] + 2 * weights.dropFirst().reduce(0, +)
      weights = weights.map { $0 / total }
      method = .exact(weights: weights.map(Float.init))
    } else {
      // Each of the three passes carries a third of the variance: r is the largest inner radius whose plain box
      // does not exceed it (a box of 2r + 1 has variance r(r + 1)/3), and α makes up the rest.
      let third = sigma * sigma / 3
      var r = Int(((4 * sigma * sigma + 1).squareRoot() - 1) / 2)
      while Double((r + 1) * (r + 2)) / 3 <= third { r += 1 }
      while r > 0 && Double(r * (r + 1)) / 3 > third { r -= 1 }
      let alpha = Double(2 * r + 1) * (third - Double(r * (r + 1)) / 3) / (2 * (Double((r + 1) * (r + 1)) - third))
      method = .boxes(radius: r, alpha: Swift.min(Swift.max(alpha, 0), 1))
    }
  }

  /// How far the output extends beyond the input on every side: ⌈3σ⌉.
  package var margin: Int {
    if case .identity = method { return 0 }
    return Int((3 * sigma).rounded(.up))
  }

  /// How far one axis of the computation reads from an output pixel: the kernel's radius for the exact kernel,
  /// 3(r + 1) for the boxes.
  package var reach: Int {
    switch method {
    case .identity: return 0
    case .exact(let weights): return weights.count - 1
    case .boxes(let radius, _): return 3 * (radius + 1)
    }
  }

  /// The one-dimensional kernel this computes (for the boxes, the three passes convolved), from −`reach` to
  /// `reach`: for tests and documentation.
  package var taps: [Double] {
    switch method {
    case .identity:
      return [1]
    case .exact(let weights):
      return weights.reversed().map(Double.init) + weights.dropFirst().map(Double.init)
    case .boxes(let radius, let alpha):
      let width = 2 * radius + 3
      let box = (0..<width).map { i in (i == 0 || i == width - 1 ? alpha : 1) / (Double(2 * radius + 1) + 2 * alpha) }
      var kernel = box
      for _ in 0..<2 {
        var next = [Double](repeating: 0, count: kernel.count + width - 1)
        for (i, a) in kernel.enumerated() { for (j, b) in box.enumerated() { next[i + j] += a * b } }
        kernel = next
      }
      return kernel
    }
  }
}
