/// How hard the PNG encoder works to make files small, and with which compressor.
///
/// - `fast`: zlib's level 1, streamed: bands of rows are compressed as they are rendered, on all threads, and
///   joined by full flushes into the one zlib stream PNG requires; neither the image nor its compressed form is
///   held whole. A 36 Mpx rotation writes in 1.25 s against libdeflate 6's 2.72 s on two cores, its file a third
///   larger (measured, `Benchmarks/README.md`).
/// - A level `0` … `12`, and `best` (12): libdeflate at that level over the whole image at once (libdeflate has
///   no streaming interface), on one thread. 0 stores; 1 is fastest; 6 makes files as small as zlib's 9; 12 is
///   libdeflate's smallest, ten to twenty times slower than 6.
/// - `default`: libdeflate's level 7 for images of up to `streamingThreshold` bytes of filtered rows (32 MiB:
///   about 8 Mpx RGBA or 11 Mpx RGB); above it, the streamed compressor, whose files are larger but which is about
///   twice as fast there on two cores and holds no whole-image buffer. Level 7 rather than zlib's usual 6:
///   on the benchmarks' cut-out it makes files 2% smaller than 6 (smaller than ImageMagick's and Pillow's) for
///   0.05 s more.
///
/// `Benchmarks/README.md` has the measurements behind these choices. Find one by its command-line name with
/// `init?(name:)`: `fast`, `default`, `best` or a number.
public struct PNGCompression: Hashable, Sendable, CustomStringConvertible {
  /// Which library compresses the parts.
  enum Compressor: Hashable, Sendable {
    /// libdeflate, each part made joinable by `DeflateParts.join`.
    case libdeflate
    /// zlib, each part ending in a full flush.
    case zlib
  }

  /// The compressor's level: libdeflate's 0 … 12, or zlib's 1 for `fast`.
  public let level: Int
  let compressor: Compressor

  /// zlib level 1: speed over size.
  public static let fast = PNGCompression(level: 1, compressor: .zlib)
  /// libdeflate level 7, chosen over several kinds of image (`Benchmarks/README.md`).
  public static let `default` = PNGCompression(level: 7, compressor: .libdeflate)
  /// libdeflate level 12: the smallest files, many times slower.
  public static let best = PNGCompression(level: 12, compressor: .libdeflate)

  /// The levels libdeflate accepts.
  public static let levels = 0...12

  /// The named levels and the numbers, as the command line spells them.
  public static let allNames = ["fast", "default", "best"] + levels.map(String.init)

  /// libdeflate at a level in `levels`, or `nil`.
  public init?(level: Int) {
    guard Self.levels.contains(level) else { return nil }
    self.init(level: level, compressor: .libdeflate)
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

  init(level: Int, compressor: Compressor) {
    self.level = level
    self.compressor = compressor
  }

  public var description: String {
    switch self {
    case .fast: "fast"
    case .default: "default"
    case .best: "best"
    default: String(level)
    }
  }
}
