import Decor
import DecorTesting
import Foundation
import SnapshotTesting

/// swift-snapshot-testing strategies for Decor images, for teams that already use `assertSnapshot`:
///
///     assertSnapshot(of: try badge.render(), as: .image)
///     assertSnapshot(of: try chart.rendered(), as: .image(tolerance: GoldenTolerance(maxChannelDelta: 1)))
///
/// References are PNG files in `__Snapshots__`, as usual with that library; comparisons are DecorTesting's
/// `ImageComparison` (premultiplied, so transparent pixels are equal whatever their colour), and a failure attaches
/// the diff panel. Works on Linux, where the library's own image strategies do not exist.
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
      toData: { raster in Data((try? PNGCodec.encode(raster)) ?? []) },
      fromData: { data in (try? PNGCodec.decode(Array(data), source: "snapshot")) ?? unreadableReference },
      diffV2: { reference, actual in
        let comparison: ImageComparison
        do {
          comparison = try ImageComparison(actual, reference, tolerance: tolerance)
        } catch {
          return ("\(error)", [])
        }
        guard !comparison.passes else { return nil }
        let panel = try? comparison.diffPanel(actual: actual, reference: reference)
        let attachment = (panel.flatMap { try? PNGCodec.encode($0) }).map {
          DiffAttachment.data(Data($0), name: "difference.png")
        }
        return ("image does not match within \(tolerance): \(comparison)", attachment.map { [$0] } ?? [])
      })
  }
}

/// Stands in for a reference file that cannot be decoded: 1×1, so the comparison fails on size and says so.
let unreadableReference: Raster = {
  do { return try Raster(width: 1, height: 1) } catch { preconditionFailure("a 1×1 raster is always valid") }
}()
