#if CLI
/// The progress line `decor batch` draws on a terminal: a bar, done/total, the rate, and the time left.
///
/// `[##########··········]  12/40  2.5/s  0:11 left`. A pure function of its numbers, so it is tested without a
/// terminal; `BatchCommand` redraws it in place (`\r`, then erase to the end of the line).
struct ProgressBar {
  var total: Int

  /// The line for `done` items after `elapsed` seconds, at most `width` characters (the bar shrinks first, and
  /// goes when even a 10-cell bar does not fit).
  func line(done: Int, elapsed: Double, width: Int) -> String {
    let counts = "\(String(repeating: " ", count: max(0, String(total).count - String(done).count)))\(done)/\(total)"
    let rate = elapsed > 0 && done > 0 ? Double(done) / elapsed : nil
    var parts = [counts]
    if let rate {
      parts.append(rate >= 10 ? "\(Int(rate.rounded()))/s" : "\(Double(Int(rate * 10)) / 10)/s")
      if done < total { parts.append(ProgressBar.duration(Double(total - done) / rate) + " left") }
      else { parts.append("done in " + ProgressBar.duration(elapsed)) }
    }
    let text = parts.joined(separator: "  ")
    let room = width - text.count - 4
    guard room >= 10 else { return String(text.prefix(max(0, width))) }
    let cells = min(room, 40)
    let filled = total > 0 ? min(cells, done * cells / total) : cells
    return "[" + String(repeating: "#", count: filled) + String(repeating: "·", count: cells - filled) + "]  " + text
  }

  /// `m:ss`, or `h:mm:ss` from an hour on.
  static func duration(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded(.up))
    let (h, m, s) = (whole / 3600, whole / 60 % 60, whole % 60)
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(m):\(two(s))"
  }
}
#endif
