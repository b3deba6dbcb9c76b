import DecorCore

extension StandardFilters {
  /// The tone steps: `sharpen`, `levels`, `gamma` and `normalize` (Documentation/Filters.md).
  static let tone: [Filter] = [
    Filter(
      "sharpen", aliases: ["unsharp"],
      summary: "unsharp mask: each colour plus AMOUNT times its difference from a Gaussian blur of σ where that "
        + "exceeds THRESHOLD (Pillow's UnsharpMask(σ, 100·AMOUNT, THRESHOLD))",
      arguments: [
        FilterArgument("sigma", .number(), required: true, range: ParameterRange.sigma,
          help: "the blur's standard deviation σ, pixels (Pillow's radius; ImageMagick's -unsharp 0xσ)"),
        FilterArgument("amount", .number(), option: true, default: "1", range: ParameterRange.sharpenAmount,
          help: "how much of the difference is added (Pillow's percent / 100, ImageMagick's gain)"),
        FilterArgument("threshold", .number(), option: true, default: "0", range: ParameterRange.threshold,
          help: "levels 0–255: smaller differences are left as they are (Pillow's threshold; ImageMagick's "
            + "+THRESHOLD is 2·threshold/255)"),
      ],
      validate: { arguments throws(FilterError) in
        try checkParameters { () throws(ParameterError) in _ = try checkedSharpen(arguments) }
      }
    ) { arguments, input in
      let (sigma, amount, threshold) = (try? checkedSharpen(arguments)) ?? (0, 0, 0)
      return input.sharpened(sigma: sigma, amount: amount, threshold: threshold)
    },
    Filter(
      "levels", aliases: ["level"],
      summary: "stretch the levels from BLACK to WHITE onto 0–255, then gamma, per colour channel (ImageMagick "
        + "-level BLACK,WHITE,GAMMA)",
      arguments: [
        FilterArgument("black", .text, required: true, range: ParameterRange.level,
          help: "the level that becomes black: 0–255, or a percentage of white such as 10% (ImageMagick's plain "
            + "numbers are of its own range, 0–65535 at Q16; percentages mean the same in both)"),
        FilterArgument("white", .text, required: true, range: ParameterRange.level + ", above BLACK",
          help: "the level that becomes white: 0–255, or a percentage such as 90%"),
        FilterArgument("gamma", .number(), option: true, default: "1", range: ParameterRange.gamma,
          help: "above 1 lightens the mid-tones, below 1 darkens them"),
      ],
      validate: { arguments throws(FilterError) in
        let levels = try levelPoints(arguments)
        try checkParameters { () throws(ParameterError) in
          _ = try ParameterCheck.levels(black: levels.black, white: levels.white)
          _ = try ParameterCheck.gamma(arguments.number("gamma")!)
        }
      }
    ) { arguments, input throws(FilterError) in
      let levels = try levelPoints(arguments)
      return input.adjustingLevels(black: levels.black, white: levels.white, gamma: arguments.number("gamma")!)
    },
    Filter(
      "gamma", summary: "gamma correction: each colour channel c (0–1) becomes c^(1/G) (ImageMagick -gamma G)",
      arguments: [
        FilterArgument("g", .number(), required: true, range: ParameterRange.gamma,
          help: "above 1 lightens the mid-tones, below 1 darkens them, 1 leaves them"),
      ],
      validate: { arguments throws(FilterError) in
        try checkParameters { () throws(ParameterError) in _ = try ParameterCheck.gamma(arguments.number("g")!) }
      }
    ) { arguments, input in
      input.adjustingGamma(arguments.number("g")!)
    },
    Filter(
      "normalize", aliases: ["normalise"],
      summary: "stretch the contrast from the image's own histogram: the darkest LOW and lightest HIGH of the "
        + "pixels by luma let go, the levels left spread over 0–255, one line for every colour channel (ImageMagick "
        + "-contrast-stretch LOW%xHIGH%, Pillow autocontrast(cutoff=(LOW, HIGH), preserve_tone=True))",
      arguments: [
        FilterArgument("low", .text, option: true, default: "0.5%", range: ParameterRange.cutoff,
          help: "the share of the pixels let go at the dark end, a percentage (ImageMagick's -normalize is 2%)"),
        FilterArgument("high", .text, option: true, default: "0.5%", range: ParameterRange.cutoff,
          help: "the share let go at the light end (ImageMagick's -normalize is 1%)"),
      ],
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
    func percentage(_ name: String) throws(FilterError) -> Double {
      let text = arguments.text(name) ?? "0.5%"
      let number = text.hasSuffix("%") ? text.dropLast() : Substring(text)
      guard let value = ArgumentValue.decimal(number), value.isFinite else {
        throw FilterError("a percentage such as 0.5% expected for \(name)=, got \(Quoting.quoted(text))")
      }
      return value / 100
    }
    return (try percentage("low"), try percentage("high"))
  }

  /// A `sharpen` step's σ, amount and threshold, checked as `UnsharpMask`'s initialiser checks them.
  static func checkedSharpen(_ arguments: FilterArguments) throws(ParameterError)
    -> (sigma: Double, amount: Double, threshold: Double)
  {
    (try ParameterCheck.sigma(arguments.number("sigma")!),
      try ParameterCheck.sharpenAmount(arguments.number("amount")!),
      try ParameterCheck.threshold(arguments.number("threshold")!))
  }

  /// A `levels` step's black and white points as fractions of white: `N` is a level of 0–255, `N%` a percentage.
  static func levelPoints(_ arguments: FilterArguments) throws(FilterError) -> (black: Double, white: Double) {
    func level(_ name: String) throws(FilterError) -> Double {
      let text = arguments.text(name) ?? ""
      let percent = text.hasSuffix("%")
      guard let value = ArgumentValue.decimal(percent ? text.dropLast() : Substring(text)), value.isFinite else {
        throw FilterError(
          "a level from 0 to 255 or a percentage such as 10% expected for \(name), got \(Quoting.quoted(text))")
      }
      return percent ? value / 100 : value / 255
    }
    return (try level("black"), try level("white"))
  }
}
