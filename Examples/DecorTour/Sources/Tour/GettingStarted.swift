// The article "Getting started" quotes this file: keep the two in step.

import Decor

/// Load, chain, save: a photo resized, framed, tilted and shadowed.
public func framePhoto(_ input: String, to output: String) throws {
  let photo = try Raster(contentsOfFile: input)  // PNG, JPEG, WebP, GIF, TIFF, HEIC or AVIF
  let framed = photo
    .resized(width: 480, height: nil)  // the height follows the aspect ratio
    .padded(by: 12, color: .white)
    .rotated(by: .degrees(-6), interpolation: .bicubic)
    .addingDropShadow(offset: Point(8, 10), radius: 16, opacity: 0.45)  // a radius as CSS box-shadow's: σ = 8
  try framed.write(to: output, as: .png())  // rendered band by band into the encoder
}

/// The same chain written as steps of the `decor` command line, parsed into a `Chain`.
public func framePhotoFromSteps(_ input: String, to output: String) throws {
  let chain = try Chain(parsing: [
    "resize 480x_ | pad 12 color=white | rotate -6 interpolation=bicubic | shadow 8 10 blur=8 opacity=0.45"
  ])
  let framed = try chain.apply(to: Raster(contentsOfFile: input))
  try framed.write(to: output, as: .png())  // rendered band by band into the encoder
}

/// A step that depends on a condition: `erased()` gives every branch the same type.
public func card(_ photo: Raster, tilted: Bool) -> AnyImageComponent {
  var card = photo.resized(width: 240, height: nil).padded(by: 6, color: .white).erased()
  if tilted { card = card.rotated(by: .degrees(4), interpolation: .bicubic).erased() }
  return card.addingDropShadow(offset: Point(4, 4), sigma: 3).erased()
}

/// Errors are typed: a render throws `RenderError`, a file `CodecError`, a step `ChainError`.
public func describeFailure(of steps: String, on photo: Raster) -> String {
  do {
    let chain = try Chain(parsing: [steps])
    _ = try chain.apply(to: photo).rendered()
    return "rendered"
  } catch let error as ChainError {
    return "step \(error.step): \(error.message)"
  } catch let error as RenderError {
    return "render: \(error)"
  } catch {
    return "\(error)"
  }
}
