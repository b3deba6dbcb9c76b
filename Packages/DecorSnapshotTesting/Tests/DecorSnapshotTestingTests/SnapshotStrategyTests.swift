import Decor
import DecorSnapshotTesting
import DecorTesting
import SnapshotTesting
import XCTest

final class SnapshotStrategyTests: XCTestCase {
  func scene() throws -> Raster {
    try RadialGradient(center: Point(24, 24), radius: 24, stops: [
      GradientStop(location: 0, color: .white), GradientStop(location: 1, color: Color(red: 0.2, green: 0.4, blue: 0.8)),
    ]).rendered(IntRect(x: 0, y: 0, width: 48, height: 48))
  }

  func testMatchesTheRecordedReference() throws {
    assertSnapshot(of: try scene(), as: .image)
  }

  func testDiffingReportsDifferencesAndTolerance() throws {
    let diffing = Diffing<Raster>.raster()
    let reference = try scene()
    XCTAssertNil(diffing.diffV2(reference, reference))
    var changed = reference
    changed[5, 5] = .black
    let failure = try XCTUnwrap(diffing.diffV2(reference, changed))
    XCTAssertTrue(failure.0.contains("1 of 2304 pixels differ"), failure.0)
    // The images are written where the golden assertions write theirs, and the message names them.
    let folder = FileManager.default.currentDirectoryPath + "/.golden-failures/snapshots"
    let written = failure.0.split(separator: "\n").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
    XCTAssertEqual(written.map { ($0 as NSString).lastPathComponent }, ["actual.png", "reference.png", "diff.png"])
    for path in written {
      XCTAssertTrue(path.hasPrefix(folder + "/"), path)
      XCTAssertTrue(FileManager.default.fileExists(atPath: path), path)
    }
    XCTAssertEqual(try PNGDecoder().decode(contentsOfFile: written[0], source: "actual"), changed)
    XCTAssertNil(Diffing<Raster>.raster(tolerance: GoldenTolerance(maxDifferingFraction: 0.001)).diffV2(reference, changed))
    // PNG round trip through the strategy's data conversion.
    XCTAssertEqual(diffing.fromData(diffing.toData(reference)), reference)
    XCTAssertEqual(diffing.fromData(Data("not a png".utf8)).width, 1)
  }
}
