/// What a blur reads: premultiplied pixels (`lanes` = 4, `GaussianBlur`) or coverage alone (`lanes` = 1, the
/// shadows), rendered on demand.
protocol BlurSource: Sendable {
  /// 4 for RGBA, 1 for coverage.
  var lanes: Int { get }
  /// Outside this rectangle the source is zero.
  var extent: IntRect { get }
  /// The source over `region` (or more); `nil` when it is all zero there.
  func render(_ region: IntRect, context: RenderContext) throws -> BytePlane?
}
