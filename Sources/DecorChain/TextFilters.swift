#if Text
import DecorCore
import DecorText

extension StandardFilters {
  // MARK: - Declarations

  enum TextStep {
    static let string = StepParameter.text("string", examples: ["Hi", "\"a b\"", "ffi", "שלום", "\"one\\ntwo\""],
      help: "the text; quote it when it has spaces; \\n in it is a line break, as in ImageMagick's -annotate")
    static let font = StepParameter.text("font", option: true, default: "DejaVu Sans", examples: ["DejaVu Sans"],
      help: "a family with an optional style as people write it (\"DejaVu Sans Bold\"), or a font file's path; "
        + "characters it has no glyph for come from an installed font that has them")
    static let size = StepParameter.number("size",
      ParameterRule(range: "> 0, clamped to 1/64 … 4096", unit: "pixels", typical: 6...20) {
        value, name throws(ParameterError) in value
      }, option: true, default: 32, help: "the size in pixels (the em square's height)")
    static let color = StepParameter.color("color", default: "black", help: "the glyphs' colour")
    static let opacity = StepParameter.number("opacity", .unit, option: true, default: 1,
      help: "the text's opacity (a watermark's 0.5)")
    static let gravity = StepParameter.choice("gravity", Gravity.self, default: .northwest,
      help: "where the text's box goes in the image, as ImageMagick's -gravity")
    static let margin = StepParameter.integer("margin", .margin, option: true, default: 0,
      help: "pixels kept between the image's edges and the text's box")
    static let x = StepParameter.integer("x", .coordinate, option: true, default: 0,
      help: "pixels to the right of where gravity= and margin= put the box")
    static let y = StepParameter.integer("y", .coordinate, option: true, default: 0, help: "pixels down from there")
    static let width = StepParameter.optionalNumber("width",
      ParameterRule(range: "≥ 0, clamped to 2^30", unit: "pixels", typical: 8...30) {
        value, name throws(ParameterError) in value
      }, option: true, help: "the width lines are broken at (UAX #14 opportunities); the box's width when given")
    static let align = StepParameter<String>(
      FilterArgument("align", .choice(alignmentNames), option: true, default: "start",
        help: "each line within the box: start and end follow the text's direction (left and right are start and "
          + "end of left-to-right text)")
    ) { $0.choice("align") ?? "start" }
    static let lineHeight = StepParameter.number("line-height",
      ParameterRule(range: "≥ 0, clamped to 100", typical: 0.5...2) { value, name throws(ParameterError) in value },
      option: true, default: 1.2, help: "lines apart, as a multiple of size (CSS's unitless line-height)")
    static let letterSpacing = StepParameter.number("letter-spacing",
      ParameterRule(range: "any, clamped to ±10000", unit: "pixels", typical: -2...4) {
        value, name throws(ParameterError) in value
      }, option: true, default: 0, help: "pixels added after each character, as CSS's letter-spacing")
    static let maxLines = StepParameter.optionalInteger("max-lines",
      ParameterRule(range: "≥ 1, clamped to \(ParameterRange.limit(Double(ParameterCheck.maxLength)))", typical: 1...4) {
        value, name throws(ParameterError) in try ParameterCheck.size(value, name)
      }, checkedAs: "maximum lines", option: true,
      help: "the most lines drawn; the last one kept ends in an ellipsis (…) cut to fit width=, as CSS's "
        + "-webkit-line-clamp")
  }

  // MARK: - Steps

  /// The `text` step: a caption or a watermark drawn over the image.
  static let text: [Filter] = [
    Filter(
      "text", aliases: ["caption"],
      summary: "draw TEXT over the image where gravity= says, margin= in from the edges (ImageMagick's -gravity G "
        + "-annotate +X+Y TEXT); laid out by HarfBuzz with bidi and line breaks at width=, drawn by FreeType",
      arguments: [TextStep.string.argument, TextStep.font.argument, TextStep.size.argument, TextStep.color.argument,
        TextStep.opacity.argument, TextStep.gravity.argument, TextStep.margin.argument, TextStep.x.argument,
        TextStep.y.argument, TextStep.width.argument, TextStep.align.argument, TextStep.lineHeight.argument,
        TextStep.letterSpacing.argument, TextStep.maxLines.argument],
      validate: { arguments throws(FilterError) in
        if let problem = fontNameProblem(arguments[TextStep.font]) { throw FilterError(problem) }
        // The parameters and the font, not the layout: the builder lays the text out, once. (The text's own checks
        // of size, width and spacing are `Text`'s, hence rules that only state them.)
        if let problem = Text.parameterProblem(arguments[TextStep.string], font: font(arguments),
          lineHeight: arguments[TextStep.lineHeight], letterSpacing: arguments[TextStep.letterSpacing],
          maxWidth: arguments[TextStep.width]), case .invalidParameter(_, let reason) = problem
        {
          throw FilterError(Quoting.shortening([arguments[TextStep.font]], in: reason))
        }
      }
    ) { arguments, input in
      let text = textComponent(arguments)
      let opacity = arguments[TextStep.opacity]
      let drawn: any ImageComponent = opacity == 1 ? text : text.multiplyingOpacity(by: opacity)
      let e = input.extent
      let margin = min(arguments[TextStep.margin], ParameterCheck.maxLength)
      let gravity = arguments[TextStep.gravity]
      let area = e.isEmpty || e.isInfinite ? (0, 0) : (max(0, e.width - 2 * margin), max(0, e.height - 2 * margin))
      // Placed by its layout box; ink beyond the box (a Devanagari vowel sign above it) is drawn around it.
      let box = text.layoutBox
      let at = gravity.offset(placing: (box.width, box.height), in: area)
      // The blend puts the extent's top-left at the point: the box's is where the ink beyond it begins.
      let ink = text.extent
      let x = margin + at.x + arguments[TextStep.x] + (ink.isEmpty ? 0 : ink.minX)
      let y = margin + at.y + arguments[TextStep.y] + (ink.isEmpty ? 0 : ink.minY)
      return input.blended(with: drawn, at: Point(Double(x), Double(y)))
    },
  ]

  /// A `text` step's `Text`: the string in the font, size, colour, width, alignment and spacing it gives.
  static func textComponent(_ arguments: FilterArguments) -> Text {
    Text(arguments[TextStep.string], font: font(arguments), color: arguments[TextStep.color],
      lineHeight: arguments[TextStep.lineHeight], letterSpacing: arguments[TextStep.letterSpacing],
      maxWidth: arguments[TextStep.width], alignment: alignment(arguments[TextStep.align]),
      maxLines: arguments[TextStep.maxLines])
  }

  /// The names `align` takes in a step and a scene: `TextAlignment`'s, and `left` and `right` for start and end
  /// (which they are in left-to-right text).
  static let alignmentNames = ["start", "center", "end", "left", "right"]

  /// The alignment one of `alignmentNames` names; start when none is given.
  static func alignment(_ name: String?) -> TextAlignment {
    switch name {
    case "center": return .center
    case "end", "right": return .end
    default: return .start
    }
  }

  /// A `text` step's font and size.
  static func font(_ arguments: FilterArguments) -> Font {
    font(arguments[TextStep.font], size: arguments[TextStep.size])
  }

  /// A font as a step or a scene names it: a font file when it looks like a path (a `/`, or a font file's
  /// extension), else a family with an optional style.
  static func font(_ name: String, size: Double) -> Font {
    isFontPath(name) ? Font(file: name, size: size) : Font(family: name, size: size)
  }

  /// Whether a step or a scene names a font file by `name` (a `/`, or a font file's extension), not a family.
  static func isFontPath(_ name: String) -> Bool {
    let lowered = name.lowercased()
    return name.contains("/") || [".ttf", ".otf", ".ttc", ".otc", ".woff", ".woff2", ".pfb"].contains {
      lowered.hasSuffix($0)
    }
  }

  /// Why `name` cannot name a font, or `nil`: a NUL character (`ParameterCheck.pathProblem`), or more bytes than
  /// any path has (`ParameterCheck.maxPathLength`), which no family name comes near either (refused before
  /// fontconfig compares it with every family).
  static func fontNameProblem(_ name: String) -> String? {
    let what = isFontPath(name) ? "font's path" : "font's name"
    if let problem = ParameterCheck.pathProblem(name, naming: what) { return problem }
    let length = name.utf8.count
    guard length <= ParameterCheck.maxPathLength else {
      return "the \(what) \(Quoting.quoted(name)) is \(length) bytes long; a font's name or path has at most "
        + "\(ParameterCheck.maxPathLength)"
    }
    return nil
  }
}
#endif
