import Foundation
import Testing

import Decor
import DecorTestSupport

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct ImageFormatTests {
  @Test func theExtensionNamesTheFormat() {
    #expect(ImageFormat(path: "a/b/photo.JPG") == .jpeg)
    #expect(ImageFormat(path: "photo.jpeg") == .jpeg)
    #expect(ImageFormat(path: "x.Png") == .png)
    #expect(ImageFormat(path: "x.webp") == .webp)
    #expect(ImageFormat(path: "x.tif") == .tiff)
    for path in ["out", "-", "/dev/null", ".jpg", "dir.jpg/out", "notes.txt", "x.", ""] {
      #expect(ImageFormat(path: path) == nil, "\(path)")
    }
    #expect(ImageFormat.allCases.filter(\.isWritable) == [.png, .jpeg, .webp, .tiff, .avif])
  }

  @Test func pngBytesAreNeverWrittenUnderAnotherFormatsName() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("decor-format-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let raster = try Raster(width: 2, height: 2, fill: .black)
    let jpeg = folder.appendingPathComponent("out.jpg").path
    let expected = CodecError.unwritableFormat(path: jpeg, format: .png)
    #expect(expected.description == "cannot write \(jpeg) as PNG: its name says JPEG")
    #expect(throws: expected) { try raster.write(to: jpeg, as: .png()) }
    #expect(throws: expected) { try raster.write(to: jpeg, as: .png(), region: raster.extent) }
    #expect(!FileManager.default.fileExists(atPath: jpeg))
    // And the other way round; a format Decor cannot write at all is named with the ones it can.
    let png = folder.appendingPathComponent("out.png").path
    #expect(throws: CodecError.unwritableFormat(path: png, format: .jpeg)) {
      try raster.write(to: png, as: JPEGImageEncoder())
    }
    let gif = folder.appendingPathComponent("out.gif").path
    #expect(CodecError.unwritableFormat(path: gif, format: .gif).description
      == "cannot write \(gif): Decor writes PNG (.png), JPEG (.jpg, .jpeg), WebP (.webp), TIFF (.tif, .tiff) and AVIF (.avif) so far")
    #expect(throws: CodecError.unwritableFormat(path: gif, format: .gif)) { try ImageFormat.output(for: gif) }
    #expect(try ImageFormat.output(for: folder.appendingPathComponent("out.WebP").path) == .webp)
    #expect(try ImageFormat.output(for: jpeg) == .jpeg && ImageFormat.output(for: "out") == .png)
    #expect(try ImageFormat.output(for: "-", explicit: .jpeg) == .jpeg)
    try? FileManager.default.removeItem(atPath: png)
    for name in ["out.png", "OUT.PNG", "out"] {
      try raster.write(to: folder.appendingPathComponent(name).path, as: .png())
    }
    try ImageFile.checkOutputFormat("-")
    try ImageFile.checkOutputFormat("/dev/null")
    // A FIFO is written through to its reader whatever its name.
    let fifo = folder.appendingPathComponent("pipe.webp").path
    try #require(mkfifo(fifo, 0o600) == 0)
    try ImageFile.checkOutputFormat(fifo)
  }
}
