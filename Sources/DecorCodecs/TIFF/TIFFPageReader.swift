#if TIFF
import DecorCore

import CTIFF

/// One reading of a multi-page TIFF's pages as frames (`TIFFDecoder.allPages`): each page decoded whole when it is
/// asked for, as `TIFFDecoder` decodes the first (libtiff's readers, CMYK through its profile, 16-bit samples, the
/// orientation applied), through its own opening of the file at that directory, so that one page's pixels are
/// held at a time, never the document. CMYK pages carrying one profile share one transform (`CMYKTransforms`).
///
/// Each frame is the page as it is (TIFF pages are full images: nothing is composed), with a delay of 0.
package final class TIFFPageReader: AnimationFrameReader {
  private let decoder: TIFFDecoder
  private let source: ByteSource
  private let pixelLimit: Int
  private let pageCount: Int
  /// The next page to read, from 0.
  private var page = 0
  /// The first page's size, which every later page must have.
  private var canvas: (width: Int, height: Int)?
  /// The CMYK transforms of this reading: pages carrying one profile share one.
  package let transforms = CMYKTransforms()

  /// Counts the pages of `source`.
  ///
  /// - Throws: `CodecError`: `.io`, `.corrupt` when libtiff cannot open the file, `.unsupportedVariant` for more
  ///   than `frameLimit` pages.
  init(_ decoder: TIFFDecoder, source: ByteSource, pixelLimit: Int, frameLimit: Int) throws(CodecError) {
    self.decoder = decoder
    self.source = source
    self.pixelLimit = pixelLimit
    pageCount = try TIFFDecoder.withFile(source, source: source.name) { tif, _ in
      max(1, Int(TIFFNumberOfDirectories(tif)))
    }
    guard pageCount <= frameLimit else {
      throw .unsupportedVariant(source: source.name, detail: "a document of \(pageCount) pages, more than \(frameLimit)")
    }
  }

  /// The next page, or `nil` after the last.
  ///
  /// - Throws: `CodecError`: `.corrupt` naming the page (`page 3: …`) for damage in it, `.unsupportedVariant` for a
  ///   page of another size than the first, `.tooLarge` for a page over the pixel limit, `.render(.cancelled)` once
  ///   the source's cancellation is set.
  package func next() throws(CodecError) -> AnimationFrame? {
    guard page < pageCount else { return nil }
    let decoded: DecodedImage
    do throws(CodecError) {
      decoded = try decoder.decodePage(page, from: source, pixelLimit: pixelLimit, transforms: transforms)
    } catch {
      // Damage is named by its page (the directories before it say `page N:` already).
      guard case .corrupt(let name, let detail) = error, page > 0, !detail.hasPrefix("page ") else { throw error }
      throw .corrupt(source: name, detail: "page \(page + 1): \(detail)")
    }
    let size = (width: decoded.raster.width, height: decoded.raster.height)
    if let canvas, canvas != size {
      throw TIFFDecoder.differentSize(source: source.name, page: page, size: size, first: canvas)
    }
    canvas = canvas ?? size
    page += 1
    return AnimationFrame(raster: decoded.raster, delay: 0)
  }
}
#endif
