import DecorCore

/// The built-in filters, named and argued as Documentation/Filters.md lists them. Each entry only translates arguments
/// into a decorator; the decorators themselves hold the behaviour. One list per area, each in its own file:
/// geometry and framing here, `compositing` (blend), `effects` (blur, shadows, colour filters) and `tone`
/// (sharpen, levels, gamma) beside it.
///
/// Values are checked when a step is parsed by the same `ParameterCheck` functions the decorators' initialisers
/// call, so a step refuses exactly what would make the decorator invalid, with the same reason, and accepts (and
/// the decorator clamps) what is merely large.
package enum StandardFilters {
  /// `crop`'s rectangle: X Y W H as given, or W H alone (offsets 0, placed by the gravity).
  static func cropSize(_ arguments: FilterArguments) -> (x: Int, y: Int, w: Int, h: Int) {
    guard let w = arguments.integer("w"), let h = arguments.integer("h") else {
      return (0, 0, arguments.integer("x") ?? 1, arguments.integer("y") ?? 1)
    }
    return (arguments.integer("x") ?? 0, arguments.integer("y") ?? 0, w, h)
  }

  /// `trim`'s fuzz in levels: `N` (0–255) or `P%` of 255.
  static func trimFuzz(_ arguments: FilterArguments) throws(FilterError) -> Double {
    let text = arguments.text("fuzz") ?? "0"
    let percent = text.hasSuffix("%")
    guard let value = ArgumentValue.decimal(percent ? text.dropLast() : Substring(text)), value.isFinite else {
      throw FilterError(
        "a level from 0 to 255 or a percentage such as 10% expected for fuzz=, got \(Quoting.quoted(text))")
    }
    return percent ? value / 100 * 255 : value
  }

  /// `trim`'s colour: `nil` for `auto`.
  static func trimColor(_ arguments: FilterArguments) throws(FilterError) -> Color? {
    let text = arguments.text("color") ?? "auto"
    if text.lowercased() == "auto" { return nil }
    do {
      return try Color(parsing: text)
    } catch {
      throw FilterError("a colour or auto expected for color=, got \(Quoting.quoted(text))\(Filter.hint(text, .color))")
    }
  }

  /// `crop`'s gravity: the one given, or the centre for W H alone; `nil` for X Y W H without one.
  static func cropGravity(_ arguments: FilterArguments) -> Gravity? {
    if let name = arguments.choice("gravity") { return Gravity(rawValue: name) }
    return arguments.integer("w") == nil ? .center : nil
  }

  /// A size given as fractions of `input`'s sides in whole pixels, rounded as ImageMagick's `-resize 50%` rounds
  /// (halves up) and at least 1; an input without a finite extent keeps fractions of 1 pixel (it draws nothing).
  static func pixels(of fractions: (width: Double?, height: Double?), input: any ImageComponent)
    -> (width: Int?, height: Int?)
  {
    let e = input.extent
    func side(_ fraction: Double?, _ length: Int) -> Int? {
      guard let fraction else { return nil }
      let base = e.isEmpty || e.isInfinite ? 1 : length
      return Int(min(Double(ParameterCheck.maxLength), max(1, (Double(base) * fraction).rounded())))
    }
    return (side(fractions.width, e.width), side(fractions.height, e.height))
  }

  package static var all: [Filter] {
    #if Text
      return geometry + compositing + effects + tone + text
    #else
      return geometry + compositing + effects + tone
    #endif
  }

  static let interpolation = FilterArgument(
    "interpolation", .choice(Interpolation.allCases.map(\.rawValue)), option: true,
    help: "nearest, bilinear, bicubic (Catmull-Rom) or Lanczos-3")

  static func interpolation(default value: Interpolation) -> FilterArgument {
    var argument = interpolation
    argument.defaultValue = value.rawValue
    return argument
  }

  /// The margins a `pad` step gave, in order.
  static func margins(_ arguments: FilterArguments) -> [Int] {
    arguments.positional.compactMap { value in
      if case .integer(let n) = value { return n }
      return nil
    }
  }

  /// The grid of a `replicate` step, checked: `COLSxROWS`.
  static func grid(_ arguments: FilterArguments) throws(FilterError) -> (columns: Int, rows: Int) {
    let text = arguments.text("grid") ?? ""
    let parts = text.split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]) else {
      throw FilterError("grid COLSxROWS (whole numbers) expected, got \(Quoting.quoted(text))")
    }
    return try checkedParameters { () throws(ParameterError) in
      (try ParameterCheck.size(columns, "columns"), try ParameterCheck.size(rows, "rows"))
    }
  }

  /// The radius of a `round` step, checked: `R` or `P%`.
  static func cornerRadius(_ arguments: FilterArguments) throws(FilterError) -> CornerRadius {
    let text = arguments.text("radius") ?? ""
    let percent = text.hasSuffix("%")
    guard let value = ArgumentValue.decimal(percent ? text.dropLast() : Substring(text)) else {
      throw FilterError("radius (R or P%) expected, got \(Quoting.quoted(text))\(Filter.hint(text, .number()))")
    }
    do {
      return try ParameterCheck.cornerRadius(percent ? .percent(value) : .pixels(value))
    } catch {
      throw FilterError(error)
    }
  }

  /// The matrix of a `transform` step.
  static func matrix(_ arguments: FilterArguments) -> AffineTransform {
    AffineTransform(a: arguments.number("a")!, b: arguments.number("b")!, c: arguments.number("c")!,
      d: arguments.number("d")!, tx: arguments.number("tx")!, ty: arguments.number("ty")!)
  }

  static let geometry: [Filter] = [
    Filter(
      "rotate", summary: "rotate about the centre, clockwise; the image grows to hold the corners",
      arguments: [FilterArgument("deg", .angle, required: true, range: ParameterRange.angle,
          help: "degrees, clockwise"),
        interpolation(default: .bilinear)]
    ) { arguments, input in
      input.rotated(by: arguments.angle("deg")!, interpolation: arguments.interpolation(default: .bilinear))
    },
    Filter(
      "scale", summary: "scale about the top-left (shrinking filters the covered area)",
      arguments: [
        FilterArgument("sx", .number(), required: true, range: ParameterRange.scale, help: "horizontal factor"),
        FilterArgument("sy", .number(), range: ParameterRange.scale, help: "vertical factor (default: SX)"),
        interpolation(default: .bicubic)],
      validate: { arguments throws(FilterError) in
        try checkParameters { () throws(ParameterError) in
          _ = try ParameterCheck.scale(arguments.number("sx")!, "horizontal scale factor")
          if let sy = arguments.number("sy") { _ = try ParameterCheck.scale(sy, "vertical scale factor") }
        }
      }
    ) { arguments, input in
      let sx = arguments.number("sx")!
      return input.scaled(x: sx, y: arguments.number("sy") ?? sx, interpolation: arguments.interpolation(default: .bicubic))
    },
    Filter(
      "resize",
      summary: "resize to WxH (W or H may be _ or left out to keep the aspect ratio; 50% halves both sides; "
        + "fit=contain fits inside, fit=cover fills and crops toward gravity=)",
      arguments: [FilterArgument("size", .size(allowsKeep: true), required: true, range: ParameterRange.sizes,
        help: "WxH, W or H may be _ or left out (256x, x256, 256 alone a width, as in ImageMagick); or percentages of "
          + "the input's sides (50%, 50%x25%)"),
        FilterArgument("fit", .choice(Resizing.Fit.allCases.map(\.rawValue)), option: true, default: "fill",
          help: "fill stretches to exactly WxH; contain scales, keeping the aspect ratio, to the largest size that "
            + "fits inside WxH, and the output is that size (one side shorter, no letterbox: add pad for one); "
            + "cover scales, keeping the aspect ratio, to the smallest size that covers WxH and crops the overflow "
            + "where gravity= says, so the output is exactly WxH; inside is contain (sharp's name)"),
        FilterArgument("gravity", .choice(Gravity.allCases.map(\.rawValue)), option: true, default: "center",
          help: "the part fit=cover keeps, or where a letterbox (background=) puts the image, as ImageMagick's "
            + "-gravity: north keeps the top, southeast the bottom-right corner"),
        FilterArgument("shrink-only", .flag, option: true,
          help: "never enlarge (Pillow's thumbnail, ImageMagick's WxH>): an image already inside WxH keeps its size"),
        FilterArgument("background", .color, option: true,
          help: "with fit=contain or inside, letterbox: the output is exactly WxH, the image placed where gravity= "
            + "says on this colour (as vips thumbnail … --background, or -gravity center -extent WxH)"),
        interpolation(default: .bicubic)],
      validate: { arguments throws(FilterError) in
        let fit = arguments.choice("fit") ?? "fill"
        if arguments.color("background") != nil && fit != "contain" && fit != "inside" {
          throw FilterError("background= letterboxes fit=contain or fit=inside (fit=\(fit) fills WxH already)")
        }
        if arguments.color("background") != nil, let size = arguments.size("size"),
          size.width == nil || size.height == nil
        {
          throw FilterError("background= needs both sides of the box (WxH) to letterbox into")
        }
      }
    ) { arguments, input in
      let size = arguments.size("size") ?? Self.pixels(of: arguments.fractionalSize("size")!, input: input)
      let gravity = Gravity(rawValue: arguments.choice("gravity") ?? "center") ?? .center
      let resized = input.resized(width: size.width, height: size.height,
        fit: Resizing.Fit(rawValue: arguments.choice("fit") ?? "fill") ?? .fill,
        interpolation: arguments.interpolation(default: .bicubic), gravity: gravity,
        shrinkOnly: arguments.flag("shrink-only"))
      // A letterbox is a small graph: the image fitted inside the box, on a canvas of the box's size.
      guard let background = arguments.color("background"), let width = size.width, let height = size.height else {
        return resized
      }
      return resized.placedOnCanvas(width: width, height: height, gravity: gravity, color: background)
    },
    Filter(
      "translate", aliases: ["move"], summary: "move by DX, DY pixels (fractions resample)",
      arguments: [FilterArgument("dx", .number(), required: true, range: ParameterRange.offset,
          help: "pixels to the right"),
        FilterArgument("dy", .number(), required: true, range: ParameterRange.offset, help: "pixels down"),
        interpolation(default: .bilinear)]
    ) { arguments, input in
      input.translated(by: Point(arguments.number("dx")!, arguments.number("dy")!),
        interpolation: arguments.interpolation(default: .bilinear))
    },
    Filter(
      "skew", aliases: ["shear"], summary: "shear by angles about the centre, as CSS skew(AX, AY)",
      arguments: [
        FilterArgument("ax", .angle, required: true, range: ParameterRange.skew,
          help: "horizontal shear, degrees: positive leans the bottom right, as CSS skewX(); ImageMagick's -shear AX "
            + "leans the other way and is skew -AX"),
        FilterArgument("ay", .angle, default: "0", range: ParameterRange.skew,
          help: "vertical shear, degrees: positive lowers the right side, as CSS skewY() and ImageMagick's "
            + "-shear 0xAY"),
        interpolation(default: .bilinear),
      ],
      validate: { arguments throws(FilterError) in
        try checkParameters { () throws(ParameterError) in
          _ = try ParameterCheck.skew(x: arguments.angle("ax")!, y: arguments.angle("ay")!)
        }
      }
    ) { arguments, input in
      input.skewed(x: arguments.angle("ax")!, y: arguments.angle("ay")!,
        interpolation: arguments.interpolation(default: .bilinear))
    },
    Filter(
      "flip", summary: "mirror left-right, top-bottom or both",
      arguments: [FilterArgument("axis", .choice(Flip.Axis.allCases.map(\.rawValue)), required: true,
        help: "horizontal (left-right), vertical (top-bottom) or both")]
    ) { arguments, input in
      input.flipped(Flip.Axis(rawValue: arguments.choice("axis")!)!)
    },
    Filter(
      "transform", aliases: ["affine"], summary: "any affine matrix: x' = A·x + C·y + TX, y' = B·x + D·y + TY",
      arguments: ["a", "b", "c", "d", "tx", "ty"].map {
        FilterArgument($0, .number(), required: true, range: ParameterRange.matrixEntry,
          help: "matrix entry \($0.uppercased())")
      } + [interpolation(default: .bilinear)],
      validate: { arguments throws(FilterError) in
        try checkParameters { () throws(ParameterError) in _ = try ParameterCheck.transform(matrix(arguments)) }
      }
    ) { arguments, input in
      input.transformed(by: matrix(arguments), interpolation: arguments.interpolation(default: .bilinear))
    },
    Filter(
      "crop", summary: "keep the rectangle X, Y, W, H (from the image's top-left), or W×H where gravity= says "
        + "(the centre when only W H are given)",
      arguments: [FilterArgument("x", .integer(), required: true, range: ParameterRange.coordinate,
          help: "left, from the image's left edge (with gravity=, from where the gravity puts it); W when only two "
            + "numbers are given"),
        FilterArgument("y", .integer(), required: true, range: ParameterRange.coordinate,
            help: "top, from the image's top edge (likewise); H when only two numbers are given"),
        FilterArgument("w", .integer(), range: ParameterRange.size, help: "width"),
        FilterArgument("h", .integer(), range: ParameterRange.size, help: "height"),
        FilterArgument("gravity", .choice(Gravity.allCases.map(\.rawValue)), option: true,
          help: "where the rectangle is, as ImageMagick's -gravity G -crop WxH+X+Y: center keeps the middle, north "
            + "the top centre")],
      syntax: "X Y W H|W H",
      validate: { arguments throws(FilterError) in
        let size = cropSize(arguments)
        guard (arguments.integer("w") == nil) == (arguments.integer("h") == nil) else {
          throw FilterError("2 or 4 numbers expected (W H, or X Y W H), got 3")
        }
        try checkParameters { () throws(ParameterError) in
          _ = try ParameterCheck.size(size.w, "width")
          _ = try ParameterCheck.size(size.h, "height")
        }
      }
    ) { arguments, input throws(FilterError) in
      let e = input.extent
      let size = cropSize(arguments)
      let (w, h) = (min(size.w, ParameterCheck.maxLength), min(size.h, ParameterCheck.maxLength))
      let asked = IntRect(x: size.x, y: size.y, width: w, height: h)
      // Placed by a gravity as `cropped(width:height:gravity:x:y:)` places it (a side larger than the image's keeps
      // the image's, as ImageMagick's crop does); else from the image's top-left.
      let rect = cropGravity(arguments).map { Crop.rect(in: e, width: w, height: h, gravity: $0, x: size.x, y: size.y) }
        ?? asked.offsetBy(dx: e.isInfinite ? 0 : e.minX, dy: e.isInfinite ? 0 : e.minY)
      guard !rect.intersection(e).isEmpty else {
        // Written from the numbers given, as `IntRect` writes a rectangle: one far away is not clamped (nor called
        // infinite) in the message.
        let written = "\(w)x\(h)\(size.x < 0 ? "" : "+")\(size.x)\(size.y < 0 ? "" : "+")\(size.y)"
        throw FilterError("the rectangle \(written) misses the image (\(e.width)x\(e.height))")
      }
      return input.cropped(to: rect)
    },
    Filter(
      "trim", summary: "cut away a border of one colour (by default the top-left pixel's) or of transparency, as "
        + "ImageMagick's -trim and libvips' find_trim; a blank image is left whole",
      arguments: [
        FilterArgument("fuzz", .text, option: true, default: "0", range: ParameterRange.threshold + ", or P% of 255",
          help: "how far a pixel may be from the background and still count as border: levels 0–255 on every "
            + "channel, or a percentage as ImageMagick's -fuzz 10%"),
        FilterArgument("color", .text, option: true, default: "auto",
          help: "the border's colour, or auto for the top-left pixel's"),
      ],
      validate: { arguments throws(FilterError) in
        let fuzz = try trimFuzz(arguments)
        _ = try trimColor(arguments)
        try checkParameters { () throws(ParameterError) in _ = try ParameterCheck.threshold(fuzz, "fuzz") }
      }
    ) { arguments, input throws(FilterError) in
      input.trimmed(fuzz: try trimFuzz(arguments), color: try trimColor(arguments))
    },
    Filter(
      "pad", aliases: ["extend"], summary: "add margins: N on every side, or T R B L",
      arguments: [FilterArgument("top", .integer(), required: true, range: ParameterRange.margin,
        help: "N, or the top margin"),
        FilterArgument("right", .integer(), range: ParameterRange.margin, help: "right margin"),
        FilterArgument("bottom", .integer(), range: ParameterRange.margin, help: "bottom margin"),
        FilterArgument("left", .integer(), range: ParameterRange.margin, help: "left margin"),
        FilterArgument("color", .color, option: true, default: "transparent", help: "margin colour")],
      syntax: "N|T R B L",
      validate: { arguments throws(FilterError) in
        let given = margins(arguments)
        guard given.count == 1 || given.count == 4 else {
          throw FilterError("1 or 4 margins expected, got \(given.count)")
        }
        try checkParameters { () throws(ParameterError) in for m in given { _ = try ParameterCheck.margin(m) } }
      }
    ) { arguments, input in
      let given = margins(arguments)
      let m = given.count == 1 ? [given[0], given[0], given[0], given[0]] : given
      return input.padded(top: m[0], right: m[1], bottom: m[2], left: m[3], color: arguments.color("color")!)
    },
    Filter(
      "canvas",
      summary: "place the image with its top-left at X, Y on a W×H canvas of a colour; the result is exactly W×H "
        + "(what falls outside is cut off)",
      arguments: [FilterArgument("w", .integer(), required: true, range: ParameterRange.size, help: "canvas width"),
        FilterArgument("h", .integer(), required: true, range: ParameterRange.size, help: "canvas height"),
        FilterArgument("x", .integer(), option: true, default: "0", range: ParameterRange.offset,
          help: "where the image's left edge lands, whole pixels from the canvas's left (may be negative)"),
        FilterArgument("y", .integer(), option: true, default: "0", range: ParameterRange.offset,
          help: "where the image's top edge lands, whole pixels from the canvas's top (may be negative)"),
        FilterArgument("color", .color, option: true, default: "transparent",
          help: "canvas colour, showing where the image is transparent or absent"),
        FilterArgument("gravity", .choice(Gravity.allCases.map(\.rawValue)), option: true,
          help: "place the image where the gravity says (center centres it; x= and y= then move it from there), as "
            + "ImageMagick's -gravity G -extent WxH")],
      validate: { arguments throws(FilterError) in
        try checkParameters { () throws(ParameterError) in
          _ = try ParameterCheck.size(arguments.integer("w")!, "width")
          _ = try ParameterCheck.size(arguments.integer("h")!, "height")
        }
      }
    ) { arguments, input in
      if let gravity = arguments.choice("gravity").flatMap(Gravity.init(rawValue:)) {
        return input.placedOnCanvas(width: arguments.integer("w")!, height: arguments.integer("h")!, gravity: gravity,
          x: arguments.integer("x")!, y: arguments.integer("y")!, color: arguments.color("color")!)
      }
      return input.placedOnCanvas(width: arguments.integer("w")!, height: arguments.integer("h")!,
        x: arguments.integer("x")!, y: arguments.integer("y")!, color: arguments.color("color")!)
    },
    Filter(
      "opacity", summary: "multiply alpha by A",
      arguments: [FilterArgument("a", .number(), required: true, range: ParameterRange.unit,
        help: "0 (transparent) to 1 (unchanged); above 1 is 1, as CSS opacity() clamps")],
      validate: { arguments throws(FilterError) in
        try checkParameters { () throws(ParameterError) in _ = try ParameterCheck.opacity(arguments.number("a")!) }
      }
    ) { arguments, input in
      input.multiplyingOpacity(by: arguments.number("a")!)
    },
    Filter(
      "background", aliases: ["flatten"], summary: "flatten onto a colour",
      arguments: [FilterArgument("color", .color, required: true, help: "the colour beneath")]
    ) { arguments, input in
      input.flattened(onto: arguments.color("color")!)
    },
    Filter(
      "tile", summary: "fill a W×H rectangle with the image repeated",
      arguments: [FilterArgument("size", .size(allowsKeep: false), required: true, range: ParameterRange.sizes,
          help: "WxH; the result may have at most the pixel limit's pixels")]
    ) { arguments, input throws(FilterError) in
      let size = arguments.size("size")!
      guard !input.extent.isEmpty else { throw FilterError("the image is empty") }
      return input.tiled(width: size.width!, height: size.height!)
    },
    Filter(
      "border", summary: "a border of N pixels of a colour on every side, as ImageMagick's -border (the image is "
        + "flattened onto the colour first)",
      arguments: [FilterArgument("n", .integer(), required: true, range: ParameterRange.margin,
          help: "the border's width on each side"),
        FilterArgument("color", .color, option: true, default: "#dfdfdf",
          help: "border colour, also beneath the image's transparent pixels (ImageMagick's -bordercolor default)")],
      validate: { arguments throws(FilterError) in
        try checkParameters { () throws(ParameterError) in _ = try ParameterCheck.margin(arguments.integer("n")!, "width") }
      }
    ) { arguments, input in
      input.bordered(width: arguments.integer("n")!, color: arguments.color("color")!)
    },
    Filter(
      "replicate", summary: "a grid of COLS × ROWS copies of the image, as libvips' replicate (tile fills a W×H area "
        + "instead)",
      arguments: [FilterArgument("grid", .text, required: true, range: ParameterRange.grid,
        help: "COLSxROWS: copies across and down; the result may have at most the pixel limit's pixels")],
      syntax: "COLSxROWS",
      validate: { arguments throws(FilterError) in _ = try grid(arguments) }
    ) { arguments, input throws(FilterError) in
      let (columns, rows) = try grid(arguments)
      return input.replicated(columns: columns, rows: rows)
    },
    Filter(
      "round", summary: "round the corners (antialiased), as CSS border-radius: R pixels, or P% of the width and height",
      arguments: [FilterArgument("radius", .text, required: true, range: ParameterRange.cornerRadius,
        help: "R (pixels) or P% (of the width horizontally, of the height vertically: 50% is an ellipse); radii "
          + "that overlap are scaled down together, as CSS does")],
      syntax: "R|P%",
      validate: { arguments throws(FilterError) in _ = try cornerRadius(arguments) }
    ) { arguments, input throws(FilterError) in
      input.roundingCorners(radius: try cornerRadius(arguments))
    },
  ]
}
