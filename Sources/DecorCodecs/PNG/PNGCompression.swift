import DecorCore

// The measurements behind these choices (which levels, and which one `default` uses at which size) are in
// Benchmarks/png-compression.md.

/// How hard the PNG encoder works to make files small, and with which compressor.
///
/// Every choice compresses the filtered rows in parts of about 1 MiB (fixed by the row's size, never by the threads
/// or the bands), on all threads as the bands are rendered, and joins them into the one zlib stream PNG requires,
/// written as it is made: neither the image nor its compressed form is held whole, and the file is the same for
/// any thread count (`PNGEncoder`, `DeflateParts`).
///
/// - A level `0` … `12`: libdeflate at that level, each part made joinable by one pass of zlib's inflate (gzjoin's
///   method). 0 stores; higher levels make smaller files in more time; 12 makes the smallest, many times slower.
/// - `default`: libdeflate's level 7 for images of up to `defaultLargeImagePixels` pixels, and
///   `defaultLargeImageLevel` (4) for larger ones, where compressing is most of a command's time.
/// - `fast`: zlib's level 1, each part ending in a full flush, so no inflate pass: the least time, for files larger
///   than libdeflate's level 1 makes.
/// - `best`: libdeflate's 12.
///
/// Find one by its command-line name with `init?(name:)`: `fast`, `default`, `best` or a number.
public struct PNGCompression: Hashable, Sendable, CustomStringConvertible {
  /// Which library compresses the parts.
  enum Compressor: Hashable, Sendable {
    /// libdeflate, each part made joinable by `DeflateParts.join`.
    case libdeflate
    /// zlib, each part ending in a full flush.
    case zlib
  }

  /// The compressor's level: libdeflate's 0 … 12, or zlib's 1 for `fast`; for `default`, its level for images up
  /// to `defaultLargeImagePixels` (see `level(forPixels:)`).
  public let level: Int
  let compressor: Compressor
  /// Whether the level depends on the image's size (`default` alone).
  let bySize: Bool

  /// The most pixels `default` compresses at its `level`, 7: 2^23, 8.4 megapixels (2896²); 2^26 in
  /// 0.12.0.
  public static let defaultLargeImagePixels = 1 << 23
  /// The level `default` uses for images of more than `defaultLargeImagePixels`.
  public static let defaultLargeImageLevel = 4

  /// The level used for an image of `pixels` pixels: `level`, but for `default` on an image of more than
  /// `defaultLargeImagePixels`, `defaultLargeImageLevel`.
  public func level(forPixels pixels: Int) -> Int {
    bySize && pixels > Self.defaultLargeImagePixels ? Self.defaultLargeImageLevel : level
  }

  /// This compression as used for an image of `pixels` pixels: the level fixed by the size.
  func resolved(forPixels pixels: Int) -> PNGCompression {
    PNGCompression(level: level(forPixels: pixels), compressor: compressor)
  }

  /// zlib level 1: speed over size.
  public static let fast = PNGCompression(level: 1, compressor: .zlib)
  /// libdeflate level 7, chosen over several kinds of image (Benchmarks/png-compression.md); 4 for images of more
  /// than `defaultLargeImagePixels`.
  public static let `default` = PNGCompression(level: 7, compressor: .libdeflate, bySize: true)
  /// libdeflate level 12: the smallest files, many times slower.
  public static let best = PNGCompression(level: 12, compressor: .libdeflate)

  /// The levels libdeflate accepts.
  public static let levels = 0...12

  /// The filtered size (32 MiB) above which `default` used to switch to `fast`'s streamed zlib. Every level now
  /// streams in parts on all threads; `default`'s level depends on the pixels instead (`defaultLargeImagePixels`).
  /// Kept so that code naming it builds.
  @available(*, deprecated, message: "every level streams in parts on all threads; see defaultLargeImagePixels")
  public static let streamingThreshold = 32 << 20

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

  init(level: Int, compressor: Compressor, bySize: Bool = false) {
    self.level = level
    self.compressor = compressor
    self.bySize = bySize
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
