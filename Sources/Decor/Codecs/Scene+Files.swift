extension Scene {
  /// Reads a scene file (JSON; see `Scene`). Its image names stay as written: `component(relativeTo:)` resolves
  /// them against the scene's folder.
  ///
  /// - Throws: `SceneError` naming the file and the place in it.
  public init(contentsOfFile path: String, registry: FilterRegistry = .current) throws(SceneError) {
    let name = ImageFile.displayName(path, input: true)
    let value = try JSONFile.read(path) { message in SceneError(source: name, path: "", message: message) }
    do {
      try self.init(json: value, registry: registry)
    } catch {
      var error = error
      error.source = name
      throw error
    }
  }

  /// The scene as one component, its images (layers' and chains' `blend` files) read from files named relative to
  /// `folder` (the scene file's: `FilePaths.folder(of:)`), each once.
  ///
  /// `source` names the scene file in errors.
  ///
  /// - Throws: `SceneError` naming the layer whose file cannot be read.
  public func component(
    relativeTo folder: String, source: String? = nil, pixelLimit: Int = Raster.defaultPixelLimit,
    decoders: DecoderRegistry = .standard
  ) throws(SceneError) -> any ImageComponent {
    do {
      return try component(pixelLimit: pixelLimit) { name throws(CodecError) in
        // Read by rows as the render needs them, when the format allows (see `OpenedImage`).
        try OpenedImage(contentsOfFile: FilePaths.resolve(name, against: folder), decoders: decoders,
          pixelLimit: pixelLimit).image
      }
    } catch {
      var error = error
      error.source = error.source ?? source
      throw error
    }
  }

  /// The folder a file is in, against which a scene's names are resolved.
  public static func folder(of path: String) -> String { FilePaths.folder(of: path) }
}
