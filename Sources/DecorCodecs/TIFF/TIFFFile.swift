#if TIFF
import DecorCore

import CTIFF

/// One opening of a TIFF's bytes by libtiff: its handle, the `decor_tiff_io` it reads through (which keeps libtiff's
/// first error), and the reading of the bytes, closed together when the last holder lets go. A `TIFFRowReader` reads
/// the directory the handle is on; `TIFFPageReader` keeps one opening for every page, moving from each directory to
/// the next (`TIFFReadDirectory`), so that reading N pages reads N directories, not N² (an opening per page, each
/// walking the directories before its own).
///
/// Not `Sendable`: libtiff's state belongs to one reading.
final class TIFFFile {
  let tif: OpaquePointer
  /// libtiff's client data, and its first error (`TIFFDecoder.message`).
  let io: UnsafeMutablePointer<decor_tiff_io>
  /// The bytes libtiff reads, kept as long as `tif` (whose `io` points at it).
  private let input: ByteReader

  /// Opens `bytes` with libtiff, on its first directory.
  ///
  /// - Throws: `CodecError.io` when the input cannot be opened or read, `.corrupt` with libtiff's message when
  ///   libtiff refuses it.
  init(_ bytes: ByteSource) throws(CodecError) {
    let input = try bytes.openReader()
    let io = UnsafeMutablePointer<decor_tiff_io>.allocate(capacity: 1)
    io.initialize(to: decor_tiff_io())
    do {
      tif = try TIFFRowReader.open(input, io: io, source: bytes.name)
    } catch {
      io.deallocate()
      throw error
    }
    self.io = io
    self.input = input
  }

  deinit {
    TIFFClose(tif)
    io.deallocate()
  }

  /// The error the reading of the bytes met (a file that went, a cancelled read), which libtiff reports as a failed
  /// read.
  var failure: CodecError? { input.failure }

  /// How many directories (pages) the file holds, at least 1. Counting leaves libtiff on the first directory.
  var directoryCount: Int { max(1, Int(TIFFNumberOfDirectories(tif))) }
}
#endif
