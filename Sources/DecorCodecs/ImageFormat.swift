import DecorCore

/// An image file format, as a file name's extension names it: what an output path asks to be written as.
///
/// Decor writes PNG, JPEG, WebP, TIFF and AVIF: ``ImageFile/checkOutputFormat(_:writing:)``
/// refuses to write one format's bytes under a name that says another, so that `-o photo.gif` never leaves a PNG
/// that image viewers and web servers would take for something else.
public enum ImageFormat: String, Sendable, CaseIterable {
  case png
  case jpeg
  case webp
  case gif
  case tiff
  case bmp
  case avif
  case heif
  case jpegXL = "jpeg-xl"
  case jpeg2000 = "jpeg-2000"
  case icon
  case qoi
  case targa
  case netpbm
  case openEXR = "openexr"
  case radianceHDR = "radiance-hdr"
  case photoshop
  case svg
  case pdf

  /// The lowercase extensions (without the dot) that name each format.
  static let extensions: [String: ImageFormat] = [
    "png": .png, "apng": .png,
    "jpg": .jpeg, "jpeg": .jpeg, "jpe": .jpeg, "jfif": .jpeg, "pjpeg": .jpeg,
    "webp": .webp, "gif": .gif, "tif": .tiff, "tiff": .tiff, "bmp": .bmp, "dib": .bmp, "avif": .avif,
    "heic": .heif, "heif": .heif, "jxl": .jpegXL, "jp2": .jpeg2000, "j2k": .jpeg2000, "jpf": .jpeg2000,
    "ico": .icon, "cur": .icon, "qoi": .qoi, "tga": .targa, "pbm": .netpbm, "pgm": .netpbm, "ppm": .netpbm,
    "pnm": .netpbm, "pam": .netpbm, "exr": .openEXR, "hdr": .radianceHDR, "psd": .photoshop, "svg": .svg,
    "pdf": .pdf,
  ]

  /// The format a path's extension names, case-insensitively (`photo.JPG` is JPEG), or `nil` when the file name
  /// has no extension, or one that names no image format (`out`, `/dev/null`, `-`, `.png` alone, `notes.txt`).
  public init?(path: String) {
    let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    // A leading dot starts a hidden file's name, not an extension.
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex,
      let format = ImageFormat.extensions[name[name.index(after: dot)...].lowercased()]
    else { return nil }
    self = format
  }

  /// Whether Decor can write this format: PNG, JPEG, WebP, TIFF and AVIF.
  public var isWritable: Bool { self == .png || self == .jpeg || self == .webp || self == .tiff || self == .avif }

  /// The format's usual name: `PNG`, `JPEG`, `WebP`, ….
  public var displayName: String {
    switch self {
    case .png, .jpeg, .gif, .tiff, .bmp, .avif, .heif, .qoi, .svg, .pdf: return rawValue.uppercased()
    case .webp: return "WebP"
    default: return rawValue
    }
  }

  /// The formats Decor writes, with their extensions, for messages.
  static let writableList = "PNG (.png), JPEG (.jpg, .jpeg), WebP (.webp), TIFF (.tif, .tiff) and AVIF (.avif)"
}
