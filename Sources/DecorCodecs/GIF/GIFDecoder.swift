#if GIF
import DecorCore

import CGIF

/// The GIF decoder of the standard `DecoderRegistry`, through giflib: a GIF's first frame (`Animation` reads them
/// all, one at a time).
///
/// - The first frame, composed as `WebPDecoder` composes an animation's first frame: on a transparent canvas of the
///   logical screen's size (grown to hold the frame when the frame reaches beyond it, as Pillow and browsers do),
///   the frame drawn at its offset. The frame count is reported (`frameCount(of:)`, `DecodedImage.frameCount`).
/// - Colours from the frame's local colour map, else the global one; an index beyond the map is black, as Pillow
///   shows it. A file with no colour map at all shows its indices as greys.
/// - Transparency from the Graphics Control Extension before the first frame: its transparent index is clear.
/// - Interlaced frames are put back in row order.
/// - The pixel limit is checked on the canvas size, from the headers, before the canvas is allocated.
/// - A truncated or corrupt first frame is an error (`CodecError.corrupt`, with giflib's reason); damage after the
///   first frame only ends the frame count there.
public struct GIFDecoder: ImageDecoder {
  public init() {}

  public var name: String { "gif" }

  /// `GIF87a` or `GIF89a`.
  public func recognizes(_ leadingBytes: ArraySlice<UInt8>) -> Bool {
    leadingBytes.starts(with: Array("GIF87a".utf8)) || leadingBytes.starts(with: Array("GIF89a".utf8))
  }

  /// None, and nothing read: Decor reads no metadata from a GIF (its ICC and XMP application extensions are left,
  /// as when it is decoded), so opening one, as `Animation` does, does not read the whole file for nothing.
  public func metadata(from bytes: ByteSource) -> ImageMetadata { .none }

  /// None, and nothing read (see `metadata(from:)`).
  public func metadata(ofFile path: String) -> ImageMetadata { .none }

  public func decode(_ data: [UInt8], source: String, pixelLimit: Int) throws(CodecError) -> Raster {
    try Self.read(data, source: source, pixelLimit: pixelLimit, decodingPixels: true).raster!
  }

  /// Pixels and frame count from one pass over the file.
  public func decodeImage(_ data: [UInt8], source: String, pixelLimit: Int) throws(CodecError) -> DecodedImage {
    let file = try Self.read(data, source: source, pixelLimit: pixelLimit, decodingPixels: true)
    return DecodedImage(raster: file.raster!, frameCount: file.frameCount)
  }

  public func frameCount(of data: [UInt8]) -> Int {
    (try? Self.read(data, source: "", pixelLimit: .max, decodingPixels: false))?.frameCount ?? 1
  }

  /// `40x30, GIF, indexed, 8-bit palette, transparency, interlaced, animation of 3 frames (100, 200, 300 ms),
  /// looping for ever` (from the headers, without decoding pixels).
  public func headerDescription(of data: [UInt8], source: String) throws(CodecError) -> String {
    let file = try Self.read(data, source: source, pixelLimit: .max, decodingPixels: false)
    var parts = ["\(file.width)x\(file.height)", "GIF", "indexed, \(file.bitsPerPixel)-bit palette"]
    parts.append(file.transparent ? "transparency" : "no alpha")
    if file.interlaced { parts.append("interlaced") }
    if file.frameCount == 1 {
      parts.append("1 frame")
    } else if let animation = try? Animation(ByteSource(bytes: data, name: source), decoder: self, pixelLimit: .max,
      frameLimit: .max, totalPixelLimit: .max)
    {
      parts.append(animation.summary)
    } else {
      parts.append("animation of \(file.frameCount) frames")
    }
    return parts.joined(separator: ", ")
  }

  /// What one pass over a GIF file found.
  struct File {
    var width = 0
    var height = 0
    var bitsPerPixel = 8
    var transparent = false
    var interlaced = false
    var frameCount = 0
    /// The first frame on its canvas, when asked for.
    var raster: Raster?
  }

  /// Reads the file's records: the first frame (decoded when `decodingPixels`, else skipped) and the number of
  /// frames.
  static func read(_ data: [UInt8], source: String, pixelLimit: Int, decodingPixels: Bool) throws(CodecError) -> File {
    let result: Result<File, CodecError> = data.withUnsafeBufferPointer { bytes in
      var memory = decor_gif_memory(data: bytes.baseAddress, size: bytes.count, position: 0)
      var error: Int32 = 0
      guard let gif = decor_gif_open(&memory, &error) else {
        return .failure(.corrupt(source: source, detail: message(error)))
      }
      defer { DGifCloseFile(gif, &error) }
      do throws(CodecError) {
        return .success(try records(of: gif, source: source, pixelLimit: pixelLimit, decodingPixels: decodingPixels))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  static func records(
    of gif: UnsafeMutablePointer<GifFileType>, source: String, pixelLimit: Int, decodingPixels: Bool
  ) throws(CodecError) -> File {
    var file = File()
    var transparentIndex = Int(NO_TRANSPARENT_COLOR)
    func failure() -> CodecError { .corrupt(source: source, detail: message(gif.pointee.Error)) }
    while true {
      var type = UNDEFINED_RECORD_TYPE
      guard DGifGetRecordType(gif, &type) == GIF_OK else {
        // Damage after the first frame ends the count, as viewers show the frames before it.
        if file.frameCount > 0 { return file }
        throw failure()
      }
      switch type {
      case IMAGE_DESC_RECORD_TYPE:
        guard DGifGetImageDesc(gif) == GIF_OK else {
          if file.frameCount > 0 { return file }
          throw failure()
        }
        file.frameCount += 1
        if file.frameCount == 1 {
          try firstFrame(of: gif, transparentIndex: transparentIndex, source: source, pixelLimit: pixelLimit,
            decodingPixels: decodingPixels, into: &file)
        } else if !skipPixels(of: gif) {
          return file
        }
      case EXTENSION_RECORD_TYPE:
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetExtension(gif, &code, &block) == GIF_OK else {
          if file.frameCount > 0 { return file }
          throw failure()
        }
        // The Graphics Control Extension that precedes the first frame says which index is transparent.
        if code == GRAPHICS_EXT_FUNC_CODE, file.frameCount == 0, let block {
          var control = GraphicsControlBlock()
          if DGifExtensionToGCB(Int(block[0]), block + 1, &control) == GIF_OK {
            transparentIndex = Int(control.TransparentColor)
          }
        }
        while block != nil {
          guard DGifGetExtensionNext(gif, &block) == GIF_OK else {
            if file.frameCount > 0 { return file }
            throw failure()
          }
        }
      case TERMINATE_RECORD_TYPE:
        guard file.frameCount > 0 else { throw .corrupt(source: source, detail: "the GIF file holds no image") }
        return file
      default:
        if file.frameCount > 0 { return file }
        throw .corrupt(source: source, detail: "an unknown GIF record")
      }
    }
  }

  /// Skips a frame's compressed data block by block, without decoding it; false if the data is damaged.
  static func skipPixels(of gif: UnsafeMutablePointer<GifFileType>) -> Bool {
    var codeSize: Int32 = 0
    var block: UnsafeMutablePointer<GifByteType>?
    guard DGifGetCode(gif, &codeSize, &block) == GIF_OK else { return false }
    while block != nil {
      guard DGifGetCodeNext(gif, &block) == GIF_OK else { return false }
    }
    return true
  }

  /// The first frame's size, colour map and interlacing into `file`, and its pixels on the canvas when asked.
  static func firstFrame(
    of gif: UnsafeMutablePointer<GifFileType>, transparentIndex: Int, source: String, pixelLimit: Int,
    decodingPixels: Bool, into file: inout File
  ) throws(CodecError) {
    let frame = gif.pointee.Image
    let (left, top) = (Int(frame.Left), Int(frame.Top))
    let (frameWidth, frameHeight) = (Int(frame.Width), Int(frame.Height))
    guard frameWidth > 0, frameHeight > 0 else {
      throw .corrupt(source: source, detail: "a first frame of \(frameWidth)×\(frameHeight) pixels")
    }
    file.width = max(Int(gif.pointee.SWidth), left + frameWidth)
    file.height = max(Int(gif.pointee.SHeight), top + frameHeight)
    file.interlaced = frame.Interlace
    let colorMap = frame.ColorMap ?? gif.pointee.SColorMap
    file.bitsPerPixel = colorMap.map { Int($0.pointee.BitsPerPixel) } ?? 8
    file.transparent = (0..<256).contains(transparentIndex)
    try DecodeChecks.pixelLimit(width: file.width, height: file.height, limit: pixelLimit, source: source)
    guard decodingPixels else {
      guard skipPixels(of: gif) else { throw .corrupt(source: source, detail: message(gif.pointee.Error)) }
      return
    }
    // Premultiplied RGBA for each of the 256 indices: every colour is opaque except the transparent one.
    var palette = [UInt8](repeating: 0, count: 256 * 4)
    for index in 0..<256 {
      if let colorMap {
        if index < Int(colorMap.pointee.ColorCount), let colors = colorMap.pointee.Colors {
          palette[index * 4] = colors[index].Red
          palette[index * 4 + 1] = colors[index].Green
          palette[index * 4 + 2] = colors[index].Blue
        }
      } else {
        palette[index * 4] = UInt8(index)
        palette[index * 4 + 1] = UInt8(index)
        palette[index * 4 + 2] = UInt8(index)
      }
      palette[index * 4 + 3] = 255
    }
    if file.transparent { palette.replaceSubrange((transparentIndex * 4)..<(transparentIndex * 4 + 4), with: [0, 0, 0, 0]) }

    var raster: Raster
    do {
      raster = try Raster(width: file.width, height: file.height, pixelLimit: pixelLimit)
    } catch RasterError.allocationFailed(let width, let height, let bytes) {
      throw .allocationFailed(source: source, width: width, height: height, bytes: bytes)
    } catch {
      throw .tooLarge(source: source, width: file.width, height: file.height, limit: pixelLimit)
    }
    // The GIF89a passes of an interlaced frame: each pass's first row and row step.
    let passes = frame.Interlace ? [(0, 8), (4, 8), (2, 4), (1, 2)] : [(0, 1)]
    var line = [GifByteType](repeating: 0, count: frameWidth)
    let canvasWidth = file.width
    let complete = raster.withUnsafeMutableBytes { canvas -> Bool in
      palette.withUnsafeBytes { colors in
        for (first, step) in passes {
          for row in stride(from: first, to: frameHeight, by: step) {
            guard DGifGetLine(gif, &line, Int32(frameWidth)) == GIF_OK else { return false }
            let start = ((top + row) * canvasWidth + left) * 4
            for column in 0..<frameWidth {
              let color = colors.loadUnaligned(fromByteOffset: Int(line[column]) * 4, as: UInt32.self)
              canvas.storeBytes(of: color, toByteOffset: start + column * 4, as: UInt32.self)
            }
          }
        }
        return true
      }
    }
    guard complete else { throw .corrupt(source: source, detail: message(gif.pointee.Error)) }
    file.raster = raster
  }

  /// giflib's reason for an error code. giflib reports a short read, and also an LZW code size over 8 bits, as a
  /// failed read.
  static func message(_ code: Int32) -> String {
    if code == D_GIF_ERR_READ_FAILED { return "truncated or damaged GIF data" }
    if let text = GifErrorString(code) { return String(cString: text) }
    return "GIF decoding failed (giflib error \(code))"
  }
}
#endif
