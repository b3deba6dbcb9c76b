import DecorCore

import CFreeType

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A font file's bytes, read once, and the face to use in it: what a `Text` keeps, so that its renders read no file
/// and a file changed later does not change the text.
///
/// FreeType's library and face objects are not thread-safe, so none is kept: `withFace` opens the face from these
/// bytes for the length of one call (Benchmarks/text.md has what that costs), and every layout and every tile of a
/// render opens its own.
package struct FontData: Sendable, Hashable {
  /// The largest font file read: 256 MiB (the largest CJK collections are under 128 MiB).
  static let maxFileSize = 256 << 20

  let path: String
  let faceIndex: Int
  let bytes: [UInt8]
  /// The face with its family and style names, as FreeType read them when it checked the face.
  let file: FontFile

  /// What decides whether a font file a step or a scene names (not one fontconfig found) may be read, for the
  /// length of a call that binds it (`ReadPolicy`'s, from the files layer): given the path and, once it is open,
  /// its descriptor (`-1` before), it says why not, or `nil`. Task-local, so that it holds where fonts are read: a
  /// step's font is read when the step is parsed (its check) and when it is built, on the calling thread.
  @TaskLocal package static var namedFileCheck: (@Sendable (_ path: String, _ descriptor: Int32) -> String?)?

  /// Reads the file at `path` and checks that FreeType opens face `faceIndex` in it as a scalable font; `named`
  /// when a step or a scene named the file (held to `namedFileCheck`), not fontconfig.
  /// - Throws: `FontError.unreadable`, `.notAFont` (a folder is `.notAFont`: `/tmp: not a usable font file: it is a
  ///   folder`).
  package init(path: String, faceIndex: Int, named: Bool = false) throws(FontError) {
    self.path = path
    self.faceIndex = faceIndex
    let bytes = try Self.read(path, check: named ? Self.namedFileCheck : nil)
    self.bytes = bytes
    file = try Self.withFace(bytes, path: path, faceIndex: faceIndex, size: nil) { face in
      FontFile(path: path, faceIndex: faceIndex, family: face.pointee.family_name.map { String(cString: $0) } ?? "",
        style: face.pointee.style_name.map { String(cString: $0) } ?? "")
    }.get()
  }

  private static func read(_ path: String, check: (@Sendable (String, Int32) -> String?)?) throws(FontError)
    -> [UInt8]
  {
    if let problem = check?(path, -1) { throw .unreadable(path: path, reason: problem) }
    guard let file = fopen(path, "rb") else {
      throw .unreadable(path: path, reason: String(cString: strerror(errno)))
    }
    defer { fclose(file) }
    if let problem = check?(path, fileno(file)) { throw .unreadable(path: path, reason: problem) }
    // A folder opens for reading, and only the first read fails: said for what it is, before that.
    var status = stat()
    if fstat(fileno(file), &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
      throw .notAFont(path: path, reason: "it is a folder")
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
      if count > 0 { bytes.append(contentsOf: chunk[0..<count]) }
      if bytes.count > maxFileSize { throw .notAFont(path: path, reason: "larger than 256 MiB") }
      if count < chunk.count {
        if ferror(file) != 0 { throw .unreadable(path: path, reason: "read error") }
        break
      }
    }
    return bytes
  }

  /// Calls `body` with the face opened from the bytes (sized to `size` pixels when given, in 26.6 fixed point as
  /// FreeType takes it), then closes it. The face must not escape `body`.
  package func withFace<R>(size: Double?, _ body: (FT_Face) -> R) -> Result<R, FontError> {
    Self.withFace(bytes, path: path, faceIndex: faceIndex, size: size, body)
  }

  /// `withFace` on `bytes`, the file at `path`.
  private static func withFace<R>(_ bytes: [UInt8], path: String, faceIndex: Int, size: Double?,
    _ body: (FT_Face) -> R) -> Result<R, FontError>
  {
    var library: FT_Library?
    guard FT_Init_FreeType(&library) == 0, let library else {
      return .failure(.notAFont(path: path, reason: "FreeType could not start"))
    }
    defer { FT_Done_FreeType(library) }
    return bytes.withUnsafeBufferPointer { buffer -> Result<R, FontError> in
      guard let base = buffer.baseAddress, faceIndex >= 0, faceIndex < 0x10000 else {
        return .failure(.notAFont(path: path, reason: buffer.isEmpty ? "the file is empty" : "no face \(faceIndex)"))
      }
      var face: FT_Face?
      let error = FT_New_Memory_Face(library, base, FT_Long(buffer.count), FT_Long(faceIndex), &face)
      guard error == 0, let face else {
        return .failure(.notAFont(path: path, reason: Self.reason(error)))
      }
      defer { FT_Done_Face(face) }
      guard face.pointee.face_flags & DECOR_FT_FACE_FLAG_SCALABLE != 0 else {
        return .failure(.notAFont(path: path, reason: "a bitmap font (only scalable fonts are drawn)"))
      }
      if let size {
        let error = FT_Set_Char_Size(face, 0, FT_F26Dot6(Self.fixed(size)), 72, 72)
        guard error == 0 else { return .failure(.notAFont(path: path, reason: Self.reason(error))) }
      }
      return .success(body(face))
    }
  }

  /// Calls `body` with a face opened from each of `fonts`, in order, each sized to `size` pixels (see `withFace`).
  package static func withFaces<R>(_ fonts: ArraySlice<FontData>, size: Double, opened: [FT_Face] = [],
    _ body: ([FT_Face]) -> R) -> Result<R, FontError>
  {
    guard let first = fonts.first else { return .success(body(opened)) }
    return first.withFace(size: size) { face in
      withFaces(fonts.dropFirst(), size: size, opened: opened + [face], body)
    }.flatMap { $0 }
  }

  /// `value` in 26.6 fixed point, rounded.
  static func fixed(_ value: Double) -> Int { Int((value * 64).rounded()) }

  /// FreeType's error codes as words (the common ones; FreeType's own strings are compiled out on most systems).
  static func reason(_ error: FT_Error) -> String {
    switch error {
    case 0x01: return "cannot open resource"
    case 0x02: return "unknown file format"
    case 0x03: return "broken file"
    case 0x06: return "invalid argument (no such face in the file)"
    case 0x08: return "broken table"
    case 0x09: return "broken offset within table"
    case 0x17: return "invalid pixel size"
    case 0x40: return "out of memory"
    case 0x51, 0x52, 0x53: return "invalid font tables"
    // Stream and frame errors: FreeType read past the end while trying each format on a short file.
    case 0x54...0x58: return "too short to be a font, or cut off"
    default: return "FreeType error \(error)"
    }
  }
}
