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
    var w: Int32 = 0
    var h: Int32 = 0
    var sub: Int32 = 0
    var space: Int32 = 0
    let status = data.withUnsafeBufferPointer { bytes in
      tjDecompressHeader3(handle, bytes.baseAddress, UInt(bytes.count), &w, &h, &sub, &space)
    }
    guard status == 0 else { throw .corrupt(source: source, detail: "not a readable JPEG header") }
    width = Int(w)
    height = Int(h)
    colorSpace = ["RGB", "YCbCr", "grayscale", "CMYK", "YCCK"].indices.contains(Int(space))
      ? ["RGB", "YCbCr", "grayscale", "CMYK", "YCCK"][Int(space)] : "unknown"
    subsampling = ["4:4:4", "4:2:2", "4:2:0", nil, "4:4:0", "4:1:1"].indices.contains(Int(sub))
      ? ["4:4:4", "4:2:2", "4:2:0", nil, "4:4:0", "4:1:1"][Int(sub)] : nil
    orientation = ExifOrientation(jpeg: data)
    let marker: [UInt8] = Array("ICC_PROFILE".utf8) + [0]
    hasICCProfile = data.indices.dropLast(marker.count + 4).contains { i in
      data[i] == 0xFF && data[i + 1] == 0xE2 && data[(i + 4)...].starts(with: marker)
    }
  }

  /// `96x64, JPEG, YCbCr 4:2:0, 8-bit, no alpha, orientation 6 (shown turned 90° clockwise), no ICC profile`.
  public var description: String {
    var parts = ["\(width)x\(height)", "JPEG", colorSpace + (subsampling.map { " " + $0 } ?? ""), "8-bit", "no alpha"]
    if let orientation, orientation != .up { parts.append("orientation \(orientation.rawValue) (\(orientation.meaning))") }
    parts.append(hasICCProfile ? "ICC profile" : "no ICC profile")
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

extension ImageFile {
  /// What the headers of the image file at `path` (`-` for standard input) say, without decoding its pixels: a
  /// `JPEGHeader`'s or `PNGHeader`'s description, by the file's first bytes. A PNG on disk is read only as far as
  /// its header.
  ///
  /// - Throws: `CodecError` naming the file.
  public static func headerDescription(atPath path: String) throws(CodecError) -> String {
    let source = displayName(path, input: true)
    let isJPEG: ([UInt8]) -> Bool = { JPEGDecoder().recognizes($0.prefix(DecoderRegistry.sniffLength)) }
    if path != standardStream, let leading = leadingBytesOfRegularFile(atPath: path) {
      if isJPEG(leading) { return try JPEGHeader(readBytes(atPath: path), source: source).description }
      return try PNGHeader(contentsOfFile: path).description
    }
    let bytes = try readBytes(atPath: path)
    return isJPEG(bytes) ? try JPEGHeader(bytes, source: source).description
      : try PNGHeader(bytes, source: source).description
  }
}
