import Foundation
import Testing

import Decor
import DecorTestSupport

/// The README's Swift example, kept compiling and running (with the sample photo for "in.png").
@Suite struct ReadmeExampleTests {
  @Test func theSwiftExampleRuns() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("out.png").path

    let photo = try ImageMetrics.sample("chelsea.png")
    let framed = photo
      .padded(by: 8, color: .white)
      .rotated(by: .degrees(-12), interpolation: .bicubic)
      .padded(by: 16)
      .flattened(onto: try Color(parsing: "#2b3a55"))
    try framed.write(to: output, as: .png())
    try framed.write(to: directory.appendingPathComponent("out.jpg").path)

    let chain = try Chain(parsing: ["resize 280x_ | pad 4 color=white", "rotate 5"])
    let thumbnail = try chain.apply(to: photo).rendered()

    let card = Group([Layer(SolidColor(.white).cropped(to: IntRect(x: 0, y: 0, width: 320, height: 240))),
                      Layer(thumbnail, x: 10, y: 10, opacity: 0.9)])
    var canvas = try Raster(width: 640, height: 480, fill: .black)
    try canvas.draw(card, at: Point(20, 20))
    try canvas.drawAsPattern(Checkerboard(squareSize: 8), in: Rect(x: 360, y: 20, width: 100, height: 100))

    let written = try Raster(contentsOfFile: output)
    #expect(written.isOpaque && written.width == framed.extent.width && written.height == framed.extent.height)
    #expect(try Raster(contentsOfFile: directory.appendingPathComponent("out.jpg").path).width == written.width)
    #expect(thumbnail.width > 288 && thumbnail.width <= 310)  // 280 wide, padded by 4, turned by 5°
    #expect(thumbnail.height <= 230)                          // so it fits on the 320x240 card at (10, 10)
    #expect(canvas[20, 20] == .white)                         // the card's white backing
    #expect(canvas[360, 20] != canvas[368, 20])             // two checkerboard squares
    #expect(canvas[639, 479] == .black)
  }
}
