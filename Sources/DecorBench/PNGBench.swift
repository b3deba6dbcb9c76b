import Decor

/// PNG encoding: `png-KIND-COMPRESSION-Tt` encodes a raster already in memory (filters, compression,
/// container; no rendering, no file), counting the image's pixels, with the file's size in `"bytes"`.
///
/// - `photo`: the 4096² photo (opaque, so RGB; 48 MiB of rows).
/// - `cutout`: the 2048² cut-out rotated by 30° (RGBA, 31 MB of rows).
///
/// Every compression works in parts on the given threads, so the 1- and N-thread cases show its scaling.
enum PNGBench {
  static func run(_ inputs: BenchInputs, runs: Int) throws {
    let photo = try inputs.photo4096()
    let cutout = try inputs.cutout2048().rotated(by: .degrees(30)).rendered()
    for (kind, raster) in [("photo", photo), ("cutout", cutout)] {
      for (name, compression) in [("fast", PNGCompression.fast), ("default", .default), ("1", PNGCompression(level: 1)!)] {
        for threads in Set([1, inputs.cores]).sorted() {
          var size = 0
          let (wall, cpu) = try DecorBench.timed(runs: runs) {
            size = try PNGCodec.encode(raster, compression: compression, threads: threads).count
          }
          DecorBench.report("png-\(kind)-\(name)-\(threads)t", megapixels: Double(raster.width * raster.height) / 1e6,
            wall: wall, cpu: cpu, extra: "\"threads\": \(threads), \"bytes\": \(size)")
        }
      }
    }
  }
}
