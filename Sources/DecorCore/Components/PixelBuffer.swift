/// A raster's pixel buffer as a parameter of its `ComponentIdentity`: equal to the same buffer only (by address),
/// holding it so that its memory cannot be reused by another buffer while the identity lives.
struct PixelBuffer: Hashable, Sendable {
  let storage: [UInt8]
  let address: Int

  init(_ storage: [UInt8]) {
    self.storage = storage
    address = storage.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
  }

  static func == (lhs: PixelBuffer, rhs: PixelBuffer) -> Bool { lhs.address == rhs.address }
  func hash(into hasher: inout Hasher) { hasher.combine(address) }
}
