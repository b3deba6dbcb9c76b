import Decor

// FoundationEssentials where it exists (Linux's swift-foundation): URL, FileManager and ProcessInfo without
// Foundation's internationalisation data, which the `decor` command (linking this module for `diff`) would
// otherwise load into every run.
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Golden-image assertions: compare a rendered image with a committed reference PNG.
///
///     Golden.expect(image, named: "transforms/rotate-30")                      // Swift Testing
///     assertGolden(image, named: "transforms/rotate-30")                       // XCTest
///     try Golden.assert(image, named: "blur/sigma-6", tolerance: GoldenTolerance(maxChannelDelta: 1))  // any
///
/// `expect` records a Swift Testing issue, and `assertGolden` an XCTest failure, at the line of the call (a thrown
/// error is reported by Swift Testing at the `@Test` line and by XCTest at `<EXPR>:0`); the throwing `assert`
/// works with any framework or none, and its error's description starts with the calling file and line.
///
/// References live in a `Goldens` folder: the nearest one found walking up from the calling test file, or, if
/// there is none, one created beside it; `named` is a path inside it without `.png` (`area/case`). On failure,
/// the actual image, the reference and a diff panel are written to `.golden-failures/<name>/` at the root of the
/// calling package (next to its `Package.swift`; keep it git-ignored) or to `$DECOR_GOLDEN_FAILURES/<name>/`,
/// their paths are printed, and a `GoldenError` is thrown, which fails the test in Swift Testing and in XCTest.
///
/// Depth: a 16-bit image (`Raster.depth`, from a render at `RenderPrecision.sixteenBits`) is recorded as a 16-bit
/// PNG and compared with a 16-bit reference at 16 bits (`ImageComparison`; a tolerance's `maxChannelDelta` is then
/// scaled × 257 unless `maxChannelDelta16` is set). An 8-bit image against an 8-bit reference is compared as
/// before; a 16-bit image against an 8-bit reference is rounded to 8 bits first (the reference holds no more).
///
/// Recording is switched by the environment variable `DECOR_RECORD`:
/// - `missing`: a missing reference is written from the actual image (the test fails once, saying so);
/// - `failed`: as `missing`, and a reference that does not match is overwritten (the test fails once);
/// - `all`: every reference is written (tests whose reference changed or was missing fail once).
/// With the `CI` variable set, any record mode fails the test: recording in CI would accept whatever was rendered.
public enum Golden {
  /// When references are (re)written.
  public enum RecordMode: String, Sendable {
    case off
    case missing
    case failed
    case all
  }

  /// The record mode from `DECOR_RECORD` (unset or empty means `off`).
  public static var recordMode: RecordMode {
    get throws(GoldenError) {
      let value = ProcessInfo.processInfo.environment["DECOR_RECORD"] ?? ""
      if value.isEmpty { return .off }
      guard let mode = RecordMode(rawValue: value) else {
        throw GoldenError(message: "DECOR_RECORD=\(value) is not one of missing, failed, all")
      }
      return mode
    }
  }

  /// Compares `image` with the reference `named` and throws a `GoldenError` unless it is within `tolerance`.
  ///
  /// - Parameters:
  ///   - image: the rendered image.
  ///   - name: the reference's path inside the goldens folder, without `.png`, such as `transforms/rotate-30`.
  ///   - tolerance: how far the image may be from the reference; exact by default.
  ///   - goldens: the goldens folder, if not the one found from `file`.
  ///   - file: the calling test file; leave the default.
  ///   - line: the calling line; leave the default.
  /// - Throws: `GoldenError` naming the calling file and line, the reference, the comparison's numbers and the
  ///   paths of the written images.
  public static func assert(
    _ image: Raster, named name: String, tolerance: GoldenTolerance = .exact, goldens: String? = nil,
    file: StaticString = #filePath, line: UInt = #line
  ) throws(GoldenError) {
    try assert(image, named: name, tolerance: tolerance, goldens: goldens, filePath: "\(file)", line: Int(line))
  }

  /// `assert` from a caller that knows its file and line as values (`Golden.expect`, `assertGolden`).
  static func assert(
    _ image: Raster, named name: String, tolerance: GoldenTolerance, goldens: String?, filePath: String, line: Int
  ) throws(GoldenError) {
    let ci = ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty && $0 != "false" } ?? false
    do {
      try check(image, named: name, tolerance: tolerance, goldens: goldens, mode: recordMode, ci: ci,
        testFile: URL(fileURLWithPath: filePath))
    } catch {
      var located = error
      located.file = filePath
      located.line = line
      throw located
    }
  }

  /// `assert` with the record mode and the CI flag given rather than read from the environment.
  package static func check(
    _ image: Raster, named name: String, tolerance: GoldenTolerance, goldens: String?, mode: RecordMode, ci: Bool,
    testFile: URL
  ) throws(GoldenError) {
    if mode != .off && ci {
      throw GoldenError(message: "DECOR_RECORD=\(mode.rawValue) is set while CI is set: unset DECOR_RECORD, "
        + "record on a development machine and commit the references")
    }
    guard !name.isEmpty, !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else {
      throw GoldenError(message: "golden name \"\(name)\" must be a relative path such as area/case")
    }
    let folder = goldens.map { URL(fileURLWithPath: $0) } ?? goldensFolder(near: testFile)
    let referenceURL = folder.appendingPathComponent(name + ".png")
    let referencePath = referenceURL.path

    guard FileManager.default.fileExists(atPath: referencePath) else {
      guard mode != .off else {
        throw GoldenError(message: "no reference \(referencePath): run the test with DECOR_RECORD=missing to "
          + "record it, look at it, and commit it")
      }
      try record(image, at: referenceURL)
      throw GoldenError(message: "recorded the missing reference \(referencePath): look at it, commit it, and run "
        + "the test again")
    }
    let reference: Raster
    do {
      reference = try Raster(keepingDepthOf: referencePath)
    } catch {
      throw GoldenError(message: "cannot read the reference: \(error)")
    }
    let comparison: ImageComparison
    do {
      comparison = try ImageComparison(try compared(image, with: reference), reference, tolerance: tolerance)
    } catch {
      if mode == .failed || mode == .all {
        try record(image, at: referenceURL)
        throw GoldenError(message: "re-recorded \(referencePath) (\(error))")
      }
      let paths = try writeFailure(name: name, actual: image, reference: reference, comparison: nil, file: testFile)
      throw GoldenError(message: "\(name): \(error) (reference \(referencePath))", artifacts: paths)
    }
    if comparison.passes && (mode != .all || comparison.maxChannelDelta == 0) {
      let failures = failuresFolder(near: testFile)
      removeFailureImages(in: failures.appendingPathComponent(name), upTo: failures)
      return
    }
    if mode == .failed || mode == .all {
      try record(image, at: referenceURL)
      throw GoldenError(message: "re-recorded \(referencePath): it was \(comparison)")
    }
    let paths = try writeFailure(name: name, actual: image, reference: reference, comparison: comparison,
      file: testFile)
    throw GoldenError(message: "\(name) does not match its reference within \(tolerance): \(comparison)",
      artifacts: paths)
  }

  /// The image as it is compared with `reference`: the reference's depth decides. A 16-bit render against a 16-bit
  /// reference, or an 8-bit one against a 16-bit reference (widened exactly), is compared at 16 bits; a 16-bit
  /// render against an 8-bit reference (recorded from an 8-bit render, or before references were compared at 16
  /// bits) is rounded to 8 bits first and compared as it always was, since the reference holds no more. Public so
  /// that other comparisons of references (DecorSnapshotTesting's) decide the same way.
  ///
  /// - Throws: `GoldenError` when a 16-bit image cannot be rounded to 8 bits.
  public static func compared(_ image: Raster, with reference: Raster) throws(GoldenError) -> Raster {
    guard image.depth == .sixteen, reference.depth == .eight else { return image }
    do {
      return try image.converted(to: .eight)
    } catch {
      throw GoldenError(message: "cannot round the image to 8 bits: \(error)")
    }
  }

  /// The nearest `Goldens` folder at or above the test file's folder (up to the package root), or a new one
  /// beside the test file.
  static func goldensFolder(near testFile: URL) -> URL {
    var folder = testFile.deletingLastPathComponent()
    let start = folder
    while true {
      let candidate = folder.appendingPathComponent("Goldens")
      let type = (try? FileManager.default.attributesOfItem(atPath: candidate.path))?[.type] as? FileAttributeType
      if type == .typeDirectory {
        return candidate
      }
      let isRoot = FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
      let parent = folder.deletingLastPathComponent()
      if isRoot || parent.path == folder.path { break }
      folder = parent
    }
    return start.appendingPathComponent("Goldens")
  }

  /// Where failure images go: `$DECOR_GOLDEN_FAILURES`, else `.golden-failures` at the package root.
  static func failuresFolder(near testFile: URL) -> URL {
    // getenv rather than ProcessInfo's environment, which copies every variable: this runs on every passing test.
    if let custom = getenv("DECOR_GOLDEN_FAILURES").map({ String(cString: $0) }), !custom.isEmpty {
      return URL(fileURLWithPath: custom)
    }
    var folder = testFile.deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
      let parent = folder.deletingLastPathComponent()
      if parent.path == folder.path { return testFile.deletingLastPathComponent().appendingPathComponent(".golden-failures") }
      folder = parent
    }
    return folder.appendingPathComponent(".golden-failures")
  }

  static func record(_ image: Raster, at url: URL) throws(GoldenError) {
    do {
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      // A 16-bit render is recorded at 16 bits, so that later renders are held to every one of its levels.
      try image.write(to: url.path,
        as: PNGImageEncoder(compression: .default, depth: image.depth == .sixteen ? .sixteen : nil))
      print("golden: recorded \(url.path)")
    } catch {
      throw GoldenError(message: "cannot record \(url.path): \(error)")
    }
  }

  /// Writes `actual`, `reference` and the diff panel (`comparison`'s, or the size-mismatch panel when there is
  /// none: see `ImageComparison.sizeMismatchPanel`) to `<failures folder>/<name>/`, replacing what was there, and
  /// prints their paths: the folder of `assert`'s failures, found from `near` (a file or folder inside the calling
  /// package; the current directory, which `swift test` sets to the package root, by default) or
  /// `$DECOR_GOLDEN_FAILURES`. For other harnesses (DecorSnapshotTesting's strategy) to put their images where the
  /// golden assertions put theirs.
  ///
  /// - Returns: the paths written.
  /// - Throws: `GoldenError` when a folder or file cannot be written.
  public static func writeFailureImages(
    named name: String, actual: Raster, reference: Raster, comparison: ImageComparison?, near: String? = nil
  ) throws(GoldenError) -> [String] {
    let start = near ?? FileManager.default.currentDirectoryPath
    // `failuresFolder` walks up from a file's folder: stand for a file inside the folder given.
    var location = URL(fileURLWithPath: start)
    if (try? location.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
      location = location.appendingPathComponent("_")
    }
    return try writeFailure(name: name, actual: actual, reference: reference, comparison: comparison,
      file: location)
  }

  static func writeFailure(
    name: String, actual: Raster, reference: Raster, comparison: ImageComparison?, file: URL
  ) throws(GoldenError) -> [String] {
    let folder = failuresFolder(near: file).appendingPathComponent(name)
    var paths: [String] = []
    do {
      // Images of an earlier failure must not pass for this one's. The folder stays: another test failing under
      // the same name at the same time may have just made it, and is about to write into it.
      removeFailureImages(in: folder, keepingFolder: true)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let diff = try comparison?.diffPanel(actual: actual, reference: reference)
        ?? ImageComparison.sizeMismatchPanel(actual: actual, reference: reference)
      let images: [(String, Raster)] = [("actual", actual), ("reference", reference), ("diff", diff)]
      for (label, image) in images {
        let path = folder.appendingPathComponent(label + ".png").path
        do {
          try image.write(to: path, as: .png())
        } catch {
          // A test passing again under a name beside this one removes the folders it leaves empty: if ours went in
          // between, it is made again, once.
          try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
          try image.write(to: path, as: .png())
        }
        paths.append(path)
      }
    } catch {
      throw GoldenError(message: "\(name): cannot write the failure images to \(folder.path): \(error)")
    }
    for path in paths { print("golden: wrote \(path)") }
    return paths
  }

  /// The names of the images a failure writes into its folder.
  static let failureImageNames = ["actual.png", "reference.png", "diff.png"]

  /// Removes the images a failure of this name left (its folder too, once empty, and with `root` the folders
  /// between it and `root`, and `root`, each once empty: a name `suite/case` leaves no empty `suite/`): a test that
  /// passes again leaves nothing behind, and a new failure never sits beside an old one's diff. The folders of other
  /// names (`a/b` beside `a`) are left alone.
  static func removeFailureImages(in folder: URL, upTo root: URL? = nil, keepingFolder: Bool = false) {
    // Most calls come from passing tests with nothing to remove: one look, and no errors thrown and caught.
    guard FileManager.default.fileExists(atPath: folder.path) else { return }
    for image in failureImageNames { try? FileManager.default.removeItem(at: folder.appendingPathComponent(image)) }
    // rmdir, not removeItem: it removes only an empty folder, so images another test writes there meanwhile stay.
    func removeIfEmpty(_ url: URL) -> Bool {
      url.withUnsafeFileSystemRepresentation { path in path.map { rmdir($0) == 0 } ?? false }
    }
    guard !keepingFolder, removeIfEmpty(folder), let root else { return }
    var parent = folder.standardizedFileURL.deletingLastPathComponent()
    let top = root.standardizedFileURL.path
    while parent.path.hasPrefix(top), parent.path.count >= top.count, removeIfEmpty(parent) {
      if parent.path == top { break }
      parent = parent.deletingLastPathComponent()
    }
  }
}

/// A golden assertion that failed: its description says where it was called, why it failed and where the images
/// are.
public struct GoldenError: Error, Sendable, CustomStringConvertible {
  public var message: String
  /// The images written for inspection: actual, reference and the diff panel.
  public var artifacts: [String] = []
  /// The test file and line of the assertion, when known.
  public var file: String?
  public var line: Int?

  public init(message: String, artifacts: [String] = [], file: String? = nil, line: Int? = nil) {
    self.message = message
    self.artifacts = artifacts
    self.file = file
    self.line = line
  }

  /// `message` with the images' paths, as a test framework records it (which says the location itself).
  public var failureMessage: String {
    artifacts.isEmpty ? message : message + "\n  " + artifacts.joined(separator: "\n  ")
  }

  /// `file:line: ` (when known), then `failureMessage`: the form compilers and editors link to the line.
  public var description: String {
    guard let file, let line else { return failureMessage }
    return "\(file):\(line): " + failureMessage
  }
}
