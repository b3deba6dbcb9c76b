import DecorCore

extension StandardFilters {
  // MARK: - Declarations

  enum BlurStep {
    static let sigma = StepParameter.number("sigma", .sigma,
      help: "standard deviation σ, pixels (0 leaves the image unchanged)")
    static let edge = StepParameter.choice("edge", EdgeMode.self, default: .extend,
      help: "what the blur sees beyond the edges: extend repeats the edge pixels (ImageMagick, libvips, Pillow), "
        + "mirror reflects the image with the edge pixel repeated, wrap repeats the image from the opposite edge "
        + "(all three keep the size); transparent fades the edges out and grows the image by 3σ (CSS, Core Image)")
  }

  /// The parameters `shadow` and `inner-shadow` share: `[DX DY]` (5 5 by default), and `blur=SIGMA` or `radius=R`
  /// (R = 2σ, the CSS and canvas blur radius; σ = 4 when neither is given).
  enum ShadowStep {
    static let dx = StepParameter.number("dx", .offset, default: 5, help: "pixels to the right")
    static let dy = StepParameter.number("dy", .offset, default: 5, help: "pixels down")
    static let blur = StepParameter.optionalNumber("blur", .sigma, option: true,
      help: "Gaussian standard deviation σ, pixels (default 4): the blur length of CSS drop-shadow(), "
        + "SVG feDropShadow's stdDeviation, ImageMagick's -shadow OPACITYxσ+DX+DY")
    static let radius = StepParameter.optionalNumber("radius", .radius, option: true,
      help: "blur radius 2σ, pixels: the blur radius of CSS box-shadow (inset too), canvas shadowBlur, "
        + "Core Graphics' blur (CGContextSetShadowWithColor)")
    static let color = StepParameter.color("color", default: "#000", help: "shadow colour")
    static let opacity = StepParameter.number("opacity", .unit, option: true, default: 0.5,
      help: "0 to 1, times the colour's alpha (CSS, canvas and Core Graphics have only the colour: use 1; "
        + "ImageMagick's -shadow 60x… is 0.6)")
    static let innerOpacity = StepParameter.number("opacity", .unit, option: true, default: 0.5, help: "0 to 1")
    static let spread = StepParameter.number("spread", .spread, option: true, default: 0,
      help: "grow (or, negative, shrink) the shape first, pixels")
    static let only = StepParameter.flag("only", help: "the shadow without the image")

    /// σ: `blur=` as it is, `radius=` halved, 4 when neither is given.
    static func sigma(_ arguments: FilterArguments) -> Double {
      arguments[blur] ?? arguments[radius].map { $0 / 2 } ?? 4
    }
  }

  /// `brightness`, `contrast` and `saturate`'s amount, positional.
  static func amount(of step: String, help: String) -> StepParameter<Double> {
    .number("a", .amount, checkedAs: step, help: help)
  }

  /// `grayscale`, `sepia` and `invert`'s amount from 0 to 1, positional, 1 by default.
  static func unitAmount(of step: String, help: String) -> StepParameter<Double> {
    .number("a", .unit, checkedAs: step, default: 1, help: help)
  }

  enum ColorStep {
    static let brightness = amount(of: "brightness", help: "0 black, 1 unchanged, above 1 brighter")
    static let contrast = amount(of: "contrast", help: "0 grey, 1 unchanged")
    static let saturate = amount(of: "saturate", help: "0 grey, 1 unchanged")
    static let grayscale = unitAmount(of: "grayscale", help: "0 unchanged, 1 grey")
    static let sepia = unitAmount(of: "sepia", help: "0 unchanged, 1 sepia")
    static let invert = unitAmount(of: "invert", help: "0 unchanged, 1 negative")
    static let hue = StepParameter.angle("deg", .angle.typical(-180...180), help: "degrees")
  }

  enum PixelateStep {
    static let blockSize = StepParameter.integer("n", ParameterRule.size.typical(1...12), checkedAs: "block size",
      help: "the side of a block: each N×N block of the image becomes the average of its pixels (ImageMagick's "
        + "-scale 1/N then -scale N); the blocks start at the top-left, those at the right and bottom edges are "
        + "cut short")
  }

  /// `vignette [STRENGTH] [RADIUS]`, as the design lists it: the softness as a blur radius (2σ, as `shadow`'s
  /// `radius=`), or as σ with `sigma=` (ImageMagick's `-vignette 0xσ`).
  enum VignetteStep {
    static let strength = StepParameter.number("strength", .unit, default: 1,
      help: "how far the edges go to the colour: 1 all the way outside the ellipse, 0.5 half")
    static let radius = StepParameter.optionalNumber("radius", .radius,
      help: "how soft the ellipse's edge is, as a blur radius 2σ, pixels (default 20, σ = 10; 0 a hard edge)")
    static let sigma = StepParameter.optionalNumber("sigma", .sigma, option: true,
      help: "the same softness as σ, the standard deviation of ImageMagick's -vignette 0xσ (instead of RADIUS)")
    static let x = StepParameter.optionalNumber("x", .offset, option: true,
      help: "the ellipse's inset from the left and right edges, pixels (default 10% of the width, as ImageMagick's "
        + "-vignette 0xσ+X+Y; negative puts the ellipse beyond the edges)")
    static let y = StepParameter.optionalNumber("y", .offset, option: true,
      help: "its inset from the top and bottom edges (default 10% of the height)")
    static let color = StepParameter.color("color", default: "black",
      help: "what the edges go to (ImageMagick's -background, white unless set), drawn only where the image is")

    /// σ: `sigma=`, else half of RADIUS, else the default.
    static func sigma(_ arguments: FilterArguments) -> Double {
      arguments[sigma] ?? arguments[radius].map { $0 / 2 } ?? Vignette.defaultSigma
    }

    /// RADIUS and `sigma=` say the same thing: one of them.
    @Sendable static func validate(_ arguments: FilterArguments) throws(FilterError) {
      if arguments[sigma] != nil && arguments[radius] != nil {
        throw FilterError("give RADIUS or sigma=, not both")
      }
    }
  }

  // MARK: - Steps

  /// The effect steps: `blur`, `shadow`, `inner-shadow`, `pixelate`, `vignette` and the CSS colour filters
  /// (Documentation/Filters.md).
  static let effects: [Filter] = [
    Filter(
      "blur",
      summary: "Gaussian blur of standard deviation SIGMA (as CSS blur()); by default the edges repeat and the size "
        + "stays; edge=transparent grows the image by 3·SIGMA on every side",
      arguments: [BlurStep.sigma.argument, BlurStep.edge.argument]
    ) { arguments, input in
      input.blurred(sigma: arguments[BlurStep.sigma], edge: arguments[BlurStep.edge])
    },
    Filter(
      "shadow", aliases: ["drop-shadow"],
      summary: "drop shadow beneath the image (blur= is σ, as in CSS drop-shadow(); radius= is 2σ, as in box-shadow)",
      arguments: [ShadowStep.dx.argument, ShadowStep.dy.argument, ShadowStep.blur.argument,
        ShadowStep.radius.argument, ShadowStep.color.argument, ShadowStep.opacity.argument,
        ShadowStep.spread.argument, ShadowStep.only.argument],
      syntax: "[DX DY]", validate: validateShadow
    ) { arguments, input in
      input.addingDropShadow(offset: Point(arguments[ShadowStep.dx], arguments[ShadowStep.dy]),
        sigma: ShadowStep.sigma(arguments), color: arguments[ShadowStep.color],
        opacity: arguments[ShadowStep.opacity], spread: arguments[ShadowStep.spread],
        only: arguments[ShadowStep.only])
    },
    Filter(
      "inner-shadow",
      summary: "shadow inside the shape's edges, as CSS box-shadow: inset draws it (whose blur radius is radius=, 2σ)",
      arguments: [ShadowStep.dx.argument, ShadowStep.dy.argument, ShadowStep.blur.argument,
        ShadowStep.radius.argument, ShadowStep.color.argument, ShadowStep.innerOpacity.argument],
      syntax: "[DX DY]", validate: validateShadow
    ) { arguments, input in
      input.addingInnerShadow(offset: Point(arguments[ShadowStep.dx], arguments[ShadowStep.dy]),
        sigma: ShadowStep.sigma(arguments), color: arguments[ShadowStep.color],
        opacity: arguments[ShadowStep.innerOpacity])
    },
    Filter(
      "brightness", summary: "CSS brightness(): colour times A (1 unchanged)",
      arguments: [ColorStep.brightness.argument]
    ) { arguments, input in
      input.brightness(arguments[ColorStep.brightness])
    },
    Filter(
      "contrast", summary: "CSS contrast(): away from (A > 1) or towards (A < 1) mid-grey",
      arguments: [ColorStep.contrast.argument]
    ) { arguments, input in
      input.contrast(arguments[ColorStep.contrast])
    },
    Filter(
      "saturate", summary: "CSS saturate(): 0 grey, 1 unchanged, above 1 more saturated",
      arguments: [ColorStep.saturate.argument]
    ) { arguments, input in
      input.saturate(arguments[ColorStep.saturate])
    },
    Filter(
      "grayscale", aliases: ["greyscale"], summary: "CSS grayscale(): towards grey by A (default 1)",
      arguments: [ColorStep.grayscale.argument]
    ) { arguments, input in
      input.grayscale(arguments[ColorStep.grayscale])
    },
    Filter(
      "sepia", summary: "CSS sepia(): towards sepia by A (default 1)",
      arguments: [ColorStep.sepia.argument]
    ) { arguments, input in
      input.sepia(arguments[ColorStep.sepia])
    },
    Filter(
      "invert", summary: "CSS invert(): towards the negative by A (default 1)",
      arguments: [ColorStep.invert.argument]
    ) { arguments, input in
      input.invert(arguments[ColorStep.invert])
    },
    Filter(
      "pixelate",
      summary: "blocks of N×N pixels, each the average of its pixels, as ImageMagick's -scale down by N then up: for "
        + "redaction",
      arguments: [PixelateStep.blockSize.argument]
    ) { arguments, input in
      input.pixelated(blockSize: arguments[PixelateStep.blockSize])
    },
    Filter(
      "vignette",
      summary: "darken towards the edges, as ImageMagick's -background black -vignette 0xσ+X+Y: outside an ellipse "
        + "inset by x= and y=, softened by RADIUS (2σ), the image goes STRENGTH of the way to color=",
      arguments: [VignetteStep.strength.argument, VignetteStep.radius.argument, VignetteStep.sigma.argument,
        VignetteStep.x.argument, VignetteStep.y.argument, VignetteStep.color.argument],
      syntax: "[STRENGTH] [RADIUS]", validate: VignetteStep.validate
    ) { arguments, input in
      input.vignetted(sigma: VignetteStep.sigma(arguments), x: arguments[VignetteStep.x],
        y: arguments[VignetteStep.y], color: arguments[VignetteStep.color],
        strength: arguments[VignetteStep.strength])
    },
    Filter(
      "hue-rotate", summary: "CSS hue-rotate(): turn hues by DEG round the colour wheel",
      arguments: [ColorStep.hue.argument]
    ) { arguments, input in
      input.hueRotate(by: arguments[ColorStep.hue])
    },
  ]

  /// What the shadows' parameters cannot say one by one (each is then checked by its rule).
  @Sendable static func validateShadow(_ arguments: FilterArguments) throws(FilterError) {
    if arguments.positional.count == 1 {
      throw FilterError("DX and DY go together, got only one offset")
    }
    if arguments[ShadowStep.blur] != nil && arguments[ShadowStep.radius] != nil {
      throw FilterError("blur= (σ) and radius= (2σ) say the same thing: give one")
    }
  }
}
