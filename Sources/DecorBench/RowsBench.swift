import Decor
import Dispatch

/// `decor-bench rows FILE [--scale=1/8] [--band=64] [--whole]`: reads every row of a streamed source
/// (`PNGRowSource`, `JPEGRowSource` at a scale, `WebPRowSource`) in bands, as a render pulls them, and prints the
/// size, the time and a checksum of the pixels, so that `/usr/bin/time -v` gives the peak memory of reading the file
/// without holding it. `--whole` decodes it whole instead (`Raster(contentsOfFile:)`), for comparison.
enum RowsBench {
  static func run(_ arguments: [String]) throws {
    guard let path = arguments.first(where: { !$0.hasPrefix("-") }) else {
      print("usage: decor-bench rows FILE [--scale=1|1/2|1/4|1/8] [--band=N] [--whole]")
      return
    }
    if arguments.contains("--whole") {
      let start = DispatchTime.now().uptimeNanoseconds
      let raster = try Raster(contentsOfFile: path, pixelLimit: 1 << 31)
      let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      print("{\"whole\": \"\(path)\", \"size\": \"\(raster.width)x\(raster.height)\", \"seconds\": "
        + "\(DecorBench.rounded(seconds, 3))}")
      return
    }
    let band = Int(arguments.first { $0.hasPrefix("--band=") }?.dropFirst(7) ?? "") ?? 64
    let denominator = arguments.first { $0.hasPrefix("--scale=") }?.dropFirst(8).split(separator: "/").last
      .flatMap { Int($0) } ?? 1
    let scale = JPEGRowSource.Scale(rawValue: denominator) ?? .full
    let start = DispatchTime.now().uptimeNanoseconds
    let source: any RowSource
    if path.lowercased().hasSuffix(".png") {
      source = try PNGRowSource(contentsOfFile: path, source: path, pixelLimit: 1 << 31)
    } else if path.lowercased().hasSuffix(".webp") {
      source = try WebPRowSource(contentsOfFile: path, source: path, pixelLimit: 1 << 31)
    } else {
      source = try JPEGRowSource(contentsOfFile: path, source: path, scale: scale, pixelLimit: 1 << 31)
    }
    let reader = try source.openRows()
    let buffer = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: source.width * band)
    defer { buffer.deallocate() }
    var checksum: UInt64 = 0
    var y = 0
    while y < source.height {
      let count = min(band, source.height - y)
      try reader.readRows(count: count, into: buffer)
      for i in stride(from: 0, to: source.width * count, by: 97) { checksum = checksum &* 31 &+ UInt64(buffer[i]) }
      y += count
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    print("{\"source\": \"\(source)\", \"rows\": \(source.height), \"band\": \(band), \"seconds\": "
      + "\(DecorBench.rounded(seconds, 3)), \"checksum\": \(checksum)}")
  }
}
