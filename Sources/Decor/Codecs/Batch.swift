#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Dispatch
import Synchronization

/// One chain applied to many image files, several at a time: what `decor batch` runs.
///
/// - Inputs are files or folders; a folder stands for the image files directly in it (`.png`, `.jpg`, `.jpeg`, in
///   any case; not its subfolders, not hidden files), in name order. Each output goes to `outputFolder` under the input's name with the extension `.png`.
/// - Nothing is overwritten by surprise: two inputs that would make the same output are refused before anything
///   runs, and so is an output folder that is an input's own folder (which would replace the inputs) unless
///   `replacesInputs` is set, as for ImageMagick's `mogrify`. Outputs are written atomically (see `ImageFile`).
/// - One input's failure (a corrupt file, an image over the pixel limit) is reported and the others go on.
/// - Jobs share the processors: `jobs` inputs at once (default: one per processor, at most the number of inputs),
///   each rendered on `processors / jobs` threads, so a few large images still use every core.
public struct Batch: Sendable {
  /// One input and the file it becomes.
  public struct Item: Sendable, Equatable {
    public var input: String
    public var output: String
  }

  /// What happened to one item, as `run` reports it.
  public struct Outcome: Sendable {
    public var item: Item
    /// `nil` when the output was written.
    public var error: (any Error)?
    /// How many items have finished, this one included.
    public var finished: Int
    /// Damage the input's decoder passed over (see `DecodedImage.warnings`).
    public var warnings: [String] = []
  }

  public var chain: Chain
  public var items: [Item]

  /// Plans the batch: expands folders, names the outputs, and checks that nothing would be overwritten by surprise.
  /// The output folder is created (with its parents) when it does not exist.
  ///
  /// - Throws: `BatchError` for an input that does not exist or a folder with no PNG files, two inputs with the
  ///   same output, or an output folder that is an input's folder (without `replacesInputs`).
  public init(chain: Chain, inputs: [String], outputFolder: String, replacesInputs: Bool = false) throws(BatchError) {
    self.chain = chain
    var files: [String] = []
    for input in inputs {
      var info = stat()
      guard stat(input, &info) == 0 else {
        throw BatchError(path: input, message: "cannot read: \(ImageFile.systemError())")
      }
      if info.st_mode & S_IFMT == S_IFDIR {
        let found = try Batch.imageFiles(in: input)
        guard !found.isEmpty else {
          throw BatchError(path: input, message: "the folder has no image files (\(Batch.extensions.joined(separator: ", ")))")
        }
        files += found
      } else {
        files.append(input)
      }
    }
    guard !files.isEmpty else { throw BatchError(path: outputFolder, message: "no inputs") }
    try Batch.makeFolder(outputFolder)
    var outputFolderInfo = stat()
    guard stat(outputFolder, &outputFolderInfo) == 0, outputFolderInfo.st_mode & S_IFMT == S_IFDIR else {
      throw BatchError(path: outputFolder, message: "not a folder")
    }
    var seen: [String: String] = [:]
    items = []
    for file in files {
      let name = ImageFile.split(file).name
      let stem = name.lastIndex(of: ".").map { name[..<$0] }.map(String.init) ?? name
      let output = (outputFolder.hasSuffix("/") ? outputFolder : outputFolder + "/") + stem + ".png"
      if let other = seen[output] {
        throw BatchError(path: file, message: "\(other) and \(file) would both be written to \(output)")
      }
      seen[output] = file
      var folderInfo = stat()
      if !replacesInputs, stat(FilePaths.folder(of: file), &folderInfo) == 0,
        folderInfo.st_dev == outputFolderInfo.st_dev, folderInfo.st_ino == outputFolderInfo.st_ino
      {
        throw BatchError(path: outputFolder, message: "is the folder of the input \(file): its outputs would replace "
          + "the inputs (give another folder, or --overwrite to replace them)")
      }
      items.append(Item(input: file, output: output))
    }
  }

  /// Runs every item: `jobs` at a time (default: one per processor), each rendered on `threads` threads (default:
  /// processors ÷ jobs), `report` called as each finishes (from the worker that ran it, one call at a time). Each
  /// output records its input's ICC profile and density (see `ImageMetadata`) unless `strip`.
  /// Returns the failed items with their errors, in input order.
  public func run(
    jobs: Int? = nil, threads: Int? = nil, compression: PNGCompression = .default, strip: Bool = false,
    pixelLimit: Int = Raster.defaultPixelLimit, decoders: DecoderRegistry = .standard,
    report: @Sendable (Outcome) -> Void = { _ in }
  ) -> [(item: Item, error: any Error)] {
    let processors = Renderer.processorCount
    let workers = max(1, min(jobs ?? processors, items.count))
    let renderer = Renderer(threads: threads ?? max(1, processors / workers), pixelLimit: pixelLimit)
    let next = Atomic<Int>(0)
    let finished = Mutex<Int>(0)
    let errors = (0..<items.count).map { _ in ErrorSlot() }
    let items = items
    // The images the steps name are read once for the whole batch; if one cannot be, every item fails with that.
    let loaded = Result { () throws(ChainError) in try chain.loadingImageFiles(pixelLimit: pixelLimit) }
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      while true {
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
        guard index < items.count else { return }
        let item = items[index]
        var failure: (any Error)?
        var warnings: [String] = []
        do {
          let decoded = try DecodedImage(contentsOfFile: item.input, decoders: decoders, pixelLimit: pixelLimit)
          warnings = decoded.warnings
          let image = try loaded.get().apply(to: decoded.raster, pixelLimit: pixelLimit)
          try renderer.renderPNG(image, toFile: item.output, compression: compression,
            metadata: strip ? .none : decoded.metadata)
        } catch {
          failure = error
          errors[index].error.withLock { $0 = error }
        }
        // Under the lock, so that reports arrive one at a time and their counts in order.
        finished.withLock { count in
          count += 1
          report(Outcome(item: item, error: failure, finished: count, warnings: warnings))
        }
      }
    }
    return items.indices.compactMap { index in
      errors[index].error.withLock { $0 }.map { (item: items[index], error: $0) }
    }
  }

  /// The extensions a folder's files are taken by: the formats Decor reads.
  static let extensions = [".png", ".jpg", ".jpeg", ".webp", ".gif", ".tif", ".tiff"]

  /// The image files (by `extensions`, any case) directly in `folder`, hidden ones excepted, sorted by name.
  static func imageFiles(in folder: String) throws(BatchError) -> [String] {
    guard let directory = opendir(folder) else {
      throw BatchError(path: folder, message: "cannot list: \(ImageFile.systemError())")
    }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard !name.hasPrefix("."), Batch.extensions.contains(where: { name.lowercased().hasSuffix($0) }) else { continue }
      let path = (folder.hasSuffix("/") ? folder : folder + "/") + name
      var info = stat()
      if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG { names.append(path) }
    }
    return names.sorted()
  }

  /// `mkdir -p`.
  static func makeFolder(_ path: String) throws(BatchError) {
    var info = stat()
    if stat(path, &info) == 0 { return }
    let parent = FilePaths.folder(of: path)
    if parent != path && parent != "." && parent != "/" { try makeFolder(parent) }
    if mkdir(path, 0o777) != 0 && errno != EEXIST {
      throw BatchError(path: path, message: "cannot create the folder: "
        + ImageFile.systemError())
    }
  }
}

/// A batch that cannot start: the file or folder, and why.
public struct BatchError: Error, Equatable, Sendable, CustomStringConvertible {
  public var path: String
  public var message: String

  public var description: String { "\(path): \(message)" }
}
