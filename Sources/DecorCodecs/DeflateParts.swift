import DecorCore

import CLibDeflate
import CZlib
import Dispatch
import Synchronization

// What the parts and the inflate pass cost, against one libdeflate call and against zlib with full flushes, is
// measured in Benchmarks/README.md ("What joining costs").

/// One zlib stream made of parts compressed independently by libdeflate, joined by the method of zlib's
/// `examples/gzjoin.c`.
///
/// libdeflate compresses a whole buffer in one call and has no streaming interface (its maintainer declined one),
/// and each call ends its data with a final block (BFINAL set), after which a decoder reads nothing. To join parts,
/// every part but the last is inflated by zlib with `Z_BLOCK`, which stops at each block boundary and reports the
/// bits left in the last byte read; that locates the header of the part's last block, whose final bit is cleared.
/// The part's last byte is then padded with an empty stored block (three zero header bits, zero bits to the byte
/// boundary, `00 00 FF FF`), so the next part starts byte-aligned. Adler-32 is computed over each part on its
/// thread and combined in order (`adler32_combine`).
///
/// Parts are fixed by the caller (whole rows, a number that depends only on the row's size), and libdeflate's
/// output depends only on its input and level, so the stream is the same whatever the thread count, band height or
/// order of completion. Each part starts with an empty window, which costs a few bytes where a part's first rows
/// would have referred to the one before.
///
/// The inflate pass is the method's cost, paid on the part's thread beside the compression. libdeflate's own
/// decompressor cannot stop at block boundaries, so it cannot find a part's last block.
package enum DeflateParts {
  /// A part ready to be joined: its raw deflate data, the Adler-32 of its input and the input's length.
  package struct Part: Sendable {
    package var bytes: [UInt8]
    package var adler: UInt32
    package var count: Int
  }

  /// The zlib header for `level`: deflate with a 32 KiB window and libdeflate's informative level bits (as
  /// `libdeflate_zlib_compress` writes, so an image of one part is byte for byte what that call makes; zlib's
  /// level 1 gets the same "fastest").
  package static func zlibHeader(level: Int) -> [UInt8] {
    let levelBits: UInt16 = level < 2 ? 0 : level < 6 ? 1 : level < 8 ? 2 : 3
    var header: UInt16 = 0x7800 | levelBits << 6
    header += (31 - header % 31) % 31
    return [UInt8(header >> 8), UInt8(header & 0xFF)]
  }

  /// Compresses `input` as raw deflate data that the next part can follow unless `final`: by libdeflate, made
  /// joinable by `join`, or by zlib (`fast`), ending in a full flush.
  package static func compress(_ input: UnsafeRawBufferPointer, _ compression: PNGCompression, final: Bool,
    destination: String) throws(CodecError) -> Part
  {
    let bytes: [UInt8]
    switch compression.compressor {
    case .libdeflate: bytes = try libdeflate(input, level: compression.level, final: final, destination: destination)
    case .zlib: bytes = try zlib(input, level: compression.level, final: final, destination: destination)
    }
    return Part(bytes: bytes, adler: UInt32(libdeflate_adler32(1, input.baseAddress, input.count)), count: input.count)
  }

  package static func libdeflate(_ input: UnsafeRawBufferPointer, level: Int, final: Bool, destination: String)
    throws(CodecError) -> [UInt8]
  {
    guard let compressor = libdeflate_alloc_compressor(Int32(level)) else {
      // Levels are checked where compression is chosen (0…12), so NULL here is libdeflate's allocation failing.
      throw .encodingFailed(destination: destination, detail: "not enough memory for libdeflate's compressor")
    }
    defer { libdeflate_free_compressor(compressor) }
    let bound = libdeflate_deflate_compress_bound(compressor, input.count)
    // Room for the empty stored block `join` may add.
    var bytes = [UInt8](unsafeUninitializedCapacity: bound + 8) { out, initialized in
      initialized = libdeflate_deflate_compress(compressor, input.baseAddress, input.count, out.baseAddress, bound)
    }
    guard !bytes.isEmpty else { throw .encodingFailed(destination: destination, detail: "libdeflate failed") }
    if !final { try join(&bytes, inflatedCount: input.count, destination: destination) }
    return bytes
  }

  /// A fresh zlib stream at `level` over `input`, ending in a full flush (byte-aligned, no reference into earlier
  /// parts), or in the stream's final block when `final`. No inflate pass: zlib can end a part without ending the
  /// stream, which makes it the fastest way to write (`fast`), at files 5–40% larger than libdeflate's level 1.
  ///
  /// zlib, not ISA-L (used before): ISA-L 2.30 gave different, equally valid encodings of the same rows from
  /// one call to the next, which broke the promise that a file depends on the image alone. zlib's output depends
  /// only on the input and the settings.
  static func zlib(_ input: UnsafeRawBufferPointer, level: Int, final: Bool, destination: String)
    throws(CodecError) -> [UInt8]
  {
    var stream = z_stream()
    guard decor_deflate_init_raw(&stream, Int32(level)) == Z_OK else {
      throw .encodingFailed(destination: destination, detail: "zlib could not start")
    }
    defer { deflateEnd(&stream) }
    // deflateBound covers Z_FINISH; a full flush may add an empty stored block (5 bytes) and a partial one.
    let capacity = Int(deflateBound(&stream, uLong(input.count))) + 64
    var status: Int32 = Z_OK
    let output = [UInt8](unsafeUninitializedCapacity: capacity) { out, initialized in
      stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: UInt8.self))
      stream.avail_in = uInt(input.count)
      stream.next_out = out.baseAddress!
      stream.avail_out = uInt(capacity)
      status = deflate(&stream, final ? Z_FINISH : Z_FULL_FLUSH)
      initialized = capacity - Int(stream.avail_out)
    }
    let done = final ? status == Z_STREAM_END : status == Z_OK && stream.avail_out > 0
    guard done, stream.avail_in == 0 else {
      throw .encodingFailed(destination: destination, detail: "zlib failed (status \(status))")
    }
    return output
  }

  /// Makes the raw deflate data `bytes` (one call's output, ending in its final block) continuable: clears the
  /// final bit of its last block and byte-aligns its end with an empty stored block, as gzjoin.c does.
  ///
  /// zlib's inflate finds the last block: with `Z_BLOCK` it returns at each block boundary with bit 128 of
  /// `data_type` set, bit 64 when the block just ended was the last, and the low three bits counting the bits left
  /// unread in the last byte it consumed; the next block's header (its final bit first) starts right there. The
  /// decompressed bytes are thrown away; their count is checked against `inflatedCount`.
  static func join(_ bytes: inout [UInt8], inflatedCount: Int, destination: String) throws(CodecError) {
    var stream = z_stream()
    guard decor_inflate_init_raw(&stream) == Z_OK else {
      throw .encodingFailed(destination: destination, detail: "zlib could not start")
    }
    defer { inflateEnd(&stream) }
    // inflate writes somewhere; the whole part fits, so it never stops for room and copies little into its window.
    let scratch = UnsafeMutableRawPointer.allocate(byteCount: Swift.max(1, inflatedCount), alignment: 16)
    defer { scratch.deallocate() }
    let count = bytes.count
    // Where the current block's header starts: the byte and the final bit's mask in it. The first is at bit 0.
    var header = (byte: 0, mask: UInt8(1))
    var unusedBits = 0
    let found = bytes.withUnsafeMutableBufferPointer { buffer -> Bool in
      stream.next_in = buffer.baseAddress
      stream.avail_in = uInt(count)
      stream.next_out = scratch.assumingMemoryBound(to: UInt8.self)
      stream.avail_out = uInt(Swift.max(1, inflatedCount))
      while true {
        let status = inflate(&stream, Z_BLOCK)
        guard status == Z_OK else { return false }
        guard stream.data_type & 128 != 0 else { return false }  // out of input inside a block: cannot happen
        unusedBits = Int(stream.data_type & 7)
        if stream.data_type & 64 != 0 { return true }
        let consumed = count - Int(stream.avail_in)
        header = unusedBits == 0 ? (consumed, 1) : (consumed - 1, UInt8(truncatingIfNeeded: 0x100 >> unusedBits))
      }
    }
    guard found, stream.avail_in == 0, Int(stream.total_out) == inflatedCount else {
      throw .encodingFailed(destination: destination, detail: "zlib could not find the last deflate block")
    }
    bytes[header.byte] &= ~header.mask
    // The bits left in the last byte are libdeflate's zero padding. An empty stored block: its three header bits
    // (all zero: not final, type 00) there, or in one more byte when fewer than three are left, then LEN and NLEN.
    // Already byte-aligned after the end-of-block code, nothing is needed.
    if unusedBits > 0 {
      if unusedBits < 3 { bytes.append(0) }
      bytes += [0x00, 0x00, 0xFF, 0xFF]
    }
  }

  /// Compresses numbered parts in order, on up to `threads` threads beside the caller's, and hands them back in
  /// order. With one thread each part is compressed in `submit`, on the caller's thread.
  ///
  /// Part `n` goes to lane `n % threads`, a serial queue, so at most `threads` parts are compressed at once and
  /// each lane finishes its parts in order; the caller meanwhile renders and filters the next band.
  final class Pipeline {
    let compression: PNGCompression
    let destination: String
    let lanes: [DispatchQueue]
    /// Parts submitted and not yet taken, oldest first.
    private var queued: [(slot: Slot, group: DispatchGroup?)] = []
    /// Set by `drain()`: the parts queued behind the ones under way are then skipped rather than compressed, so an
    /// encode that failed (or was cancelled) returns after the parts already started, not after every part queued.
    private let abandoned = RenderCancellation()
    private var submitted = 0

    init(_ compression: PNGCompression, threads: Int, destination: String) {
      self.compression = compression
      self.destination = destination
      lanes = threads <= 1 ? [] : (0..<threads).map { DispatchQueue(label: "decor.png.deflate.\($0)") }
    }

    /// Parts in flight: enough for every lane to have work queued while the next band is produced.
    var capacity: Int { Swift.max(1, lanes.count * 3) }
    var pending: Int { queued.count }

    /// Compresses `input` (the next part) at once or on its lane.
    func submit(_ input: [UInt8], final: Bool) {
      let slot = Slot()
      let (compression, destination, abandoned) = (compression, destination, abandoned)
      let job: @Sendable () -> Void = {
        guard !abandoned.isCancelled else { return }
        let result = input.withUnsafeBytes { bytes in
          Result { () throws(CodecError) in
            try DeflateParts.compress(bytes, compression, final: final, destination: destination)
          }
        }
        slot.result.withLock { $0 = result }
      }
      if lanes.isEmpty {
        job()
        queued.append((slot, nil))
      } else {
        let group = DispatchGroup()
        lanes[submitted % lanes.count].async(group: group, execute: job)
        queued.append((slot, group))
      }
      submitted += 1
    }

    /// The oldest part, waiting for it if `wait`, or `nil` when there is none (or it is not done and not `wait`).
    func next(wait: Bool) throws(CodecError) -> Part? {
      guard let (slot, group) = queued.first else { return nil }
      if let group {
        if wait {
          group.wait()
        } else if group.wait(timeout: .now()) == .timedOut {
          return nil
        }
      }
      queued.removeFirst()
      return try slot.result.withLock { $0 }!.get()
    }

    /// Waits for the parts still in flight (after an error), so none outlives the encode; those not yet started
    /// are skipped.
    func drain() {
      abandoned.cancel()
      for (_, group) in queued { group?.wait() }
      queued = []
    }

    /// Where a job leaves its part.
    final class Slot: Sendable {
      let result = Mutex<Result<Part, CodecError>?>(nil)
    }
  }
}
