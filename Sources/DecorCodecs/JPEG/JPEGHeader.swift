#if JPEG
import DecorCore

import CJPEG

/// What a JPEG file's headers say, read without decoding its pixels (`decor info`), by the same libjpeg reader as
/// the pixels (`JPEGRowSource`).
public struct JPEGHeader: Equatable, Sendable, CustomStringConvertible {
  public var width: Int
  public var height: Int
  /// The colour space's name, as libjpeg-turbo names it: `YCbCr`, `RGB`, `grayscale`, `CMYK` or `YCCK`.
  public var colorSpace: String
  /// The chroma subsampling (`4:2:0`, `4:4:4`, …), or `nil` for greyscale and unknown ones.
  public var subsampling: String?
  /// The EXIF orientation, when the file records one.
  public var orientation: ExifOrientation?
  /// Whether an ICC profile is embedded (an APP2 `ICC_PROFILE` segment).
  public var hasICCProfile: Bool

  /// Reads the headers of a JPEG file held in memory.
  ///
  /// - Throws: `CodecError.corrupt` when libjpeg cannot read them, `.unsupportedVariant` for a frame it does not
  ///   decode.
  public init(_ data: [UInt8], source: String) throws(CodecError) {
    let jpeg: UnsafeMutablePointer<decor_jpeg_reader>
    let input: ByteReader
    do {
      (jpeg, input) = try JPEGRowReader.openHeader(bytes: ByteSource(bytes: data, name: source), source: source,
        scale: .full, pixelLimit: .max)
    } catch .unsupportedVariant(let source, let detail) {
      throw .unsupportedVariant(source: source, detail: detail)
    } catch {
      throw .corrupt(source: source, detail: "not a readable JPEG header")
    }
    defer {
      JPEGRowReader.release(jpeg)
      withExtendedLifetime(input) {}
    }
    let cinfo = jpeg.pointee.cinfo
    width = Int(cinfo.image_width)
    height = Int(cinfo.image_height)
    colorSpace =
      switch cinfo.jpeg_color_space {
      case JCS_RGB: "RGB"
      case JCS_YCbCr: "YCbCr"
      case JCS_GRAYSCALE: "grayscale"
      case JCS_CMYK: "CMYK"
      case JCS_YCCK: "YCCK"
      default: "unknown"
      }
    subsampling = JPEGHeader.subsampling(jpeg)
    orientation = ExifOrientation(jpeg: data)
    hasICCProfile = JPEGMarkers.segments(data).contains { segment in
      segment.marker == 0xE2 && data[segment.body].starts(with: JPEGDecoder.iccSignature)
    }
  }

  /// The subsampling's name as TurboJPEG's `tjDecompressHeader3` finds it: the luma's sampling factors, every chroma
  /// component's 1×1 (and a CMYK or YCCK file's black as the luma's); or every component's the same, 4:4:4 written
  /// another way. `nil` for one component or factors none of these.
  static func subsampling(_ jpeg: UnsafeMutablePointer<decor_jpeg_reader>) -> String? {
    let cinfo = jpeg.pointee.cinfo
    let count = Int(cinfo.num_components)
    guard count > 1 else { return nil }
    var factors: [(Int32, Int32)] = []
    for index in 0..<count {
      var (h, v): (Int32, Int32) = (0, 0)
      guard decor_jpeg_sampling(jpeg, Int32(index), &h, &v) != 0 else { return nil }
      factors.append((h, v))
    }
    let black = count == 4 && (cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK)
    let luma = factors[0]
    let chromaPlain = factors.indices.dropFirst().allSatisfy { index in
      black && index == 3 ? factors[index] == luma : factors[index] == (1, 1)
    }
    if chromaPlain {
      switch luma {
      case (1, 1): return "4:4:4"
      case (2, 1): return "4:2:2"
      case (2, 2): return "4:2:0"
      case (1, 2): return "4:4:0"
      case (4, 1): return "4:1:1"
      default: break
      }
    }
    return factors.allSatisfy { $0 == luma } ? "4:4:4" : nil
  }

  /// `96x64, JPEG, YCbCr 4:2:0, 8-bit, no alpha, orientation 6 (shown turned 90° clockwise)` (`decor info` adds
  /// the profile and density, from `JPEGDecoder.metadata(of:)`).
  public var description: String {
    var parts = ["\(width)x\(height)", "JPEG", colorSpace + (subsampling.map { " " + $0 } ?? ""), "8-bit", "no alpha"]
    if let orientation, orientation != .up { parts.append(orientation.summary) }
    return parts.joined(separator: ", ")
  }
}
#endif
