import Testing

import Decor
import DecorTestSupport

@Suite struct ColorTests {
  /// The 8-bit straight components of a parsed colour, the form the expectations below are written in.
  static func bytes(_ text: String) throws -> [UInt8] {
    let (r, g, b, a) = try Color(parsing: text).straight8
    return [r, g, b, a]
  }

  @Test func initialiserClampsComponents() {
    let color = Color(red: -0.5, green: 2, blue: .nan, alpha: 0.25)
    #expect(color.red == 0 && color.green == 1 && color.blue == 0 && color.alpha == 0.25)
    #expect(Color(red: 0.2, green: 0.4, blue: 0.6).alpha == 1)
    #expect(Color(red: 1, green: 1, blue: 1, alpha: .infinity).alpha == 1)
  }

  @Test func constants() {
    #expect(Color.clear.premultiplied == .clear)
    #expect(Color.black.premultiplied == .black)
    #expect(Color.white.premultiplied == .white)
  }

  @Test(arguments: [
    ("#f80", [0xFF, 0x88, 0x00, 0xFF]),
    ("#F80", [0xFF, 0x88, 0x00, 0xFF]),
    ("#f808", [0xFF, 0x88, 0x00, 0x88]),
    ("#1a2B3c", [0x1A, 0x2B, 0x3C, 0xFF]),
    ("#1A2B3C4D", [0x1A, 0x2B, 0x3C, 0x4D]),
    ("#00000000", [0, 0, 0, 0]),
    ("  #abc\n", [0xAA, 0xBB, 0xCC, 0xFF]),
  ] as [(String, [UInt8])])
  func hexadecimalForms(text: String, expected: [UInt8]) throws {
    #expect(try Self.bytes(text) == expected)
  }

  @Test(arguments: [
    ("rgb(255, 128, 0)", [255, 128, 0, 255]),
    ("rgba(255, 128, 0, 0.5)", [255, 128, 0, 128]),
    ("RGBA(10,20,30,1)", [10, 20, 30, 255]),
    ("rgb(100%, 50%, 0%)", [255, 128, 0, 255]),
    ("rgba(0%, 0%, 100%, 25%)", [0, 0, 255, 64]),
    ("rgb( 1 , 2 , 3 )", [1, 2, 3, 255]),
    ("rgb(1, 2, 3, 0)", [1, 2, 3, 0]),  // CSS Color 4: rgb() and rgba() are one function
    ("rgba(1, 2, 3)", [1, 2, 3, 255]),
    ("rgb(255 128 0)", [255, 128, 0, 255]),
    ("rgb(255 128 0 / 0.5)", [255, 128, 0, 128]),
    ("rgb(127.5, 0, 0)", [128, 0, 0, 255]),
    ("rgb(300, -20, 0, 2)", [255, 0, 0, 255]),  // clamped, as CSS does
    ("rgb(+5, 1e1, .5e1)", [5, 10, 5, 255]),
  ] as [(String, [UInt8])])
  func functionalForms(text: String, expected: [UInt8]) throws {
    #expect(try Self.bytes(text) == expected)
  }

  @Test func transparentAndNames() throws {
    #expect(try Color(parsing: "transparent") == .clear)
    #expect(try Color(parsing: "none") == .clear)
    #expect(try Color(parsing: " NONE ") == .clear)
    #expect(try Color(parsing: "TRANSPARENT") == .clear)
    #expect(try Color(parsing: "RebeccaPurple") == Color(parsing: "#663399"))
    #expect(try Color(parsing: " white ") == .white)
  }

  /// Values typed from the CSS Color 4 table, independently of the source.
  @Test(arguments: [
    ("rebeccapurple", "#663399"), ("cornflowerblue", "#6495ed"), ("gray", "#808080"), ("grey", "#808080"),
    ("darkslategrey", "#2f4f4f"), ("lightgoldenrodyellow", "#fafad2"), ("mediumspringgreen", "#00fa9a"),
    ("papayawhip", "#ffefd5"), ("red", "#ff0000"), ("green", "#008000"), ("lime", "#00ff00"),
    ("aliceblue", "#f0f8ff"), ("yellowgreen", "#9acd32"), ("navajowhite", "#ffdead"), ("fuchsia", "#ff00ff"),
    ("magenta", "#ff00ff"), ("aqua", "#00ffff"), ("cyan", "#00ffff"), ("tan", "#d2b48c"), ("peru", "#cd853f"),
    ("darkgray", "#a9a9a9"), ("lightgray", "#d3d3d3"), ("dimgrey", "#696969"), ("crimson", "#dc143c"),
  ])
  func namedColours(name: String, hex: String) throws {
    let color = try Color(parsing: name)
    #expect(color.description == hex)
    #expect(try Color(parsing: name.uppercased()) == color)
  }

  @Test func theNameTableHasEveryCSS4Name() {
    #expect(cssColorNames.count == 148)
    #expect(cssColorNames.keys.allSatisfy { $0 == $0.lowercased() })
    for (gray, grey) in [("gray", "grey"), ("darkgray", "darkgrey"), ("lightgray", "lightgrey"),
      ("dimgray", "dimgrey"), ("slategray", "slategrey"), ("darkslategray", "darkslategrey"),
      ("lightslategray", "lightslategrey")]
    {
      #expect(cssColorNames[gray] != nil)
      #expect(cssColorNames[gray] == cssColorNames[grey], "\(gray)")
    }
  }

  @Test func descriptionRoundTrips() throws {
    #expect(Color(red: 1, green: 0.5, blue: 0).description == "#ff8000")
    #expect(Color(red: 1, green: 0, blue: 0, alpha: 0.5).description == "#ff000080")
    #expect(Color.clear.description == "#00000000")
    for text in ["#0a0b0c", "#fedcba98", "#123456"] {
      #expect(try Color(parsing: text).description == text)
      #expect(try Color(parsing: Color(parsing: text).description) == Color(parsing: text))
    }
  }

  @Test func premultipliedRoundsToEightBitsFirst() throws {
    #expect(try Color(parsing: "#ff000080").premultiplied == RGBA8(r: 128, g: 0, b: 0, a: 128))
    // 0x80 × 0x80 / 255 = 64.25 → 64.
    #expect(try Color(parsing: "#80808080").premultiplied == RGBA8(r: 64, g: 64, b: 64, a: 128))
    // Straight 0.5 is 127.5 → 128 first; alpha 0.5 → 128: 128 × 128 / 255 = 64.25 → 64. Rounding the product
    // of the exact values instead (0.25 × 255 = 63.75 → 64) would agree here but not for alpha 0.3:
    // 0.3 → 76.5 → 77, and 0.5 × 0.3 × 255 = 38.25 → 38 while 128 × 77 / 255 = 38.65 → 39.
    #expect(Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5).premultiplied == RGBA8(r: 64, g: 64, b: 64, a: 128))
    #expect(Color(red: 0.5, green: 0, blue: 1, alpha: 0.3).premultiplied == RGBA8(r: 39, g: 0, b: 77, a: 77))
    #expect(Color(red: 1, green: 1, blue: 1, alpha: 0).premultiplied == .clear)
  }

  @Test(arguments: [
    "", "   ", "#", "#12", "#12345", "#1234567", "#123456789", "#ggg", "#ff 00 00", "##fff", "bluish", "rgb(1, 2)",
    "rgb(1, 2, 3, 4, 5)", "rgb(1, , 3)", "rgb(a, b, c)", "rgb(1, 2, 3", "rgb 1, 2, 3)", "rgb(nan, 0, 0)",
    "rgb(inf, 0, 0)", "rgb(0x10, 0, 0)", "rgb(1 2 3 4)", "rgb(1 2 / 3)", "rgb(1 2 3 / 4 5)", "rgb(1e, 0, 0)",
    "rgb(1%%, 0, 0)", "hsl(120, 100, 25)", "hsl(120, 100%)", "hsl(1x, 100%, 50%)", "hsl(120 100% 50% 1)",
    "hsl(nan, 100%, 50%)", "hsl(120deg deg, 1%, 1%)", "hwb(0 0% 0%)", "currentcolor", "nothing", "#ｆｆｆ", "rgb (1, 2, 3)",
  ])
  func badSyntaxIsATypedErrorKeepingTheText(text: String) {
    #expect(throws: ColorParseError.invalidSyntax(text)) { try Color(parsing: text) }
  }

  @Test func errorMessages() {
    #expect(
      ColorParseError.invalidSyntax("bluish").description
        == "colour expected (#rgb, #rgba, #rrggbb, #rrggbbaa, rgb()/rgba(), hsl()/hsla(), a CSS name, transparent "
          + "or none), got \"bluish\"")
    #expect(
      ColorParseError.invalidSyntax("bleu").description
        == "colour expected (#rgb, #rgba, #rrggbb, #rrggbbaa, rgb()/rgba(), hsl()/hsla(), a CSS name, transparent "
          + "or none), got \"bleu\"; did you mean \"blue\"?")
    #expect(ColorParseError.invalidSyntax("Cornflowerblu").suggestion == "cornflowerblue")
    #expect(ColorParseError.invalidSyntax("grean").suggestion == "green")
    #expect(ColorParseError.invalidSyntax("transparant").suggestion == "transparent")
    #expect(ColorParseError.invalidSyntax("rebeccapurpel").suggestion == "rebeccapurple")
    // Three edits away, or nothing close at all: no hint.
    #expect(ColorParseError.invalidSyntax("bluish").suggestion == nil)
    #expect(ColorParseError.invalidSyntax("x").suggestion == nil)
    #expect(ColorParseError.invalidSyntax("").suggestion == nil)
    #expect(ColorParseError.invalidSyntax("#12345").suggestion == nil)
    // Ties (gray and grey are both one edit from "grfy") go to the alphabetically first name.
    #expect(ColorParseError.invalidSyntax("grfy").suggestion == "gray")
  }

  /// Values as browsers compute them (CSS Color 4's hslToRgb, components rounded half up to 8 bits).
  @Test(arguments: [
    ("hsl(120,100%,25%)", "#008000"), ("hsl(120, 100%, 25%)", "#008000"), ("hsl(120deg 100% 25%)", "#008000"),
    ("hsl(120 100 25)", "#008000"), ("hsl(480, 100%, 25%)", "#008000"), ("hsl(-240, 100%, 25%)", "#008000"),
    ("hsl(120, 150%, 25%)", "#008000"), ("hsl(0.33333333333333333turn 100% 25%)", "#008000"),
    ("hsl(0, 100%, 50%)", "#ff0000"), ("hsl(240, 100%, 50%)", "#0000ff"), ("HSL(60 100% 50%)", "#ffff00"),
    ("hsl(200grad, 100%, 50%)", "#00ffff"), ("hsl(3.14159265358979rad 100% 50%)", "#00ffff"),
    ("hsl(0, 0%, 50%)", "#808080"), ("hsl(210, 50%, 40%)", "#336699"), ("hsl(0, 0%, 100%)", "#ffffff"),
    // 0.72 + 0.76·0.28 = 0.9328 → 237.9 → ee; 0.72 − 0.2128 = 0.5072 → 129.3 → 81 (CSS's violet, #ee82ee, is
    // listed as hsl(300, 76%, 72%) only to the nearest percent).
    ("hsl(300, 76%, 72%)", "#ee81ee"),
    ("hsla(120deg, 100%, 25%, 0.5)", "#00800080"), ("hsla(120, 100%, 25%, 50%)", "#00800080"),
    ("hsl(120 100% 25% / 0.25)", "#00800040"), ("hsl(120 100% 25% / 25%)", "#00800040"),
    ("hsla(120, 100%, 25%)", "#008000"), ("hsl(120, 100%, 25%, 2)", "#008000"),
  ])
  func hslAsBrowsersComputeIt(text: String, hex: String) throws {
    #expect(try Color(parsing: text).description == hex)
  }

  /// `Color(hue:saturation:lightness:)` against CSS Color 3's formulation of the same conversion (m1, m2 and
  /// hue-to-rgb), an independent derivation, over a grid of hues, saturations and lightnesses.
  @Test func hslAgreesWithTheCSS3Algorithm() {
    func hueToRGB(_ m1: Double, _ m2: Double, _ h: Double) -> Double {
      var h = h
      if h < 0 { h += 1 }
      if h > 1 { h -= 1 }
      if h * 6 < 1 { return m1 + (m2 - m1) * h * 6 }
      if h * 2 < 1 { return m2 }
      if h * 3 < 2 { return m1 + (m2 - m1) * (2.0 / 3 - h) * 6 }
      return m1
    }
    for hue in stride(from: 0.0, to: 360, by: 7.5) {
      for s in stride(from: 0.0, through: 1, by: 0.125) {
        for l in stride(from: 0.0, through: 1, by: 0.125) {
          let m2 = l <= 0.5 ? l * (s + 1) : l + s - l * s
          let m1 = l * 2 - m2
          let h = hue / 360
          let expected = [hueToRGB(m1, m2, h + 1.0 / 3), hueToRGB(m1, m2, h), hueToRGB(m1, m2, h - 1.0 / 3)]
          let color = Color(hue: hue, saturation: s, lightness: l)
          for (actual, wanted) in zip([color.red, color.green, color.blue], expected) {
            #expect(abs(actual - wanted) < 1e-9, "hsl(\(hue), \(s), \(l))")
          }
        }
      }
    }
  }

  @Test func levenshteinDistance() {
    func distance(_ a: String, _ b: String) -> Int { Decor.editDistance(a, b) }
    #expect(distance("", "") == 0)
    #expect(distance("", "abc") == 3)
    #expect(distance("abc", "") == 3)
    #expect(distance("kitten", "sitting") == 3)
    #expect(distance("flaw", "lawn") == 2)
    #expect(distance("bleu", "blue") == 2)
    #expect(distance("blue", "blue") == 0)
  }
}
