/// Integer lanes with the wrapping arithmetic the compositing formulas use, generic code calling concrete SIMD
/// operations: `U16x8` (eight 16-bit lanes, the 8-bit kernels) and `U32x8` (eight 32-bit lanes, the 16-bit ones).
///
/// Why a protocol of its own rather than `SIMD`: in generic code an operator on a `SIMD` value resolves to the
/// standard library's generic implementation, a loop over the lanes, and specialisation does not bring back the
/// concrete vector operation (a `SIMD8<UInt16>` maximum becomes eight compares and branches: `darken` ran 25 times
/// slower). Each requirement here is implemented in a concrete extension, where the vector operation is chosen,
/// so the formulas are written once and compile to the same instructions as before.
package protocol LaneVector {
  associatedtype Scalar: FixedWidthInteger & UnsignedInteger
  init(repeating value: Scalar)
  static func &+ (a: Self, b: Self) -> Self
  static func &- (a: Self, b: Self) -> Self
  static func &* (a: Self, b: Self) -> Self
  static func & (a: Self, b: Self) -> Self
  static func | (a: Self, b: Self) -> Self
  static prefix func ~ (a: Self) -> Self
  /// Every lane shifted left by one: `2x`.
  var doubled: Self { get }
  /// All ones in the lanes whose value is negative as a signed number, zeros elsewhere.
  var negative: Self { get }
  /// Lane-wise unsigned minimum and maximum.
  static func minimum(_ a: Self, _ b: Self) -> Self
  static func maximum(_ a: Self, _ b: Self) -> Self
}

extension LaneVector {
  @inline(__always) static func &* (a: Self, b: Scalar) -> Self { a &* Self(repeating: b) }
  @inline(__always) static func &- (a: Scalar, b: Self) -> Self { Self(repeating: a) &- b }
}

/// Eight 16-bit lanes: `[r0, b0, r1, b1, …]` or `[g0, a0, …]` of four RGBA8 pixels.
package struct U16x8: LaneVector {
  package var v: SIMD8<UInt16>
  @inline(__always) package init(_ v: SIMD8<UInt16>) { self.v = v }
  @inline(__always) package init(repeating value: UInt16) { v = SIMD8(repeating: value) }
  @inline(__always) package static func &+ (a: Self, b: Self) -> Self { Self(a.v &+ b.v) }
  @inline(__always) package static func &- (a: Self, b: Self) -> Self { Self(a.v &- b.v) }
  @inline(__always) package static func &* (a: Self, b: Self) -> Self { Self(a.v &* b.v) }
  @inline(__always) package static func & (a: Self, b: Self) -> Self { Self(a.v & b.v) }
  @inline(__always) package static func | (a: Self, b: Self) -> Self { Self(a.v | b.v) }
  @inline(__always) package static prefix func ~ (a: Self) -> Self { Self(~a.v) }
  @inline(__always) package var doubled: Self { Self(v &<< 1) }
  /// `psraw` by 15.
  @inline(__always) package var negative: Self {
    Self(unsafeBitCast(unsafeBitCast(v, to: SIMD8<Int16>.self) &>> 15, to: SIMD8<UInt16>.self))
  }
  /// `psubusw` and `psubw`.
  @inline(__always) package static func minimum(_ a: Self, _ b: Self) -> Self {
    Self(a.v.replacing(with: b.v, where: b.v .< a.v))
  }
  /// `psubusw` and `paddw`.
  @inline(__always) package static func maximum(_ a: Self, _ b: Self) -> Self {
    Self(a.v.replacing(with: b.v, where: b.v .> a.v))
  }
}

/// Eight 32-bit lanes: `[r0, b0, r1, b1, …]` or `[g0, a0, …]` of four RGBA16 pixels.
package struct U32x8: LaneVector {
  package var v: SIMD8<UInt32>
  @inline(__always) package init(_ v: SIMD8<UInt32>) { self.v = v }
  @inline(__always) package init(repeating value: UInt32) { v = SIMD8(repeating: value) }
  @inline(__always) package static func &+ (a: Self, b: Self) -> Self { Self(a.v &+ b.v) }
  @inline(__always) package static func &- (a: Self, b: Self) -> Self { Self(a.v &- b.v) }
  @inline(__always) package static func &* (a: Self, b: Self) -> Self { Self(a.v &* b.v) }
  @inline(__always) package static func & (a: Self, b: Self) -> Self { Self(a.v & b.v) }
  @inline(__always) package static func | (a: Self, b: Self) -> Self { Self(a.v | b.v) }
  @inline(__always) package static prefix func ~ (a: Self) -> Self { Self(~a.v) }
  @inline(__always) package var doubled: Self { Self(v &<< 1) }
  @inline(__always) package var negative: Self {
    Self(unsafeBitCast(unsafeBitCast(v, to: SIMD8<Int32>.self) &>> 31, to: SIMD8<UInt32>.self))
  }
  @inline(__always) package static func minimum(_ a: Self, _ b: Self) -> Self {
    Self(a.v.replacing(with: b.v, where: b.v .< a.v))
  }
  @inline(__always) package static func maximum(_ a: Self, _ b: Self) -> Self {
    Self(a.v.replacing(with: b.v, where: b.v .> a.v))
  }
}
