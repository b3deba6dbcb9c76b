import DecorCore

/// Fills text into lines of a given width with a hanging indent: how `decor filters` fits the terminal.
///
/// Widths are counted in `Character`s (what a terminal shows for the text Decor writes: `σ`, `×` and `·` take one
/// column each), never in bytes.
public enum TextWrapper {
  /// The words of `text` (split at spaces) filled into lines of at most `width` columns.
  ///
  /// The first line is meant to follow something already `start` columns wide (a label, or a usage padded to the
  /// summary column; `indent` when `nil`), so it is returned without a prefix; every later line starts with `indent`
  /// spaces. A word too long for any line is cut at the width. The first line is empty when not even the start of
  /// the first word fits after `start` (the caller's label then stands alone).
  public static func wrap(_ text: String, width: Int, indent: Int, start: Int? = nil) -> [String] {
    let indent = max(0, indent)
    // At least one column per line, whatever the caller asks, so the loop always advances.
    let room = max(1, width - indent)
    let firstRoom = width - (start ?? indent)
    var lines: [String] = []
    var line = ""
    var lineRoom = firstRoom
    func finish() {
      lines.append(lines.isEmpty ? line : String(repeating: " ", count: indent) + line)
      line = ""
      lineRoom = room
    }
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      var rest = Substring(word)
      while !rest.isEmpty {
        // Columns of this line still free, after the words already on it.
        let needed = (line.isEmpty ? 0 : line.count + 1) + rest.count
        if needed <= lineRoom {
          line += (line.isEmpty ? "" : " ") + rest
          rest = ""
        } else if !line.isEmpty || (lines.isEmpty && lineRoom < min(rest.count, room)) {
          // The word fits on a fresh line (or is cut there): end this one first.
          finish()
        } else {
          // Longer than a whole line: cut it.
          let cut = max(1, lineRoom)
          line = String(rest.prefix(cut))
          rest = rest.dropFirst(cut)
          finish()
        }
      }
    }
    if !line.isEmpty || lines.isEmpty { finish() }
    return lines
  }
}
