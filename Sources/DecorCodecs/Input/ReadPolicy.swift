import DecorCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which files a run may read: any (`anywhere`, the default), or only those inside given folders, for a service
/// that runs templates and scenes it did not write (`decor --allow-read DIR`). A template's `blend`, `mask` or
/// `image`, a scene's `image` or `font` may name any path (`../../etc/passwd`, `/proc/self/environ`); under a policy
/// of folders, a file is read only when its real path (every symbolic link and `..` resolved) is inside one of them.
///
/// Where it is checked: an image is checked through its `DecoderRegistry` (`readPolicy`), every time its file is
/// opened (a render may open it again for its rows); a template or scene file by the loaders that take a
/// `readPolicy`; a font file, before it is read, by the loaders that apply a chain or build a scene.
///
/// How, against a file swapped for a link between the check and the read: the path is resolved (`realpath`) and
/// refused before anything is opened, so a device or a FIFO outside is never opened; then, once it is open, the
/// descriptor's own path (`/proc/self/fd/N`, which names the file actually opened) is checked again, and where that
/// cannot be read, the opened file must be the one the resolved path names (same device and inode). What was
/// opened is what was checked.
///
/// Standard input (`-`) is not a file in a folder: it is what the caller handed over, and is always read. A hard
/// link inside a folder to a file outside is the file inside (the system keeps no other name for it); Linux's
/// `protected_hardlinks` (on by default) stops users linking files they cannot read. Fonts found by family
/// (fontconfig's) are the system's, not a path a template names, and are not checked.
public struct ReadPolicy: Sendable, Equatable {
  /// The folders files may be read from, as real paths; `nil` for anywhere.
  public let allowedFolders: [String]?

  /// Every file may be read.
  public static let anywhere = ReadPolicy(resolvedFolders: nil)

  /// Only files inside `folders` (or below them) may be read. Each folder is resolved now (links, `..`), so a
  /// link later planted in place of a folder changes nothing.
  ///
  /// - Throws: `CodecError.io` naming a folder that does not exist or is not a folder.
  public init(allowedFolders folders: [String]) throws(CodecError) {
    var resolved: [String] = []
    for folder in folders {
      if let problem = ParameterCheck.pathProblem(folder, naming: "folder's path") {
        throw .io(path: "a folder to read from", detail: problem)
      }
      guard let real = Self.realPath(folder) else {
        throw .io(path: folder, detail: "cannot allow reading in it: \(ImageFile.systemError())")
      }
      var info = stat()
      guard stat(real, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
        throw .io(path: folder, detail: "cannot allow reading in it: not a folder")
      }
      resolved.append(real)
    }
    self.init(resolvedFolders: resolved)
  }

  private init(resolvedFolders: [String]?) { allowedFolders = resolvedFolders }

  /// Whether any file may be read.
  public var allowsAnywhere: Bool { allowedFolders == nil }

  /// Why the file at `path` may not be read, or `nil` when it may: checked by its real path, before it is opened.
  /// A path that does not resolve (nothing there) is left to the open, which says why.
  public func problem(readingFileAt path: String) -> String? {
    guard let folders = allowedFolders, path != ImageFile.standardStream else { return nil }
    guard let real = Self.realPath(path) else { return nil }
    return Self.inside(real, folders) ? nil : Self.outside
  }

  /// Refuses the file at `path` (named `name` in messages) unless it may be read, before it is opened.
  ///
  /// - Throws: `CodecError.io` naming the file.
  package func check(_ path: String, name: String) throws(CodecError) {
    if let problem = problem(readingFileAt: path) { throw .io(path: name, detail: problem) }
  }

  /// Refuses `descriptor`, just opened from `path` (named `name` in messages), unless the file it opened may be
  /// read: the file actually opened is checked, whatever happened to `path` since `check(_:name:)`.
  ///
  /// - Throws: `CodecError.io` naming the file.
  package func check(descriptor: Int32, openedFrom path: String, name: String) throws(CodecError) {
    guard let folders = allowedFolders, path != ImageFile.standardStream else { return }
    if let opened = Self.openedPath(descriptor) {
      guard Self.inside(opened, folders) else { throw .io(path: name, detail: Self.outside) }
      return
    }
    // No `/proc`: the opened file must be the one the path now resolves to, and that inside.
    var openedInfo = stat()
    var namedInfo = stat()
    guard let real = Self.realPath(path), Self.inside(real, folders), fstat(descriptor, &openedInfo) == 0,
      stat(real, &namedInfo) == 0, openedInfo.st_dev == namedInfo.st_dev, openedInfo.st_ino == namedInfo.st_ino
    else { throw .io(path: name, detail: Self.outside) }
  }

  /// The reason a file is refused.
  package static let outside = "outside the folders files may be read from (a read policy of allowed folders)"

  /// Whether the real path `path` is one of `folders` or inside one.
  static func inside(_ path: String, _ folders: [String]) -> Bool {
    folders.contains { folder in
      folder == "/" || path == folder || (path.hasPrefix(folder) && path.utf8.dropFirst(folder.utf8.count).first == 0x2F)
    }
  }

  /// `path` with every link, `.` and `..` resolved (`realpath(3)`); `nil` when it names nothing, or holds a NUL
  /// (which the system would cut it at: `SystemPath`).
  static func realPath(_ path: String) -> String? {
    guard (try? SystemPath.check(path)) != nil, let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The path of the file `descriptor` has open, as the kernel names it (`/proc/self/fd/N` on Linux); `nil` where
  /// that cannot be read.
  static func openedPath(_ descriptor: Int32) -> String? {
    #if os(Linux)
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let n = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
      guard n > 0, buffer[0] == 0x2F else { return nil }
      return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    #elseif canImport(Darwin)
      var buffer = [CChar](repeating: 0, count: Int(MAXPATHLEN))
      guard fcntl(descriptor, F_GETPATH, &buffer) == 0 else { return nil }
      return String(cString: buffer)
    #else
      return nil
    #endif
  }
}
