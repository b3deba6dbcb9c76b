import DecorChain
import DecorCodecs
import DecorCore

extension Chain {
  /// The input decorated by every step in turn, the images steps name (the `blend` step's file) opened as image
  /// files before any step is built, and read by rows as the render needs them when their format allows (see
  /// `OpenedImage`). See `apply(to:images:)` to name images in memory.
  ///
  /// `pixelLimit` is both the largest image file read (checked before its pixels are allocated) and the largest
  /// result (see `apply(to:pixelLimit:images:)`).
  ///
  /// - Throws: `ChainError` when a file cannot be read (naming the file and why), a filter refuses its arguments,
  ///   or the result is over the limit.
  public func apply(to input: any ImageComponent, pixelLimit: Int = Raster.defaultPixelLimit) throws(ChainError)
    -> any ImageComponent
  {
    // Each file read once, however many names the steps give it: keyed by its identity.
    var files = FileIdentityCache<any ImageComponent>()
    return try apply(to: input, pixelLimit: pixelLimit) { path throws(CodecError) in
      try files.value(atPath: path) { () throws(CodecError) in
        try OpenedImage(contentsOfFile: path, pixelLimit: pixelLimit).image
      }
    }
  }

  /// This chain with the image files its steps name (the `blend` step's) read now, each once, and kept in its
  /// steps (see `withImages(_:)`): applying the result to any number of inputs reads no file.
  ///
  /// - Throws: `ChainError` naming the step whose file cannot be read (and why), or is over `pixelLimit`.
  public func loadingImageFiles(pixelLimit: Int = Raster.defaultPixelLimit) throws(ChainError) -> Chain {
    var files = FileIdentityCache<Raster>()
    return try withImages { path throws(CodecError) in
      try files.value(atPath: path) { () throws(CodecError) in try Raster(contentsOfFile: path, pixelLimit: pixelLimit) }
    }
  }

  /// Reads a template saved by `writeTemplate(toFile:)` or `decor apply … --save-chain`. Relative image names in
  /// it are relative to the template's folder, and come back relative to the current folder.
  ///
  /// - Throws: `TemplateError` naming the file (and the step and key when one is wrong): an unreadable file,
  ///   text that is not JSON, or a template this library cannot read.
  public init(contentsOfTemplate path: String, registry: FilterRegistry = .current) throws(TemplateError) {
    try self.init(contentsOfTemplate: path, registry: registry, readPolicy: .anywhere)
  }

  /// `init(contentsOfTemplate:registry:)` reading the template only when `readPolicy` allows it (see `ReadPolicy`;
  /// the images and fonts its steps name are held to the policy of the loader that reads them: the
  /// `DecoderRegistry.readPolicy` of `OpenedImage.applying(_:colorSpace:pixelLimit:decoders:)`).
  ///
  /// - Throws: `TemplateError` naming the file: as `init(contentsOfTemplate:registry:)`, or a file outside the
  ///   policy's folders.
  public init(contentsOfTemplate path: String, registry: FilterRegistry = .current, readPolicy: ReadPolicy)
    throws(TemplateError)
  {
    let name = ImageFile.displayName(path, input: true)
    let value = try JSONFile.read(path, readPolicy: readPolicy) { message in
      TemplateError(source: name, message: message)
    }
    do {
      self = try Chain(template: value, registry: registry)
    } catch {
      var error = error
      error.source = name
      throw error
    }
    let folder = FilePaths.folder(of: path)
    self = mappingImageNames(skippingInMemory: false, recordingAsWritten: true) {
      FilePaths.resolve($0, against: folder)
    }
  }

  /// Writes the chain as a template (JSON, version 1, one step per line). The file is replaced atomically, as
  /// images are.
  ///
  /// Image names are taken as files relative to the current folder, and rewritten relative to the template's
  /// folder so that the template names the same files wherever it is read from; absolute names stay. The names
  /// of images kept in memory (`withImages(_:)` with a dictionary) are names, not files, and are written as
  /// they are.
  ///
  /// - Throws: `CodecError.io` naming the file (a path with a NUL character is refused).
  public func writeTemplate(toFile path: String) throws(CodecError) {
    let folder = FilePaths.folder(of: path)
    let portable = mappingImageNames(skippingInMemory: true, recordingAsWritten: false) {
      $0.hasPrefix("/") ? $0 : FilePaths.relative($0, to: folder)
    }
    try ImageFile.writeBytes(Array((portable.template.serialized(indent: 2) + "\n").utf8), toPath: path)
  }

  /// A loader for `Chain(parsing:registry:templates:)` that reads `@FILE` steps as template files.
  public static func templateFiles(registry: FilterRegistry = .current) -> (String) throws(TemplateError) -> Chain {
    templateFiles(registry: registry, readPolicy: .anywhere)
  }

  /// `templateFiles(registry:)` reading only the template files `readPolicy` allows.
  public static func templateFiles(registry: FilterRegistry = .current, readPolicy: ReadPolicy)
    -> (String) throws(TemplateError) -> Chain
  {
    { path throws(TemplateError) in try Chain(contentsOfTemplate: path, registry: registry, readPolicy: readPolicy) }
  }
}
