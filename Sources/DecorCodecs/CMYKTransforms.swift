import DecorCore

/// The CMYK-to-sRGB transforms of one input's reading (a multi-page TIFF's pages read as frames), each built once
/// for a profile and reused by every page that carries the same bytes: Little CMS takes tens of milliseconds to
/// build a CMYK transform (it samples the profile into a grid), which a document of a thousand pages would otherwise
/// pay a thousand times.
///
/// Not shared between threads (one reading uses it, page after page) and not global: it goes with the reading.
/// Bounded: it keeps the transforms of the last `capacity` profiles (a document whose every page carries another
/// profile builds one transform a page, as it must, but holds only a few).
package final class CMYKTransforms {
  /// How many profiles' transforms are kept.
  package static let capacity = 4

  #if ColorManagement
  /// The transforms kept, the most recently used last; `nil` for a profile no transform could be built from.
  private var kept: [(key: Key, transform: CMYKTransform?)] = []

  private struct Key: Equatable {
    let profile: [UInt8]
    let inverted: Bool
  }
  #endif

  /// How many transforms were built (a test's witness that pages share them).
  package private(set) var built = 0

  package init() {}

  #if ColorManagement
  /// The transform from the CMYK profile `data` to sRGB, built on first use; `nil` when none can be built.
  func transform(profile data: [UInt8], inverted: Bool) -> CMYKTransform? {
    let key = Key(profile: data, inverted: inverted)
    if let index = kept.firstIndex(where: { $0.key == key }) {
      let entry = kept.remove(at: index)
      kept.append(entry)
      return entry.transform
    }
    let transform = CMYKTransform(profile: data, inverted: inverted)
    built += 1
    if kept.count == Self.capacity { kept.removeFirst() }
    kept.append((key, transform))
    return transform
  }
  #endif
}
