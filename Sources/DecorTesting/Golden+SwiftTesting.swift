#if canImport(Testing)
  import Decor
  import Testing

  extension Golden {
    /// Swift Testing: compares `image` with the reference `named` as `assert` does, and records an issue at the
    /// line of this call (not at the `@Test` function) when it does not match, with the paths of the written
    /// images. Returns whether it matched, so that a test can stop early (`guard Golden.expect(…) else { return }`).
    ///
    /// - Parameters:
    ///   - image: the rendered image.
    ///   - name: the reference's path inside the goldens folder, without `.png`, such as `badges/blue`.
    ///   - tolerance: how far the image may be from the reference; exact by default.
    ///   - goldens: the goldens folder, if not the one found from the calling file.
    ///   - sourceLocation: the calling line; leave the default.
    @discardableResult
    public static func expect(
      _ image: Raster, named name: String, tolerance: GoldenTolerance = .exact, goldens: String? = nil,
      sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
      do {
        try assert(image, named: name, tolerance: tolerance, goldens: goldens, filePath: sourceLocation.filePath,
          line: sourceLocation.line)
        return true
      } catch {
        // Recorded as the error it is, so that the failure's headline is its message ("Caught error: …") rather
        // than "Issue recorded" with the message below it.
        Issue.record(Failure(message: error.failureMessage), sourceLocation: sourceLocation)
        return false
      }
    }

    /// A failed golden comparison as Swift Testing shows it: the message alone (it gives the line itself).
    private struct Failure: Error, CustomStringConvertible {
      var message: String
      var description: String { message }
    }
  }
#endif
