import Foundation
import Synchronization
import Testing

import Decor
import DecorTestSupport

/// Inputs read row by row as the render needs them: every chain gives the bytes it gives on the decoded
/// raster, in any tiling, band height and band order, and a render in band order keeps a few bands of the file.
@Suite(.tags(.slow)) struct StreamedImageTests {
  static let photo = Fixtures.root.deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("SampleImages/astronaut.png").path
  static let cutout = Fixtures.root.deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("SampleImages/horse-cutout.png").path

  static let chains = [
    [String](), ["scale 0.3"], ["blur 6"], ["rotate 30", "shadow 8 8 blur=6 opacity=0.6"], ["blur 20", "flip vertical"],
    ["crop 40 300 200 100", "blur 3"], ["resize 100x_", "shadow 2 2 blur=3", "shadow 3 3 blur=4"],
    ["flip both", "sepia"], ["tile 900x700"],
  ]

  @Test(arguments: SanitizerRun.sample(chains, every: 3))
  func aStreamedFileRendersAsItsDecodedRaster(steps: [String]) throws {
    for path in [Self.photo, Self.cutout] {
      let decoded = try PNGDecoder().decode(contentsOfFile: path, source: path)
      let opened = try OpenedImage(contentsOfFile: path)
      #expect(opened.isStreamed)
      let chain = try Chain(parsing: steps)
      let reference = try Renderer(tileSize: 128, threads: 2).render(chain.apply(to: decoded))
      for (tileSize, threads) in [(64, 1), (37, 3)] {
        let renderer = Renderer(tileSize: tileSize, threads: threads)
        #expect(try renderer.render(chain.apply(to: opened.image)) == reference, "\(steps) \(tileSize)")
      }
      // Bands backwards: the file is read again from its top where rows were let go of.
      let banded = try Renderer(tileSize: 64, threads: 2).prepareBands(chain.apply(to: opened.image), bandHeight: 64)
      #expect(try BandedRenderTests.render(banded, order: Array((0..<banded.bandCount).reversed())) == reference)
    }
  }

  /// Without a plan (a component's `render` called directly) a streamed image reads the file itself.
  @Test func anUnplannedRequestReadsTheFileItself() throws {
    let decoded = try PNGDecoder().decode(contentsOfFile: Self.photo, source: Self.photo)
    let image = StreamedImage(try PNGRowSource(contentsOfFile: Self.photo, source: Self.photo))
    let region = IntRect(x: -5, y: 100, width: 60, height: 40)
    #expect(try image.render(region, context: RenderContext()) == decoded.render(region, context: RenderContext()))
  }

  /// In band order only a few bands of the file are kept; under a vertical flip, all of it.
  @Test func aStreamedFileKeepsAFewBands() throws {
    let image = try OpenedImage(contentsOfFile: Self.photo).image
    let height = image.extent.height
    let banded = try Renderer(tileSize: 32, threads: 2).prepareBands(image.blurred(sigma: 4), bandHeight: 32)
    _ = try BandedRenderTests.render(banded, order: Array(0..<banded.bandCount))
    let kept = try #require(banded.stages.bufferRows.values.max())
    #expect(kept < height / 4, "\(kept) rows of \(height) kept")
  }

  /// The next band's rows of a streamed input are read while the caller works on a band (an encoder compressing
  /// it): a render abandoned after any band leaves no work behind, and a band asked again, or out of order, after
  /// rows were read ahead gives the same bytes.
  @Test func readingAheadAcrossBandsChangesNoByte() throws {
    let image = try OpenedImage(contentsOfFile: Self.photo).image
    let component = image.blurred(sigma: 3).scaled(by: 0.8)
    let reference = try Renderer(tileSize: 64, threads: 2).render(component)
    for stop in [1, 3] {
      let banded = try Renderer(tileSize: 32, threads: 2).prepareBands(component, bandHeight: 32)
      _ = try BandedRenderTests.render(banded, order: Array(0..<stop))
    }
    let banded = try Renderer(tileSize: 32, threads: 3).prepareBands(component, bandHeight: 32)
    let order = [0, 1, 1, 2, 0] + Array(1..<banded.bandCount)
    #expect(try BandedRenderTests.render(banded, order: order) == reference)
  }

  /// A planned render reads the file once, whatever the tiles, whether the streamed image is the root (written as
  /// it is read) or an input; only requests outside the plan open readers of their own.
  @Test(arguments: SanitizerRun.sample([[String](), ["scale 0.5"], ["blur 4"], ["shadow 3 3 blur=5"]], every: 2))
  func aPlannedRenderReadsTheFileOnce(steps: [String]) throws {
    let source = CountingRowSource(try PNGRowSource(contentsOfFile: Self.photo, source: Self.photo))
    let image = StreamedImage(source)
    let component = try Chain(parsing: steps).apply(to: image)
    let expected = try Chain(parsing: steps).apply(to: PNGDecoder().decode(contentsOfFile: Self.photo, source: Self.photo))
    for (tileSize, threads) in [(32, 1), (64, 3)] {
      let before = source.opened
      #expect(try Renderer(tileSize: tileSize, threads: threads).render(component)
        == Renderer(tileSize: 128, threads: 2).render(expected))
      #expect(source.opened == before + 1, "\(steps): \(source.opened - before) readers for one render")
    }
  }

  /// Standard input, and a JPEG whose EXIF orientation is applied, are decoded whole; other JPEGs and WebPs stream.
  @Test func whatIsStreamed() throws {
    let jpeg = Fixtures.root.appendingPathComponent("JPEG")
    #expect(try OpenedImage(contentsOfFile: jpeg.appendingPathComponent("orientation-1.jpg").path).isStreamed)
    #expect(try !OpenedImage(contentsOfFile: jpeg.appendingPathComponent("orientation-6.jpg").path).isStreamed)
    let kept = try OpenedImage(contentsOfFile: jpeg.appendingPathComponent("orientation-6.jpg").path,
      decoders: .standard(autoOrient: false))
    #expect(kept.isStreamed)
    for name in ["orientation-1.jpg", "orientation-6.jpg"] {
      let path = jpeg.appendingPathComponent(name).path
      let whole = try DecodedImage(contentsOfFile: path).raster
      #expect(try OpenedImage(contentsOfFile: path).image.rendered() == whole, "\(name)")
    }
  }
}

/// A row source that counts the readers opened on it.
final class CountingRowSource: RowSource {
  let source: any RowSource
  private let count = Mutex(0)

  init(_ source: any RowSource) { self.source = source }

  var opened: Int { count.withLock { $0 } }
  var width: Int { source.width }
  var height: Int { source.height }
  var description: String { source.description }

  func openRows() throws -> any RowReader {
    count.withLock { $0 += 1 }
    return try source.openRows()
  }
}
