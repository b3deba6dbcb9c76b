import DecorChain
import DecorCodecs
import DecorCore

extension OpenedImage {
  /// The image with its values converted from its ICC profile to sRGB, and no profile (sRGB) in its metadata. An
  /// image without a profile, or with an sRGB one, keeps its values. A streamed image stays streamed: its rows are
  /// converted as they are read (`ColorConvertedRowSource`).
  ///
  /// - Throws: `ColorProfileError` when the profile cannot be read or converted. A build without Little CMS (the
  ///   ColorManagement trait) converts nothing: an image with a profile is `.noTransform`.
  public func convertedToSRGB() throws(ColorProfileError) -> OpenedImage {
    guard let data = metadata.iccProfile else { return self }
    #if !ColorManagement
      throw .noTransform(profile: "of \(data.count) bytes, in a build of Decor without the ColorManagement trait")
    #else
    let profile = try ColorProfile(iccData: data)
    var result = self
    result.metadata.iccProfile = nil
    guard !profile.isSRGB else { return result }
    switch image {
    case let streamed as StreamedImage:
      result.image = StreamedImage(ColorConvertedRowSource(streamed.source, from: profile))
    case let raster as Raster:
      result.image = try raster.converted(from: profile)
    default:
      // `init(contentsOfFile:)` makes only the two above; another image cannot be converted here.
      throw .noTransform(profile: profile.name)
    }
    return result
    #endif
  }

  /// What converts a frame of this image (an animation's) from its ICC profile to sRGB, as `convertedToSRGB()`
  /// converts the image; `nil` when there is nothing to convert (no profile, or an sRGB one).
  ///
  /// - Throws: as `convertedToSRGB()`.
  func frameConversion() throws(ColorProfileError) -> (@Sendable (Raster) throws -> Raster)? {
    guard let data = metadata.iccProfile else { return nil }
    #if !ColorManagement
      throw .noTransform(profile: "of \(data.count) bytes, in a build of Decor without the ColorManagement trait")
    #else
    let profile = try ColorProfile(iccData: data)
    guard !profile.isSRGB else { return nil }
    return { frame in try frame.converted(from: profile) }
    #endif
  }

  /// `chain` applied to the image (with shrink-on-load, as `applying(_:pixelLimit:)`), its `blend` steps' images
  /// read from files, and the colour spaces of all of them handled by `colorSpace`: the result's `image` is the
  /// chain's output and its `metadata` the profile that output is in (none for sRGB).
  ///
  /// - Throws: `ChainError` for the chain (a blend image whose profile cannot be converted names its step), and
  ///   `ColorProfileError` when this image's own profile cannot be converted.
  public func applying(
    _ chain: Chain, colorSpace: ColorSpaceHandling, pixelLimit: Int = Raster.defaultPixelLimit,
    decoders: DecoderRegistry = .standard
  ) throws -> OpenedImage {
    try decoders.readPolicy.checkFonts(of: chain)
    var images: [String: OpenedImage] = [:]
    // Each file read once, however many names the steps give it: keyed by its identity.
    var files = FileIdentityCache<OpenedImage>()
    let loaded = try chain.withImages { path throws(CodecError) in
      let image = try files.value(atPath: path) { () throws(CodecError) in
        try OpenedImage(contentsOfFile: path, decoders: decoders, pixelLimit: pixelLimit)
      }
      images[path] = image
      return image.image
    }
    var result = self
    if colorSpace == .sRGB || ColorSpaceHandling.mixes([metadata.iccProfile] + images.values.map(\.metadata.iccProfile)) {
      result = try convertedToSRGB()
      let converted = try chain.withImages { path throws(CodecError) in
        guard let image = images[path] else { throw CodecError.io(path: path, detail: "not read before") }
        return try image.convertedToSRGB(naming: path).image
      }
      result.image = try result.applying(converted, pixelLimit: pixelLimit)
    } else {
      result.image = try applying(loaded, pixelLimit: pixelLimit)
    }
    return result
  }
}

extension OpenedImage {
  /// `convertedToSRGB()` for an image met inside a chain or a scene, its error naming the file at `path`.
  func convertedToSRGB(naming path: String) throws(CodecError) -> OpenedImage {
    do {
      return try convertedToSRGB()
    } catch {
      throw .corrupt(source: ImageFile.displayName(path, input: true), detail: "\(error)")
    }
  }

  /// An image already made (a scene's), with the metadata its output should carry.
  init(image: any ImageComponent, metadata: ImageMetadata, frameCount: Int) {
    self.image = image
    self.metadata = metadata
    self.frameCount = frameCount
  }
}
