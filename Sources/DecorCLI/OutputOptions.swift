import ArgumentParser
import Decor

/// How `apply` and `compose` write their output: the format (from the name, or `--format`), PNG's compression,
/// JPEG's and WebP's quality, JPEG's subsampling and background, WebP's lossless mode.
struct OutputOptions: ParsableArguments {
  @Option(help: ArgumentHelp(
    "png, jpeg or webp (default: from the output's extension, else png; required with -o -).", valueName: "format"))
  var format: OutputFormat?

  @Option(help: "PNG compression, on all threads: fast (zlib 1), default (libdeflate 7; 4 above 8 Mpx), best (12), or a level 0…12.")
  var compression: PNGCompression = .default

  @Option(help: ArgumentHelp("JPEG or lossy WebP quality, 1…100 (default: 90 for JPEG, 75 for WebP).",
    valueName: "q"))
  var quality: Int?

  @Flag(help: "WebP: lossless (exact pixels and alpha; larger files).")
  var lossless = false

  @Flag(help: "Leave out the input's ICC profile, pixel density, EXIF and XMP (kept by default).")
  var strip = false

  @Option(help: "JPEG chroma subsampling: 420 (smaller) or 444 (sharp colour edges).")
  var subsampling: JPEGOptions.Subsampling = .s420

  @Option(help: ArgumentHelp("JPEG: the colour transparent pixels are laid on (JPEG has no alpha).",
    valueName: "color"))
  var background = "white"

  func validate() throws {
    if let quality, !(1...100).contains(quality) {
      throw ValidationError("--quality must be 1…100, got \(quality)")
    }
    do {
      _ = try Color(parsing: background)
    } catch {
      throw ValidationError("--background: \(error)")
    }
  }

  /// The format `path` gets, checked before any work.
  func outputFormat(for path: String) throws -> ImageFormat {
    // Standard output has no name to take a format from, and guessing PNG would surprise whoever reads it.
    if path == "-" && format == nil {
      throw ValidationError("-o - needs --format png, jpeg or webp (standard output has no extension)")
    }
    return try ImageFormat.output(for: path, explicit: format?.imageFormat)
  }

  /// Renders `image` into `path` in `format`; a JPEG that had to lay translucent pixels on the background says so
  /// on stderr (one line; the exit status stays 0).
  func write(
    _ image: any ImageComponent, as format: ImageFormat, to path: String, with renderer: Renderer,
    metadata input: ImageMetadata = .none
  ) throws {
    let metadata = strip ? .none : input
    switch format {
    case .jpeg:
      // Rendered band by band into libjpeg and written as it is compressed, as PNG below.
      let color = (try? Color(parsing: background)) ?? .white
      let flattened = try renderer.renderJPEG(image, toFile: path,
        options: JPEGOptions(quality: quality ?? 90, subsampling: subsampling, background: color), metadata: metadata)
      if flattened {
        printError("\(path): JPEG has no alpha: transparent pixels were laid on \(color) (--background)")
      }
    case .webp:
      try renderer.renderWebP(image, toFile: path, options: WebPOptions(quality: quality ?? 75, lossless: lossless),
        metadata: metadata)
    default:
      // Rendered band by band into the encoder, and written as it is compressed: the whole output image never
      // exists in memory.
      try renderer.renderPNG(image, toFile: path, compression: compression, metadata: metadata)
    }
  }
}

/// The formats `--format` takes.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
  case png
  case jpeg
  case jpg
  case webp

  var imageFormat: ImageFormat {
    switch self {
    case .png: .png
    case .jpeg, .jpg: .jpeg
    case .webp: .webp
    }
  }
}

extension JPEGOptions.Subsampling: ExpressibleByArgument {}
