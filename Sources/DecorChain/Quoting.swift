import DecorCore
#if Text
  import DecorText
#endif

/// How an error message shows a value someone wrote (a step, a name, a key, a colour, a path): cut to
/// `shownLength` Unicode scalars and an ellipsis when longer, and with control characters escaped (`\n`,
/// `\u0000`), so that a message stays one short line whatever it quotes. Every message that quotes a value goes
/// through here.
package enum Quoting {
  /// The most Unicode scalars of one value a message shows: 60.
  package static let shownLength = 60

  /// `text` in double quotes, as `shown(_:)` shows it: `"rotate abc"`, `"aaaa…"`.
  package static func quoted<Text: StringProtocol>(_ text: Text) -> String { "\"" + shown(text) + "\"" }

  /// `text` cut (see `cut(_:)`), with control characters (C0, DEL, C1, and the Unicode line and paragraph
  /// separators) escaped as JSON escapes them: `\n`, `\r`, `\t`, `\u0000`.
  package static func shown<Text: StringProtocol>(_ text: Text) -> String {
    let cut = cut(text)
    guard cut.unicodeScalars.contains(where: isControl) else { return cut }
    var out = ""
    for scalar in cut.unicodeScalars {
      switch scalar {
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where isControl(scalar):
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// `text` whole when it has at most `shownLength` Unicode scalars, else its first `shownLength` and `…`. Cut by
  /// scalars, not characters: one character may hold any number of combining marks.
  package static func cut<Text: StringProtocol>(_ text: Text) -> String {
    let scalars = text.unicodeScalars
    guard let end = scalars.index(scalars.startIndex, offsetBy: shownLength, limitedBy: scalars.endIndex),
      end != scalars.endIndex
    else { return String(text) }
    return String(String.UnicodeScalarView(scalars[..<end])) + "…"
  }

  /// The most Unicode scalars of a path (a file's name, as a codec's or a font's error names it) a message shows
  /// whole: 200, so that ordinary paths, deep as they may be, are shown as they are.
  package static let pathLength = 200

  /// `message` (made elsewhere: a codec's or a font's error, a command-line parser's) with each of `paths` that is
  /// longer than `pathLength` replaced by its `shown(_:)` form wherever it occurs.
  package static func shortening(_ paths: [String], in message: String) -> String {
    var message = message
    for value in paths
    where value.unicodeScalars.count > pathLength && value.utf8.count <= message.utf8.count && message.contains(value)
    {
      message = message.replacing(value, with: shown(value))
    }
    return message
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
  }
}
