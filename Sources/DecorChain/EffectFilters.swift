import DecorCore

extension StandardFilters {
  /// The effect steps: `blur`, `shadow`, `inner-shadow` and the CSS colour filters (Documentation/Filters.md).
  static let effects: [Filter] = [
    Filter(
      "blur",
      summary: "Gaussian blur of standard deviation SIGMA (as CSS blur()); by default the edges repeat and the size "
        + "stays; edge=transparent grows the image by 3·SIGMA on every side",
      arguments: [
        FilterArgument("sigma", .number(), required: true, range: ParameterRange.sigma,
          help: "standard deviation σ, pixels (0 leaves the image unchanged)"),
        FilterArgument("edge", .choice(EdgeMode.allCases.map(\.rawValue)), option: true, default: "extend",
          help: "what the blur sees beyond the edges: extend repeats the edge pixels (ImageMagick, libvips, Pillow), "
            + "mirror reflects the image with the edge pixel repeated, wrap repeats the image from the opposite edge "
            + "(all three keep the size); transparent fades the edges out and grows the image by 3σ (CSS, Core Image)"),
      ],
      validate: { arguments throws(FilterError) in
        try checkParameters { () throws(ParameterError) in _ = try ParameterCheck.sigma(arguments.number("sigma")!) }
      }
    ) { arguments, input in
      input.blurred(sigma: (try? ParameterCheck.sigma(arguments.number("sigma")!)) ?? 0,
        edge: EdgeMode(rawValue: arguments.choice("edge") ?? "extend") ?? .extend)
    },
    Filter(
      "shadow", aliases: ["drop-shadow"],
      summary: "drop shadow beneath the image (blur= is σ, as in CSS drop-shadow(); radius= is 2σ, as in box-shadow)",
      arguments: shadowOffset + shadowBlur + [
        FilterArgument("color", .color, option: true, default: "#000", help: "shadow colour"),
        FilterArgument("opacity", .number(), option: true, default: "0.5", range: ParameterRange.unit,
          help: "0 to 1, times the colour's alpha (CSS, canvas and Core Graphics have only the colour: use 1; "
            + "ImageMagick's -shadow 60x… is 0.6)"),
        FilterArgument("spread", .number(), option: true, default: "0", range: ParameterRange.spread,
          help: "grow (or, negative, shrink) the shape first, pixels"),
        FilterArgument("only", .flag, option: true, help: "the shadow without the image"),
      ],
      syntax: "[DX DY]", validate: validateShadow
    ) { arguments, input in
      let shadow = shadowParameters(arguments)
      return input.addingDropShadow(offset: shadow.offset, sigma: shadow.sigma, color: arguments.color("color")!,
        opacity: shadow.opacity, spread: shadow.spread, only: arguments.flag("only"))
    },
    Filter(
      "inner-shadow",
      summary: "shadow inside the shape's edges, as CSS box-shadow: inset draws it (whose blur radius is radius=, 2σ)",
      arguments: shadowOffset + shadowBlur + [
        FilterArgument("color", .color, option: true, default: "#000", help: "shadow colour"),
        FilterArgument("opacity", .number(), option: true, default: "0.5", range: ParameterRange.unit,
          help: "0 to 1"),
      ],
      syntax: "[DX DY]", validate: validateShadow
    ) { arguments, input in
      let shadow = shadowParameters(arguments)
      return input.addingInnerShadow(offset: shadow.offset, sigma: shadow.sigma, color: arguments.color("color")!,
        opacity: shadow.opacity)
    },
    Filter(
      "brightness", summary: "CSS brightness(): colour times A (1 unchanged)",
      arguments: [FilterArgument("a", .number(), required: true, range: ParameterRange.amount,
        help: "0 black, 1 unchanged, above 1 brighter")],
      validate: amountCheck { a throws(ParameterError) in try ParameterCheck.amount(a, "brightness") }
    ) { arguments, input in
      input.brightness(arguments.number("a")!)
    },
    Filter(
      "contrast", summary: "CSS contrast(): away from (A > 1) or towards (A < 1) mid-grey",
      arguments: [FilterArgument("a", .number(), required: true, range: ParameterRange.amount,
          help: "0 grey, 1 unchanged")],
      validate: amountCheck { a throws(ParameterError) in try ParameterCheck.amount(a, "contrast") }
    ) { arguments, input in
      input.contrast(arguments.number("a")!)
    },
    Filter(
      "saturate", summary: "CSS saturate(): 0 grey, 1 unchanged, above 1 more saturated",
      arguments: [FilterArgument("a", .number(), required: true, range: ParameterRange.amount,
          help: "0 grey, 1 unchanged")],
      validate: amountCheck { a throws(ParameterError) in try ParameterCheck.amount(a, "saturate") }
    ) { arguments, input in
      input.saturate(arguments.number("a")!)
    },
    Filter(
      "grayscale", aliases: ["greyscale"], summary: "CSS grayscale(): towards grey by A (default 1)",
      arguments: [FilterArgument("a", .number(), default: "1", range: ParameterRange.unit,
          help: "0 unchanged, 1 grey")],
      validate: amountCheck { a throws(ParameterError) in try ParameterCheck.unitAmount(a, "grayscale") }
    ) { arguments, input in
      input.grayscale(arguments.number("a")!)
    },
    Filter(
      "sepia", summary: "CSS sepia(): towards sepia by A (default 1)",
      arguments: [FilterArgument("a", .number(), default: "1", range: ParameterRange.unit,
          help: "0 unchanged, 1 sepia")],
      validate: amountCheck { a throws(ParameterError) in try ParameterCheck.unitAmount(a, "sepia") }
    ) { arguments, input in
      input.sepia(arguments.number("a")!)
    },
    Filter(
      "invert", summary: "CSS invert(): towards the negative by A (default 1)",
      arguments: [FilterArgument("a", .number(), default: "1", range: ParameterRange.unit,
          help: "0 unchanged, 1 negative")],
      validate: amountCheck { a throws(ParameterError) in try ParameterCheck.unitAmount(a, "invert") }
    ) { arguments, input in
      input.invert(arguments.number("a")!)
    },
    Filter(
      "hue-rotate", summary: "CSS hue-rotate(): turn hues by DEG round the colour wheel",
      arguments: [FilterArgument("deg", .angle, required: true, range: ParameterRange.angle, help: "degrees")]
    ) { arguments, input in
      input.hueRotate(by: arguments.angle("deg")!)
    },
  ]

  /// `[DX DY]`, 5 5 by default.
  static let shadowOffset = [
    FilterArgument("dx", .number(), default: "5", range: ParameterRange.offset, help: "pixels to the right"),
    FilterArgument("dy", .number(), default: "5", range: ParameterRange.offset, help: "pixels down"),
  ]

  /// `blur=SIGMA` or `radius=R` (R = 2σ, the CSS and canvas blur radius); σ = 4 when neither is given.
  static let shadowBlur = [
    FilterArgument("blur", .number(), option: true, range: ParameterRange.sigma,
      help: "Gaussian standard deviation σ, pixels (default 4): the blur length of CSS drop-shadow(), "
        + "SVG feDropShadow's stdDeviation, ImageMagick's -shadow OPACITYxσ+DX+DY"),
    FilterArgument("radius", .number(), option: true, range: ParameterRange.radius,
      help: "blur radius 2σ, pixels: the blur radius of CSS box-shadow (inset too), canvas shadowBlur, "
        + "Core Graphics' blur (CGContextSetShadowWithColor)"),
  ]

  @Sendable static func validateShadow(_ arguments: FilterArguments) throws(FilterError) {
    if arguments.positional.count == 1 {
      throw FilterError("DX and DY go together, got only one offset")
    }
    if arguments.number("blur") != nil && arguments.number("radius") != nil {
      throw FilterError("blur= (σ) and radius= (2σ) say the same thing: give one")
    }
    try checkParameters { () throws(ParameterError) in _ = try checkedShadowParameters(arguments) }
  }

  /// A shadow step's offset, σ, opacity and spread, checked by `ParameterCheck` as the shadows' initialisers do.
  static func checkedShadowParameters(_ arguments: FilterArguments) throws(ParameterError)
    -> (offset: Point, sigma: Double, opacity: Double, spread: Double)
  {
    let offset = try ParameterCheck.offset(Point(arguments.number("dx")!, arguments.number("dy")!))
    var sigma = 4.0
    if let blur = arguments.number("blur") { sigma = try ParameterCheck.sigma(blur, "blur") }
    if let radius = arguments.number("radius") { sigma = try ParameterCheck.sigma(radius: radius) }
    let opacity = try ParameterCheck.opacity(arguments.number("opacity")!)
    let spread = try ParameterCheck.spread(arguments.number("spread") ?? 0)
    return (offset, sigma, opacity, spread)
  }

  /// The checked parameters of a step that `validateShadow` passed.
  static func shadowParameters(_ arguments: FilterArguments)
    -> (offset: Point, sigma: Double, opacity: Double, spread: Double)
  {
    (try? checkedShadowParameters(arguments)) ?? (Point(5, 5), 4, 0.5, 0)
  }

  /// A `validate` for a step whose one argument `a` goes through `check`.
  static func amountCheck(_ check: @escaping @Sendable (Double) throws(ParameterError) -> Double) -> Filter.Validate {
    { arguments throws(FilterError) in
      try checkParameters { () throws(ParameterError) in _ = try check(arguments.number("a")!) }
    }
  }
}
