import DecorCore

extension StandardFilters {
  // MARK: - Declarations

  enum BlendStep {
    /// A mode by its W3C name or an alias (`over`), as `BlendMode(name:)` reads it.
    static let mode = StepParameter<BlendMode>(
      FilterArgument("mode", .choice(BlendMode.allCases.map(\.rawValue) + BlendMode.aliases.keys.sorted()),
        required: true, help: "one of the 28 modes (W3C names: normal or over, multiply, …, plus-lighter)")
    ) { $0.choice("mode").flatMap(BlendMode.init(name:)) ?? .normal }
    static let image = StepParameter.image("image",
      help: "an image file (\(FilterReference.imageFormatsPhrase)), read once when the chain is applied; from "
        + "Swift, also a name given to withImages")
    static let opacity = StepParameter.number("opacity", .unit, option: true, default: 1, help: "0 (not drawn) to 1")
    static let at = StepParameter.point("at", default: Point(0, 0),
      help: "where the other image's top-left goes, from the image's top-left")
    static let below = StepParameter.flag("below",
      help: "draw the image onto the other instead; the result then has the other's size")
  }

  enum MaskStep {
    static let image = StepParameter.image("image",
      help: "an image file (\(FilterReference.imageFormatsPhrase)), read once when the chain is applied; from "
        + "Swift, also a name given to withImages (and masked(by:) takes any component, a gradient say)")
    static let channel = StepParameter.choice("channel", MaskChannel.self, default: .alpha,
      help: "alpha, or luminance: 0.2125 R + 0.7154 G + 0.0721 B times alpha, as CSS mask-type: luminance")
    static let invert = StepParameter.flag("invert",
      help: "multiply by one minus the mask's value instead (outside the mask then keeps the image)")
  }

  /// The image an `.image` parameter names, as the chain loaded it.
  static func loadedImage(_ arguments: FilterArguments, _ parameter: StepParameter<String>) throws(FilterError)
    -> any ImageComponent
  {
    guard let image = arguments.image(parameter.argument.name) else {
      throw FilterError("image \(Quoting.quoted(arguments[parameter])) was not loaded")
    }
    return image
  }

  // MARK: - Steps

  /// The compositing steps: `blend` and `mask` (Documentation/Filters.md, "Filters" and "Blend modes").
  static let compositing: [Filter] = [
    Filter(
      "blend", summary: "draw another image onto the image in a blend mode (with below, the image onto the other)",
      arguments: [BlendStep.mode.argument, BlendStep.image.argument, BlendStep.opacity.argument,
        BlendStep.at.argument, BlendStep.below.argument],
      syntax: "MODE IMAGE"
    ) { arguments, input throws(FilterError) in
      input.blended(with: try loadedImage(arguments, BlendStep.image), mode: arguments[BlendStep.mode],
        opacity: arguments[BlendStep.opacity], at: arguments[BlendStep.at], below: arguments[BlendStep.below])
    },
    Filter(
      "mask", summary: "multiply the image by another image's alpha (or luminance), placed at its top-left; outside "
        + "that image counts as transparent",
      arguments: [MaskStep.image.argument, MaskStep.channel.argument, MaskStep.invert.argument]
    ) { arguments, input throws(FilterError) in
      input.masked(by: try loadedImage(arguments, MaskStep.image), channel: arguments[MaskStep.channel],
        inverted: arguments[MaskStep.invert])
    },
  ]
}
