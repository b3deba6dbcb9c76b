import Testing

import Decor
import DecorTestSupport

/// No input traps through the Swift API or the chain language. Every public initialiser, chaining method and draw
/// call is fed NaN, ±∞, 0, a negative value, Int.max (and Int.min where the parameter is an Int) and ±1e300; each result must be either the typed error of the one rule (`ParameterCheck`: an invalid
/// parameter, reported by `parameterError`, an empty extent and `RenderError.invalidParameter` from rendering and
/// drawing) or a usable component that renders, never a trap.
@Suite struct ParameterSweepTests {
  static let doubles: [Double] = [.nan, .infinity, -.infinity, 0, -5, 1e300, -1e300, Double(Int.max), 2.5]
  static let integers: [Int] = [0, -5, Int.max, Int.min, 3]
  static let renderer = Renderer(threads: 1)
  static let region = IntRect(x: 0, y: 0, width: 8, height: 8)

  static func image() throws -> Raster { try ImageMetrics.pattern(width: 4, height: 4) }

  static func finite(_ v: Double) -> Bool { v.isFinite }
  static func nonNegative(_ v: Double) -> Bool { v.isFinite && v >= 0 }
  static func positive(_ v: Double) -> Bool { v.isFinite && v > 0 }

  /// Checks what the rule promises for a component built with a parameter that is `valid` or not.
  static func exercise(_ component: any ImageComponent, valid: Bool, _ label: String) {
    let extent = component.extent
    if !valid {
      guard case .invalidParameter? = component.parameterError else {
        Issue.record("\(label): no invalidParameter error")
        return
      }
      #expect(extent.isEmpty, "\(label): an invalid component covers nothing")
      #expect(throws: component.parameterError!, "\(label)") { try component.rendered(region, renderer: renderer) }
      #expect(throws: component.parameterError!, "\(label)") { try component.rendered(renderer: renderer) }
      return
    }
    #expect(component.parameterError == nil, "\(label): \(component.parameterError!)")
    do {
      let pixels = try component.rendered(region, renderer: renderer)
      #expect(pixels.width == 8 && pixels.height == 8, "\(label)")
    } catch {
      // Typed by construction; a built-in component never throws anything that would come back as `.failed`.
      if case .failed = error { Issue.record("\(label): \(error)") }
    }
    // The whole extent, when it is small enough to be quick; otherwise a typed error is the documented result.
    if !extent.isInfinite && extent.area > 1 << 16 {
      #expect(throws: (any Error).self, "\(label)") {
        try component.rendered(renderer: Renderer(threads: 1, pixelLimit: 1 << 16))
      }
      return
    }
    do {
      _ = try component.rendered(renderer: renderer)
    } catch {
      // Typed by construction; a built-in component never throws anything that would come back as `.failed`.
      if case .failed = error { Issue.record("\(label): \(error)") }
    }
  }

  // MARK: - Components

  @Test func numbersGiveATypedErrorOrAUsableComponent() throws {
    let image = try Self.image()
    let other = try ImageMetrics.pattern(width: 3, height: 5)
    typealias Case = (String, (Double) -> any ImageComponent, (Double) -> Bool)
    let cases: [Case] = [
      ("rotate", { image.rotated(by: .degrees($0)) }, Self.finite),
      ("rotate bicubic", { image.rotated(by: .degrees($0), interpolation: .bicubic) }, Self.finite),
      ("rotate radians", { image.rotated(by: .radians($0)) }, Self.finite),
      ("scale", { image.scaled(by: $0) }, Self.positive),
      ("scale x", { image.scaled(x: $0, y: 1) }, Self.positive),
      ("scale y", { image.scaled(x: 2, y: $0, interpolation: .nearest) }, Self.positive),
      ("scale generator", { SolidColor(.white).scaled(by: $0) }, Self.positive),
      ("translate x", { image.translated(by: Point($0, 0)) }, Self.finite),
      ("translate y", { image.translated(by: Point(0.5, $0)) }, Self.finite),
      ("skew x", { image.skewed(x: .degrees($0)) }, { $0.isFinite && abs($0) < 90 }),
      ("skew y", { image.skewed(x: .degrees(10), y: .degrees($0)) }, { $0.isFinite && abs($0) < 90 }),
      ("transform a", { image.transformed(by: AffineTransform(a: $0, b: 0, c: 0, d: 1, tx: 0, ty: 0)) },
        { $0.isFinite && $0 != 0 }),
      ("transform b", { image.transformed(by: AffineTransform(a: 1, b: $0, c: 0, d: 1, tx: 0, ty: 0)) },
        Self.finite),
      ("transform tx", { image.transformed(by: AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: $0, ty: 0.5)) },
        Self.finite),
      ("transform rotation", { image.transformed(by: .rotation(.degrees($0))) }, Self.finite),
      ("transform shear", { image.transformed(by: .shear(.degrees($0), .degrees(0))) }, Self.finite),
      ("opacity", { image.multiplyingOpacity(by: $0) }, Self.nonNegative),
      ("blend opacity", { image.blended(with: other, opacity: $0) }, Self.nonNegative),
      ("blend at", { image.blended(with: other, mode: .multiply, at: Point($0, 1)) }, Self.finite),
      ("blend below at", { image.blended(with: other, at: Point(1, $0), below: true) }, Self.finite),
      ("round", { image.roundingCorners(radius: $0) }, Self.nonNegative),
      ("round percent", { image.roundingCorners(radius: .percent($0)) }, Self.nonNegative),
      ("round a generator", { SolidColor(.white).roundingCorners(radius: $0) }, Self.nonNegative),
      ("brightness", { image.brightness($0) }, Self.nonNegative),
      ("contrast", { image.contrast($0) }, Self.nonNegative),
      ("saturate", { image.saturate($0) }, Self.nonNegative),
      ("grayscale", { image.grayscale($0) }, Self.nonNegative),
      ("sepia", { image.sepia($0) }, Self.nonNegative),
      ("invert", { image.invert($0) }, Self.nonNegative),
      ("hue-rotate", { image.hueRotate(by: .degrees($0)) }, Self.finite),
      ("sharpen sigma", { image.sharpened(sigma: $0.isFinite ? min($0, 50) : $0) }, Self.nonNegative),
      ("sharpen amount", { image.sharpened(sigma: 1, amount: $0) }, Self.nonNegative),
      ("sharpen threshold", { image.sharpened(sigma: 1.5, amount: 2, threshold: $0) }, Self.nonNegative),
      ("levels black", { image.adjustingLevels(black: $0, white: 1) },
        { $0.isFinite && min($0, ParameterCheck.maxLevel) < 1 }),
      ("levels white", { image.adjustingLevels(black: 0, white: $0) },
        { $0.isFinite && max($0, -ParameterCheck.maxLevel) > 0 }),
      ("levels gamma", { image.adjustingLevels(black: 0.1, white: 0.9, gamma: $0) }, Self.positive),
      ("gamma", { image.adjustingGamma($0) }, Self.positive),
      ("trim fuzz", { image.trimmed(fuzz: $0) }, Self.nonNegative),
      ("text size", { Text("Hi", font: Font(family: "DejaVu Sans", size: $0)) }, Self.positive),
      ("text line height", { Text("a\nb", font: Font(family: "DejaVu Sans", size: 6), lineHeight: $0) },
        Self.nonNegative),
      ("text letter spacing", { Text("Hi", font: Font(family: "DejaVu Sans", size: 6), letterSpacing: $0) },
        Self.finite),
      ("text width", { Text("two words", font: Font(family: "DejaVu Sans", size: 6), maxWidth: $0) },
        Self.nonNegative),
      ("normalize low", { image.normalized(low: $0) }, { $0.isFinite && $0 >= 0 && min($0, 1) + 0.005 < 1 }),
      ("normalize high", { image.normalized(low: 0, high: $0) }, { $0.isFinite && $0 >= 0 && $0 < 1 }),
      ("linear-gradient from", { LinearGradient(from: Point($0, 0), to: Point(8, 8), stops: Self.stops) }, Self.finite),
      ("linear-gradient to", { LinearGradient(from: .zero, to: Point($0, $0), stops: Self.stops) }, Self.finite),
      ("radial-gradient centre", { RadialGradient(center: Point(4, $0), radius: 4, stops: Self.stops) }, Self.finite),
      ("radial-gradient radius", { RadialGradient(center: .zero, radius: $0, stops: Self.stops) }, Self.nonNegative),
      ("gradient stop",
        { LinearGradient(from: .zero, to: Point(8, 0), stops: [GradientStop(location: $0, color: .white)]) },
        { _ in true }),
      ("colour", { SolidColor(Color(red: $0, green: $0, blue: 0, alpha: $0)) }, { _ in true }),
      ("layer opacity", { Group([Layer(image, x: 1, opacity: $0)]) }, Self.nonNegative),
      // Transparent edges: the modes that keep the extent compute the input extended by 3σ whatever the region
      // (BlurEdgeTests), seconds in a debug build at the clamped σ = 2000; the parameter rule is the same.
      ("blur", { image.blurred(sigma: $0, edge: .transparent) }, Self.nonNegative),
      ("blur mirror", { image.blurred(sigma: min($0, 50), edge: .mirror) }, { Self.nonNegative(min($0, 50)) }),
      ("shadow offset", { image.addingDropShadow(offset: Point($0, $0)) }, Self.finite),
      ("shadow blur", { image.addingDropShadow(sigma: $0) }, Self.nonNegative),
      ("shadow opacity", { image.addingDropShadow(opacity: $0) }, Self.nonNegative),
      ("shadow spread", { image.addingDropShadow(spread: $0, only: true) }, Self.finite),
      ("inner-shadow offset", { image.addingInnerShadow(offset: Point($0, -$0)) }, Self.finite),
      ("inner-shadow blur", { image.addingInnerShadow(sigma: $0) }, Self.nonNegative),
      ("inner-shadow opacity", { image.addingInnerShadow(opacity: $0) }, Self.nonNegative),
    ]
    for (name, make, valid) in cases {
      for value in Self.doubles {
        Self.exercise(make(value), valid: valid(value), "\(name) \(value)")
      }
    }
  }

  @Test func wholeNumbersGiveATypedErrorOrAUsableComponent() throws {
    let image = try Self.image()
    typealias Case = (String, (Int) -> any ImageComponent, (Int) -> Bool)
    let always: (Int) -> Bool = { _ in true }
    let cases: [Case] = [
      ("pad", { image.padded(by: $0) }, { $0 >= 0 }),
      ("pad one side", { image.padded(top: 1, right: $0, bottom: 0, left: 2, color: .white) }, { $0 >= 0 }),
      ("pad a generator", { SolidColor(.white).padded(by: $0) }, { $0 >= 0 }),
      ("resize width", { image.resized(width: $0, height: 4) }, { $0 >= 1 }),
      ("resize height", { image.resized(width: nil, height: $0) }, { $0 >= 1 }),
      ("resize contain", { image.resized(width: 6, height: $0, fit: .contain) }, { $0 >= 1 }),
      ("resize cover", { image.resized(width: $0, height: 6, fit: .cover) }, { $0 >= 1 }),
      ("tile", { image.tiled(width: $0, height: 5) }, { $0 >= 1 }),
      ("tile both", { image.tiled(width: $0, height: $0) }, { $0 >= 1 }),
      ("tile rect", { Tiling(image, filling: IntRect(x: $0, y: $0, width: $0, height: 6)) }, always),
      ("crop origin", { (image as any ImageComponent).cropped(to: IntRect(x: $0, y: 1, width: 4, height: 4)) },
        always),
      ("crop size", { (image as any ImageComponent).cropped(to: IntRect(x: 1, y: 1, width: $0, height: $0)) }, always),
      ("crop near Int.max", { SolidColor(.white).cropped(to: IntRect(x: Int.max - 2, y: $0, width: 5, height: 5)) },
        always),
      ("crop a generator", { SolidColor(.white).cropped(to: IntRect(x: $0, y: 0, width: $0, height: 8)) }, always),
      ("checkerboard", { Checkerboard(squareSize: $0) }, { $0 >= 1 }),
      ("layer", { Group([Layer(image, x: $0, y: $0), Layer(image, x: $0 / -2, y: 1, blendMode: .screen)]) }, always),
      ("nested group", { Group([Layer(Group([Layer(image, x: $0)]), y: $0, opacity: 0.5)]) }, always),
      ("translated far", { image.translated(by: Point(Double($0), 0)).padded(by: 3) }, always),
      ("flip", { image.translated(by: Point(Double($0), 0)).flipped(.horizontal).flipped(.vertical) }, always),
      ("background", { image.padded(by: max(0, $0)).flattened(onto: .white) }, always),
      ("border", { image.bordered(width: $0) }, { $0 >= 0 }),
      ("replicate columns", { image.replicated(columns: $0, rows: 2) }, { $0 >= 1 }),
      ("replicate both", { image.replicated(columns: $0, rows: $0) }, { $0 >= 1 }),
      ("replicate a generator", { SolidColor(.white).replicated(columns: $0, rows: 1) }, { $0 >= 1 }),
      ("border a generator", { SolidColor(.white).bordered(width: $0, color: .black) }, { $0 >= 0 }),
    ]
    for (name, make, valid) in cases {
      for value in Self.integers {
        Self.exercise(make(value), valid: valid(value), "\(name) \(value)")
      }
    }
    // A raster of a bad size is a typed error at once.
    for value in Self.integers where value != 3 {
      #expect(throws: RasterError.self, "\(value)") { try Raster(width: value, height: 4) }
      #expect(throws: RasterError.self, "\(value)") { try Raster(width: 4, height: value, fill: .white) }
    }
  }

  @Test func problemsPassThroughEveryDecorator() throws {
    let image = try Self.image()
    let bad = image.rotated(by: .degrees(.nan))
    let expected = RenderError.invalidParameter(component: "rotate", reason: "angle must be a finite number, got nan")
    #expect(bad.parameterError == expected)
    let wrapped: [any ImageComponent] = [
      bad.padded(by: 2), bad.cropped(to: Self.region), bad.flattened(onto: .white), bad.flipped(.vertical),
      bad.translated(by: Point(1, 1)), bad.scaled(by: 2), bad.resized(width: 3, height: 3), bad.multiplyingOpacity(by: 0.5),
      bad.tiled(width: 5, height: 5), bad.rotated(by: .degrees(30)), bad.skewed(x: .degrees(5)),
      bad.transformed(by: .identity), bad.roundingCorners(radius: 3), bad.bordered(width: 2), bad.replicated(columns: 2, rows: 2), bad.masked(by: image), image.masked(by: bad), bad.sepia(), bad.blurred(sigma: 2), bad.addingDropShadow(), bad.addingInnerShadow(),
      bad.sharpened(sigma: 1), bad.sharpened(sigma: 4), bad.adjustingLevels(black: 0.1, white: 0.9),
      bad.adjustingGamma(2),
      image.blended(with: bad), bad.blended(with: image), image.blended(with: bad, below: true),
      Group([Layer(image), Layer(bad, x: 2)]), Group([Layer(Group([Layer(bad)]))]),
    ]
    var canvas = try Raster(width: 8, height: 8, fill: .white)
    let before = canvas
    for component in wrapped {
      #expect(component.parameterError == expected, "\(component)")
      #expect(throws: expected, "\(component)") { try component.rendered(Self.region, renderer: Self.renderer) }
      #expect(throws: expected, "\(component)") { try canvas.draw(component, at: .zero, renderer: Self.renderer) }
      #expect(throws: expected, "\(component)") {
        try canvas.drawAsPattern(component, in: Rect(x: 0, y: 0, width: 8, height: 8), renderer: Self.renderer)
      }
    }
    #expect(canvas == before)
  }

  // MARK: - Draw calls

  @Test func drawCallsGiveATypedErrorOrDraw() throws {
    let image = try Self.image()
    let white = try Raster(width: 8, height: 8, fill: .white)
    typealias Draw = (inout Raster, Double) throws -> Void
    let r = Self.renderer
    let cases: [(String, Draw, (Double) -> Bool)] = [
      ("at x", { try $0.draw(image, at: Point($1, 2), renderer: r) }, Self.finite),
      ("at y", { try $0.draw(image, at: Point(0.5, $1), renderer: r) }, Self.finite),
      ("at, alpha", { try $0.draw(image, at: .zero, blendMode: .multiply, alpha: $1, renderer: r) },
        Self.nonNegative),
      ("at, point and alpha", { try $0.draw(image, at: Point($1, $1), blendMode: .copy, alpha: 0.5, renderer: r) },
        Self.finite),
      ("in, origin", { try $0.draw(image, in: Rect(x: $1, y: 1, width: 4, height: 4), renderer: r) }, Self.finite),
      ("in, size", { try $0.draw(image, in: Rect(x: 1, y: 1, width: $1, height: 5), renderer: r) },
        Self.nonNegative),
      ("in, generator", { try $0.draw(SolidColor(.black), in: Rect(x: 1, y: $1, width: $1, height: 5), renderer: r) },
        Self.nonNegative),
      ("in, alpha", { try $0.draw(image, in: Rect(x: 0, y: 0, width: 8, height: 8), blendMode: .screen, alpha: $1,
        renderer: r) }, Self.nonNegative),
      ("in, rect and alpha", { try $0.draw(image, in: Rect(x: $1, y: 0, width: 3, height: 3), blendMode: .xor,
        alpha: 0.7, renderer: r) }, Self.finite),
      ("pattern, origin", { try $0.drawAsPattern(image, in: Rect(x: $1, y: 0, width: 8, height: 8), renderer: r) },
        Self.finite),
      ("pattern, size", { try $0.drawAsPattern(image, in: Rect(x: 0, y: 0, width: $1, height: $1), renderer: r) },
        Self.nonNegative),
      ("pattern, alpha", { try $0.drawAsPattern(Checkerboard(squareSize: 2), in: Rect(x: 0, y: 0, width: 8, height: 8),
        blendMode: .darken, alpha: $1, renderer: r) }, Self.nonNegative),
    ]
    for (name, draw, valid) in cases {
      for value in Self.doubles {
        var canvas = white
        do {
          try draw(&canvas, value)
          #expect(valid(value), "\(name) \(value): drew with a meaningless value")
        } catch let error as RenderError {
          if case .invalidParameter(let component, _) = error {
            #expect(!valid(value) && component == "draw", "\(name) \(value): \(error)")
          } else {
            Issue.record("\(name) \(value): \(error)")
          }
          #expect(canvas == white, "\(name) \(value): a refused draw must leave the canvas alone")
        } catch {
          Issue.record("\(name) \(value): \(error)")
        }
      }
    }
  }

  /// Maps that shrink or stretch enormously, and strong shrinks of huge extents, stay valid: they render (or
  /// refuse an input region over the pixel limit) without trapping on fixed-point conversions or spending minutes
  /// on kernel taps.
  @Test func extremeMapsAndShrinksRenderOrRefuseQuickly() throws {
    let image = try Self.image()
    let huge = SolidColor(.white).cropped(to: IntRect(x: -(1 << 40), y: 0, width: 1 << 41, height: 1 << 40))
    let components: [any ImageComponent] = [
      image.transformed(by: AffineTransform(a: 2e-6, b: 0, c: 0, d: 2e-6, tx: 0, ty: 0)),
      image.transformed(by: AffineTransform(a: 2e-6, b: 0, c: 0, d: 2e-6, tx: 0, ty: 0), interpolation: .nearest),
      image.transformed(by: AffineTransform(a: 1e-12, b: 0, c: 0, d: 1e12, tx: 3, ty: 0)),
      image.transformed(by: AffineTransform(a: 1e-12, b: 0, c: 0, d: 1e12, tx: 3, ty: 0), interpolation: .bicubic),
      image.transformed(by: AffineTransform(a: 1, b: 0, c: 1e9, d: 1, tx: 0, ty: 0), interpolation: .nearest),
      image.transformed(by: AffineTransform(a: 0, b: 1e-7, c: 1e7, d: 0, tx: -1e300, ty: 1e300)),
      image.skewed(x: .degrees(89.999999), y: .degrees(-89.999999)),
      image.rotated(by: .degrees(33)).translated(by: Point(1e300, 0.5)),
      SolidColor(.white).scaled(by: 1e-300), huge.resized(width: 4, height: 4), huge.scaled(by: 1e-300),
      huge.rotated(by: .degrees(10)), huge.skewed(x: .degrees(80)),
    ]
    for component in components {
      Self.exercise(component, valid: true, "\(component)")
      let far = IntRect(x: 1 << 40, y: -(1 << 40), width: 8, height: 8)
      for region in [far, IntRect(x: 0, y: 0, width: 1 << 14, height: 1)] {
        do {
          _ = try component.rendered(region, renderer: Self.renderer)
        } catch {
          // Over the limit: the output's region, or one a stage asks of its input (which the error names).
          switch error {
          case .raster, .stageTooLarge: continue
          default: Issue.record("\(component): \(error)")
          }
        }
      }
    }
  }

  @Test func renderersWithExtremeCountsStillRender() throws {
    let image = try Self.image()
    var canvas = try Raster(width: 8, height: 8)
    for count in Self.integers {
      var renderer = Renderer(tileSize: count, threads: count)
      for r in [renderer, { renderer.tileSize = count; renderer.threads = count; return renderer }()] {
        #expect(try image.rotated(by: .degrees(30)).rendered(Self.region, renderer: r).width == 8)
        #expect(try image.padded(by: 3).rendered(renderer: r).width == 10)
        try canvas.draw(image, in: Rect(x: 1, y: 1, width: 6, height: 6), renderer: r)
      }
      renderer.pixelLimit = count
      if count < 100 {
        #expect(throws: RenderError.raster(.tooLarge(width: image.width, height: image.height, limit: count))) {
          try image.rendered(renderer: renderer)
        }
      }
    }
  }

  // MARK: - Geometry

  @Test func rectangleArithmeticSaturates() {
    for a in Self.integers {
      for b in Self.integers {
        let rect = IntRect(x: a, y: b, width: a, height: b)
        let moved = rect.offsetBy(dx: a, dy: b).insetBy(dx: b, dy: a)
        let all = [rect, moved, rect.union(moved), rect.intersection(moved), rect.union(.infinite),
          IntRect.infinite.offsetBy(dx: a, dy: b), IntRect.infinite.insetBy(dx: a, dy: b)]
        for r in all {
          #expect(r.width >= 0 && r.height >= 0 && r.area >= 0)
          #expect(abs(r.minX) <= IntRect.limit && abs(r.maxY) <= 3 * IntRect.limit)
          _ = (r.isInfinite, r.isEmpty, r.description, r.contains(rect), r.rect)
        }
        var edited = rect
        edited.x = a
        edited.width = b
        #expect(edited.maxX <= 3 * IntRect.limit)
      }
    }
    #expect(IntRect(x: Int.max - 2, y: 0, width: 5, height: 5).isEmpty)
    #expect(IntRect(x: 0, y: 0, width: Int.max, height: Int.max).area == Int.max)
    #expect(IntRect(covering: Rect(x: .nan, y: 0, width: 4, height: 4)).isEmpty)
    #expect(IntRect(covering: Rect(x: -1e300, y: 0, width: .infinity, height: 4)).isInfinite)
    for degrees in Self.doubles {
      _ = AffineTransform.rotation(.degrees(degrees))
      _ = Angle.degrees(degrees).quarterTurns
    }
    #expect(Angle.degrees(.nan).quarterTurns == nil && Angle.degrees(-450).quarterTurns == 3)
    #expect(Angle.degrees(90 + 360 * 1e6).quarterTurns == 1)
  }

  @Test func copyingBetweenRastersNeverOverflows() throws {
    let image = try Self.image()
    var canvas = try Raster(width: 8, height: 8)
    for a in Self.integers {
      for b in Self.integers {
        canvas.copy(image, from: IntRect(x: a, y: 0, width: 4, height: 4), toX: b, y: a)
        canvas.copy(image, from: image.bounds, toX: a, y: b)
      }
    }
    // Moves too far to represent land nowhere.
    let before = canvas
    canvas.copy(image, from: IntRect(x: Int.min, y: 0, width: 4, height: 4), toX: Int.max, y: 0)
    canvas.copy(image, from: image.bounds, toX: Int.max, y: Int.min)
    #expect(canvas == before)
  }

  // MARK: - The chain language

  /// Every numeric argument of every step, given each value as text: a parse error (`ChainError`), or a chain
  /// whose components the Swift API accepts too (`parameterError == nil`) and that renders or fails with a typed
  /// error.
  @Test func stepsGiveAParseErrorOrAUsableChain() throws {
    let image = try Self.image()
    let png = try BlendModeTests.sourceFile(try ImageMetrics.pattern(width: 3, height: 2))
    let values = ["nan", "inf", "-inf", "0", "-5", "9223372036854775807", "-9223372036854775808",
      "99999999999999999999", "1e300", "-1e300", "2.5"]
    let steps = [
      "rotate #", "rotate # interpolation=bicubic", "scale #", "scale 2 #", "resize #x4", "resize 4x#",
      "resize #x_", "resize 5x# fit=cover", "resize #%", "resize #%x_ fit=cover gravity=south shrink-only", "resize #",
      "resize #x9 fit=contain background=white gravity=east", "canvas # 9 gravity=center", "canvas 9 9 gravity=south x=#",
      "crop # 4", "crop 4 # gravity=southeast", "crop # 0 4 4 gravity=north",
      "resize x#", "scale # interpolation=lanczos", "translate # 0", "translate 0.5 #", "skew #", "skew 10 #",
      "transform # 0 0 1 0 0", "transform 1 # 0 1 0 0", "transform 1 0 0 1 # 0", "crop # 0 4 4", "crop 0 # 4 4",
      "crop 0 0 # 4", "crop 0 0 4 #", "pad #", "pad 1 2 # 4", "opacity #", "tile #x4", "tile 4x#", "blur # edge=transparent",
      "shadow # 0", "shadow 0 #", "shadow blur=#", "shadow radius=#", "shadow opacity=#", "shadow spread=#",
      "inner-shadow # 1", "inner-shadow blur=#", "inner-shadow radius=#", "inner-shadow opacity=#",
      "brightness #", "contrast #", "saturate #", "grayscale #", "sepia #", "invert #", "hue-rotate #",
      "hue-rotate #deg", "round #", "round #%", "border #", "border # color=white", "replicate #x2", "replicate 2x#", "blend normal \(png) opacity=#", "blend multiply \(png) at=#,1",
      "blend screen \(png) at=1,# below", "sharpen # amount=0", "sharpen 1 amount=#", "sharpen 2 threshold=#",
      "levels # 200", "levels 10 #", "levels #% 90%", "levels 0 #%", "levels 10% 90% gamma=#", "gamma #", "normalize low=#%", "normalize high=#",
      "trim fuzz=#", "trim fuzz=#%", "text Hi size=#", "text Hi margin=#", "text Hi width=#",
      "text Hi line-height=#", "text Hi letter-spacing=# x=#", "text Hi opacity=#",
    ]
    let named = Set(steps.map { $0.prefix { $0 != " " } })
    let derived = FilterRegistry.standard.filters.filter { !named.contains(Substring($0.name)) }
      .flatMap { Self.numberTemplates($0, image: png) }
    var parsed = 0
    for template in steps + derived {
      for value in values {
        let step = template.replacingOccurrences(of: "#", with: value)
        let chain: Chain
        do {
          chain = try Chain(parsing: [step])
        } catch {
          #expect(error.step == 1 && !error.message.isEmpty, "\(step)")
          continue
        }
        parsed += 1
        let component: any ImageComponent
        do {
          component = try chain.apply(to: image)
        } catch {
          #expect(!error.message.isEmpty, "\(step)")
          continue
        }
        Self.exercise(component, valid: true, step)
      }
    }
    #expect(parsed > 100)
  }

  /// For a step with no template above (one registered later), a template per number it takes, from its
  /// declaration: that number `#`, the positional arguments it needs at an example or typical value.
  static func numberTemplates(_ filter: Filter, image: String) -> [String] {
    filter.arguments.indices.compactMap { target in
      switch filter.arguments[target].kind {
      case .number, .integer, .angle: break
      default: return nil
      }
      var words = [filter.name]
      for (index, argument) in filter.arguments.enumerated() {
        if argument.isOption {
          if index == target { words.append("\(argument.name)=#") }
        } else if index == target {
          words.append("#")
        } else if argument.isRequired || (!filter.arguments[target].isOption && index < target) {
          words.append(example(argument, image: image))
        }
      }
      return words.joined(separator: " ")
    }
  }

  /// A value the argument accepts, as a step writes it.
  static func example(_ argument: FilterArgument, image: String) -> String {
    if let example = argument.examples.first { return example }
    if let typical = argument.typical { return String(Int(((typical.lowerBound + typical.upperBound) / 2).rounded())) }
    switch argument.kind {
    case .image: return image
    case .choice(let words): return words.first ?? ""
    case .color: return "white"
    case .size: return "4x4"
    case .point: return "1,1"
    default: return "x"
    }
  }

  /// Values that are merely large come out at the documented limits.
  @Test func largeValuesAreClampedToTheDocumentedLimits() throws {
    let image = try Self.image()
    let limit = ParameterCheck.maxLength
    #expect(try image.rotated(by: .degrees(1e300)).rendered(renderer: Self.renderer)
      == image.rotated(by: .degrees(1e300.truncatingRemainder(dividingBy: 360))).rendered(renderer: Self.renderer))
    #expect(try image.rotated(by: .degrees(360 * 1e9 + 90)).rendered() == image.rotated(by: .degrees(90)).rendered())
    #expect(image.padded(by: .max).extent == IntRect(x: -limit, y: -limit, width: 4 + 2 * limit, height: 4 + 2 * limit))
    #expect(image.translated(by: Point(1e300, -1e300)).extent == IntRect(x: limit, y: -limit, width: 4, height: 4))
    #expect(image.scaled(by: 1e300).sx == ParameterCheck.maxScale)
    #expect(image.scaled(by: 1e-300).extent == IntRect(x: 0, y: 0, width: 1, height: 1))
    #expect(image.resized(width: .max, height: 2).extent == IntRect(x: 0, y: 0, width: limit, height: 2))
    #expect(image.tiled(width: .max, height: 3).extent == IntRect(x: 0, y: 0, width: limit, height: 3))
    #expect(image.multiplyingOpacity(by: 7).amount == 1 && image.blended(with: image, opacity: 1e300).opacity == 1)
    #expect(Layer(image, x: .max, y: .min).x == limit && Layer(image, x: .max, y: .min).y == -limit)
    var layer = Layer(image)
    layer.x = .min
    #expect(layer.x == -limit)
    #expect(Checkerboard(squareSize: .max).squareSize == limit)
    #expect(image.transformed(by: AffineTransform(a: 1e300, b: 0, c: 0, d: 1, tx: 0, ty: 0)).transform.a
      == Double(limit))
    #expect(try Chain(parsing: ["rotate 1e300"]).apply(to: image).extent
      == image.rotated(by: .degrees(1e300)).extent)
    #expect(try Chain(parsing: ["pad 9223372036854775807"]).apply(to: image, pixelLimit: .max).extent
      == image.padded(by: .max).extent)
    #expect(Self.message("crop 9223372036854775807 0 4 4")?.hasSuffix("misses the image (4x4)") == true)
    #expect(Self.message("crop 0 0 nan 5") == "whole number expected for W, got \"nan\"")
    #expect(Self.message("rotate nan") == "angle must be a finite number, got nan")
    #expect(Self.message("pad -5") == "margin must be at least 0, got -5")
    #expect(image.sharpened(sigma: 1e300, amount: 1e300, threshold: 1e300).sigma == ParameterCheck.maxSigma)
    #expect(image.sharpened(sigma: 1, amount: 1e300).amount == ParameterCheck.maxSharpenAmount)
    #expect(image.sharpened(sigma: 1, threshold: 1e300).threshold == 255)
    #expect(image.adjustingGamma(1e300).gamma == ParameterCheck.maxGamma)
    #expect(image.adjustingGamma(1e-300).gamma == 1 / ParameterCheck.maxGamma)
    #expect(image.adjustingLevels(black: -1e300, white: 1e300).black == -ParameterCheck.maxLevel)
    #expect(Self.message("levels 50% 50%") == "black point must be below the white point, got 50% and 50%")
    #expect(Self.message("levels 200 100") == image.adjustingLevels(black: 200 / 255, white: 100 / 255)
      .parameterError.map { if case .invalidParameter(_, let reason) = $0 { return reason } else { return "" } })
    #expect(Self.message("gamma 0") == "gamma must be above 0, got 0")
    #expect(Self.message("levels 0 255 gamma=-1") == "gamma must be above 0, got -1")
    #expect(Self.message("sharpen -1") == "sigma must be at least 0, got -1")
    #expect(Self.message("sharpen 1 amount=-1") == "amount must be at least 0, got -1")
    #expect(Self.message("levels ten 90%") == "a level from 0 to 255 or a percentage such as 10% expected for black, "
      + "got \"ten\"")
  }

  /// The message of the error parsing or applying `step` to a 4×4 image gives, or `nil`.
  static func message(_ step: String) -> String? {
    do {
      _ = try Chain(parsing: [step]).apply(to: try image())
      return nil
    } catch let error as ChainError {
      return error.message
    } catch {
      return "\(error)"
    }
  }

  static let stops = [GradientStop(location: 0, color: .black), GradientStop(location: 1, color: .white)]
}
