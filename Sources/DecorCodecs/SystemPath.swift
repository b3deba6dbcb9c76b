import DecorCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The system's calls, under names the enum's own do not hide (inside it, `stat` names its method, or the type).
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func systemStat(_ path: String, _ info: inout stat) -> Int32 { stat(path, &info) }
private func systemLstat(_ path: String, _ info: inout stat) -> Int32 { lstat(path, &info) }
private func systemAccess(_ path: String, _ mode: Int32) -> Int32 { access(path, mode) }
private func systemReadLink(_ path: String, _ buffer: UnsafeMutablePointer<CChar>, _ count: Int) -> Int {
  readlink(path, buffer, count)
}
private func systemRename(_ from: String, _ to: String) -> Int32 { rename(from, to) }
private func systemUnlink(_ path: String) -> Int32 { unlink(path) }
private func systemOpenDirectory(_ path: String) -> SystemPath.Directory? { opendir(path) }

/// The one way a path a caller gave reaches the system: every `open`, `stat`, `lstat`, `access`, `readlink`,
/// `rename`, `unlink` and `opendir` of such a path, by the reads and the writes alike, is a call here.
///
/// A Swift `String` may hold a NUL character, where the system's C string ends: `dir/a\u{0}b.png` would open,
/// create or replace `dir/a`. Each call refuses such a path with `CodecError.io` naming it (the NUL shown as
/// `\u0000`) before the system sees it; any other path is handed to the system call, whose result (and `errno`) is
/// returned as it is, for the caller to word.
package enum SystemPath {
  /// Throws `CodecError.io` naming `path` when the system cannot be given it (it holds a NUL character).
  package static func check(_ path: String) throws(CodecError) {
    guard let problem = ParameterCheck.pathProblem(path) else { return }
    throw .io(path: shown(path), detail: problem)
  }

  /// `path` as a message shows it: a NUL as `\u0000`, as the chain language's messages show control characters.
  static func shown(_ path: String) -> String {
    var out = ""
    for scalar in path.unicodeScalars {
      if scalar == "\u{0}" { out += "\\u0000" } else { out.unicodeScalars.append(scalar) }
    }
    return out
  }

  package static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) throws(CodecError) -> Int32 {
    try check(path)
    return systemOpen(path, flags, mode)
  }

  package static func stat(_ path: String, _ info: inout stat) throws(CodecError) -> Int32 {
    try check(path)
    return systemStat(path, &info)
  }

  package static func lstat(_ path: String, _ info: inout stat) throws(CodecError) -> Int32 {
    try check(path)
    return systemLstat(path, &info)
  }

  package static func access(_ path: String, _ mode: Int32) throws(CodecError) -> Int32 {
    try check(path)
    return systemAccess(path, mode)
  }

  /// The target of the symbolic link at `path`, as its bytes; `nil` with `errno` set when it cannot be read.
  package static func readlink(_ path: String) throws(CodecError) -> [UInt8]? {
    try check(path)
    var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX))
    let count = buffer.withUnsafeMutableBufferPointer {
      $0.withMemoryRebound(to: CChar.self) { pointer in
        systemReadLink(path, pointer.baseAddress!, pointer.count)
      }
    }
    guard count >= 0 else { return nil }
    return Array(buffer[..<count])
  }

  package static func rename(_ from: String, _ to: String) throws(CodecError) -> Int32 {
    try check(from)
    try check(to)
    return systemRename(from, to)
  }

  @discardableResult
  package static func unlink(_ path: String) throws(CodecError) -> Int32 {
    try check(path)
    return systemUnlink(path)
  }

  #if canImport(Darwin)
    package typealias Directory = UnsafeMutablePointer<DIR>
  #else
    package typealias Directory = OpaquePointer
  #endif

  package static func opendir(_ path: String) throws(CodecError) -> Directory? {
    try check(path)
    return systemOpenDirectory(path)
  }
}
