/// Grows or shrinks coverage by a disc: each pixel becomes the largest (dilation) or smallest (erosion) value within
/// `radius` pixels of it (the offsets (dx, dy) with dx² + dy² ≤ radius²), with zero outside the plane. This is how a
/// shadow's `spread` grows the shape before it is blurred: a circle stays a circle, a rectangle gets corners
/// rounded by the spread (as an offset outline has), and antialiased edges keep their ramp.
///
/// Cost: per output row, one running extremum (van Herk / Gil-Werman, three comparisons a pixel whatever the width)
/// for each of the disc's ⌊radius⌋ + 1 row pairs, so O(radius) a pixel.
enum AlphaMorphology {
  /// The values of `region` (inside or overlapping `plane`'s rectangle, which must reach ⌊radius⌋ beyond it where
  /// the source has pixels) after dilation (`grow`) or erosion.
  static func apply(_ plane: BytePlane, radius: Double, grow: Bool, over region: IntRect) -> BytePlane {
    precondition(plane.lanes == 1)
    let reach = Int(radius.rounded(.down))
    let width = region.width
    let identity: UInt8 = grow ? 0 : 255
    var output = [UInt8](repeating: identity, count: width * region.height)
    // Half-widths of the disc's rows, by |dy|.
    let halves = (0...reach).map { dy in Int((radius * radius - Double(dy * dy)).squareRoot().rounded(.down)) }
    let padded = width + 2 * reach
    var pair = [UInt8](repeating: 0, count: padded)
    var prefix = [UInt8](repeating: 0, count: padded)
    var suffix = [UInt8](repeating: 0, count: padded)
    plane.bytes.withUnsafeBufferPointer { source in
      output.withUnsafeMutableBufferPointer { out in
        pair.withUnsafeMutableBufferPointer { pair in
          prefix.withUnsafeMutableBufferPointer { prefix in
            suffix.withUnsafeMutableBufferPointer { suffix in
              /// Row `y` of the plane over columns region.minX − reach ..< region.maxX + reach, zero outside.
              func load(_ y: Int, into target: UnsafeMutableBufferPointer<UInt8>, combining: Bool) {
                let x0 = region.minX - reach
                guard y >= plane.rect.minY, y < plane.rect.maxY else {
                  if !combining { target.update(repeating: 0) } else if !grow { target.update(repeating: 0) }
                  return
                }
                let row = source.baseAddress! + (y - plane.rect.minY) * plane.rect.width - plane.rect.minX
                for i in 0..<padded {
                  let x = x0 + i
                  let value = x >= plane.rect.minX && x < plane.rect.maxX ? row[x] : 0
                  if !combining {
                    target[i] = value
                  } else {
                    target[i] = grow ? Swift.max(target[i], value) : Swift.min(target[i], value)
                  }
                }
              }
              for row in 0..<region.height {
                let y = region.minY + row
                let line = out.baseAddress! + row * width
                for dy in 0...reach {
                  load(y - dy, into: pair, combining: false)
                  if dy > 0 { load(y + dy, into: pair, combining: true) }
                  extremum(pair, half: halves[dy], reach: reach, width: width, grow: grow, prefix: prefix,
                    suffix: suffix, into: line)
                }
              }
            }
          }
        }
      }
    }
    return BytePlane(rect: region, lanes: 1, bytes: output)
  }

  /// Combines into `line[x]` the extremum of `values[x + reach − half … x + reach + half]` for x in 0 ..< width.
  private static func extremum(
    _ values: UnsafeMutableBufferPointer<UInt8>, half: Int, reach: Int, width: Int, grow: Bool,
    prefix: UnsafeMutableBufferPointer<UInt8>, suffix: UnsafeMutableBufferPointer<UInt8>,
    into line: UnsafeMutablePointer<UInt8>
  ) {
    @inline(__always) func pick(_ a: UInt8, _ b: UInt8) -> UInt8 { grow ? Swift.max(a, b) : Swift.min(a, b) }
    if half == 0 {
      for x in 0..<width { line[x] = pick(line[x], values[x + reach]) }
      return
    }
    // Van Herk / Gil-Werman: running extrema forwards and backwards within blocks of the window's size; a window
    // spans at most two blocks, so its extremum is the backward value at its start and the forward one at its end.
    let size = 2 * half + 1
    let count = values.count
    var i = 0
    while i < count {
      let end = Swift.min(i + size, count)
      prefix[i] = values[i]
      var j = i + 1
      while j < end {
        prefix[j] = pick(prefix[j - 1], values[j])
        j += 1
      }
      suffix[end - 1] = values[end - 1]
      j = end - 2
      while j >= i {
        suffix[j] = pick(suffix[j + 1], values[j])
        j -= 1
      }
      i = end
    }
    for x in 0..<width {
      let start = x + reach - half
      line[x] = pick(line[x], pick(suffix[start], prefix[start + size - 1]))
    }
  }
}
