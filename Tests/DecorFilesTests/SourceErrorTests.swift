import Foundation
import Testing

import Decor
import DecorTestSupport

/// A decoder's error met while a step reads the file row by row is described as the file's (`SourceError`): the
/// render still names the component that met it, for Swift code that asks.
@Suite struct SourceErrorTests {
  static let truncated = Fixtures.root.appendingPathComponent("JPEG/truncated.jpg").path

  @Test func aDecodeErrorUnderAStepIsTheFiles() throws {
    let opened = try OpenedImage(contentsOfFile: Self.truncated)
    for steps in [[], ["resize 10x_"], ["resize 50%", "blur 1"]] {
      let image = try opened.applying(Chain(parsing: steps))
      do {
        _ = try image.rendered()
        Issue.record("\(steps): rendered a truncated file")
      } catch {
        #expect("\(error)" == "\(Self.truncated): corrupt or truncated image: Premature end of JPEG file", "\(steps)")
        guard case .failed(let component, let inner) = error else {
          Issue.record("\(steps): \(error) is not handed on as .failed")
          continue
        }
        #expect(!component.isEmpty)
        #expect(inner as? CodecError == .corrupt(source: Self.truncated, detail: "Premature end of JPEG file"))
      }
    }
  }

  @Test func onlyAnErrorThatNamesItsSourceStandsAlone() {
    struct Plain: Error, CustomStringConvertible { var description: String { "no rows" } }
    #expect(RenderError.failed(component: "resize 10x_", error: Plain()).description == "resize 10x_: no rows")
    let corrupt = CodecError.corrupt(source: "x.jpg", detail: "bad")
    #expect(corrupt.source == "x.jpg")
    #expect(RenderError.failed(component: "resize 10x_", error: corrupt).description
      == "x.jpg: corrupt or truncated image: bad")
    // A codec error that names no file keeps the component's name before it.
    let unknown = CodecError.unknownCodec(name: "bmp", known: ["png"])
    #expect(unknown.source == nil)
    #expect(RenderError.failed(component: "write", error: unknown).description
      == "write: no codec named \"bmp\" (known: png)")
  }
}
