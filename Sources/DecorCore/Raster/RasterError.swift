/// Why a raster could not be made.
public enum RasterError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A width or height of zero or less.
  case invalidSize(width: Int, height: Int)
  /// More pixels than the limit allows, or more bytes than memory can address.
  case tooLarge(width: Int, height: Int, limit: Int)
  /// A pixel buffer whose length does not match `width × height × 4`.
  case bufferSizeMismatch(expected: Int, actual: Int)
  /// A region that does not overlap the raster, or is empty.
  case regionOutside(region: IntRect, bounds: IntRect)
  /// The memory for a whole `width × height` image (`bytes` of it) could not be had: a size within the pixel limit
  /// (raised by the caller) that this machine cannot hold. Nothing was allocated.
  case allocationFailed(width: Int, height: Int, bytes: Int)

  public var description: String {
    switch self {
    case .invalidSize(let w, let h):
      return "invalid size \(w)x\(h): width and height must be at least 1"
    case .tooLarge(let w, let h, let limit):
      return "image of \(w)x\(h) pixels exceeds the limit of \(limit) pixels"
    case .bufferSizeMismatch(let expected, let actual):
      return "pixel buffer holds \(actual) bytes, expected \(expected)"
    case .regionOutside(let region, let bounds):
      return "region \(region) does not overlap the image \(bounds)"
    case .allocationFailed(let w, let h, let bytes):
      return "cannot allocate \(bytes) bytes for an image of \(w)x\(h) pixels: not enough memory"
    }
  }
}
