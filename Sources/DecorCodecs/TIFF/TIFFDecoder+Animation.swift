#if TIFF
import DecorCore

import CTIFF

/// A multi-page TIFF's pages as frames, when the decoder reads all pages (`allPages`; `decor apply --all-pages`), as
/// libvips reads them with `n=-1` and sharp with `pages: -1`: each page a full frame of delay 0 (TIFF records no
/// timing), the animation looping for ever (loop count 0), read by `TIFFPageReader` one page at a time. Without
/// `allPages`, or for a file of one page, there is no animation: the first page is the image.
///
/// Pages of different sizes are refused, naming the page and both sizes, as libvips refuses `n=-1` on them: frames
/// share one canvas, and placing or scaling a page onto another's would be a guess.
extension TIFFDecoder: AnimatedImageDecoder {
  /// The upright size of each page and the canvas, read from the directories' tags without decoding pixels.
  ///
  /// - Throws: `CodecError`: `.unsupportedVariant` for more than `frameLimit` pages or pages of different sizes,
  ///   `.corrupt` for a directory that cannot be read (naming the page), `.tooLarge` for a page over `pixelLimit`.
  package func animationRecords(_ source: ByteSource, pixelLimit: Int, frameLimit: Int) throws(CodecError)
    -> (width: Int, height: Int, loopCount: Int, delays: [Int])?
  {
    guard allPages else { return nil }
    let sizes = try pageSizes(source, frameLimit: frameLimit)
    guard sizes.count > 1, let first = sizes.first else { return nil }
    for (index, size) in sizes.enumerated() where size != first {
      throw Self.differentSize(source: source.name, page: index, size: size, first: first)
    }
    try DecodeChecks.pixelLimit(width: first.width, height: first.height, limit: pixelLimit, source: source.name)
    return (first.width, first.height, 0, Array(repeating: 0, count: sizes.count))
  }

  package func frameReader(_ source: ByteSource, pixelLimit: Int, frameLimit: Int) throws(CodecError)
    -> any AnimationFrameReader
  {
    try TIFFPageReader(self, source: source, pixelLimit: pixelLimit, frameLimit: frameLimit)
  }

  /// The size of each page, as the decoder gives it (turned upright when it applies the orientation), directory by
  /// directory.
  ///
  /// - Throws: as `animationRecords`.
  func pageSizes(_ source: ByteSource, frameLimit: Int) throws(CodecError) -> [(width: Int, height: Int)] {
    try Self.withFile(source, source: source.name) { tif, io throws(CodecError) in
      let count = max(1, Int(TIFFNumberOfDirectories(tif)))
      guard count <= frameLimit else {
        throw Animation.tooManyFrames(source: source.name, count: count, limit: frameLimit, pages: true)
      }
      var sizes: [(width: Int, height: Int)] = []
      for page in 0..<count {
        guard page == 0 || TIFFReadDirectory(tif) != 0 else {
          throw .corrupt(source: source.name,
            detail: "page \(page + 1): " + Self.message(io, otherwise: "its directory cannot be read"))
        }
        sizes.append(pageSize(Self.layout(of: tif)))
      }
      return sizes
    }
  }

  /// A page's size as the decoder gives it: turned upright when it applies the orientation.
  func pageSize(_ layout: Layout) -> (width: Int, height: Int) {
    let turned = autoOrient && layout.exifOrientation?.swapsSides == true
    return turned ? (layout.height, layout.width) : (layout.width, layout.height)
  }

  /// The error for page `page` (from 0) of `size` in a document whose first page is of `first`.
  static func differentSize(
    source: String, page: Int, size: (width: Int, height: Int), first: (width: Int, height: Int)
  ) -> CodecError {
    .unsupportedVariant(
      source: source,
      detail: "page \(page + 1) is \(size.width)x\(size.height) and page 1 \(first.width)x\(first.height): "
        + "pages of different sizes are not read as frames")
  }
}
#endif
