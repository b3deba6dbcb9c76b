// The article "Writing your own decorator" quotes this file: keep the two in step.

import Decor

/// The input faded towards transparent by `amount` (0 unchanged, 1 gone; above 1 counts as 1).
public struct Fade: ImageComponent {
  public let input: any ImageComponent
  public let amount: Double
  let problem: RenderError?

  public init(_ input: any ImageComponent, amount: Double) {
    self.input = input
    do {
      self.amount = try ParameterCheck.opacity(amount, "amount")  // finite, at least 0, clamped to 1
      problem = nil
    } catch {
      self.amount = 0
      problem = .invalidParameter(component: "fade", reason: error.reason)
    }
  }

  public var extent: IntRect { problem == nil ? input.extent : IntRect(x: 0, y: 0, width: 0, height: 0) }

  public var parameterError: RenderError? { problem ?? input.parameterError }

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    if let problem { throw problem }
    return try context.render(input.multiplyingOpacity(by: 1 - amount), region)
  }
}
