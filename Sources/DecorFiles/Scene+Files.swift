import DecorChain
import DecorCodecs
import DecorCore

extension Scene {
  /// Reads a scene file (JSON; see `Scene`). Its image names stay as written: `component(relativeTo:)` resolves
  /// them against the scene's folder.
  ///
  /// - Throws: `SceneError` naming the file and the place in it.
  public init(contentsOfFile path: String, registry: FilterRegistry = .current) throws(SceneError) {
    try self.init(contentsOfFile: path, registry: registry, readPolicy: .anywhere)
  }

  /// `init(contentsOfFile:registry:)` reading the scene only when `readPolicy` allows it (see `ReadPolicy`; the
  /// images and fonts it names are held to the `DecoderRegistry.readPolicy` of `image(relativeTo:…)`).
  ///
  /// - Throws: `SceneError` naming the file: as `init(contentsOfFile:registry:)`, or a file outside the policy's
  ///   folders.
  public init(contentsOfFile path: String, registry: FilterRegistry = .current, readPolicy: ReadPolicy)
    throws(SceneError)
  {
    let name = ImageFile.displayName(path, input: true)
    let value = try JSONFile.read(path, readPolicy: readPolicy) { message in
      SceneError(source: name, path: "", message: message)
    }
    do {
      try self.init(json: value, registry: registry)
    } catch {
      var error = error
      error.source = name
      throw error
    }
  }

  /// The scene as one component, its images (layers' and chains' `blend` files) read from files named relative to
  /// `folder` (the scene file's: `FilePaths.folder(of:)`), each once. Images of different colour spaces are
  /// converted to sRGB (`ColorSpaceHandling.convertWhenMixed`); `image(relativeTo:source:pixelLimit:decoders:colorSpace:)`
  /// also gives the profile the result is in.
  ///
  /// `source` names the scene file in errors.
  ///
  /// - Throws: `SceneError` naming the layer whose file cannot be read.
  public func component(
    relativeTo folder: String, source: String? = nil, pixelLimit: Int = Raster.defaultPixelLimit,
    decoders: DecoderRegistry = .standard
  ) throws(SceneError) -> any ImageComponent {
    try image(relativeTo: folder, source: source, pixelLimit: pixelLimit, decoders: decoders).image
  }

  /// The scene as one image with the metadata its output should carry: its images read as `component(relativeTo:)`
  /// reads them, their colour spaces handled by `colorSpace`. When every image is in one space (no profile counts as
  /// sRGB), the result keeps their values and carries their profile; otherwise, or for `.sRGB`, every image is
  /// converted to sRGB and the result carries none. Density is not carried (a scene sets its own size).
  ///
  /// - Throws: `SceneError` naming the layer whose file cannot be read or whose profile cannot be converted.
  public func image(
    relativeTo folder: String, source: String? = nil, pixelLimit: Int = Raster.defaultPixelLimit,
    decoders: DecoderRegistry = .standard, colorSpace: ColorSpaceHandling = .convertWhenMixed
  ) throws(SceneError) -> OpenedImage {
    // Each file read once, however many names the scene gives it (`x.png`, `./x.png`): keyed by its identity.
    var files = FileIdentityCache<OpenedImage>()
    var opened: [String: OpenedImage] = [:]
    do {
      try decoders.readPolicy.checkFonts(of: self)
      let built = try component(pixelLimit: pixelLimit) { name in
        let path = FilePaths.resolve(name, against: folder)
        // A scene read from JSON has had its names checked; one built in Swift is checked here.
        if let problem = ParameterCheck.pathProblem(path) { throw SceneImageError(description: problem) }
        do {
          // Read by rows as the render needs them, when the format allows (see `OpenedImage`).
          let image = try files.value(atPath: path) { () throws(CodecError) in
            try OpenedImage(contentsOfFile: path, decoders: decoders, pixelLimit: pixelLimit)
          }
          opened[name] = image
          return image.image
        } catch {
          throw SceneImageError(description: Quoting.shortening([path], in: "\(error)"))
        }
      }
      let profiles = opened.values.map(\.metadata.iccProfile)
      guard colorSpace == .sRGB || ColorSpaceHandling.mixes(profiles) else {
        return OpenedImage(image: built, metadata: ImageMetadata(iccProfile: profiles.first ?? nil), frameCount: 1)
      }
      // Built again from the same images, each converted to sRGB (nothing has been rendered yet), once per file.
      var convertedFiles = FileIdentityCache<OpenedImage>()
      let converted = try component(pixelLimit: pixelLimit) { name throws(CodecError) in
        guard let image = opened[name] else { throw CodecError.io(path: name, detail: "not read before") }
        let path = FilePaths.resolve(name, against: folder)
        return try convertedFiles.value(atPath: path) { () throws(CodecError) in
          try image.convertedToSRGB(naming: path)
        }.image
      }
      return OpenedImage(image: converted, metadata: .none, frameCount: 1)
    } catch {
      var error = error
      error.source = error.source ?? source
      throw error
    }
  }


  /// The folder a file is in, against which a scene's names are resolved.
  public static func folder(of path: String) -> String { FilePaths.folder(of: path) }
}

/// Why a scene's image could not be had, in words that name its path as `Quoting` shows values.
private struct SceneImageError: Error, CustomStringConvertible {
  var description: String
}
