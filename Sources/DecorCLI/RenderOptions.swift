#if CLI
import ArgumentParser
import Decor

/// The options of every command that reads and renders images (`apply` today): how many threads render, and the
/// largest image read or made. `@OptionGroup var render: RenderOptions` in a command adds them.
struct RenderOptions: ParsableArguments {
  /// The most threads `--threads` takes: far more than any machine's processors, and rendering gains nothing past
  /// one per processor (the renderer never runs more at once than there are tiles).
  static let maxThreads = 1024

  // Read as text, with `.unconditional` so that `--threads -3` is this option's value rather than an unknown
  // option `-3`, and checked in `validate()` by `count(_:option:maximum:)`, so that a bad value gets a message
  // saying what is wrong with it.
  @Option(
    name: .customLong("threads"), parsing: .unconditional,
    help: ArgumentHelp("Rendering threads, 1 to \(maxThreads) (default: one per processor).", valueName: "n"))
  var threadsText: String?

  @Option(
    name: .customLong("max-pixels"), parsing: .unconditional,
    help: ArgumentHelp(
      "The most pixels an image may have: the input and images steps read (refused before their pixels are "
        + "allocated), the result and anything a step renders on the way (default \(Raster.defaultPixelLimit), "
        + "2^28).",
      valueName: "n"))
  var maxPixelsText: String?

  @Option(
    name: .customLong("max-total-pixels"), parsing: .unconditional,
    help: ArgumentHelp(
      "The most pixels an animation's frames (or the pages --all-pages reads) may hold together, frames × canvas, "
        + "when they are written as an animation: counted from the file's records, refused before any frame is "
        + "decoded (default \(Animation.defaultTotalPixelLimit), 2^30).",
      valueName: "n"))
  var maxTotalPixelsText: String?

  @Option(
    name: .customLong("max-bytes"), parsing: .unconditional,
    help: ArgumentHelp(
      "The most bytes an input file may have: the input, images steps and scenes read, standard input (a larger "
        + "file is refused before it is read, a stream when it passes the limit); a number of bytes or with K, M or "
        + "G (1024-based) after it (default 2G).",
      valueName: "n"))
  var maxBytesText: String?

  @Option(name: .customLong("colorspace"), help: ArgumentHelp(
    "auto: convert to sRGB only where images of different ICC profiles meet (a blend step's image, a scene's layers); "
      + "srgb: convert every image to sRGB and write the output as sRGB (default: auto).",
    valueName: "auto|srgb"))
  var colorSpaceName: ColorSpaceName = .auto

  @Option(name: .customLong("allow-read"), help: ArgumentHelp(
    "Read files only inside DIR (repeatable): the input, templates, scenes and every image or font file a step, a "
      + "template or a scene names must be inside one of the folders once links are resolved; anything else is "
      + "refused, naming the step and the path. For services that run templates they did not write.",
    valueName: "DIR"))
  var allowedFolders: [String] = []

  @Flag(name: .customLong("no-auto-orient"),
    help: "Keep the pixels as stored, not turned upright by the EXIF orientation (JPEG, PNG, WebP, TIFF).")
  var keepsStoredOrientation = false

  /// The decoders for the inputs: the standard ones, turning pictures upright unless `--no-auto-orient`,
  /// reading no input larger than `--max-bytes`, and no file outside the `--allow-read` folders.
  var decoders: DecoderRegistry { get throws { try decoders(allPages: false) } }

  /// `decoders`, reading every page of a multi-page TIFF as a frame when `allPages` (`--all-pages` of `apply` and
  /// `batch`).
  func decoders(allPages: Bool) throws -> DecoderRegistry {
    var registry = DecoderRegistry.standard(autoOrient: !keepsStoredOrientation, allPages: allPages)
    registry.byteLimit = maxBytesText.flatMap(Self.byteCount) ?? DecoderRegistry.defaultByteLimit
    registry.readPolicy = try readPolicy
    return registry
  }

  /// The files a run may read: anywhere, or inside the `--allow-read` folders (resolved when asked for: a folder
  /// gone since is an error, never a policy that allows more).
  var readPolicy: ReadPolicy {
    get throws {
      guard !allowedFolders.isEmpty else { return .anywhere }
      do {
        return try ReadPolicy(allowedFolders: allowedFolders)
      } catch {
        throw ValidationError("--allow-read \(error.description)")
      }
    }
  }

  /// `4096`, `64K`, `300M`, `2G` (1024-based, either case) as a number of bytes; `nil` for anything else, below 1
  /// or past `Int.max`.
  static func byteCount(_ text: String) -> Int? {
    let scales: [Character: Int] = ["k": 1 << 10, "m": 1 << 20, "g": 1 << 30]
    var digits = Substring(text)
    var scale = 1
    if let last = text.last?.lowercased().first, let found = scales[last] {
      scale = found
      digits = digits.dropLast()
    }
    guard digits.allSatisfy(\.isASCII), let n = Int(digits), n >= 1 else { return nil }
    let (bytes, overflow) = n.multipliedReportingOverflow(by: scale)
    return overflow ? nil : bytes
  }

  /// The threads asked for, or `nil` for one per processor.
  var threads: Int? { threadsText.flatMap { Int($0) } }

  /// The pixel limit for decoding, the chain and the renderer.
  var maxPixels: Int { maxPixelsText.flatMap { Int($0) } ?? Raster.defaultPixelLimit }

  /// The most pixels an animation's frames may hold together (`--max-total-pixels`).
  var maxTotalPixels: Int { maxTotalPixelsText.flatMap { Int($0) } ?? Animation.defaultTotalPixelLimit }

  func validate() throws {
    if let threadsText { _ = try Self.count(threadsText, option: "--threads", maximum: Self.maxThreads) }
    if let maxBytesText, Self.byteCount(maxBytesText) == nil {
      throw ValidationError(
        "--max-bytes must be a whole number of bytes of at least 1, with K, M or G after it if you like (64M), got "
          + Quoting.quoted(maxBytesText))
    }
    if let maxPixelsText { _ = try Self.count(maxPixelsText, option: "--max-pixels", maximum: .max) }
    _ = try readPolicy
    if let maxTotalPixelsText {
      _ = try Self.count(maxTotalPixelsText, option: "--max-total-pixels", maximum: .max)
    }
  }

  /// `text`, the value of a count `option` (`--threads`, `--jobs`, `--max-pixels`), as a number from 1 to `maximum`;
  /// else an error that says what is wrong with it: `--jobs must be at least 1, got -1`, `--max-pixels
  /// 9999999999999999999 is too large (at most 9223372036854775807)`, or, for text that is no whole number in
  /// digits, `--threads must be a whole number from 1 to 1024, got "two"`.
  static func count(_ text: String, option: String, maximum: Int) throws(ValidationError) -> Int {
    let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      let range = maximum == .max ? "of at least 1" : "from 1 to \(maximum)"
      throw ValidationError("\(option) must be a whole number \(range), got \(Quoting.quoted(text))")
    }
    // Digits past `Int`'s range are too small or too large by their sign.
    let value = Int(text)
    guard value.map({ $0 >= 1 }) ?? (text.first != "-") else {
      throw ValidationError("\(option) must be at least 1, got \(Quoting.shown(text))")
    }
    guard let value, value <= maximum else {
      throw ValidationError("\(option) \(Quoting.shown(text)) is too large (at most \(maximum))")
    }
    return value
  }

  /// How the inputs' colour spaces are handled (`--colorspace`).
  var colorSpace: ColorSpaceHandling { colorSpaceName == .srgb ? .sRGB : .convertWhenMixed }

  /// A renderer with these options.
  var renderer: Renderer { Renderer(threads: threads, pixelLimit: maxPixels) }
}
#endif
