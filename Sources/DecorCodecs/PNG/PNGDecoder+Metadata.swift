import DecorCore

import CLibDeflate

extension PNGDecoder {
  /// The ICC profile (`iCCP`, inflated) and the density (`pHYs`) from the chunks before the image data, the EXIF
  /// (`eXIf`, its thumbnail dropped, its orientation set to 1 with `autoOrient`, as the pixels are turned) and the
  /// XMP (the `iTXt` chunk `XML:com.adobe.xmp`) from anywhere in the file.
  public func metadata(of data: [UInt8]) -> ImageMetadata {
    guard data.starts(with: PNGHeader.signature) else { return .none }
    let chunks = Self.metadataChunks(PNGChunks(data)).filter { Self.metadataChunks.contains($0.type) }
    return oriented(
      Self.metadata(chunks.map { ($0.type, Array(data[($0.range.lowerBound + 8)..<($0.range.upperBound - 4)])) }))
  }

  /// `metadata` as this decoder's pixels are: its orientation reset when `autoOrient` applies the EXIF's (one
  /// other than 1).
  func oriented(_ metadata: ImageMetadata) -> ImageMetadata {
    var metadata = metadata
    if autoOrient, let orientation = metadata.exif.flatMap(ExifOrientation.init(exif:)), orientation != .up {
      metadata.resetOrientation()
    }
    return metadata
  }

  /// As `metadata(of:)`, for the file at `path` (see `metadata(from:)`).
  public func metadata(ofFile path: String) -> ImageMetadata {
    guard let bytes = try? Self.byteSource(path: path, source: path) else { return .none }
    return metadata(from: bytes)
  }

  /// As `metadata(of:)`, reading only the chunk headers and the metadata chunks' data, from a file, bytes in memory
  /// or spooled standard input alike (never the whole input).
  public func metadata(from bytes: ByteSource) -> ImageMetadata { oriented(Self.storedMetadata(from: bytes)) }

  /// As `metadata(from:)`, the EXIF's orientation as stored.
  static func storedMetadata(from bytes: ByteSource) -> ImageMetadata {
    let metadata = try? bytes.withPositionedReads { count, read -> ImageMetadata in
      guard read(0, PNGHeader.signature.count) == PNGHeader.signature else { return .none }
      let chunks = Self.metadataChunks(PNGChunks(count: count) { read($0, 8) })
      return Self.metadata(chunks.filter { Self.metadataChunks.contains($0.type) }.compactMap { chunk in
        read(chunk.range.lowerBound + 8, chunk.range.count - 12).map { (chunk.type, $0) }
      })
    }
    return metadata ?? .none
  }

  static let metadataChunks: Set<String> = ["iCCP", "pHYs", "eXIf", "iTXt"]

  /// The chunks before the image data and, for EXIF and XMP (which PNG allows after it), the chunks after it.
  static func metadataChunks(_ walk: PNGChunks) -> [PNGChunks.Chunk] {
    let before = walk.beforeImageData
    let after = walk.chunks[before.endIndex...].filter { $0.type == "eXIf" || $0.type == "iTXt" }
    return Array(before) + after
  }

  /// The metadata in `iCCP`, `pHYs`, `eXIf` and `iTXt` chunk bodies; an unreadable one is left out.
  static func metadata(_ chunks: [(type: String, body: [UInt8])]) -> ImageMetadata {
    var metadata = ImageMetadata()
    for (type, body) in chunks {
      switch type {
      case "iCCP" where metadata.iccProfile == nil && metadata.unusedProfile == nil:
        // A name of 1 … 79 bytes, a NUL, the compression method (0: zlib), then the zlib stream.
        guard let nul = body.firstIndex(of: 0), (1...79).contains(nul), nul + 2 <= body.count, body[nul + 1] == 0
        else { continue }
        // PNG forbids a profile of the other of grey and RGB (libpng refuses one); a Lab, CMYK or other one is not
        // the values' either.
        metadata.takeProfile(inflate(body[(nul + 2)...]), of: .grayOrRGB)
      case "pHYs" where metadata.density == nil && body.count == 9:
        let x = body[0..<4].reduce(0) { $0 << 8 | Int($1) }
        let y = body[4..<8].reduce(0) { $0 << 8 | Int($1) }
        guard x > 0, y > 0, body[8] <= 1 else { continue }
        metadata.density = PixelDensity(horizontal: Double(x), vertical: Double(y),
          unit: body[8] == 1 ? .perMeter : .aspectRatio)
      case "eXIf" where metadata.exif == nil:
        metadata.setExif(body, oriented: false)
      case "iTXt" where metadata.xmp == nil:
        metadata.xmp = xmp(inText: body)
      default:
        continue
      }
    }
    return metadata
  }

  /// The text of an `iTXt` chunk whose keyword is `XML:com.adobe.xmp` (inflated when compressed), else `nil`.
  static func xmp(inText body: [UInt8]) -> [UInt8]? {
    // keyword, NUL, compression flag, compression method, language tag, NUL, translated keyword, NUL, text.
    let keyword = Array(ImageMetadata.xmpKeyword.utf8)
    guard body.count > keyword.count + 4, body.starts(with: keyword), body[keyword.count] == 0 else { return nil }
    let flag = body[keyword.count + 1]
    let rest = body[(keyword.count + 3)...]
    guard let language = rest.firstIndex(of: 0), let translated = rest[(language + 1)...].firstIndex(of: 0) else {
      return nil
    }
    let text = body[(translated + 1)...]
    switch flag {
    case 0: return Array(text)
    case 1 where body[keyword.count + 2] == 0: return inflate(text)
    default: return nil
    }
  }

  /// A zlib stream inflated by libdeflate into a buffer that doubles until it fits, up to 64 MiB (ICC profiles are
  /// kilobytes to a few megabytes); `nil` when the stream is damaged or larger.
  static func inflate(_ stream: ArraySlice<UInt8>) -> [UInt8]? {
    guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
    defer { libdeflate_free_decompressor(decompressor) }
    var capacity = Swift.max(4096, stream.count * 4)
    while capacity <= 64 << 20 {
      var produced = 0
      var result = LIBDEFLATE_BAD_DATA
      let output = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
        result = stream.withUnsafeBytes { input in
          libdeflate_zlib_decompress(decompressor, input.baseAddress, input.count, buffer.baseAddress, capacity,
            &produced)
        }
        initialized = result == LIBDEFLATE_SUCCESS ? produced : 0
      }
      if result == LIBDEFLATE_SUCCESS { return output }
      guard result == LIBDEFLATE_INSUFFICIENT_SPACE else { return nil }
      capacity *= 2
    }
    return nil
  }
}
