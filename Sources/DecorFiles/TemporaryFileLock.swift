import DecorCodecs

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a write tells the cleanup of other writes that it is alive: an exclusive `flock` held on its temporary file
/// from just after the file is created until it has its final name or is removed.
///
/// The kernel keeps such a lock with the open file, whichever process, PID namespace or container holds it, and
/// drops it when the holder ends however it ends (`kill -9`, a crash): a temporary file nobody has locked has no
/// live writer. A process id cannot tell this: writers in two PID namespaces sharing a folder (Kubernetes pods on
/// one volume, `batch --shard`) each saw the other's id as dead, and removed the other's file while it was written.
///
/// A file system that keeps no locks (`flock` failing with `ENOLCK` or `EOPNOTSUPP`) leaves both sides unable to
/// tell: the writer goes on unlocked and the cleanup leaves the file alone. A file system that keeps locks only
/// per host (NFS mounted with `nolock`) is why the temporary names carry the kernel they were made on (`host`): a
/// file from another kernel is removed only once it is also older than `foreignAge`.
package enum TemporaryFileLock {
  /// How many hexadecimal digits of `host` the temporary names carry.
  static let hostLength = 8

  /// The running kernel, as the temporary names carry it: the first `hostLength` hexadecimal digits of its boot id
  /// (`/proc/sys/kernel/random/boot_id`, the same in every container on the kernel, new at every boot), or of
  /// `gethostid()` where there is none.
  package static let host: String = {
    var digits: [UInt8] = []
    if let file = fopen("/proc/sys/kernel/random/boot_id", "r") {
      var buffer = [UInt8](repeating: 0, count: 64)
      let count = fread(&buffer, 1, buffer.count, file)
      fclose(file)
      digits = buffer[..<count].filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
        || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }
    guard digits.count >= hostLength else {
      let id = String(UInt32(truncatingIfNeeded: gethostid()), radix: 16)
      return String(repeating: "0", count: hostLength - id.count) + id
    }
    return String(decoding: digits.prefix(hostLength), as: UTF8.self)
  }()

  /// How long ago a temporary file from another kernel (another host, or this one before it restarted) must have
  /// last changed before the cleanup removes it though it is not locked: a day. Its writer's lock may not reach
  /// this host, but no writer leaves its file untouched that long.
  static let foreignAge = 24 * 3600

  /// What `hold` achieved.
  package enum Outcome {
    /// The lock is held by this descriptor (a second one of the file, kept until the write is done).
    case held(Int32)
    /// A cleanup took the file between its creation and the lock, and may remove it: make another.
    case taken
    /// The system refused (no descriptor left), with its `errno`.
    case failed(Int32)
  }

  /// Locks the temporary file just created at `path` and open as `fd`, for the life of the write.
  ///
  /// The lock is held by a duplicate of `fd`, so that `fd` can be closed before the rename (for the errors some
  /// file systems report only then) while the file is still locked under its temporary name. A cleanup removes a
  /// name only while it holds the name's lock, so a name still naming this file once it is locked here stays.
  package static func hold(_ fd: Int32, named path: String) -> Outcome {
    let lock = fcntl(fd, F_DUPFD_CLOEXEC, 0)
    guard lock >= 0 else { return .failed(errno) }
    if flock(lock, LOCK_EX | LOCK_NB) != 0, errno == EWOULDBLOCK || errno == EINTR {
      close(lock)
      return .taken
    }
    // Locked, or locks are not kept here (see the type's notes): either way, check the name is still this file's.
    var opened = stat()
    var named = stat()
    guard fstat(fd, &opened) == 0, (try? SystemPath.lstat(path, &named)) == 0, named.st_dev == opened.st_dev,
      named.st_ino == opened.st_ino
    else {
      close(lock)
      return .taken
    }
    return .held(lock)
  }

  /// Removes the temporary file at `path` if its writer has ended: nobody holds its lock and, for a file from
  /// another kernel, it has not changed for `foreignAge`. The lock is taken for the removal, so a writer that has
  /// just created the file sees it taken and makes another (`hold`). A file that cannot be opened for reading, is
  /// not a regular file (a link or a FIFO planted under such a name is not followed, and nothing blocks), or
  /// whose lock cannot be asked about is left alone.
  static func removeIfAbandoned(_ path: String, fromThisKernel: Bool) {
    guard let fd = try? SystemPath.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC), fd >= 0 else {
      return
    }
    defer { close(fd) }  // which also releases the lock
    var opened = stat()
    guard fstat(fd, &opened) == 0, opened.st_mode & S_IFMT == S_IFREG, flock(fd, LOCK_EX | LOCK_NB) == 0 else {
      return
    }
    if !fromThisKernel {
      #if canImport(Darwin)
        let changed = opened.st_mtimespec.tv_sec
      #else
        let changed = opened.st_mtim.tv_sec
      #endif
      guard time(nil) - changed > foreignAge else { return }
    }
    var named = stat()
    guard (try? SystemPath.lstat(path, &named)) == 0, named.st_dev == opened.st_dev, named.st_ino == opened.st_ino
    else { return }
    _ = try? SystemPath.unlink(path)
  }
}
