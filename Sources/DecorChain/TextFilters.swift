#if Text
import DecorCore
import DecorText

extension StandardFilters {
  /// The `text` step: a caption or a watermark drawn over the image.
  static let text: [Filter] = [
    Filter(
      "text", aliases: ["caption"],
      summary: "draw TEXT over the image where gravity= says, margin= in from the edges (ImageMagick's -gravity G "
        + "-annotate +X+Y TEXT); laid out by HarfBuzz with bidi and line breaks at width=, drawn by FreeType",
      arguments: [
        FilterArgument("string", .text, required: true, help: "the text; quote it when it has spaces"),
        FilterArgument("font", .text, option: true, default: "DejaVu Sans",
          help: "a family with an optional style as people write it (\"DejaVu Sans Bold\"), or a font file's path; "
            + "characters it has no glyph for come from an installed font that has them"),
        FilterArgument("size", .number(), option: true, default: "32", range: "> 0, clamped to 1/64 … 4096",
          help: "the size in pixels (the em square's height)"),
        FilterArgument("color", .color, option: true, default: "black", help: "the glyphs' colour"),
        FilterArgument("opacity", .number(), option: true, default: "1", range: ParameterRange.unit,
          help: "the text's opacity (a watermark's 0.5)"),
        FilterArgument("gravity", .choice(Gravity.allCases.map(\.rawValue)), option: true, default: "northwest",
          help: "where the text's box goes in the image, as ImageMagick's -gravity"),
        FilterArgument("margin", .integer(), option: true, default: "0", range: ParameterRange.margin,
          help: "pixels kept between the image's edges and the text's box"),
        FilterArgument("x", .integer(), option: true, default: "0", range: ParameterRange.coordinate,
          help: "pixels to the right of where gravity= and margin= put the box"),
        FilterArgument("y", .integer(), option: true, default: "0", range: ParameterRange.coordinate,
          help: "pixels down from there"),
        FilterArgument("width", .number(), option: true, range: "≥ 0, clamped to 2^30",
          help: "the width lines are broken at (UAX #14 opportunities); the box's width when given"),
        FilterArgument("align", .choice(alignmentNames), option: true, default: "start",
          help: "each line within the box: start and end follow the text's direction (left and right are start and "
            + "end of left-to-right text)"),
        FilterArgument("line-height", .number(), option: true, default: "1.2", range: "≥ 0, clamped to 100",
          help: "lines apart, as a multiple of size (CSS's unitless line-height)"),
        FilterArgument("letter-spacing", .number(), option: true, default: "0", range: "any, clamped to ±10000",
          help: "pixels added after each character, as CSS's letter-spacing"),
      ],
      validate: { arguments throws(FilterError) in
        if let problem = fontNameProblem(arguments.text("font") ?? "") { throw FilterError(problem) }
        // The parameters and the font, not the layout: the builder lays the text out, once.
        if let problem = Text.parameterProblem(arguments.text("string") ?? "", font: font(arguments),
          lineHeight: arguments.number("line-height") ?? 1.2, letterSpacing: arguments.number("letter-spacing") ?? 0,
          maxWidth: arguments.number("width")), case .invalidParameter(_, let reason) = problem
        {
          throw FilterError(Quoting.shortening([arguments.text("font") ?? ""], in: reason))
        }
        try checkParameters { () throws(ParameterError) in
          _ = try ParameterCheck.opacity(arguments.number("opacity")!)
          _ = try ParameterCheck.margin(arguments.integer("margin")!)
        }
      }
    ) { arguments, input in
      let text = textComponent(arguments)
      let opacity = arguments.number("opacity") ?? 1
      let drawn: any ImageComponent = opacity == 1 ? text : text.multiplyingOpacity(by: opacity)
      let e = input.extent
      let margin = min(arguments.integer("margin") ?? 0, ParameterCheck.maxLength)
      let gravity = arguments.choice("gravity").flatMap(Gravity.init(rawValue:)) ?? .northwest
      let area = e.isEmpty || e.isInfinite ? (0, 0) : (max(0, e.width - 2 * margin), max(0, e.height - 2 * margin))
      let at = gravity.offset(placing: (text.extent.width, text.extent.height), in: area)
      let x = margin + at.x + (arguments.integer("x") ?? 0)
      let y = margin + at.y + (arguments.integer("y") ?? 0)
      return input.blended(with: drawn, at: Point(Double(x), Double(y)))
    },
  ]

  /// A `text` step's `Text`: the string in the font, size, colour, width, alignment and spacing it gives.
  static func textComponent(_ arguments: FilterArguments) -> Text {
    Text(arguments.text("string") ?? "", font: font(arguments), color: arguments.color("color") ?? .black,
      lineHeight: arguments.number("line-height") ?? 1.2, letterSpacing: arguments.number("letter-spacing") ?? 0,
      maxWidth: arguments.number("width"), alignment: alignment(arguments.choice("align")))
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
    font(arguments.text("font") ?? "DejaVu Sans", size: arguments.number("size") ?? 32)
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
