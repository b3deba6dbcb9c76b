import DecorCore

/// How hard the PNG encoder works to make files small, and with which compressor.
///
/// Every choice compresses the filtered rows in parts of about 1 MiB (fixed by the row's size, never by the threads
/// or the bands), on all threads as the bands are rendered, and joins them into the one zlib stream PNG requires,
/// written as it is made: neither the image nor its compressed form is held whole, and the file is the same for
/// any thread count (`PNGEncoder`, `DeflateParts`).
///
/// - A level `0` … `12`: libdeflate at that level, each part made joinable by one pass of zlib's inflate (gzjoin's
///   method). 0 stores; 1 is fastest; 6 makes files as small as zlib's 9; 12 is the smallest, ten to twenty times
///   slower than 6.
/// - `default`: libdeflate's level 7 for images up to `defaultLargeImagePixels`, chosen from a table of a photo, a
///   photo cut-out, a screenshot and a flat graphic at levels 1 to 12 (`Benchmarks/README.md`). On the
///   photo, screenshot and graphic, 7's files are within 0.4% of 6's for at most 3% more of the command's CPU time,
///   and 8 or 9 would save at most 0.5% more for up to 29% more. The cut-out is where the levels differ: 7's file is
///   2% smaller than 6's for 16% more CPU time (1.03× the smallest peer's, ImageMagick's; 6's would miss 1.05× of
///   it), and 8 would save 2.6% more for 45% more. Images of more than 8 megapixels get level 4
///   (`defaultLargeImageLevel`), where compressing is most of a command's time: on the 16.8-megapixel photo, level 7
///   took 2.3× level 4's CPU time for the whole `blur 10` (a file 7% smaller), 1.4× for `rotate 30` (0.1%
///   smaller), and on the photo cut-out scaled to 4096², 1.5× for a file 5% smaller; on a 268-megapixel photo
///   blurred by σ 5, level 7 spends 2.7× level 4's compression time for a file 13% smaller, and level 4's is still
///   18% smaller than libvips' default; on the 4-megapixel kinds, 4's files are 0.6% smaller to 6% larger than 7's.
/// - `fast`: zlib's level 1, each part ending in a full flush, so no inflate pass: the fastest (0.66–0.90× the
///   command's CPU time at libdeflate's level 1), for files 7–44% larger than level 1's.
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
  /// libdeflate level 7, chosen over several kinds of image (`Benchmarks/README.md`); 4 for images of more than
  /// `defaultLargeImagePixels`.
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
