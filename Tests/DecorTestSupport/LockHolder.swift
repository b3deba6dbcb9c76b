import Foundation

/// Another process holding an exclusive `flock` on a file, as a writer holds its temporary file while it writes:
/// `flock(1)` on a file `sleep` keeps open, optionally in a PID namespace of its own (`unshare --pid`), as a writer in another
/// container or Kubernetes pod sharing the folder. `end()` kills it, and the kernel drops the lock.
package final class LockHolder {
  let process = Process()
  let path: String

  /// Why a holder cannot run in a PID namespace of its own here (no `unshare`, or user namespaces refused to an
  /// unprivileged user), or `nil` when it can: tried once.
  package static let pidNamespaceProblem: String? = {
    let probe = Process()
    probe.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
    probe.arguments = namespaceArguments + ["/bin/true"]
    probe.standardError = FileHandle.nullDevice
    do {
      try probe.run()
    } catch {
      return "unshare cannot run here: \(error)"
    }
    probe.waitUntilExit()
    return probe.terminationStatus == 0 ? nil : "unshare --pid cannot run here (exit \(probe.terminationStatus))"
  }()

  /// A new PID namespace, inside a user namespace so that no privilege is needed; the holder dies with `unshare`.
  static let namespaceArguments = ["--user", "--map-root-user", "--pid", "--fork", "--kill-child"]

  /// Starts a process that locks `path` (creating it if needed) and waits until it holds the lock.
  package init(locking path: String, inOwnPIDNamespace: Bool) throws {
    self.path = path
    // The shell opens the file, `flock` locks that open file and returns, and the shell becomes `sleep`, still
    // holding it: the lock lives exactly as long as the process started here (`flock FILE COMMAND` would leave it
    // with COMMAND, a child of its own that killing it would not end).
    let holder = ["/bin/sh", "-c", #"exec 9<>"$0" && /usr/bin/flock --exclusive 9 && exec /bin/sleep 60"#, path]
    if inOwnPIDNamespace {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
      process.arguments = Self.namespaceArguments + holder
    } else {
      process.executableURL = URL(fileURLWithPath: holder[0])
      process.arguments = Array(holder.dropFirst())
    }
    try process.run()
    let deadline = Date().addingTimeInterval(10)
    while !Self.isLocked(path) {
      guard Date() < deadline, process.isRunning else {
        end()
        throw CocoaError(.fileLocking, userInfo: [NSFilePathErrorKey: path])
      }
      usleep(5_000)
    }
  }

  deinit { end() }

  /// Kills the holder and waits until the lock is gone.
  package func end() {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    let deadline = Date().addingTimeInterval(10)
    while Self.isLocked(path) && Date() < deadline { usleep(5_000) }
  }

  /// Whether someone holds a lock on `path`: asked without waiting, with a shared lock released at once.
  package static func isLocked(_ path: String) -> Bool {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    return flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK
  }
}
