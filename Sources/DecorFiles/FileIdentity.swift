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

/// A file as the system knows it, whatever the path that names it: its device and inode.
struct FileIdentity: Hashable {
  let device: UInt64
  let inode: UInt64

  init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
  }

  /// The identity of the file `path` names after symbolic links; `nil` for standard input (`-`) or a path that
  /// names nothing the system can look at.
  init?(path: String) {
    guard path != ImageFile.standardStream else { return nil }
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    self.init(info)
  }
}
