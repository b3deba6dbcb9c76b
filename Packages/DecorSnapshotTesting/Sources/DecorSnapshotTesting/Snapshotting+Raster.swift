import Decor
import DecorTesting
import Foundation
import SnapshotTesting

/// swift-snapshot-testing strategies for Decor images, for teams that already use `assertSnapshot`:
///
///     assertSnapshot(of: try badge.render(), as: .image)
///     assertSnapshot(of: try chart.rendered(), as: .image(tolerance: GoldenTolerance(maxChannelDelta: 1)))
///
/// References are PNG files in `__Snapshots__`, as usual with that library; comparisons are Decor's
/// `ImageComparison` (premultiplied, so transparent pixels are equal whatever their colour). A failure writes the
/// actual image, the reference and the diff panel where DecorTesting's golden assertions write theirs,
/// `.golden-failures/snapshots/<digest>/` at the package root (or under `$DECOR_GOLDEN_FAILURES`), names them in
/// its message and prints them, and attaches the diff panel too. Works on Linux, where the library's own image
/// strategies do not exist.
///
/// Depth, as DecorTesting's golden assertions: a 16-bit image (`Raster.depth`, from a render at
/// `RenderPrecision.sixteenBits`) is recorded as a 16-bit PNG, a 16-bit reference is read at 16 bits
/// (`Raster(keepingDepthOf:source:)`), and the reference's depth decides how they are compared
/// (`Golden.compared(_:with:)`): at 16 bits against a 16-bit reference (`ImageComparison.depth`; deltas in levels
/// of 65535), rounded to 8 bits against an 8-bit one, which holds no more.
extension Snapshotting where Value == Raster, Format == Raster {
  /// Exact comparison with a PNG reference.
  public static var image: Snapshotting { .image(tolerance: .exact) }

  /// Comparison with a PNG reference within `tolerance`.
  public static func image(tolerance: GoldenTolerance) -> Snapshotting {
    Snapshotting(pathExtension: "png", diffing: .raster(tolerance: tolerance))
  }
}

extension Diffing where Value == Raster {
  /// PNG in and out, compared with `ImageComparison` under `tolerance`.
  public static func raster(tolerance: GoldenTolerance = .exact) -> Diffing {
    Diffing.diff(
      // An 8-bit raster gives the bytes `PNGCodec.encode` gives, a 16-bit one a 16-bit PNG.
      toData: { raster in Data((try? PNGImageEncoder().encode(raster, destination: "snapshot")) ?? []) },
      fromData: { data in (try? Raster(keepingDepthOf: Array(data), source: "snapshot")) ?? unreadableReference },
      diffV2: { reference, actual in
        let comparison: ImageComparison
        do {
          comparison = try ImageComparison(try Golden.compared(actual, with: reference), reference,
            tolerance: tolerance)
        } catch {
          return ("\(error)", [])
        }
        guard !comparison.passes else { return nil }
        let panel = try? comparison.diffPanel(actual: actual, reference: reference)
        let attachment = (panel.flatMap { try? PNGCodec.encode($0) }).map {
          DiffAttachment.data(Data($0), name: "difference.png")
        }
        var message = "image does not match within \(tolerance): \(comparison)"
        // The strategy is not told the test's name: the images' folder is named by a digest of the two images.
        do {
          let paths = try Golden.writeFailureImages(named: "snapshots/" + digest(actual, reference), actual: actual,
            reference: reference, comparison: comparison)
          message += "\n  " + paths.joined(separator: "\n  ")
        } catch {
          message += " (\(error))"
        }
        return (message, attachment.map { [$0] } ?? [])
      })
  }
}

/// Stands in for a reference file that cannot be decoded: 1×1, so the comparison fails on size and says so.
let unreadableReference: Raster = {
  do { return try Raster(width: 1, height: 1) } catch { preconditionFailure("a 1×1 raster is always valid") }
}()

/// Twelve hexadecimal digits of a 64-bit FNV-1a hash over both images' sizes and bytes: a stable folder name for
/// one failing comparison.
func digest(_ actual: Raster, _ reference: Raster) -> String {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  func mix(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
  for image in [actual, reference] {
    for value in [image.width, image.height] { withUnsafeBytes(of: value.littleEndian) { $0.forEach(mix) } }
    image.bytes.forEach(mix)
  }
  let hex = String(hash, radix: 16)
  return String((String(repeating: "0", count: max(0, 16 - hex.count)) + hex).prefix(12))
}
