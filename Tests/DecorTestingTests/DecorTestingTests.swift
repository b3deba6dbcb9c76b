import Foundation
import Testing

import Decor
import DecorTesting
import DecorTestSupport

/// The test-support product: the comparison's numbers and the golden workflow (record modes, CI, artifacts).
@Suite struct DecorTestingTests {
  @Test func comparisonNumbers() throws {
    var a = try Raster(width: 10, height: 10, fill: .white)
    let b = a
    a[3, 4] = RGBA8(r: 250, g: 255, b: 255, a: 255)
    a[7, 1] = RGBA8(r: 255, g: 240, b: 255, a: 255)
    let exact = try ImageComparison(a, b)
    #expect(exact.maxChannelDelta == 15 && exact.differingPixels == 2 && !exact.passes)
    // PSNR over 400 channels: MSE = (25 + 225) / 400.
    #expect(abs(exact.psnr - 10 * log10(255.0 * 255 / (250.0 / 400))) < 1e-9)
    #expect(exact.description == "max delta 15, PSNR \(formatted(exact.psnr)) dB, 2 of 100 pixels differ (2.0%)")
    let loose = try ImageComparison(a, b, tolerance: GoldenTolerance(maxChannelDelta: 5))
    #expect(loose.differingPixels == 1 && !loose.passes)
    #expect(try ImageComparison(a, b, tolerance: GoldenTolerance(maxChannelDelta: 5, maxDifferingFraction: 0.01)).passes)
    #expect(try ImageComparison(a, b, tolerance: GoldenTolerance(maxChannelDelta: 15)).passes)
    #expect(try ImageComparison(a, b, tolerance: GoldenTolerance(maxChannelDelta: 15, minimumPSNR: 60)).passes == false)
    #expect(throws: ImageComparison.Failure.sizeMismatch(actual: "10x10", reference: "10x11")) {
      try ImageComparison(a, try Raster(width: 10, height: 11))
    }
  }

  @Test func transparentPixelsAreEqualWhateverTheirColour() throws {
    var red = PNGBuilder(width: 2, height: 1, bitDepth: 8, colorType: 6)
    red.setRows([[255, 0, 0, 0, 9, 9, 9, 255]])
    var blue = red
    blue.setRows([[0, 0, 255, 0, 9, 9, 9, 255]])
    let comparison = try ImageComparison(try PNGDecoder().decode(red.build(), source: "red"),
      try PNGDecoder().decode(blue.build(), source: "blue"))
    #expect(comparison.maxChannelDelta == 0 && comparison.passes)
  }

  @Test func antialiasedEdgesCanBeExcused() throws {
    // A black square on white, its edge drawn at two slightly different subpixel positions.
    let square = SolidColor(.black).cropped(to: IntRect(x: 8, y: 8, width: 16, height: 16))
    func scene(_ dx: Double) throws -> Raster {
      var canvas = try Raster(width: 32, height: 32, fill: .white)
      try canvas.draw(square, at: Point(8 + dx, 8))
      return canvas
    }
    let a = try scene(0.3)
    let b = try scene(0.6)
    let strict = try ImageComparison(a, b)
    let lenient = try ImageComparison(a, b, tolerance: GoldenTolerance(ignoresAntialiasing: true))
    #expect(strict.differingPixels == 32 && !strict.passes)  // the left and right edge columns
    #expect(lenient.differingPixels == 0 && lenient.antialiasedPixels == 32 && lenient.passes)
    // A changed pixel inside a flat area is not an antialiased edge.
    var c = a
    c[16, 16] = .white
    #expect(try ImageComparison(c, a, tolerance: GoldenTolerance(ignoresAntialiasing: true)).differingPixels == 1)
  }

  /// A 16-bit image: an opaque ramp over the top rows and a translucent one below (premultiplied at 16 bits), with
  /// levels no 8-bit image holds.
  static func deepImage() throws -> Raster {
    var image = try Raster(width: 16, height: 8, fill: RGBA16(r: 0, g: 0, b: 0, a: 0))
    for y in 0..<8 {
      for x in 0..<16 {
        let v = UInt16(1000 + 3001 * x + 17 * y)
        let a: UInt16 = y < 4 ? 65535 : UInt16(20000 + 5000 * (y - 4) + x)
        let straight = RGBA16(r: v, g: 65535 - v, b: UInt16(x * 4099 + y), a: a)
        let red: UInt32 = (UInt32(v) * UInt32(a) + 32767) / 65535
        let green: UInt32 = (UInt32(65535 - v) * UInt32(a) + 32767) / 65535
        let blue: Int = x * 4099 / 4 + y
        image[rgba16: x, y] = y < 4 ? straight : RGBA16(r: UInt16(red), g: UInt16(green), b: UInt16(blue), a: a)
      }
    }
    return image
  }

  /// At 16 bits a difference of 1/65535 counts, and is reported in 16-bit units; rounded to 8 bits, the same two
  /// images are equal (the comparison of before). A tolerance in levels of 255 is scaled × 257; one in levels of
  /// 65535 is taken as it is.
  @Test func sixteenBitImagesAreComparedAtSixteenBits() throws {
    let reference = try Self.deepImage()
    var actual = reference
    // 1000 and 1001 both round to 4 of 255.
    actual[rgba16: 0, 0] = RGBA16(r: 1001, g: 64535, b: 0, a: 65535)
    #expect(reference[rgba16: 0, 0] == RGBA16(r: 1000, g: 64535, b: 0, a: 65535))
    let exact = try ImageComparison(actual, reference)
    #expect(exact.depth == .sixteen)
    #expect(exact.maxChannelDelta == 1 && exact.differingPixels == 1 && !exact.passes)
    // PSNR over 512 channels at a peak of 65535: MSE = 1 / 512.
    #expect(abs(exact.psnr - 10 * log10(65535.0 * 65535 * 512)) < 1e-9)
    #expect(exact.description == "max delta 1/65535, PSNR \(formatted(exact.psnr)) dB, 1 of 128 pixels differ (0.78%)")
    let rounded = try ImageComparison(try actual.converted(to: .eight), try reference.converted(to: .eight))
    #expect(rounded.depth == .eight && rounded.maxChannelDelta == 0 && rounded.passes)
    #expect(rounded.description == "max delta 0, PSNR ∞, 0 of 128 pixels differ (0.0%)")

    // 300/65535 apart: more than one level of 255 (257), less than two.
    actual[rgba16: 5, 2] = RGBA16(r: reference[rgba16: 5, 2].r + 300, g: reference[rgba16: 5, 2].g,
      b: reference[rgba16: 5, 2].b, a: 65535)
    #expect(try ImageComparison(actual, reference).maxChannelDelta == 300)
    #expect(try ImageComparison(actual, reference, tolerance: GoldenTolerance(maxChannelDelta: 1)).differingPixels == 1)
    #expect(try ImageComparison(actual, reference, tolerance: GoldenTolerance(maxChannelDelta: 2)).passes)
    #expect(try ImageComparison(actual, reference, tolerance: GoldenTolerance(maxChannelDelta16: 299)).passes == false)
    #expect(try ImageComparison(actual, reference, tolerance: GoldenTolerance(maxChannelDelta16: 300)).passes)
    // The 16-bit allowance does not change an 8-bit comparison.
    let loose16 = GoldenTolerance(maxChannelDelta16: 65535)
    #expect(loose16.channelDeltaLimit(at: .eight) == 0 && loose16.channelDeltaLimit(at: .sixteen) == 65535)
    #expect(GoldenTolerance(maxChannelDelta: 3).channelDeltaLimit(at: .sixteen) == 771)
    #expect(loose16.description == "max channel delta 0, max channel delta 65535/65535 at 16 bits")

    // An 8-bit image against its exact widening: compared at 16 bits, equal.
    let eight = try reference.converted(to: .eight)
    let widened = try eight.converted(to: .sixteen)
    let mixed = try ImageComparison(eight, widened)
    #expect(mixed.depth == .sixteen && mixed.maxChannelDelta == 0 && mixed.passes)
  }

  /// Antialiased edges are excused at 16 bits as at 8.
  @Test func antialiasedEdgesCanBeExcusedAtSixteenBits() throws {
    let square = SolidColor(.black).cropped(to: IntRect(x: 8, y: 8, width: 16, height: 16))
    func scene(_ dx: Double) throws -> Raster {
      var renderer = Renderer()
      renderer.precision = .sixteenBits
      return try renderer.render(square.translated(by: Point(dx, 0)).composited(over: SolidColor(.white)),
        region: IntRect(x: 0, y: 0, width: 32, height: 32))
    }
    let (a, b) = (try scene(0.3), try scene(0.6))
    #expect(a.depth == .sixteen && b.depth == .sixteen)
    let strict = try ImageComparison(a, b)
    let lenient = try ImageComparison(a, b, tolerance: GoldenTolerance(ignoresAntialiasing: true))
    #expect(strict.depth == .sixteen && strict.differingPixels == 32 && !strict.passes)
    #expect(lenient.differingPixels == 0 && lenient.antialiasedPixels == 32 && lenient.passes)
  }

  /// A folder standing in for a package: its `Package.swift` anchors `.golden-failures`.
  struct Sandbox {
    let root: URL
    var testFile: URL { root.appendingPathComponent("Tests/SomeTests/SomeTests.swift") }
    var goldens: URL { root.appendingPathComponent("Tests/SomeTests/Goldens") }
    var failures: URL { root.appendingPathComponent(".golden-failures") }

    init() throws {
      root = try Fixtures.temporaryDirectory()
      try FileManager.default.createDirectory(at: testFile.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data().write(to: root.appendingPathComponent("Package.swift"))
    }

    func check(_ image: Raster, _ mode: Golden.RecordMode = .off, ci: Bool = false,
      tolerance: GoldenTolerance = .exact) -> GoldenError?
    {
      do {
        try Golden.check(image, named: "area/case", tolerance: tolerance, goldens: nil, mode: mode, ci: ci,
          testFile: testFile)
        return nil
      } catch {
        return error
      }
    }
  }

  @Test func aMissingReferenceIsRecordedOnceAndThenPasses() throws {
    let sandbox = try Sandbox()
    defer { try? FileManager.default.removeItem(at: sandbox.root) }
    let image = try GoldenScenes.cutout()
    let missing = try #require(sandbox.check(image))
    #expect(missing.message.contains("no reference") && missing.message.contains("DECOR_RECORD=missing"))
    let recorded = try #require(sandbox.check(image, .missing))
    #expect(recorded.message.contains("recorded the missing reference"))
    let reference = sandbox.goldens.appendingPathComponent("area/case.png").path
    #expect(try Raster(contentsOfFile: reference) == image)
    #expect(sandbox.check(image) == nil)
    #expect(sandbox.check(image, .missing) == nil)
  }

  /// A 16-bit image is recorded as a 16-bit PNG holding every level, passes against it, and fails on a change of
  /// a few levels of 65535, which rounding to 8 bits would hide; against an 8-bit reference it is compared rounded.
  @Test func aSixteenBitImageIsRecordedAndComparedAtSixteenBits() throws {
    let sandbox = try Sandbox()
    defer { try? FileManager.default.removeItem(at: sandbox.root) }
    let image = try Self.deepImage()
    let recorded = try #require(sandbox.check(image, .missing))
    #expect(recorded.message.contains("recorded the missing reference"))
    let reference = sandbox.goldens.appendingPathComponent("area/case.png").path
    let file = try [UInt8](Data(contentsOf: URL(fileURLWithPath: reference)))
    #expect(file[24] == 16, "bit depth \(file[24])")
    #expect(try Raster(keepingDepthOf: reference) == image)
    #expect(sandbox.check(image) == nil)

    var changed = image
    let pixel = image[rgba16: 7, 6]
    changed[rgba16: 7, 6] = RGBA16(r: pixel.r + 3, g: pixel.g, b: pixel.b, a: pixel.a)
    #expect(try ImageComparison(try changed.converted(to: .eight), try image.converted(to: .eight)).passes,
      "the change is hidden at 8 bits")
    let failure = try #require(sandbox.check(changed))
    #expect(failure.message.contains("does not match its reference") && failure.message.contains("max delta 3/65535"),
      "\(failure.message)")
    #expect(failure.artifacts.count == 3)
    #expect(try Raster(keepingDepthOf: failure.artifacts[0]) == changed)
    #expect(sandbox.check(changed, tolerance: GoldenTolerance(maxChannelDelta16: 3)) == nil)
    #expect(sandbox.check(changed, tolerance: GoldenTolerance(maxChannelDelta: 1)) == nil)

    // An 8-bit reference (recorded from an 8-bit image): the 16-bit image is compared rounded, as before.
    _ = sandbox.check(try image.converted(to: .eight), .all)
    let eightBitFile = try [UInt8](Data(contentsOf: URL(fileURLWithPath: reference)))
    #expect(eightBitFile[24] == 8, "bit depth \(eightBitFile[24])")
    #expect(sandbox.check(image) == nil)
    #expect(sandbox.check(changed) == nil)
  }

  @Test func aMismatchWritesTheThreeImages() throws {
    let sandbox = try Sandbox()
    defer { try? FileManager.default.removeItem(at: sandbox.root) }
    let image = try GoldenScenes.cutout()
    _ = sandbox.check(image, .missing)
    let changed = try image.translated(by: Point(1, 0)).rendered(image.bounds)
    let failure = try #require(sandbox.check(changed))
    #expect(failure.message.contains("does not match its reference"))
    let folder = sandbox.failures.appendingPathComponent("area/case")
    #expect(failure.artifacts == ["actual", "reference", "diff"].map { folder.appendingPathComponent($0 + ".png").path })
    #expect(try Raster(contentsOfFile: failure.artifacts[0]) == changed)
    #expect(try Raster(contentsOfFile: failure.artifacts[1]) == image)
    #expect(try Raster(contentsOfFile: failure.artifacts[2]).width == image.width * 3 + 8)
    // Within a tolerance that allows it, the same change passes, and the failure's images are gone.
    #expect(sandbox.check(changed, tolerance: GoldenTolerance(maxChannelDelta: 255)) == nil)
    #expect(!FileManager.default.fileExists(atPath: folder.path))
    // Nor are the folders above it that held nothing else (`area/`, `.golden-failures/`).
    #expect(!FileManager.default.fileExists(atPath: sandbox.failures.path), "no empty folders left")
  }

  /// Images of another size: no comparison, but all three images (the diff a size-mismatch panel), and none of an
  /// earlier failure left beside them.
  @Test func aSizeMismatchWritesTheThreeImagesAndReplacesOldOnes() throws {
    let sandbox = try Sandbox()
    defer { try? FileManager.default.removeItem(at: sandbox.root) }
    let image = try GoldenScenes.cutout()
    _ = sandbox.check(image, .missing)
    let folder = sandbox.failures.appendingPathComponent("area/case")
    let diff = folder.appendingPathComponent("diff.png").path
    // An earlier failure's diff, and a file of the user's that must stay.
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Raster(width: 1, height: 1, fill: .white).write(to: diff, as: .png())
    let notes = folder.appendingPathComponent("notes.txt")
    try Data("mine".utf8).write(to: notes)
    let smaller = try image.extracting(IntRect(x: 0, y: 0, width: image.width - 5, height: image.height - 3))
    let failure = try #require(sandbox.check(smaller))
    #expect(failure.message.contains("sizes differ: \(image.width - 5)x\(image.height - 3) against "
      + "\(image.width)x\(image.height)"))
    #expect(failure.artifacts.map { URL(fileURLWithPath: $0).lastPathComponent }
      == ["actual.png", "reference.png", "diff.png"])
    let panel = try Raster(contentsOfFile: diff)
    #expect(panel.width == (image.width - 5) + image.width + image.width + 8 && panel.height == image.height)
    // The map's last column is where only the reference has pixels; its first pixel, equal in both, is grey.
    let mapX = (image.width - 5) + image.width + 8
    #expect(panel[mapX + image.width - 1, 0] == RGBA8(r: 255, g: 0, b: 255, a: 255))
    #expect(panel[mapX, 0].r == panel[mapX, 0].g && panel[mapX, 0].g == panel[mapX, 0].b)
    // Passing again removes the three images, keeps the user's file and so the folder.
    #expect(sandbox.check(image) == nil)
    #expect(!FileManager.default.fileExists(atPath: diff))
    #expect(FileManager.default.fileExists(atPath: notes.path))
  }

  @Test func recordModesReplaceReferences() throws {
    let sandbox = try Sandbox()
    defer { try? FileManager.default.removeItem(at: sandbox.root) }
    let image = try GoldenScenes.cutout()
    let other = try GoldenScenes.cutout().flipped(.horizontal).rendered()
    _ = sandbox.check(image, .missing)
    #expect(sandbox.check(other, .missing) != nil)  // `missing` never replaces an existing reference
    #expect(sandbox.check(other, .failed)?.message.contains("re-recorded") == true)
    #expect(sandbox.check(other) == nil)
    #expect(sandbox.check(other, .all) == nil)  // unchanged: nothing to report
    #expect(sandbox.check(image, .all) != nil)
    #expect(sandbox.check(image) == nil)
  }

  @Test func recordingIsRefusedInCI() throws {
    let sandbox = try Sandbox()
    defer { try? FileManager.default.removeItem(at: sandbox.root) }
    let error = try #require(sandbox.check(try GoldenScenes.cutout(), .missing, ci: true))
    #expect(error.message.contains("CI is set"))
    #expect(!FileManager.default.fileExists(atPath: sandbox.goldens.path))
  }

  @Test func namesStayInsideTheGoldensFolder() throws {
    let image = try Raster(width: 1, height: 1)
    for name in ["", "/etc/passwd", "../escape", "a/../../b"] {
      #expect(throws: GoldenError.self) {
        try Golden.check(image, named: name, tolerance: .exact, goldens: "/tmp/nowhere", mode: .off, ci: false,
          testFile: URL(fileURLWithPath: "/tmp/x.swift"))
      }
    }
  }

  /// A failure is located at the assertion: the thrown error names the calling file and line, and
  /// `Golden.expect` records its issue at the line of the call, not at the `@Test` function.
  @Test func failuresAreLocatedAtTheAssertion() throws {
    let sandbox = try Sandbox()
    defer { try? FileManager.default.removeItem(at: sandbox.root) }
    let image = try GoldenScenes.cutout()
    _ = sandbox.check(image, .missing)
    let changed = try image.translated(by: Point(1, 0)).rendered(image.bounds)
    let goldens = sandbox.goldens.path
    // The images of these failures go to the repository's own (git-ignored) failures folder; removed after.
    let written = TestPaths.repository.appendingPathComponent(".golden-failures/area/case")
    defer { try? FileManager.default.removeItem(at: written) }

    let assertLine = #line + 2
    do {
      try Golden.assert(changed, named: "area/case", goldens: goldens)
      Issue.record("matched")
    } catch {
      #expect(error.file == #filePath && error.line == assertLine)
      #expect(error.description.hasPrefix("\(#filePath):\(assertLine): area/case does not match its reference"))
      #expect(error.artifacts.count == 3)
    }

    let expectLine = #line + 2
    withKnownIssue {
      #expect(!Golden.expect(changed, named: "area/case", goldens: goldens))
    } matching: { issue in
      issue.sourceLocation?.line == expectLine && issue.sourceLocation?.fileName == "DecorTestingTests.swift"
        && "\(issue)".contains("area/case does not match its reference")
    }
    #expect(Golden.expect(image, named: "area/case", goldens: goldens))
  }
}
