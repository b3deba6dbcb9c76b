#if JPEG
import CTurboJPEG

import Decor

/// TurboJPEG, the oracle of Decor's libjpeg reader and writer (the library itself no longer links it):
/// - the JPEG encoder as it was before it streamed, the reference the streamed output must equal byte for byte: the
///   whole raster flattened into an RGB copy, compressed at once by TurboJPEG's `tjCompress2` (`TJPF_RGB`,
///   `TJFLAG_ACCURATEDCT`), then the metadata spliced into its file;
/// - the JPEG decoder as it was before every decode was the row reader's: `tjDecompress2` into RGBA (inverted CMYK
///   converted), the pixels `JPEGDecoder(autoOrient: false)` must give byte for byte.
package enum TurboJPEGReference {
  /// The stored pixels of a whole JPEG file, as `tjDecompress2` gives them (premultiplied RGBA, opaque), or `nil`
  /// when TurboJPEG refuses the file or only warns about it.
  package static func decode(_ data: [UInt8]) -> Raster? {
    guard let handle = tjInitDecompress() else { return nil }
    defer { tjDestroy(handle) }
    var (width, height, subsampling, colorspace): (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
    guard data.withUnsafeBufferPointer({
      tjDecompressHeader3(handle, $0.baseAddress, UInt($0.count), &width, &height, &subsampling, &colorspace)
    }) == 0 else { return nil }
    let cmyk = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
    var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
    let status = pixels.withUnsafeMutableBufferPointer { out in
      data.withUnsafeBufferPointer {
        tjDecompress2(handle, $0.baseAddress, UInt($0.count), out.baseAddress, width, 0, height,
          (cmyk ? TJPF_CMYK : TJPF_RGBA).rawValue, 0)
      }
    }
    guard status == 0 else { return nil }
    // TurboJPEG gives the CMYK samples; they are converted as the reader converts Adobe's CMYK without a profile (the
    // fixtures' CMYK files are Pillow's), so that the comparison is of libjpeg's decoding.
    if cmyk {
      let convert = CMYKConversion(inverted: true, profile: nil).converter()
      pixels.withUnsafeMutableBytes { convert($0.baseAddress!, $0.count / 4) }
    }
    return try? Raster(width: Int(width), height: Int(height), premultipliedBytes: pixels)
  }

  /// libjpeg-turbo's message for the last error on `handle`.
  static func message(_ handle: tjhandle) -> String {
    guard let text = tjGetErrorStr2(handle) else { return "unknown libjpeg-turbo error" }
    return String(cString: text)
  }

  /// The file and whether any pixel was translucent, as `JPEGEncoder.encode` made them with TurboJPEG; `grey`
  /// makes a one-component file (`TJSAMP_GRAY`).
  package static func encode(
    _ raster: Raster, options: JPEGOptions = JPEGOptions(), metadata: ImageMetadata = .none, grey: Bool = false
  ) throws -> (bytes: [UInt8], flattened: Bool) {
    let (w, h) = (raster.width, raster.height)
    let (rgb, flattened) = flatten(raster, onto: options.background)
    guard let handle = tjInitCompress() else { throw CodecError.encodingFailed(destination: "reference", detail: "") }
    defer { tjDestroy(handle) }
    var output: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    let subsampling = grey ? TJSAMP_GRAY : options.subsampling == .s444 ? TJSAMP_444 : TJSAMP_420
    let status = rgb.withUnsafeBufferPointer { pixels in
      tjCompress2(handle, pixels.baseAddress, Int32(w), 0, Int32(h), Int32(TJPF_RGB.rawValue), &output, &size,
        Int32(subsampling.rawValue), Int32(options.quality), Int32(TJFLAG_ACCURATEDCT))
    }
    defer { if let output { tjFree(output) } }
    guard status == 0, let output else {
      throw CodecError.encodingFailed(destination: "reference", detail: message(handle))
    }
    return (recording(metadata, in: Array(UnsafeBufferPointer(start: output, count: Int(size)))), flattened)
  }

  package static let iccPieceSize = 65_535 - 2 - 14

  /// TurboJPEG's file with `metadata` spliced in: the density written into its JFIF APP0 segment (one is added after
  /// SOI if it has none), the profile's APP2 segments right after that segment.
  package static func recording(_ metadata: ImageMetadata, in file: [UInt8]) -> [UInt8] {
    guard metadata != .none, file.count > 4, file[0] == 0xFF, file[1] == 0xD8 else { return file }
    var bytes = file
    var insertAt = 2
    let app0 = JPEGMarkers.segments(bytes).first {
      $0.marker == 0xE0 && $0.body.count >= 12 && bytes[$0.body].starts(with: JPEGDecoder.jfifSignature)
    }
    if let app0 {
      insertAt = app0.body.upperBound
      if let (unit, x, y) = metadata.density?.jfifValues {
        let at = app0.body.lowerBound
        bytes[at + 7] = unit
        (bytes[at + 8], bytes[at + 9]) = (UInt8(x >> 8), UInt8(x & 0xFF))
        (bytes[at + 10], bytes[at + 11]) = (UInt8(y >> 8), UInt8(y & 0xFF))
      }
    } else if let (unit, x, y) = metadata.density?.jfifValues {
      let segment: [UInt8] = [0xFF, 0xE0, 0, 16] + JPEGDecoder.jfifSignature + [1, 1, unit]
        + [UInt8(x >> 8), UInt8(x & 0xFF), UInt8(y >> 8), UInt8(y & 0xFF), 0, 0]
      bytes.insert(contentsOf: segment, at: 2)
      insertAt = 2 + segment.count
    }
    if let profile = metadata.iccProfile, !profile.isEmpty {
      let count = (profile.count + iccPieceSize - 1) / iccPieceSize
      if count <= 255 {
        var segments: [UInt8] = []
        for index in 0..<count {
          let piece = profile[(index * iccPieceSize)..<Swift.min(profile.count, (index + 1) * iccPieceSize)]
          let length = 2 + 14 + piece.count
          segments += [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)] + JPEGDecoder.iccSignature
          segments += [UInt8(index + 1), UInt8(count)] + piece
        }
        bytes.insert(contentsOf: segments, at: insertAt)
      }
    }
    return bytes
  }

  /// Three bytes a pixel: each premultiplied pixel laid over an opaque background (c + bg × (255 − a) / 255,
  /// rounded), and whether any pixel had alpha below 255.
  package static func flatten(_ raster: Raster, onto background: Color) -> (rgb: [UInt8], flattened: Bool) {
    let bg = background.premultiplied
    let back = (Premultiplication.unpremultiply(bg.r, bg.a), Premultiplication.unpremultiply(bg.g, bg.a),
      Premultiplication.unpremultiply(bg.b, bg.a))
    var translucent = false
    let count = raster.width * raster.height
    let rgb = raster.withUnsafeBytes { raw in
      let pixels = raw.bindMemory(to: UInt8.self)
      return [UInt8](unsafeUninitializedCapacity: count * 3) { out, initialized in
        for i in 0..<count {
          let (r, g, b, a) = (pixels[4 * i], pixels[4 * i + 1], pixels[4 * i + 2], pixels[4 * i + 3])
          guard a != 255 else {
            (out[3 * i], out[3 * i + 1], out[3 * i + 2]) = (r, g, b)
            continue
          }
          translucent = true
          let rest = 255 - a
          func over(_ c: UInt8, _ back: UInt8) -> UInt8 {
            UInt8(min(255, UInt32(c) + UInt32(Premultiplication.premultiply(back, rest))))
          }
          out[3 * i] = over(r, back.0)
          out[3 * i + 1] = over(g, back.1)
          out[3 * i + 2] = over(b, back.2)
        }
        initialized = count * 3
      }
    }
    return (rgb, translucent)
  }
}
#endif
