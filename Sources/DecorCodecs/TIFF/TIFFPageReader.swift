#if TIFF
import DecorCore

import CTIFF

/// One reading of a multi-page TIFF's pages as frames (`TIFFDecoder.allPages`): each page decoded whole when it is
/// asked for, as `TIFFDecoder` decodes the first (libtiff's readers, CMYK through its profile, 16-bit samples, the
/// orientation applied), so that one page's pixels are held at a time, never the document. CMYK pages carrying one
/// profile share one transform (`CMYKTransforms`).
///
/// One opening of the file serves every page: each page is read from the directory libtiff is on, and the next
/// directory read after it (`TIFFReadDirectory`), so N pages cost N directory reads (opening the file again for each
/// page, and walking the directories before it, cost N²: 10,000 pages took minutes).
///
/// Each frame is the page as it is (TIFF pages are full images: nothing is composed), with a delay of 0.
package final class TIFFPageReader: AnimationFrameReader {
  private let decoder: TIFFDecoder
  private let source: ByteSource
  private let pixelLimit: Int
  /// libtiff's one opening of the file, on the directory of the next page once a page was read.
  private let file: TIFFFile
  private let pageCount: Int
  /// The next page to read, from 0.
  private var page = 0
  /// The first page's size, which every later page must have.
  private var canvas: (width: Int, height: Int)?
  /// The CMYK transforms of this reading: pages carrying one profile share one.
  package let transforms = CMYKTransforms()

  /// Opens `source` and counts its pages.
  ///
  /// - Throws: `CodecError`: `.io`, `.corrupt` when libtiff cannot open the file, `.unsupportedVariant` for more
  ///   than `frameLimit` pages.
  init(_ decoder: TIFFDecoder, source: ByteSource, pixelLimit: Int, frameLimit: Int) throws(CodecError) {
    self.decoder = decoder
    self.source = source
    self.pixelLimit = pixelLimit
    file = try TIFFFile(source)
    pageCount = file.directoryCount
    guard pageCount <= frameLimit else {
      throw Animation.tooManyFrames(source: source.name, count: pageCount, limit: frameLimit, pages: true)
    }
  }

  /// The next page, or `nil` after the last.
  ///
  /// - Throws: `CodecError`: `.corrupt` naming the page (`page 3: …`) for damage in it or in its directory,
  ///   `.unsupportedVariant` for a page of another size than the first, `.tooLarge` for a page over the pixel limit,
  ///   `.render(.cancelled)` once the source's cancellation is set.
  package func next() throws(CodecError) -> AnimationFrame? {
    guard page < pageCount else { return nil }
    let decoded: DecodedImage
    do throws(CodecError) {
      if page > 0, TIFFReadDirectory(file.tif) == 0 {
        let detail = TIFFDecoder.message(file.io, otherwise: "its directory cannot be read")
        throw file.failure ?? .corrupt(source: source.name, detail: detail)
      }
      let reader = try TIFFRowReader(file: file, source: source.name, page: page, pageCount: pageCount,
        pixelLimit: pixelLimit, transforms: transforms)
      decoded = try decoder.decoded(reader, pixelLimit: pixelLimit)
    } catch {
      // Damage is named by its page.
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
