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
    guard let w = arguments[CropStep.width], let h = arguments[CropStep.height] else {
      return (0, 0, arguments[CropStep.x], arguments[CropStep.y])
    }
    return (arguments[CropStep.x], arguments[CropStep.y], w, h)
  }

  /// `trim`'s fuzz in levels: `N` (0–255) or `P%` of 255.
  static func trimFuzz(_ arguments: FilterArguments) throws(FilterError) -> Double {
    let text = arguments[TrimStep.fuzz]
    let percent = text.hasSuffix("%")
    guard let value = ArgumentValue.decimal(percent ? text.dropLast() : Substring(text)), value.isFinite else {
      throw FilterError(
        "a level from 0 to 255 or a percentage such as 10% expected for fuzz=, got \(Quoting.quoted(text))")
    }
    return percent ? value / 100 * 255 : value
  }

  /// `trim`'s colour: `nil` for `auto`.
  static func trimColor(_ arguments: FilterArguments) throws(FilterError) -> Color? {
    let text = arguments[TrimStep.color]
    if text.lowercased() == "auto" { return nil }
    do {
      return try Color(parsing: text)
    } catch {
      throw FilterError("a colour or auto expected for color=, got \(Quoting.quoted(text))\(Filter.hint(text, .color))")
    }
  }

  /// `crop`'s gravity: the one given, or the centre for W H alone; `nil` for X Y W H without one.
  static func cropGravity(_ arguments: FilterArguments) -> Gravity? {
    if let gravity = arguments[CropStep.gravity] { return gravity }
    return arguments[CropStep.width] == nil ? .center : nil
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

  /// `interpolation=`, with the step's default.
  static func interpolation(default value: Interpolation) -> StepParameter<Interpolation> {
    .choice("interpolation", Interpolation.self, default: value,
      help: "nearest, bilinear, bicubic (Catmull-Rom) or Lanczos-3")
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
    let text = arguments[ReplicateStep.grid]
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
    let text = arguments[RoundStep.radius]
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
    let m = TransformStep.entries.map { arguments[$0] }
    return AffineTransform(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5])
  }

  // MARK: - Declarations: each step's parameters, typed (Documentation/Filters.md is generated from them)

  enum RotateStep {
    static let degrees = StepParameter.angle("deg", help: "degrees, clockwise").examples(["90", "-180", "270deg"])
    static let interpolation = StandardFilters.interpolation(default: .bilinear)
  }

  enum ScaleStep {
    static let x = StepParameter.number("sx", .scale, checkedAs: "horizontal scale factor", help: "horizontal factor")
    static let y = StepParameter.optionalNumber("sy", .scale, checkedAs: "vertical scale factor",
      help: "vertical factor (default: SX)")
    static let interpolation = StandardFilters.interpolation(default: .bicubic)
  }

  enum ResizeStep {
    static let size = StepParameter.size("size", allowsKeep: true, range: ParameterRange.sizes,
      examples: ["40x30", "64x", "x48", "20x_", "56", "50%", "150%x_", "75%x40%", "40x40>", "90x90<", "30x30^",
        "25x40!"],
      help: "WxH, W or H may be _ or left out (256x, x256, 256 alone a width, as in ImageMagick); or percentages of "
        + "the input's sides (50%, 50%x25%); or WxH with ImageMagick's -resize suffixes, sized as convert -resize "
        + "sizes them: > shrinks only (fit=contain shrink-only), < enlarges only, ^ fills the box (the smallest "
        + "size covering WxH, aspect ratio kept, uncropped), ! is exactly WxH (fit=fill); > and < cap each side "
        + "separately, as ImageMagick does; ^> and !< combine; no suffix after a percentage")
    static let fit = StepParameter.choice("fit", Resizing.Fit.self, default: .fill,
      help: "fill stretches to exactly WxH; contain scales, keeping the aspect ratio, to the largest size that "
        + "fits inside WxH, and the output is that size (one side shorter, no letterbox: add pad for one); "
        + "cover scales, keeping the aspect ratio, to the smallest size that covers WxH and crops the overflow "
        + "where gravity= says, so the output is exactly WxH; inside is contain (sharp's name)")
    static let gravity = StepParameter.choice("gravity", Gravity.self, default: .center,
      help: "the part fit=cover keeps, or where a letterbox (background=) puts the image, as ImageMagick's "
        + "-gravity: north keeps the top, southeast the bottom-right corner")
    static let shrinkOnly = StepParameter.flag("shrink-only",
      help: "never enlarge (Pillow's thumbnail, ImageMagick's WxH>): an image already inside WxH keeps its size")
    static let background = StepParameter.optionalColor("background",
      help: "with fit=contain or inside, letterbox: the output is exactly WxH, the image placed where gravity= "
        + "says on this colour (as vips thumbnail … --background, or -gravity center -extent WxH)")
    static let interpolation = StandardFilters.interpolation(default: .bicubic)
  }

  enum TranslateStep {
    static let dx = StepParameter.number("dx", .offset, help: "pixels to the right").examples(["3", "-7"])
    static let dy = StepParameter.number("dy", .offset, help: "pixels down")
    static let interpolation = StandardFilters.interpolation(default: .bilinear)
  }

  enum SkewStep {
    static let x = StepParameter.angle("ax", .skew,
      help: "horizontal shear, degrees: positive leans the bottom right, as CSS skewX(); ImageMagick's -shear AX "
        + "leans the other way and is skew -AX")
    static let y = StepParameter.angle("ay", .skew.typical(-20...20), checkedAs: "vertical skew angle", default: 0,
      help: "vertical shear, degrees: positive lowers the right side, as CSS skewY() and ImageMagick's -shear 0xAY")
    static let interpolation = StandardFilters.interpolation(default: .bilinear)
  }

  enum FlipStep {
    static let axis = StepParameter.choice("axis", Flip.Axis.self, default: .horizontal, required: true,
      help: "horizontal (left-right), vertical (top-bottom) or both")
  }

  enum TransformStep {
    /// A, B, C, D, TX, TY, typically near the identity.
    static let entries = [("a", 0.6...1.3), ("b", -0.3...0.3), ("c", -0.3...0.3), ("d", 0.6...1.3), ("tx", -5...5),
      ("ty", -5...5)].map { name, typical in
      StepParameter.number(name, ParameterRule.matrixEntry.typical(typical), checkedAs: "matrix",
        help: "matrix entry \(name.uppercased())")
    }
    static let interpolation = StandardFilters.interpolation(default: .bilinear)
  }

  enum CropStep {
    static let x = StepParameter.integer("x", .coordinate,
      help: "left, from the image's left edge (with gravity=, from where the gravity puts it); W when only two "
        + "numbers are given")
    static let y = StepParameter.integer("y", .coordinate,
      help: "top, from the image's top edge (likewise); H when only two numbers are given")
    static let width = StepParameter.optionalInteger("w", .size, checkedAs: "width", help: "width")
    static let height = StepParameter.optionalInteger("h", .size, checkedAs: "height", help: "height")
    static let gravity = StepParameter.optionalChoice("gravity", Gravity.self,
      help: "where the rectangle is, as ImageMagick's -gravity G -crop WxH+X+Y: center keeps the middle, north "
        + "the top centre")
  }

  enum TrimStep {
    static let fuzz = StepParameter.text("fuzz", option: true, default: "0",
      range: ParameterRule.threshold.range + ", or P% of 255", examples: ["10", "40", "10%"],
      help: "how far a pixel may be from the background and still count as border: levels 0–255 on every "
        + "channel, or a percentage as ImageMagick's -fuzz 10%")
    static let color = StepParameter.text("color", option: true, default: "auto",
      examples: ["auto", "white", "#00000000"], help: "the border's colour, or auto for the top-left pixel's")
  }

  enum PadStep {
    static let top = StepParameter.integer("top", .margin, checkedAs: "margin", help: "N, or the top margin")
    static let right = StepParameter.optionalInteger("right", .margin, checkedAs: "margin", help: "right margin")
    static let bottom = StepParameter.optionalInteger("bottom", .margin, checkedAs: "margin", help: "bottom margin")
    static let left = StepParameter.optionalInteger("left", .margin, checkedAs: "margin", help: "left margin")
    static let color = StepParameter.color("color", default: "transparent", help: "margin colour")
  }

  enum CanvasStep {
    static let width = StepParameter.integer("w", .size, checkedAs: "width", help: "canvas width")
    static let height = StepParameter.integer("h", .size, checkedAs: "height", help: "canvas height")
    static let x = StepParameter.integer("x", .position, option: true, default: 0,
      help: "where the image's left edge lands, whole pixels from the canvas's left (may be negative)")
    static let y = StepParameter.integer("y", .position, option: true, default: 0,
      help: "where the image's top edge lands, whole pixels from the canvas's top (may be negative)")
    static let color = StepParameter.color("color", default: "transparent",
      help: "canvas colour, showing where the image is transparent or absent")
    static let gravity = StepParameter.optionalChoice("gravity", Gravity.self,
      help: "place the image where the gravity says (center centres it; x= and y= then move it from there), as "
        + "ImageMagick's -gravity G -extent WxH")
  }

  enum OpacityStep {
    static let alpha = StepParameter.number("a", .unit, checkedAs: "opacity",
      help: "0 (transparent) to 1 (unchanged); above 1 is 1, as CSS opacity() clamps")
  }

  enum BackgroundStep {
    static let color = StepParameter.color("color", option: false, help: "the colour beneath")
  }

  enum TileStep {
    static let size = StepParameter.size("size", allowsKeep: false, range: ParameterRange.sizes,
      examples: ["20x20", "90x40", "33x71"],
      help: "WxH; the result may have at most the pixel limit's pixels")
  }

  enum BorderStep {
    static let width = StepParameter.integer("n", .margin, checkedAs: "width", help: "the border's width on each side")
    static let color = StepParameter.color("color", default: "#dfdfdf",
      help: "border colour, also beneath the image's transparent pixels (ImageMagick's -bordercolor default)")
  }

  enum ReplicateStep {
    static let grid = StepParameter.text("grid", range: ParameterRange.grid, examples: ["1x1", "2x3", "3x2"],
      help: "COLSxROWS: copies across and down; the result may have at most the pixel limit's pixels")
  }

  enum RoundStep {
    static let radius = StepParameter.text("radius", range: ParameterRange.cornerRadius,
      examples: ["0", "12", "4.5", "30%"],
      help: "R (pixels) or P% (of the width horizontally, of the height vertically: 50% is an ellipse); radii "
        + "that overlap are scaled down together, as CSS does")
  }

  // MARK: - Steps

  static let geometry: [Filter] = [
    Filter(
      "rotate", summary: "rotate about the centre, clockwise; the image grows to hold the corners",
      arguments: [RotateStep.degrees.argument, RotateStep.interpolation.argument]
    ) { arguments, input in
      input.rotated(by: arguments[RotateStep.degrees], interpolation: arguments[RotateStep.interpolation])
    },
    Filter(
      "scale", summary: "scale about the top-left (shrinking filters the covered area)",
      arguments: [ScaleStep.x.argument, ScaleStep.y.argument, ScaleStep.interpolation.argument]
    ) { arguments, input in
      let sx = arguments[ScaleStep.x]
      return input.scaled(x: sx, y: arguments[ScaleStep.y] ?? sx, interpolation: arguments[ScaleStep.interpolation])
    },
    Filter(
      "resize",
      summary: "resize to WxH (W or H may be _ or left out to keep the aspect ratio; 50% halves both sides; "
        + "fit=contain fits inside, fit=cover fills and crops toward gravity=; ImageMagick's WxH>, WxH<, WxH^ and "
        + "WxH! as -resize reads them)",
      arguments: [ResizeStep.size.argument, ResizeStep.fit.argument, ResizeStep.gravity.argument, ResizeStep.shrinkOnly.argument,
        ResizeStep.background.argument, ResizeStep.interpolation.argument],
      validate: { arguments throws(FilterError) in
        let fit = arguments[ResizeStep.fit]
        if case .geometry(let width, let height, let flags)? = arguments[ResizeStep.size] {
          // The suffix says how to fit; only a letterbox around a box the image fits inside adds to it.
          if fit != .fill {
            throw FilterError("the suffix of \(Quoting.quoted(arguments[ResizeStep.size]?.text ?? "")) says how to "
              + "fit already: give it or fit=\(fit.rawValue), not both")
          }
          if arguments[ResizeStep.background] != nil
            && (width == nil || height == nil || flags.contains(.fillArea) || flags.contains(.ignoreAspect))
          {
            throw FilterError("background= letterboxes into WxH with both sides, after > or <, not after ^ or !")
          }
          return
        }
        guard arguments[ResizeStep.background] != nil else { return }
        if fit != .contain && fit != .inside {
          throw FilterError("background= letterboxes fit=contain or fit=inside (fit=\(fit.rawValue) fills WxH already)")
        }
        if case .size(let width, let height)? = arguments[ResizeStep.size], width == nil || height == nil {
          throw FilterError("background= needs both sides of the box (WxH) to letterbox into")
        }
      }
    ) { arguments, input in
      let size: (width: Int?, height: Int?)
      var fit = arguments[ResizeStep.fit]
      var shrinkOnly = arguments[ResizeStep.shrinkOnly]
      let box: (width: Int?, height: Int?)
      switch arguments[ResizeStep.size] {
      case .size(let width, let height)?:
        size = (width, height)
        box = size
      case .fractionalSize(let width, let height)?:
        size = Self.pixels(of: (width, height), input: input)
        box = size
      case .geometry(let width, let height, var flags)?:
        // ImageMagick's arithmetic gives the output's sides; the resize then fills them exactly. `shrink-only`
        // is `>` (each side capped at the input's).
        if shrinkOnly { flags.insert(.shrinkLarger) }
        let e = input.extent
        let sides = GeometryFlag.size(width: width, height: height, flags: flags,
          of: e.isEmpty || e.isInfinite ? (1, 1) : (e.width, e.height))
        size = (sides.width, sides.height)
        box = (width, height)
        fit = .fill
        shrinkOnly = false
      default:
        size = (nil, nil)
        box = size
      }
      let gravity = arguments[ResizeStep.gravity]
      let resized = input.resized(width: size.width, height: size.height, fit: fit,
        interpolation: arguments[ResizeStep.interpolation], gravity: gravity, shrinkOnly: shrinkOnly)
      // A letterbox is a small graph: the image fitted inside the box, on a canvas of the box's size.
      guard let background = arguments[ResizeStep.background], let width = box.width, let height = box.height else {
        return resized
      }
      return resized.placedOnCanvas(width: width, height: height, gravity: gravity, color: background)
    },
    Filter(
      "translate", aliases: ["move"], summary: "move by DX, DY pixels (fractions resample)",
      arguments: [TranslateStep.dx.argument, TranslateStep.dy.argument, TranslateStep.interpolation.argument]
    ) { arguments, input in
      input.translated(by: Point(arguments[TranslateStep.dx], arguments[TranslateStep.dy]),
        interpolation: arguments[TranslateStep.interpolation])
    },
    Filter(
      "skew", aliases: ["shear"], summary: "shear by angles about the centre, as CSS skew(AX, AY)",
      arguments: [SkewStep.x.argument, SkewStep.y.argument, SkewStep.interpolation.argument],
      validate: { arguments throws(FilterError) in
        try checkParameters { () throws(ParameterError) in
          _ = try ParameterCheck.skew(x: arguments[SkewStep.x], y: arguments[SkewStep.y])
        }
      }
    ) { arguments, input in
      input.skewed(x: arguments[SkewStep.x], y: arguments[SkewStep.y], interpolation: arguments[SkewStep.interpolation])
    },
    Filter(
      "flip", summary: "mirror left-right, top-bottom or both",
      arguments: [FlipStep.axis.argument]
    ) { arguments, input in
      input.flipped(arguments[FlipStep.axis])
    },
    Filter(
      "transform", aliases: ["affine"], summary: "any affine matrix: x' = A·x + C·y + TX, y' = B·x + D·y + TY",
      arguments: TransformStep.entries.map(\.argument) + [TransformStep.interpolation.argument],
      validate: { arguments throws(FilterError) in
        try checkParameters { () throws(ParameterError) in _ = try ParameterCheck.transform(matrix(arguments)) }
      }
    ) { arguments, input in
      input.transformed(by: matrix(arguments), interpolation: arguments[TransformStep.interpolation])
    },
    Filter(
      "crop", summary: "keep the rectangle X, Y, W, H (from the image's top-left), or W×H where gravity= says "
        + "(the centre when only W H are given)",
      arguments: [CropStep.x.argument, CropStep.y.argument, CropStep.width.argument, CropStep.height.argument,
        CropStep.gravity.argument],
      syntax: "X Y W H|W H",
      validate: { arguments throws(FilterError) in
        guard (arguments[CropStep.width] == nil) == (arguments[CropStep.height] == nil) else {
          throw FilterError("2 or 4 numbers expected (W H, or X Y W H), got 3")
        }
        // W H alone: the first two numbers are the size (X Y W H's are checked by their rules).
        guard arguments[CropStep.width] == nil else { return }
        try checkParameters { () throws(ParameterError) in
          _ = try ParameterCheck.size(arguments[CropStep.x], "width")
          _ = try ParameterCheck.size(arguments[CropStep.y], "height")
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
      arguments: [TrimStep.fuzz.argument, TrimStep.color.argument],
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
      arguments: [PadStep.top.argument, PadStep.right.argument, PadStep.bottom.argument, PadStep.left.argument, PadStep.color.argument],
      syntax: "N|T R B L",
      validate: { arguments throws(FilterError) in
        let given = margins(arguments)
        guard given.count == 1 || given.count == 4 else {
          throw FilterError("1 or 4 margins expected, got \(given.count)")
        }
      }
    ) { arguments, input in
      let top = arguments[PadStep.top]
      return input.padded(top: top, right: arguments[PadStep.right] ?? top, bottom: arguments[PadStep.bottom] ?? top,
        left: arguments[PadStep.left] ?? top, color: arguments[PadStep.color])
    },
    Filter(
      "canvas",
      summary: "place the image with its top-left at X, Y on a W×H canvas of a colour; the result is exactly W×H "
        + "(what falls outside is cut off)",
      arguments: [CanvasStep.width.argument, CanvasStep.height.argument, CanvasStep.x.argument, CanvasStep.y.argument,
        CanvasStep.color.argument, CanvasStep.gravity.argument]
    ) { arguments, input in
      let (width, height) = (arguments[CanvasStep.width], arguments[CanvasStep.height])
      let (x, y, color) = (arguments[CanvasStep.x], arguments[CanvasStep.y], arguments[CanvasStep.color])
      if let gravity = arguments[CanvasStep.gravity] {
        return input.placedOnCanvas(width: width, height: height, gravity: gravity, x: x, y: y, color: color)
      }
      return input.placedOnCanvas(width: width, height: height, x: x, y: y, color: color)
    },
    Filter(
      "opacity", summary: "multiply alpha by A",
      arguments: [OpacityStep.alpha.argument]
    ) { arguments, input in
      input.multiplyingOpacity(by: arguments[OpacityStep.alpha])
    },
    Filter(
      "background", aliases: ["flatten"], summary: "flatten onto a colour",
      arguments: [BackgroundStep.color.argument]
    ) { arguments, input in
      input.flattened(onto: arguments[BackgroundStep.color])
    },
    Filter(
      "tile", summary: "fill a W×H rectangle with the image repeated",
      arguments: [TileStep.size.argument]
    ) { arguments, input throws(FilterError) in
      guard case .size(let width?, let height?)? = arguments[TileStep.size] else {
        throw FilterError("size WxH expected")
      }
      guard !input.extent.isEmpty else { throw FilterError("the image is empty") }
      return input.tiled(width: width, height: height)
    },
    Filter(
      "border", summary: "a border of N pixels of a colour on every side, as ImageMagick's -border (the image is "
        + "flattened onto the colour first)",
      arguments: [BorderStep.width.argument, BorderStep.color.argument]
    ) { arguments, input in
      input.bordered(width: arguments[BorderStep.width], color: arguments[BorderStep.color])
    },
    Filter(
      "replicate", summary: "a grid of COLS × ROWS copies of the image, as libvips' replicate (tile fills a W×H area "
        + "instead)",
      arguments: [ReplicateStep.grid.argument],
      syntax: "COLSxROWS",
      validate: { arguments throws(FilterError) in _ = try grid(arguments) }
    ) { arguments, input throws(FilterError) in
      let (columns, rows) = try grid(arguments)
      return input.replicated(columns: columns, rows: rows)
    },
    Filter(
      "round", summary: "round the corners (antialiased), as CSS border-radius: R pixels, or P% of the width and height",
      arguments: [RoundStep.radius.argument],
      syntax: "R|P%",
      validate: { arguments throws(FilterError) in _ = try cornerRadius(arguments) }
    ) { arguments, input throws(FilterError) in
      input.roundingCorners(radius: try cornerRadius(arguments))
    },
  ]
}
