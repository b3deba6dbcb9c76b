#if CLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A thread that is not a Dispatch worker, so a sleeping ticker never holds one of the pool's threads that the
/// renders use.
enum Thread {
  static func detach(_ body: @escaping @Sendable () -> Void) {
    final class Box: Sendable {
      let body: @Sendable () -> Void
      init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    var thread = pthread_t()
    let made = pthread_create(&thread, nil, { raw in
      let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
      box.body()
      return nil
    }, box)
    if made == 0 { pthread_detach(thread) } else { Unmanaged<Box>.fromOpaque(box).release() }
  }
}
#endif
