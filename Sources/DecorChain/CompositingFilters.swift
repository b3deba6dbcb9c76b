import DecorCore

extension StandardFilters {
  /// The compositing steps: `blend` and `mask` (Documentation/Filters.md, "Filters" and "Blend modes").
  static let compositing: [Filter] = [
    Filter(
      "blend", summary: "draw another image onto the image in a blend mode (with below, the image onto the other)",
      arguments: [
        FilterArgument("mode", .choice(BlendMode.allCases.map(\.rawValue) + BlendMode.aliases.keys.sorted()),
          required: true,
          help: "one of the 28 modes (W3C names: normal or over, multiply, …, plus-lighter)"),
        FilterArgument("image", .image, required: true,
          help: "an image file (\(FilterReference.imageFormatsPhrase)), read once when the chain is applied; from "
            + "Swift, also a name "
            + "given to withImages"),
        FilterArgument("opacity", .number(), option: true, default: "1", range: ParameterRange.unit,
          help: "0 (not drawn) to 1"),
        FilterArgument("at", .point, option: true, default: "0,0", range: ParameterRange.offset,
          help: "where the other image's top-left goes, from the image's top-left"),
        FilterArgument("below", .flag, option: true,
          help: "draw the image onto the other instead; the result then has the other's size"),
      ],
      syntax: "MODE IMAGE",
      validate: { arguments throws(FilterError) in
        try checkParameters { () throws(ParameterError) in
          _ = try ParameterCheck.opacity(arguments.number("opacity")!)
          _ = try ParameterCheck.offset(arguments.point("at")!, "at")
        }
      }
    ) { arguments, input throws(FilterError) in
      guard let image = arguments.image("image") else {
        throw FilterError("image \(Quoting.quoted(arguments.imageName("image") ?? "")) was not loaded")
      }
      return input.blended(with: image, mode: BlendMode(name: arguments.choice("mode")!)!,
        opacity: arguments.number("opacity")!, at: arguments.point("at")!, below: arguments.flag("below"))
    },
    Filter(
      "mask", summary: "multiply the image by another image's alpha (or luminance), placed at its top-left; outside "
        + "that image counts as transparent",
      arguments: [
        FilterArgument("image", .image, required: true,
          help: "an image file (\(FilterReference.imageFormatsPhrase)), read once when the chain is applied; from "
            + "Swift, also a name given to withImages (and masked(by:) takes any component, a gradient say)"),
        FilterArgument("channel", .choice(MaskChannel.allCases.map(\.rawValue)), option: true, default: "alpha",
          help: "alpha, or luminance: 0.2125 R + 0.7154 G + 0.0721 B times alpha, as CSS mask-type: luminance"),
        FilterArgument("invert", .flag, option: true,
          help: "multiply by one minus the mask's value instead (outside the mask then keeps the image)"),
      ]
    ) { arguments, input throws(FilterError) in
      guard let image = arguments.image("image") else {
        throw FilterError("image \(Quoting.quoted(arguments.imageName("image") ?? "")) was not loaded")
      }
      return input.masked(by: image, channel: MaskChannel(rawValue: arguments.choice("channel")!)!,
        inverted: arguments.flag("invert"))
    },
  ]
}
