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

  /// The scene rendered at 16 bits: a gradient whose levels fall between 8-bit ones.
  func deepScene() throws -> Raster {
    var renderer = Renderer()
    renderer.precision = .sixteenBits
    return try LinearGradient(from: Point(0, 0), to: Point(48, 0), stops: [
      GradientStop(location: 0, color: Color(red: 0.1, green: 0.2, blue: 0.3)),
      GradientStop(location: 1, color: Color(red: 0.12, green: 0.21, blue: 0.33)),
    ]).rendered(IntRect(x: 0, y: 0, width: 48, height: 8), renderer: renderer)
  }

  func testSixteenBitImagesAreRecordedAndComparedAtSixteenBits() throws {
    let deep = try deepScene()
    XCTAssertEqual(deep.depth, .sixteen)
    // Against the recorded reference, a 16-bit PNG.
    assertSnapshot(of: deep, as: .image)
    let diffing = Diffing<Raster>.raster()
    let data = diffing.toData(deep)
    XCTAssertEqual(data[24], 16, "the PNG's bit depth")
    // Read back at 16 bits, every level kept.
    let read = diffing.fromData(data)
    XCTAssertEqual(read.depth, .sixteen)
    XCTAssertEqual(read, deep)
    // One level of 65535 apart is a difference at 16 bits, which both images rounded to 8 bits would hide.
    var changed = deep
    let pixel = changed[rgba16: 20, 3]
    changed[rgba16: 20, 3] = RGBA16(r: pixel.r + 1, g: pixel.g, b: pixel.b, a: pixel.a)
    XCTAssertEqual(try changed.converted(to: .eight), try deep.converted(to: .eight))
    let failure = try XCTUnwrap(Diffing<Raster>.raster().diffV2(deep, changed))
    XCTAssertTrue(failure.0.contains("max delta 1/65535"), failure.0)
    XCTAssertNil(Diffing<Raster>.raster(tolerance: GoldenTolerance(maxChannelDelta16: 1)).diffV2(deep, changed))
    // Against an 8-bit reference the 16-bit image is rounded to 8 bits first, as that reference holds no more.
    let eight = try deep.converted(to: .eight)
    XCTAssertNil(diffing.diffV2(diffing.fromData(diffing.toData(eight)), changed))
  }
}
