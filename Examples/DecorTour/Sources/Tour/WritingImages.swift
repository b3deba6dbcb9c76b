// The article "Writing images" quotes this file: keep the two in step.

import Decor

/// One image written the three ways: to a file, to bytes, into a sink. Each renders the chain band by band into the
/// encoder; nothing of the whole image is held but what the encoder keeps.
public func writeThreeWays(_ photo: Raster, folder: String) throws -> (bytes: [UInt8], streamed: [UInt8]) {
  let card = photo.resized(width: 320, height: nil).padded(by: 8, color: .white)
  // To a file: atomically (a failure leaves no partial file), the format given or read from the extension.
  try card.write(to: folder + "/card.jpg", as: .jpeg(quality: 85))
  try card.write(to: folder + "/card.webp")  // the extension's encoder, with its default settings
  // To bytes in memory: an HTTP response's body.
  let bytes = try card.encoded(as: .png())
  // Into a sink: the bytes as the encoder makes them.
  let sink = ByteSink()
  try card.write(into: sink, as: .png(compression: .fast))
  return (bytes, sink.bytes)
}

/// The same write from a task: cancelling it stops the render and the encoder within a tile's time, and the
/// temporary file is removed, so `output` is left as it was.
public func writeCancellable(_ photo: Raster, to output: String) async throws {
  let poster = photo.resized(width: 4000, height: nil).blurred(sigma: 6)
  let task = Task { try await poster.writeAsync(to: output, as: .webp(quality: 80)) }
  try await Task.sleep(for: .milliseconds(20))
  task.cancel()
  do {
    _ = try await task.value
  } catch CodecError.render(.cancelled) {
    // Stopped: nothing was written.
  }
}

/// A caption and a shadow on every frame of an animated GIF, written as an animated WebP; the text is laid out once.
public func captionAnimation(_ input: String, to output: String) throws -> Int {
  let animation = try Animation(contentsOfFile: input)
  let chain = try Chain(parsing: ["resize 50% | shadow 4 4 radius=3 | text Hello size=18 gravity=south margin=6"])
  let graph = try chain.apply(to: animation.frame)
  return try animation.write(to: output, as: .webp(lossless: true), graph: graph).framesWritten
}
