#if JPEG
import DecorCore

import CTurboJPEG

/// What a JPEG file's headers say, read without decoding its pixels (`decor info`).
public struct JPEGHeader: Equatable, Sendable, CustomStringConvertible {
  public var width: Int
  public var height: Int
  /// libjpeg-turbo's colour space name: `YCbCr`, `RGB`, `grayscale`, `CMYK` or `YCCK`.
  public var colorSpace: String
  /// The chroma subsampling (`4:2:0`, `4:4:4`, …), or `nil` for greyscale and unknown ones.
  public var subsampling: String?
  /// The EXIF orientation, when the file records one.
  public var orientation: ExifOrientation?
  /// Whether an ICC profile is embedded (an APP2 `ICC_PROFILE` segment).
  public var hasICCProfile: Bool

  /// Reads the headers of a JPEG file held in memory.
  ///
  /// - Throws: `CodecError.corrupt` when libjpeg-turbo cannot read them.
  public init(_ data: [UInt8], source: String) throws(CodecError) {
    guard let handle = tjInitDecompress() else {
      throw .corrupt(source: source, detail: "cannot start libjpeg-turbo's decoder")
    }
    defer { tjDestroy(handle) }
    guard let (w, h, sub, space) = JPEGHeader.read(data, with: handle) else {
      if let variant = JPEGMarkers.unsupportedVariant(data) {
        throw .unsupportedVariant(source: source, detail: variant)
      }
      throw .corrupt(source: source, detail: "not a readable JPEG header")
    }
    width = Int(w)
    height = Int(h)
    // TurboJPEG's TJCS_* and TJSAMP_* values, in order (TJSAMP_GRAY has no chroma to subsample).
    let spaces = ["RGB", "YCbCr", "grayscale", "CMYK", "YCCK"]
    let samplings: [String?] = ["4:4:4", "4:2:2", "4:2:0", nil, "4:4:0", "4:1:1"]
    colorSpace = spaces.indices.contains(Int(space)) ? spaces[Int(space)] : "unknown"
    subsampling = samplings.indices.contains(Int(sub)) ? samplings[Int(sub)] : nil
    orientation = ExifOrientation(jpeg: data)
    hasICCProfile = JPEGMarkers.segments(data).contains { segment in
      segment.marker == 0xE2 && data[segment.body].starts(with: JPEGDecoder.iccSignature)
    }
  }

  /// TurboJPEG's reading of the headers (width, height, subsampling, colour space), shared with `JPEGDecoder`; `nil`
  /// when it cannot read them or the size is empty.
  static func read(_ data: [UInt8], with handle: tjhandle) -> (Int32, Int32, Int32, Int32)? {
    var (width, height, subsampling, colorspace): (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
    let status = data.withUnsafeBufferPointer { bytes in
      tjDecompressHeader3(handle, bytes.baseAddress, UInt(bytes.count), &width, &height, &subsampling, &colorspace)
    }
    // A warning (junk before a marker) still gives the header.
    guard status == 0 || tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue), width > 0, height > 0 else {
      return nil
    }
    return (width, height, subsampling, colorspace)
  }

  /// `96x64, JPEG, YCbCr 4:2:0, 8-bit, no alpha, orientation 6 (shown turned 90° clockwise)` (`decor info` adds
  /// the profile and density, from `JPEGDecoder.metadata(of:)`).
  public var description: String {
    var parts = ["\(width)x\(height)", "JPEG", colorSpace + (subsampling.map { " " + $0 } ?? ""), "8-bit", "no alpha"]
    if let orientation, orientation != .up { parts.append("orientation \(orientation.rawValue) (\(orientation.meaning))") }
    return parts.joined(separator: ", ")
  }
}

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
}
#endif
