import DecorCore

// In the Pipeline folder, beside the reference generated from it: these are the colours of the chain language.
extension Color {
  /// Every form `Color(parsing:)` accepts, in the order the reference lists them. Parsing is case-insensitive
  /// and ignores surrounding spaces; inside a chain step a colour is one word, so it is written without spaces or
  /// quoted. Extend this list with the parser: the reference (`decor filters --markdown`) is generated from it.
  public static let acceptedForms: [ColorForm] = [
    ColorForm(syntax: "#rgb", meaning: "hexadecimal, each digit doubled (`#f80` is `#ff8800`), opaque",
      examples: ["#f80", "#FFF"]),
    ColorForm(syntax: "#rgba", meaning: "as `#rgb`, with an alpha digit", examples: ["#f808"]),
    ColorForm(syntax: "#rrggbb", meaning: "hexadecimal red, green and blue, opaque", examples: ["#336699"]),
    ColorForm(syntax: "#rrggbbaa", meaning: "as `#rrggbb`, with alpha (`00` transparent, `ff` opaque)",
      examples: ["#33669980"]),
    ColorForm(syntax: "rgb(R,G,B)",
      meaning: "R, G, B from 0 to 255 or percentages; out-of-range values are clamped, as CSS does",
      examples: ["rgb(51,102,153)", "rgb(20%,40%,60%)"]),
    ColorForm(syntax: "rgba(R,G,B,A)",
      meaning: "with alpha A from 0 to 1 or a percentage; `rgb` and `rgba` are the same function (CSS Color 4)",
      examples: ["rgba(51,102,153,0.5)", "rgb(51,102,153,50%)"]),
    ColorForm(syntax: "rgb(R G B / A)", meaning: "the space-separated CSS Color 4 form, alpha optional",
      examples: ["rgb(51 102 153)", "rgb(51 102 153 / 0.5)"]),
    ColorForm(syntax: "hsl(H,S,L)",
      meaning: "hue H in degrees (or with `deg`, `grad`, `rad`, `turn`), saturation S and lightness L as "
        + "percentages, converted to sRGB as CSS Color 4 does",
      examples: ["hsl(120,100%,25%)", "hsl(0.5turn,50%,50%)"]),
    ColorForm(syntax: "hsla(H,S,L,A)",
      meaning: "with alpha A from 0 to 1 or a percentage; `hsl` and `hsla` are the same function",
      examples: ["hsla(210,50%,40%,0.5)", "hsl(210,50%,40%,50%)"]),
    ColorForm(syntax: "hsl(H S L / A)", meaning: "the space-separated CSS Color 4 form, alpha optional",
      examples: ["hsl(210 50% 40%)", "hsl(210deg 50% 40% / 0.5)"]),
    ColorForm(syntax: "transparent", meaning: "fully transparent black", examples: ["transparent"]),
    ColorForm(syntax: "none", meaning: "the same as `transparent`", examples: ["none"]),
    ColorForm(syntax: "NAME",
      meaning: "one of the \(cssColorNames.count) named colours of CSS Color 4, `gray` and `grey` alike",
      examples: ["rebeccapurple", "cornflowerblue", "grey"]),
  ]
}

extension ColorParseError {
  /// `description` with the refused text shown as `Quoting` shows values: what scene errors say.
  var shortDescription: String {
    let message = "colour expected (\(ColorParseError.acceptedForms)), got \(Quoting.quoted(text))"
    return suggestion.map { message + "; did you mean \"\($0)\"?" } ?? message
  }
}
