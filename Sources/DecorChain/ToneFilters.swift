import DecorCore

extension StandardFilters {
  // MARK: - Declarations

  enum SharpenStep {
    static let sigma = StepParameter.number("sigma", ParameterRule.sigma.typical(0.5...8),
      help: "the blur's standard deviation σ, pixels (Pillow's radius; ImageMagick's -unsharp 0xσ)")
    static let amount = StepParameter.number("amount", .sharpenAmount, option: true, default: 1,
      help: "how much of the difference is added (Pillow's percent / 100, ImageMagick's gain)")
    static let threshold = StepParameter.number("threshold", .threshold, option: true, default: 0,
      help: "levels 0–255: smaller differences are left as they are (Pillow's threshold; ImageMagick's "
        + "+THRESHOLD is 2·threshold/255)")
  }

  enum LevelsStep {
    static let black = StepParameter.text("black", range: ParameterRange.level, examples: ["0", "30", "10%"],
      help: "the level that becomes black: 0–255, or a percentage of white such as 10% (ImageMagick's plain "
        + "numbers are of its own range, 0–65535 at Q16; percentages mean the same in both)")
    static let white = StepParameter.text("white", range: ParameterRange.level + ", above BLACK",
      examples: ["255", "200", "90%"], help: "the level that becomes white: 0–255, or a percentage such as 90%")
    static let gamma = StepParameter.number("gamma", .gamma, option: true, default: 1,
      help: "above 1 lightens the mid-tones, below 1 darkens them")
  }

  enum GammaStep {
    static let gamma = StepParameter.number("g", .gamma, checkedAs: "gamma",
      help: "above 1 lightens the mid-tones, below 1 darkens them, 1 leaves them")
  }

  enum NormalizeStep {
    static let low = StepParameter.text("low", option: true, default: "0.5%", range: ParameterRange.cutoff,
      examples: ["0%", "1%", "2.5%"],
      help: "the share of the pixels let go at the dark end, a percentage (ImageMagick's -normalize is 2%)")
    static let high = StepParameter.text("high", option: true, default: "0.5%", range: ParameterRange.cutoff,
      examples: ["0%", "1%", "2.5%"], help: "the share let go at the light end (ImageMagick's -normalize is 1%)")
  }

  // MARK: - Steps

  /// The tone steps: `sharpen`, `levels`, `gamma` and `normalize` (Documentation/Filters.md).
  static let tone: [Filter] = [
    Filter(
      "sharpen", aliases: ["unsharp"],
      summary: "unsharp mask: each colour plus AMOUNT times its difference from a Gaussian blur of σ where that "
        + "exceeds THRESHOLD (Pillow's UnsharpMask(σ, 100·AMOUNT, THRESHOLD))",
      arguments: [SharpenStep.sigma.argument, SharpenStep.amount.argument, SharpenStep.threshold.argument]
    ) { arguments, input in
      input.sharpened(sigma: arguments[SharpenStep.sigma], amount: arguments[SharpenStep.amount],
        threshold: arguments[SharpenStep.threshold])
    },
    Filter(
      "levels", aliases: ["level"],
      summary: "stretch the levels from BLACK to WHITE onto 0–255, then gamma, per colour channel (ImageMagick "
        + "-level BLACK,WHITE,GAMMA)",
      arguments: [LevelsStep.black.argument, LevelsStep.white.argument, LevelsStep.gamma.argument],
      validate: { arguments throws(FilterError) in
        let levels = try levelPoints(arguments)
        try checkParameters { () throws(ParameterError) in
          _ = try ParameterCheck.levels(black: levels.black, white: levels.white)
        }
      }
    ) { arguments, input throws(FilterError) in
      let levels = try levelPoints(arguments)
      return input.adjustingLevels(black: levels.black, white: levels.white, gamma: arguments[LevelsStep.gamma])
    },
    Filter(
      "gamma", summary: "gamma correction: each colour channel c (0–1) becomes c^(1/G) (ImageMagick -gamma G)",
      arguments: [GammaStep.gamma.argument]
    ) { arguments, input in
      input.adjustingGamma(arguments[GammaStep.gamma])
    },
    Filter(
      "normalize", aliases: ["normalise"],
      summary: "stretch the contrast from the image's own histogram: the darkest LOW and lightest HIGH of the "
        + "pixels by luma let go, the levels left spread over 0–255, one line for every colour channel (ImageMagick "
        + "-contrast-stretch LOW%xHIGH%, Pillow autocontrast(cutoff=(LOW, HIGH), preserve_tone=True))",
      arguments: [NormalizeStep.low.argument, NormalizeStep.high.argument],
      validate: { arguments throws(FilterError) in
        let cut = try cutoffs(arguments)
        try checkParameters { () throws(ParameterError) in _ = try ParameterCheck.cutoff(low: cut.low, high: cut.high) }
      }
    ) { arguments, input throws(FilterError) in
      let cut = try cutoffs(arguments)
      return input.normalized(low: cut.low, high: cut.high)
    },
  ]

  /// A `normalize` step's `low=` and `high=` as fractions of the pixels: `P%` or `P`, a percentage either way.
  static func cutoffs(_ arguments: FilterArguments) throws(FilterError) -> (low: Double, high: Double) {
    func percentage(_ parameter: StepParameter<String>) throws(FilterError) -> Double {
      let text = arguments[parameter]
      let name = parameter.argument.name
      let number = text.hasSuffix("%") ? text.dropLast() : Substring(text)
      guard let value = ArgumentValue.decimal(number), value.isFinite else {
        throw FilterError("a percentage such as 0.5% expected for \(name)=, got \(Quoting.quoted(text))")
      }
      return value / 100
    }
    return (try percentage(NormalizeStep.low), try percentage(NormalizeStep.high))
  }

  /// A `levels` step's black and white points as fractions of white: `N` is a level of 0–255, `N%` a percentage.
  static func levelPoints(_ arguments: FilterArguments) throws(FilterError) -> (black: Double, white: Double) {
    func level(_ parameter: StepParameter<String>) throws(FilterError) -> Double {
      let text = arguments[parameter]
      let name = parameter.argument.name
      let percent = text.hasSuffix("%")
      guard let value = ArgumentValue.decimal(percent ? text.dropLast() : Substring(text)), value.isFinite else {
        throw FilterError(
          "a level from 0 to 255 or a percentage such as 10% expected for \(name), got \(Quoting.quoted(text))")
      }
      return percent ? value / 100 : value / 255
    }
    return (try level(LevelsStep.black), try level(LevelsStep.white))
  }
}
