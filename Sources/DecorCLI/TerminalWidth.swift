#if CLI
// The C library, not Foundation (see DecorCommand.swift).
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How many columns `decor filters` (on stdout) and `decor batch`'s progress bar (on stderr) may fill.
enum TerminalWidth {
  /// The most a listing uses when standard output is not a terminal (a pipe, a file): narrow enough for a pager,
  /// a diff or an e-mail, whatever width the terminal that started the command had.
  static let piped = 100
  /// A terminal's width when neither `COLUMNS` nor the terminal says (the traditional 80).
  static let fallback = 80

  /// The width for standard output: on a terminal, `COLUMNS` when set (as `ls` honours it, to override the
  /// terminal), else the terminal's own width (`TIOCGWINSZ`), else 80; otherwise `COLUMNS` when narrower than
  /// `piped`, else `piped`.
  static var current: Int {
    let columns = getenv("COLUMNS").flatMap { Int(String(cString: $0)) }.flatMap { $0 > 0 ? $0 : nil }
    guard isatty(STDOUT_FILENO) == 1 else { return min(piped, columns ?? piped) }
    return columns ?? terminalColumns(of: STDOUT_FILENO) ?? fallback
  }

  /// The width of the terminal `descriptor` is, from the kernel, or `nil` when it is not one or does not say.
  static func terminalColumns(of descriptor: Int32) -> Int? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}
#endif
