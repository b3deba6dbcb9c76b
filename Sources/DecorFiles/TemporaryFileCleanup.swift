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
import Synchronization


/// The temporary files the writes under way have, kept where a signal handler can read them: one slot per write,
/// up to 64 at once (`decor batch` writes one file per job). A handler may only call async-signal-safe functions
/// (no allocation, no locks), so the paths live in buffers allocated once, and two atomic masks say which slots a
/// writer holds and which hold a complete path; the handler itself only calls `unlink`, `write` (the program's last
/// words, if it set any) and `raise`.
enum TemporaryFileCleanup {
  static let capacity = Int(PATH_MAX) + 1
  static let slots = 64
  // Slot i's path is written only by the writer that set bit i of `claimed`, and read by the handler only while
  // bit i of `armed` is set, after the releasing store that ends the filling.
  nonisolated(unsafe) static let paths: UnsafeMutablePointer<CChar> = {
    let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: capacity * slots)
    buffer.initialize(repeating: 0, count: capacity * slots)
    return buffer
  }()
  static let claimed = Atomic<UInt64>(0)
  static let armed = Atomic<UInt64>(0)
  static let signals = [SIGINT, SIGTERM, SIGHUP]

  /// The program's last words (`ImageFile.setSignalMessage`): two buffers, the one a handler would write named with
  /// its length in `message` (buffer index in the low bit, length above it), so that a message being replaced is
  /// never the one written.
  static let messageCapacity = 1024
  nonisolated(unsafe) static let messages: UnsafeMutablePointer<UInt8> = {
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * messageCapacity)
    buffer.initialize(repeating: 0, count: 2 * messageCapacity)
    return buffer
  }()
  static let message = Atomic<Int>(0)

  /// Sets the message; called from one thread at a time (the writes of one buffer are then never concurrent).
  static func setMessage(_ text: String) {
    let bytes = Array(text.utf8.prefix(messageCapacity))
    let next = (message.load(ordering: .acquiring) & 1) ^ 1
    bytes.withUnsafeBufferPointer { (messages + next * messageCapacity).update(from: $0.baseAddress!, count: $0.count) }
    message.store(bytes.count << 1 | next, ordering: .releasing)
  }

  /// Makes `temporary` a file a signal removes and returns its slot; `nil` when every slot is taken (or the path
  /// does not fit), and the caller then goes unprotected.
  static func register(_ temporary: String) -> Int? {
    let bytes = temporary.utf8CString
    guard bytes.count <= capacity else { return nil }
    var held = claimed.load(ordering: .relaxed)
    while true {
      guard held != .max else { return nil }
      let slot = (~held).trailingZeroBitCount
      let (exchanged, now) = claimed.compareExchange(
        expected: held, desired: held | (1 << UInt64(slot)), ordering: .acquiring)
      if exchanged {
        bytes.withUnsafeBufferPointer { (paths + slot * capacity).update(from: $0.baseAddress!, count: $0.count) }
        armed.bitwiseOr(1 << UInt64(slot), ordering: .releasing)
        return slot
      }
      held = now
    }
  }

  static func unregister(_ slot: Int) {
    armed.bitwiseAnd(~(1 << UInt64(slot)), ordering: .releasing)
    claimed.bitwiseAnd(~(1 << UInt64(slot)), ordering: .releasing)
  }

  /// Also ignores SIGXFSZ, unless the program handles or ignores it already: a write past the process's file size
  /// limit (`ulimit -f`) then fails with `EFBIG`, which the write reports ("file too large") and answers by removing
  /// its temporary file, where the signal's default action would end the process and leave the file behind.
  static func install() {
    // Both globals are initialised lazily; touch them now so that a handler never runs their initialisers.
    _ = paths
    _ = messages
    _ = armed.load(ordering: .relaxed)
    _ = message.load(ordering: .relaxed)
    for signal in signals {
      var current = sigaction()
      guard sigaction(signal, nil, &current) == 0, current.isDefault else { continue }
      var action = sigaction()
      action.handler = { signal in
        var armed = TemporaryFileCleanup.armed.load(ordering: .acquiring)
        while armed != 0 {
          let slot = armed.trailingZeroBitCount
          unlink(TemporaryFileCleanup.paths + slot * TemporaryFileCleanup.capacity)
          armed &= armed - 1
        }
        let said = TemporaryFileCleanup.message.load(ordering: .acquiring)
        if said >> 1 > 0 {
          _ = write(STDERR_FILENO, TemporaryFileCleanup.messages + (said & 1) * TemporaryFileCleanup.messageCapacity,
            said >> 1)
        }
        // SA_RESETHAND has already restored the default action, so this ends the process as the signal would
        // have (once the handler returns, if the signal is blocked meanwhile).
        raise(signal)
      }
      sigemptyset(&action.sa_mask)
      for other in signals { sigaddset(&action.sa_mask, other) }
      action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)  // 0x80000000 on Linux
      sigaction(signal, &action, nil)
    }
    var current = sigaction()
    if sigaction(SIGXFSZ, nil, &current) == 0, current.isDefault {
      var ignore = sigaction()
      ignore.handler = SIG_IGN
      sigemptyset(&ignore.sa_mask)
      sigaction(SIGXFSZ, &ignore, nil)
    }
  }
}

extension sigaction {
  /// The plain (one-argument) handler, whose field has a different name on each C library.
  fileprivate var handler: (@convention(c) (Int32) -> Void)? {
    get {
      #if canImport(Darwin)
        __sigaction_u.__sa_handler
      #elseif canImport(Musl)
        __sa_handler.sa_handler
      #else
        __sigaction_handler.sa_handler
      #endif
    }
    set {
      #if canImport(Darwin)
        __sigaction_u.__sa_handler = newValue
      #elseif canImport(Musl)
        __sa_handler.sa_handler = newValue
      #else
        __sigaction_handler.sa_handler = newValue
      #endif
    }
  }

  /// SIG_DFL: no handler (a null pointer) and no three-argument one either.
  fileprivate var isDefault: Bool {
    sa_flags & Int32(truncatingIfNeeded: SA_SIGINFO) == 0 && handler == nil
  }
}
