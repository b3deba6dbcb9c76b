import DecorChain
import DecorCodecs
import DecorCore

/// A chain with the images its steps name read from files once, kept twice: as they are, and converted to sRGB for
/// an input that meets them in sRGB (see `ColorSpaceHandling`), with the images' profiles to decide which. What a
/// batch applies to every input, and `decor apply` to every frame of an animation.
package struct LoadedChain: Sendable {
  /// The chain with its images as read.
  package let plain: Chain
  /// The chain with its images converted to sRGB, or why one of them cannot be: kept, and thrown only for an input
  /// that needs it, as a still image's conversion is.
  private let convertedResult: Result<Chain, ChainError>
  /// The ICC profile of each image the steps name (`nil` for none).
  package let profiles: [[UInt8]?]

  /// Reads the images `chain`'s steps name with `decoders`, under `pixelLimit`.
  ///
  /// - Throws: `ChainError` naming the step whose image cannot be read or converted.
  package init(_ chain: Chain, decoders: DecoderRegistry, pixelLimit: Int) throws(ChainError) {
    try decoders.readPolicy.checkFonts(of: chain)
    var images: [String: (raster: Raster, metadata: ImageMetadata)] = [:]
    // Each file decoded once, however many names the steps give it: keyed by its identity.
    var files = FileIdentityCache<(raster: Raster, metadata: ImageMetadata)>()
    plain = try chain.withImages { path throws(CodecError) in
      let (raster, metadata) = try files.value(atPath: path) { () throws(CodecError) in
        try Raster.withMetadata(contentsOfFile: path, decoders: decoders, pixelLimit: pixelLimit)
      }
      images[path] = (raster, metadata)
      return raster
    }
    let read = images
    convertedResult = Result { () throws(ChainError) in
      try chain.withImages { path throws(CodecError) in
        guard let image = read[path] else { throw CodecError.io(path: path, detail: "not read before") }
        return try OpenedImage(image: image.raster, metadata: image.metadata, frameCount: 1)
          .convertedToSRGB(naming: path).image
      }
    }
    profiles = images.values.map(\.metadata.iccProfile)
  }

  /// The chain with its images converted to sRGB.
  ///
  /// - Throws: `ChainError` naming the step whose image's profile cannot be converted.
  package func converted() throws(ChainError) -> Chain { try convertedResult.get() }

  /// Whether an input whose profile is `profile` goes through `converted` (its values converted to sRGB too) under
  /// `colorSpace`.
  package func converts(_ profile: [UInt8]?, under colorSpace: ColorSpaceHandling) -> Bool {
    colorSpace == .sRGB || ColorSpaceHandling.mixes([profile] + profiles)
  }
}
