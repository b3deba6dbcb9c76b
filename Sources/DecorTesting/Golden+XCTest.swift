#if canImport(XCTest)
  import Decor
  import XCTest

  /// XCTest: compares `image` with the reference `named` as `Golden.assert` does, and fails the test at the line
  /// of this call (an error thrown out of an XCTest method is reported at `<EXPR>:0`) when it does not match, with
  /// the paths of the written images. Returns whether it matched.
  ///
  /// - Parameters:
  ///   - image: the rendered image.
  ///   - name: the reference's path inside the goldens folder, without `.png`, such as `badges/blue`.
  ///   - tolerance: how far the image may be from the reference; exact by default.
  ///   - goldens: the goldens folder, if not the one found from the calling file.
  ///   - file: the calling test file; leave the default.
  ///   - line: the calling line; leave the default.
  @discardableResult
  public func assertGolden(
    _ image: Raster, named name: String, tolerance: GoldenTolerance = .exact, goldens: String? = nil,
    file: StaticString = #filePath, line: UInt = #line
  ) -> Bool {
    do {
      try Golden.assert(image, named: name, tolerance: tolerance, goldens: goldens, filePath: "\(file)",
        line: Int(line))
      return true
    } catch {
      XCTFail(error.failureMessage, file: file, line: line)
      return false
    }
  }
#endif
