import DecorCore

extension ExifOrientation {
  /// How the stored pixels are shown, in words.
  public var meaning: String {
    switch self {
    case .up: return "as stored"
    case .mirrored: return "mirrored left-right"
    case .upsideDown: return "turned 180°"
    case .upsideDownMirrored: return "mirrored top-bottom"
    case .leftMirrored: return "transposed"
    case .right: return "shown turned 90° clockwise"
    case .rightMirrored: return "transversed"
    case .left: return "shown turned 90° anticlockwise"
    }
  }

  /// `orientation 6 (shown turned 90° clockwise)`: what `decor info` says of a file that records it.
  package var summary: String { "orientation \(rawValue) (\(meaning))" }
}
