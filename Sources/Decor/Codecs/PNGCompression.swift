/// How hard the PNG encoder's compressor (libdeflate) works to make files small.
///
/// A level from 0 (stored, no compression) to 12 (libdeflate's slowest and smallest), on zlib's scale up to 9.
/// Measured on this project's benchmark images (`Benchmarks/README.md`): level 1 is about four times as fast as 6
/// with files 5–12% larger; 12 takes ten to twenty times as long as 6 for files 5–12% smaller. Find one by its
/// command-line name with `init?(name:)`: `fast`, `default`, `best` or a number.
public struct PNGCompression: Hashable, Sendable, CustomStringConvertible {
  /// libdeflate's compression level, 0 … 12.
  public let level: Int

  /// libdeflate level 1: speed over size.
  public static let fast = PNGCompression(uncheckedLevel: 1)
  /// libdeflate level 6: files as small as zlib's level 9 or smaller, several times faster than zlib's 6.
  public static let `default` = PNGCompression(uncheckedLevel: 6)
  /// libdeflate level 12: the smallest files, many times slower.
  public static let best = PNGCompression(uncheckedLevel: 12)

  /// The levels libdeflate accepts.
  public static let levels = 0...12

  /// The named levels and the numbers, as the command line spells them.
  public static let allNames = ["fast", "default", "best"] + levels.map(String.init)

  /// A level in `levels`, or `nil`.
  public init?(level: Int) {
    guard Self.levels.contains(level) else { return nil }
    self.level = level
  }

  /// The level of that name (`fast`, `default`, `best`) or number (`0` … `12`), or `nil`.
  public init?(name: String) {
    switch name {
    case "fast": self = .fast
    case "default": self = .default
    case "best": self = .best
    default:
      guard let number = Int(name) else { return nil }
      self.init(level: number)
    }
  }

  init(uncheckedLevel: Int) { level = uncheckedLevel }

  public var description: String {
    switch self {
    case .fast: "fast"
    case .default: "default"
    case .best: "best"
    default: String(level)
    }
  }
}
