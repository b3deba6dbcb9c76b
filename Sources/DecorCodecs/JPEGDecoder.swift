#if JPEG
import DecorCore

import CTurboJPEG

/// The JPEG decoder of the standard `DecoderRegistry`, through libjpeg-turbo's TurboJPEG API (whose calls return
/// error codes: no `longjmp` crosses a Swift frame).
///
/// - Reads baseline and progressive files, in colour or greyscale (spread to grey RGB), and CMYK or YCCK ones,
///   converted to RGB as Adobe applications write them (inverted CMYK, the convention of every CMYK JPEG in
///   practice): R = C·K/255, and so on.
/// - Decodes as libjpeg does by default (the accurate integer DCT, smooth chroma upsampling), as Pillow does, so
///   both give the same pixels.
/// - The pixel limit is checked from the header, before the pixels are allocated.
/// - A truncated or corrupt file is an error (`CodecError.corrupt` with libjpeg's message): decoding stops at
///   libjpeg's first warning rather than returning a partly grey image.
/// - With `autoOrient` (the default), the EXIF orientation is applied: the raster is the picture upright, as viewers
///   show it (see `ExifOrientation`); without it, the pixels come as stored.
/// - The ICC profile and the JFIF density are read by `metadata(of:)`, not applied (see `ImageMetadata`).
public struct JPEGDecoder: ImageDecoder {
  /// Whether the EXIF orientation is applied.
  public var autoOrient: Bool

  public init(autoOrient: Bool = true) { self.autoOrient = autoOrient }

  public var name: String { "jpeg" }

  /// The SOI marker followed by the start of another marker: `FF D8 FF`.
  public func recognizes(_ leadingBytes: ArraySlice<UInt8>) -> Bool { leadingBytes.starts(with: [0xFF, 0xD8, 0xFF]) }

  public func decode(_ data: [UInt8], source: String, pixelLimit: Int) throws(CodecError) -> Raster {
    try decodeImage(data, source: source, pixelLimit: pixelLimit).raster
  }

  /// The pixels, metadata and frame count, and the warning libjpeg passed over, if any (see `DecodedImage.warnings`).
  public func decodeImage(_ data: [UInt8], source: String, pixelLimit: Int) throws(CodecError) -> DecodedImage {
    let (raster, warning) = try decodeReportingWarning(data, source: source, pixelLimit: pixelLimit)
    return DecodedImage(raster: raster, metadata: metadata(of: data), frameCount: 1,
      warnings: warning.map { [$0] } ?? [])
  }

  /// libjpeg's words for a file that ends before its EOI marker, the one warning that is an error.
  static let endsEarly = "Premature end of JPEG file"

  /// The pixels, and libjpeg's first warning when it passed over damage (as `JPEGRowReader` does: the same files
  /// decode, the same are errors).
  func decodeReportingWarning(_ data: [UInt8], source: String, pixelLimit: Int) throws(CodecError)
    -> (Raster, String?)
  {
    guard let handle = tjInitDecompress() else {
      throw .corrupt(source: source, detail: "cannot start libjpeg-turbo's decoder")
    }
    defer { tjDestroy(handle) }
    func failure() -> CodecError {
      if let variant = JPEGMarkers.unsupportedVariant(data) {
        return .unsupportedVariant(source: source, detail: variant)
      }
      return .corrupt(source: source, detail: JPEGDecoder.message(handle))
    }
    guard data.count <= Int(UInt32.max) else { throw .corrupt(source: source, detail: "file over 4 GiB") }
    guard let (width, height, _, colorspace) = JPEGHeader.read(data, with: handle) else { throw failure() }
    let (w, h) = (Int(width), Int(height))
    guard (try? Raster.byteCount(width: w, height: h, pixelLimit: pixelLimit)) != nil else {
      throw .tooLarge(source: source, width: w, height: h, limit: pixelLimit)
    }
    let cmyk = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
    let format = cmyk ? TJPF_CMYK : TJPF_RGBA
    // Warnings do not stop the decoding (browsers show such files); a file cut short is refused below.
    let flags: Int32 = 0
    var warning: String?
    do {
      var raster = try Raster(width: w, height: h, pixelLimit: pixelLimit) { buffer throws(CodecError) in
        let status = data.withUnsafeBufferPointer { bytes in
          tjDecompress2(handle, bytes.baseAddress, UInt(bytes.count), buffer.baseAddress!.assumingMemoryBound(
            to: UInt8.self), width, 0, height, format.rawValue, flags)
        }
        guard status != 0 else { return }
        guard tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) else { throw failure() }
        // TurboJPEG keeps the first warning's words only: a file cut short after other damage is found by its
        // missing EOI marker, where libjpeg would have invented grey rows.
        let words = JPEGDecoder.message(handle)
        guard words != JPEGDecoder.endsEarly, JPEGMarkers.hasEndOfImage(data) else {
          throw .corrupt(source: source, detail: JPEGDecoder.endsEarly)
        }
        warning = words
      }
      raster.withUnsafeMutableBytes { bytes in
        if cmyk { JPEGDecoder.invertedCMYKToRGBA(bytes) }
      }
      if autoOrient, let orientation = ExifOrientation(jpeg: data) { raster = try orientation.apply(to: raster) }
      return (raster, warning)
    } catch let error as CodecError {
      throw error
    } catch RasterError.allocationFailed(let width, let height, let bytes) {
      throw .allocationFailed(source: source, width: width, height: height, bytes: bytes)
    } catch {
      throw .corrupt(source: source, detail: "\(error)")
    }
  }

  /// Inverted (Adobe) CMYK, four bytes a pixel, to opaque RGBA in place: each of C, M, Y times K, over 255.
  package static func invertedCMYKToRGBA(_ bytes: UnsafeMutableRawBufferPointer) {
    let pixels = bytes.bindMemory(to: UInt8.self)
    var i = 0
    while i + 3 < pixels.count {
      // round(C × K / 255): the same rounded product as premultiplying.
      let k = pixels[i + 3]
      for c in 0..<3 { pixels[i + c] = Premultiplication.premultiply(pixels[i + c], k) }
      pixels[i + 3] = 255
      i += 4
    }
  }

  /// libjpeg-turbo's message for the last error on `handle` (the encoder's too).
  package static func message(_ handle: tjhandle) -> String {
    guard let text = tjGetErrorStr2(handle) else { return "unknown libjpeg-turbo error" }
    var bytes: [UInt8] = []
    var p = text
    while p.pointee != 0 && bytes.count < 512 {
      bytes.append(UInt8(bitPattern: p.pointee))
      p += 1
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
#endif
