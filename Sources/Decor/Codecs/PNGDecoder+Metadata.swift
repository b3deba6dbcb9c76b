import CLibDeflate

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension PNGDecoder {
  /// The ICC profile (`iCCP`, inflated) and the density (`pHYs`) from the chunks before the image data.
  public func metadata(of data: [UInt8]) -> ImageMetadata {
    guard data.starts(with: PNGHeader.signature) else { return .none }
    let chunks = PNGChunks(data).beforeImageData.filter { Self.metadataChunks.contains($0.type) }
    return Self.metadata(chunks.map { ($0.type, Array(data[($0.range.lowerBound + 8)..<($0.range.upperBound - 4)])) })
  }

  /// As `metadata(of:)`, reading only the chunk headers and the two chunks' data from a regular file.
  public func metadata(ofFile path: String) -> ImageMetadata {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return .none }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      return (try? ImageFile.readBytes(atPath: path)).map(metadata(of:)) ?? .none
    }
    func read(_ offset: Int, _ length: Int) -> [UInt8]? {
      var bytes = [UInt8](repeating: 0, count: length)
      let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, length, off_t(offset)) }
      return n == length ? bytes : nil
    }
    guard read(0, PNGHeader.signature.count) == PNGHeader.signature else { return .none }
    let chunks = PNGChunks(count: Int(info.st_size)) { read($0, 8) }.beforeImageData
    return Self.metadata(chunks.filter { Self.metadataChunks.contains($0.type) }.compactMap { chunk in
      read(chunk.range.lowerBound + 8, chunk.range.count - 12).map { (chunk.type, $0) }
    })
  }

  static let metadataChunks: Set<String> = ["iCCP", "pHYs"]

  /// The metadata in `iCCP` and `pHYs` chunk bodies; an unreadable one is left out.
  static func metadata(_ chunks: [(type: String, body: [UInt8])]) -> ImageMetadata {
    var metadata = ImageMetadata()
    for (type, body) in chunks {
      switch type {
      case "iCCP" where metadata.iccProfile == nil:
        // A name of 1 … 79 bytes, a NUL, the compression method (0: zlib), then the zlib stream.
        guard let nul = body.firstIndex(of: 0), (1...79).contains(nul), nul + 2 <= body.count, body[nul + 1] == 0
        else { continue }
        metadata.iccProfile = inflate(body[(nul + 2)...])
      case "pHYs" where metadata.density == nil && body.count == 9:
        let x = body[0..<4].reduce(0) { $0 << 8 | Int($1) }
        let y = body[4..<8].reduce(0) { $0 << 8 | Int($1) }
        guard x > 0, y > 0, body[8] <= 1 else { continue }
        metadata.density = PixelDensity(horizontal: Double(x), vertical: Double(y),
          unit: body[8] == 1 ? .perMeter : .aspectRatio)
      default:
        continue
      }
    }
    return metadata
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
