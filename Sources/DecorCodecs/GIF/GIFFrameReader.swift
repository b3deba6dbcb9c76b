#if GIF
import DecorCore

import CGIF

/// A GIF's frames read one at a time from a `ByteSource` through giflib (`DGifOpen` with an input function pulling
/// through a `ByteReader`, so a file is never held whole and an `async` read stops at its next read once
/// cancelled), each composed on the canvas as browsers and libvips show it:
///
/// - the canvas is the logical screen, grown to hold the first frame when it reaches beyond it (as `GIFDecoder`
///   and Pillow do); later frames are clipped to it, as browsers clip them;
/// - it starts transparent; each frame is drawn at its offset, its transparent index (from the Graphics Control
///   Extension before it) leaving what is beneath;
/// - before the next frame, the frame is disposed of as its extension says: 0 and 1 leave it, 2 clears its
///   rectangle to transparent, 3 puts back what its rectangle held before it was drawn;
/// - colours from the frame's local colour map, else the global one; an index beyond the map is black, as Pillow
///   shows it; a file with no colour map shows its indices as greys.
///
/// The pixel limit is checked on the canvas and on each frame's rectangle before anything is allocated, and the
/// frame count against `frameLimit` as each frame is met. Damage between frames ends the animation there (as
/// `GIFDecoder.frameCount(of:)` counts it, as viewers show the frames before it); damage inside a frame's pixels is
/// `CodecError.corrupt`.
///
/// Not `Sendable`: one reading, by one caller. What it holds: the canvas, the frame handed out (a copy of the
/// canvas once the next frame is drawn), and for disposal 3 the rectangle's earlier pixels.
package final class GIFFrameReader: AnimationFrameReader {
  /// The canvas's size, known once the first frame's descriptor is read.
  package private(set) var width = 0
  package private(set) var height = 0
  /// How many times the animation plays, 0 for ever: the NETSCAPE2.0 extension's count, 1 without one.
  package private(set) var loopCount = 1
  /// How many frames were read so far.
  package private(set) var frameIndex = 0

  private let reader: ByteReader
  private let source: UnsafeMutablePointer<decor_gif_source>
  private let gif: UnsafeMutablePointer<GifFileType>
  private let name: String
  private let pixelLimit: Int
  private let frameLimit: Int
  private let decodingPixels: Bool
  private var canvas: Raster?
  /// What the last frame asks to be done with its rectangle before the next is drawn.
  private var pendingDisposal: (mode: Int32, rect: IntRect, saved: [UInt32]?)?
  private var ended = false

  /// Opens `bytes` and reads its header.
  ///
  /// - Parameter decodingPixels: `false` to read only the records (sizes, delays, loop), skipping every frame's
  ///   compressed data undecoded (`nextDelay()`).
  /// - Throws: `CodecError.io` when the source cannot be opened, `.corrupt` for a header giflib cannot read.
  package init(_ bytes: ByteSource, pixelLimit: Int, frameLimit: Int, decodingPixels: Bool = true)
    throws(CodecError)
  {
    reader = try ByteReader(bytes)
    name = bytes.name
    self.pixelLimit = pixelLimit
    self.frameLimit = frameLimit
    self.decodingPixels = decodingPixels
    source = .allocate(capacity: 1)
    source.initialize(to: decor_gif_source(
      read: { ByteReader.read(context: $0, buffer: $1, capacity: $2) },
      context: Unmanaged.passUnretained(reader).toOpaque()))
    var error: Int32 = 0
    guard let gif = decor_gif_open_source(source, &error) else {
      source.deallocate()
      throw reader.failure ?? .corrupt(source: bytes.name, detail: GIFDecoder.message(error))
    }
    self.gif = gif
  }

  deinit {
    var error: Int32 = 0
    DGifCloseFile(gif, &error)
    source.deallocate()
  }

  private func failure() -> CodecError {
    reader.failure ?? .corrupt(source: name, detail: GIFDecoder.message(gif.pointee.Error))
  }

  package func next() throws(CodecError) -> AnimationFrame? {
    guard let (raster, delay) = try advance() else { return nil }
    guard let raster else { throw .corrupt(source: name, detail: "frames read without their pixels") }
    return AnimationFrame(raster: raster, delay: delay)
  }

  /// The next frame's delay in milliseconds, its pixels skipped undecoded when the reader was made without
  /// `decodingPixels`; `nil` after the last frame.
  package func nextDelay() throws(CodecError) -> Int? {
    try advance()?.delay
  }

  /// The next frame: its canvas (`nil` without `decodingPixels`) and delay.
  private func advance() throws(CodecError) -> (raster: Raster?, delay: Int)? {
    guard !ended else { return nil }
    var control: GraphicsControlBlock?
    while true {
      var type = UNDEFINED_RECORD_TYPE
      guard DGifGetRecordType(gif, &type) == GIF_OK else { return try endOrFail() }
      switch type {
      case IMAGE_DESC_RECORD_TYPE:
        guard DGifGetImageDesc(gif) == GIF_OK else { return try endOrFail() }
        return try frame(control: control)
      case EXTENSION_RECORD_TYPE:
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetExtension(gif, &code, &block) == GIF_OK else { return try endOrFail() }
        if code == GRAPHICS_EXT_FUNC_CODE, let block {
          var found = GraphicsControlBlock()
          if DGifExtensionToGCB(Int(block[0]), block + 1, &found) == GIF_OK { control = found }
        }
        let isNetscape = code == APPLICATION_EXT_FUNC_CODE && block.map { Self.isLoopExtension($0) } == true
        var first = true
        while block != nil {
          guard DGifGetExtensionNext(gif, &block) == GIF_OK else { return try endOrFail() }
          // The NETSCAPE2.0 extension's first sub-block: 1, then the loop count (little-endian).
          if isNetscape, first, let block, block[0] >= 3, block[1] == 1 {
            loopCount = Int(block[2]) | Int(block[3]) << 8
          }
          first = false
        }
      case TERMINATE_RECORD_TYPE:
        ended = true
        guard frameIndex > 0 else { throw .corrupt(source: name, detail: "the GIF file holds no image") }
        return nil
      default:
        return try endOrFail(detail: "an unknown GIF record")
      }
    }
  }

  /// Whether an application extension's first block names NETSCAPE2.0 (or ANIMEXTS1.0, its twin).
  private static func isLoopExtension(_ block: UnsafeMutablePointer<GifByteType>) -> Bool {
    guard block[0] == 11 else { return false }
    let text = String(decoding: UnsafeBufferPointer(start: block + 1, count: 11), as: UTF8.self)
    return text == "NETSCAPE2.0" || text == "ANIMEXTS1.0"
  }

  /// Damage after the first frame ends the animation; before it, it is the file's error.
  private func endOrFail(detail: String? = nil) throws(CodecError) -> (raster: Raster?, delay: Int)? {
    ended = true
    if let failure = reader.failure { throw failure }
    if frameIndex > 0 { return nil }
    throw detail.map { .corrupt(source: name, detail: $0) } ?? failure()
  }

  /// The frame whose descriptor was just read, drawn on the canvas.
  private func frame(control: GraphicsControlBlock?) throws(CodecError) -> (raster: Raster?, delay: Int) {
    let descriptor = gif.pointee.Image
    let rect = IntRect(x: Int(descriptor.Left), y: Int(descriptor.Top), width: Int(descriptor.Width),
      height: Int(descriptor.Height))
    guard rect.width > 0, rect.height > 0 else {
      throw .corrupt(source: name, detail: "a frame of \(rect.width)×\(rect.height) pixels")
    }
    frameIndex += 1
    guard frameIndex <= frameLimit else {
      throw Animation.tooManyFrames(source: name, count: nil, limit: frameLimit)
    }
    if frameIndex == 1 {
      width = max(Int(gif.pointee.SWidth), rect.x + rect.width)
      height = max(Int(gif.pointee.SHeight), rect.y + rect.height)
      try DecodeChecks.pixelLimit(width: width, height: height, limit: pixelLimit, source: name)
    }
    try DecodeChecks.pixelLimit(width: rect.width, height: rect.height, limit: pixelLimit, source: name)
    let delay = Int(control?.DelayTime ?? 0) * 10
    guard decodingPixels else {
      guard GIFDecoder.skipPixels(of: gif) else { throw failure() }
      return (nil, delay)
    }
    if canvas == nil {
      do {
        canvas = try Raster(width: width, height: height, pixelLimit: pixelLimit)
      } catch RasterError.allocationFailed(let width, let height, let bytes) {
        throw .allocationFailed(source: name, width: width, height: height, bytes: bytes)
      } catch {
        throw .tooLarge(source: name, width: width, height: height, limit: pixelLimit)
      }
    }
    guard var raster = canvas else { throw .corrupt(source: name, detail: "no canvas") }
    canvas = nil
    let canvasRect = IntRect(x: 0, y: 0, width: width, height: height)
    if let disposal = pendingDisposal { Self.dispose(disposal, on: &raster) }
    let visible = rect.intersection(canvasRect)
    let mode = control?.DisposalMode ?? DISPOSAL_UNSPECIFIED
    pendingDisposal = (mode, visible, mode == DISPOSE_PREVIOUS ? Self.pixels(of: raster, in: visible) : nil)
    let palette = Self.palette(gif: gif, transparentIndex: Int(control?.TransparentColor ?? NO_TRANSPARENT_COLOR))
    // The GIF89a passes of an interlaced frame: each pass's first row and row step.
    let passes = descriptor.Interlace ? [(0, 8), (4, 8), (2, 4), (1, 2)] : [(0, 1)]
    var line = [GifByteType](repeating: 0, count: rect.width)
    let canvasWidth = width
    let complete = raster.withUnsafeMutableBytes { bytes -> Bool in
      let pixels = bytes.bindMemory(to: UInt32.self)
      for (first, step) in passes {
        for row in stride(from: first, to: rect.height, by: step) {
          guard DGifGetLine(gif, &line, Int32(rect.width)) == GIF_OK else { return false }
          let y = rect.y + row
          guard y >= visible.y, y < visible.y + visible.height else { continue }
          for x in visible.x..<(visible.x + visible.width) {
            let color = palette[Int(line[x - rect.x])]
            // The transparent index (0 in `palette`) leaves what is beneath.
            if color != 0 { pixels[y * canvasWidth + x] = color }
          }
        }
      }
      return true
    }
    guard complete else { throw failure() }
    canvas = raster
    return (raster, delay)
  }

  /// The canvas's pixels in `rect`, row by row.
  private static func pixels(of raster: Raster, in rect: IntRect) -> [UInt32] {
    var saved: [UInt32] = []
    saved.reserveCapacity(rect.width * rect.height)
    raster.withUnsafeBytes { bytes in
      let pixels = bytes.bindMemory(to: UInt32.self)
      for y in rect.y..<(rect.y + rect.height) {
        saved.append(contentsOf: pixels[(y * raster.width + rect.x)..<(y * raster.width + rect.x + rect.width)])
      }
    }
    return saved
  }

  /// Carries out a frame's disposal on the canvas: 2 clears its rectangle, 3 puts back the pixels it covered.
  private static func dispose(_ disposal: (mode: Int32, rect: IntRect, saved: [UInt32]?), on raster: inout Raster) {
    let rect = disposal.rect
    guard disposal.mode == DISPOSE_BACKGROUND || disposal.mode == DISPOSE_PREVIOUS, rect.width > 0, rect.height > 0
    else { return }
    let width = raster.width
    raster.withUnsafeMutableBytes { bytes in
      let pixels = bytes.bindMemory(to: UInt32.self)
      for row in 0..<rect.height {
        let start = (rect.y + row) * width + rect.x
        for column in 0..<rect.width {
          pixels[start + column] = disposal.saved.map { $0[row * rect.width + column] } ?? 0
        }
      }
    }
  }

  /// Premultiplied RGBA (bytes in each `UInt32`, as in a raster) for each of the 256 indices: every colour opaque
  /// except the transparent index, which is 0.
  private static func palette(gif: UnsafeMutablePointer<GifFileType>, transparentIndex: Int) -> [UInt32] {
    let colorMap = gif.pointee.Image.ColorMap ?? gif.pointee.SColorMap
    var palette = [UInt32](repeating: 0, count: 256)
    for index in 0..<256 {
      var (red, green, blue) = (UInt8(0), UInt8(0), UInt8(0))
      if let colorMap {
        if index < Int(colorMap.pointee.ColorCount), let colors = colorMap.pointee.Colors {
          (red, green, blue) = (colors[index].Red, colors[index].Green, colors[index].Blue)
        }
      } else {
        (red, green, blue) = (UInt8(index), UInt8(index), UInt8(index))
      }
      let color = RGBA8(r: red, g: green, b: blue, a: 255)
      palette[index] = index == transparentIndex ? 0 : withUnsafeBytes(of: color) { $0.loadUnaligned(as: UInt32.self) }
    }
    return palette
  }
}
#endif
