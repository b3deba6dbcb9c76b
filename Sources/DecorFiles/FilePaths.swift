import DecorChain
import DecorCodecs
import DecorCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Path arithmetic for files that name other files (templates, scenes): a relative name inside one means relative
/// to that file's folder, wherever the command runs, as relative URLs in a web page mean relative to the page.
/// Lexical only (`..` is not resolved through symbolic links), as shells and `realpath -s` do.
package enum FilePaths {
  /// The folder holding `path` (`"."` for a bare file name).
  package static func folder(of path: String) -> String {
    let (directory, _) = ImageFile.split(path)
    if directory.isEmpty { return "." }
    return directory == "/" ? "/" : String(directory.dropLast())
  }

  /// `name` as seen from the current folder, when it is written relative to `folder`: absolute names and `-` stay.
  package static func resolve(_ name: String, against folder: String) -> String {
    if name.hasPrefix("/") || name == ImageFile.standardStream || folder == "." { return name }
    return normalised(folder + "/" + name)
  }

  /// `path` (relative to the current folder, or absolute) written relative to `folder`, for a file saved there.
  package static func relative(_ path: String, to folder: String) -> String {
    if path == ImageFile.standardStream { return path }
    let target = components(absolute(path))
    let base = components(absolute(folder))
    var common = 0
    while common < target.count && common < base.count && target[common] == base[common] { common += 1 }
    let up = Array(repeating: "..", count: base.count - common)
    let rest = up + target[common...].map(String.init)
    return rest.isEmpty ? "." : rest.joined(separator: "/")
  }

  /// `path` made absolute against the current folder and normalised.
  static func absolute(_ path: String) -> String {
    if path.hasPrefix("/") { return normalised(path) }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return normalised(path) }
    let cwd = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return normalised(cwd + "/" + path)
  }

  /// Empty and `.` components dropped, `a/..` removed; relative paths keep leading `..`.
  package static func normalised(_ path: String) -> String {
    let absolute = path.hasPrefix("/")
    var out: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == "..", let last = out.last, last != ".." {
        out.removeLast()
      } else if part == ".." && absolute {
        continue
      } else {
        out.append(part)
      }
    }
    let joined = out.joined(separator: "/")
    return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
  }

  static func components(_ path: String) -> [Substring] { path.split(separator: "/") }
}
