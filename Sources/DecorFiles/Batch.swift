import DecorChain
import DecorCodecs
import DecorCore

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
/// - Inputs are files or folders; a folder stands for the image files directly in it (every extension a decoder of
///   `decoders` reads, `DecoderRegistry.fileExtensions`, in any case: `.JPG`; not its subfolders, not hidden files),
///   in name order.
/// - Each output goes to `outputFolder` under the input's name, in one format for all (`format`: a name or an
///   extension the encoder registry knows, `.png` by default) with that format's usual extension, or in each input's
///   own format and extension (`Batch.sameFormat`). The output settings (`EncodingSettings`) are checked against
///   every format the batch writes before anything runs.
/// - Nothing is overwritten by surprise: two inputs that would make the same output are refused before anything
///   runs (every such clash in one error), and so is an output that would be one of the inputs (the same file: `photo.png` into its own folder as
///   PNG) unless `replacesInputs` is set, as for ImageMagick's `mogrify`; an input's folder may take outputs of
///   other names (`photo.jpg` → `photo.webp`). Outputs are written atomically (see `ImageFile`), so an output that
///   exists is complete: `skipsExisting` leaves those alone.
/// - One input's failure (a missing or corrupt file, an image over the pixel limit) is reported and the others go
///   on. An output folder nothing can be written into is refused before anything runs.
/// - `sharded(_:of:)` splits a batch between machines.
/// - Jobs share the processors: `jobs` inputs at once (default: one per processor, at most the number of inputs),
///   each rendered on `processors / jobs` threads, so a few large images still use every core.
public struct Batch: Sendable {
  /// The `format` that keeps each input's own format (`decor batch --format same`).
  public static let sameFormat = "same"

  /// One input and the file it becomes.
  public struct Item: Sendable, Equatable {
    public var input: String
    public var output: String
    /// The name of the encoder that writes `output` (`"png"`).
    public var format: String = "png"
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
    /// What the encoder reported (translucent pixels laid on a background), when the output was written.
    public var result: EncodingResult? = nil
    /// Whether the item was left alone because its output was there already (`skipsExisting`).
    public var skipped = false
    /// How many frames the input's animation has (1 for a still image or a multi-page document).
    public var frameCount = 1
    /// How many of them the output holds: all of an animation written as WebP or GIF, else 1 (the first), which
    /// the caller tells the user.
    public var framesWritten = 1
  }

  public var chain: Chain
  public var items: [Item]
  /// How each input's colour space meets its chain's images' (see `ColorSpaceHandling`): by default an input is
  /// converted to sRGB, with the `blend` images, only when their profiles differ; `.sRGB` converts every input.
  public var colorSpace: ColorSpaceHandling = .convertWhenMixed
  /// Whether an item whose output file exists already is skipped rather than written again: a batch run again after
  /// an interruption, or by several machines over the same folders, does only what is left. Outputs are written
  /// atomically, so one that exists is complete.
  public var skipsExisting = false
  /// The encoders the items are written with, configured with the settings, by name.
  package let encoders: [String: any ImageEncoder]

  /// Plans the batch: expands folders, names the outputs, chooses and configures their encoders, and checks that
  /// nothing would be overwritten by surprise. The output folder is created (with its parents) when it does not
  /// exist.
  ///
  /// - Throws: `BatchError` for a folder with no image files, a format no encoder writes (an input's own, with
  ///   `sameFormat`), an output setting a format does not take (naming it), two inputs with the same output, an
  ///   output that is an input (without `replacesInputs`), or an output folder that cannot be made or written into.
  ///   An input that does not exist is not an error here: it fails alone when the batch runs.
  public init(chain: Chain, inputs: [String], outputFolder: String, replacesInputs: Bool = false) throws(BatchError) {
    try self.init(chain: chain, inputs: inputs, outputFolder: outputFolder, replacesInputs: replacesInputs,
      format: nil)
  }

  /// `init(chain:inputs:outputFolder:replacesInputs:)` writing `format` (a name or extension; `nil` for PNG,
  /// `sameFormat` for each input's own) with `settings`, through `registry`'s encoders.
  public init(
    chain: Chain, inputs: [String], outputFolder: String, replacesInputs: Bool = false, format: String?,
    settings: EncodingSettings = EncodingSettings(), encoders registry: EncoderRegistry = .standard,
    decoders: DecoderRegistry = .standard
  ) throws(BatchError) {
    self.chain = chain
    var files: [String] = []
    // The inputs as files (device and inode), so that an output is refused only when it would be one of them.
    var inputIdentities = Set<FileIdentity>()
    for input in inputs {
      var info = stat()
      // An input that cannot be looked at (missing, unreadable) is planned as a file and fails alone when its turn
      // comes, as a corrupt one does: one bad name among thousands does not stop the others.
      let looked = stat(input, &info) == 0
      if looked, info.st_mode & S_IFMT == S_IFDIR {
        let found = try Batch.imageFiles(in: input, extensions: decoders.fileExtensions)
        guard !found.isEmpty else {
          throw BatchError(path: input, message: "the folder has no image files ("
            + decoders.fileExtensions.map { "." + $0 }.joined(separator: ", ") + ")")
        }
        files += found.map(\.path)
        inputIdentities.formUnion(found.map(\.identity))
      } else {
        if looked { inputIdentities.insert(FileIdentity(info)) }
        files.append(input)
      }
    }
    guard !files.isEmpty else { throw BatchError(path: outputFolder, message: "no inputs") }
    // Every encoder chosen and configured before any folder is made or file read: a refused option costs nothing.
    var configured: [String: any ImageEncoder] = [:]
    func encoder(for file: String) throws(BatchError) -> (encoder: any ImageEncoder, fileExtension: String) {
      let chosen: any ImageEncoder
      let keptExtension: String?
      do {
        if format == Batch.sameFormat {
          guard let own = registry.encoder(forPath: file) else {
            throw CodecError.noEncoder(path: file, extensions: registry.writableFormats)
          }
          chosen = own
          keptExtension = ImageFile.split(file).name.split(separator: ".").last.map(String.init)
        } else {
          chosen = try registry.encoder(forFormat: format ?? "png")
          keptExtension = nil
        }
        if configured[chosen.name] == nil {
          configured[chosen.name] = try EncoderRegistry.configure(chosen, with: settings)
        }
      } catch {
        throw BatchError(path: format == Batch.sameFormat ? file : "--format \(format ?? "png")",
          message: "\(error)" + (format == Batch.sameFormat ? " (kept from the input: --format same)" : ""))
      }
      return (chosen, keptExtension ?? chosen.fileExtensions.first ?? chosen.name)
    }
    var planned: [(file: String, format: String, fileExtension: String)] = []
    for file in files {
      let (chosen, fileExtension) = try encoder(for: file)
      planned.append((file, chosen.name, fileExtension))
    }
    self.encoders = configured
    try Batch.makeFolder(outputFolder)
    var outputFolderInfo = stat()
    guard stat(outputFolder, &outputFolderInfo) == 0, outputFolderInfo.st_mode & S_IFMT == S_IFDIR else {
      throw BatchError(path: outputFolder, message: "not a folder")
    }
    try Batch.checkWritable(outputFolder)
    // The inputs of each output, so that every clash is reported at once rather than one per run.
    var writers: [String: [String]] = [:]
    var clashing: [String] = []
    items = []
    for (file, format, fileExtension) in planned {
      let name = ImageFile.split(file).name
      let stem = name.lastIndex(of: ".").map { name[..<$0] }.map(String.init) ?? name
      let output = (outputFolder.hasSuffix("/") ? outputFolder : outputFolder + "/") + stem + "." + fileExtension
      writers[output, default: []].append(file)
      if writers[output]?.count == 2 { clashing.append(output) }
      guard writers[output]?.count == 1 else { continue }
      var outputInfo = stat()
      if !replacesInputs, stat(output, &outputInfo) == 0,
        inputIdentities.contains(FileIdentity(outputInfo))
      {
        throw BatchError(path: output, message: "is an input: writing it would replace it (give another folder or "
          + "--format, or --overwrite to replace the inputs)")
      }
      items.append(Item(input: file, output: output, format: format))
    }
    if !clashing.isEmpty { throw Batch.clashError(clashing.map { ($0, writers[$0] ?? []) }, in: outputFolder) }
  }

  /// One error, naming the output folder, for every output that several inputs would be written to, in the order
  /// the outputs were planned: `a.jpg and a.png would both be written to out/a.png` for one, or `2 outputs would be
  /// written more than once: …; …`.
  static func clashError(_ clashes: [(output: String, inputs: [String])], in folder: String) -> BatchError {
    func sentence(_ clash: (output: String, inputs: [String])) -> String {
      let inputs = clash.inputs
      guard inputs.count > 2, let last = inputs.last else {
        return "\(inputs.joined(separator: " and ")) would both be written to \(clash.output)"
      }
      return "\(inputs.dropLast().joined(separator: ", ")) and \(last) would all be written to \(clash.output)"
    }
    if clashes.count == 1, let clash = clashes.first { return BatchError(path: folder, message: sentence(clash)) }
    return BatchError(path: folder, message: "\(clashes.count) outputs would be written more than once: "
      + clashes.map(sentence).joined(separator: "; "))
  }

  /// Runs every item: `jobs` at a time (default: one per processor), each rendered on `threads` threads (default:
  /// processors ÷ jobs), `report` called as each finishes (from the worker that ran it, one call at a time). Each
  /// output records its input's metadata (see `ImageMetadata`) unless `strip`.
  /// Returns the failed items with their errors, in input order.
  public func run(
    jobs: Int? = nil, threads: Int? = nil, strip: Bool = false, pixelLimit: Int = Raster.defaultPixelLimit,
    decoders: DecoderRegistry = .standard, report: @Sendable (Outcome) -> Void = { _ in }
  ) -> [(item: Item, error: any Error)] {
    run(jobs: jobs, threads: threads, strip: strip, pixelLimit: pixelLimit,
      totalPixelLimit: Animation.defaultTotalPixelLimit, decoders: decoders, report: report)
  }

  /// As `run(jobs:threads:strip:pixelLimit:decoders:report:)`, an input written as an animation (an animated GIF or
  /// WebP, pages read as frames, into a format that holds frames) failing, before any of it is decoded, when its
  /// frames together hold more than `totalPixelLimit` pixels (frames × canvas; `CodecError.framesTooLarge`). Each
  /// job is bounded so, whatever `jobs` is.
  public func run(
    jobs: Int? = nil, threads: Int? = nil, strip: Bool = false, pixelLimit: Int = Raster.defaultPixelLimit,
    totalPixelLimit: Int, decoders: DecoderRegistry = .standard, report: @Sendable (Outcome) -> Void = { _ in }
  ) -> [(item: Item, error: any Error)] {
    run(jobs: jobs, threads: threads, encoders: encoders, strip: strip, pixelLimit: pixelLimit,
      totalPixelLimit: totalPixelLimit, decoders: decoders, report: report)
  }

  /// Runs every item as `run(jobs:threads:strip:pixelLimit:decoders:report:)` does, its PNG outputs compressed at
  /// `compression`.
  @available(*, deprecated, message: "give the compression to init(…settings:) as EncodingSettings(compression:)")
  public func run(
    jobs: Int? = nil, threads: Int? = nil, compression: PNGCompression, strip: Bool = false,
    pixelLimit: Int = Raster.defaultPixelLimit, decoders: DecoderRegistry = .standard,
    report: @Sendable (Outcome) -> Void = { _ in }
  ) -> [(item: Item, error: any Error)] {
    var encoders = encoders
    if encoders["png"] is PNGImageEncoder { encoders["png"] = PNGImageEncoder(compression: compression) }
    return run(jobs: jobs, threads: threads, encoders: encoders, strip: strip, pixelLimit: pixelLimit,
      totalPixelLimit: Animation.defaultTotalPixelLimit, decoders: decoders, report: report)
  }

  func run(
    jobs: Int?, threads: Int?, encoders: [String: any ImageEncoder], strip: Bool, pixelLimit: Int,
    totalPixelLimit: Int, decoders: DecoderRegistry, report: @Sendable (Outcome) -> Void
  ) -> [(item: Item, error: any Error)] {
    let processors = Renderer.processorCount
    let workers = max(1, min(jobs ?? processors, items.count))
    let renderer = Renderer(threads: threads ?? max(1, processors / workers), pixelLimit: pixelLimit)
    // Reports are serialised on a queue rather than under a `Mutex`: a contended `Mutex` waits in code
    // ThreadSanitizer cannot see, which it then reports as a race.
    let reports = DispatchQueue(label: "Decor.Batch.reports")
    let finished = Atomic<Int>(0)
    let errors = (0..<items.count).map { _ in ErrorSlot() }
    let items = items
    // The images the steps name are read once for the whole batch, with their profiles, and converted to sRGB once
    // for the inputs that meet them in sRGB; if one cannot be read, every item fails with that.
    let colorSpace = colorSpace
    let skipsExisting = skipsExisting
    let loaded = Result { () throws(ChainError) in
      try LoadedChain(chain, decoders: decoders, pixelLimit: pixelLimit)
    }
    // Each job keeps its own failure rather than throwing it, so that `ParallelLoop` never stops the others.
    try? ParallelLoop.run(count: items.count, threads: workers) { index in
      let item = items[index]
      var failure: (any Error)?
      var result: EncodingResult?
      var warnings: [String] = []
      var frames = (count: 1, written: 1)
      var existing = stat()
      let skipped = skipsExisting && stat(item.output, &existing) == 0
      if !skipped {
        do {
          guard let encoder = encoders[item.format] else {
            throw CodecError.unknownCodec(name: item.format, known: encoders.keys.sorted())
          }
          // Opened as `decor apply` opens its input: read row by row where the format allows (so a batch of large
          // images holds bands, not images), and shrunk on load where the chain resizes a JPEG.
          // An input to be written frame by frame is checked against `totalPixelLimit` before any of it is decoded.
          let opened =
            encoder.writesAnimations
            ? try OpenedImage(contentsOfFile: item.input, decoders: decoders, pixelLimit: pixelLimit,
              totalPixelLimit: totalPixelLimit)
            : try OpenedImage(contentsOfFile: item.input, decoders: decoders, pixelLimit: pixelLimit)
          defer { warnings = opened.warnings }
          let chains = try loaded.get()
          if !opened.framesArePages { frames.count = opened.frameCount }
          // An animation written to a format that holds one is written frame by frame, each through the chain.
          let animation: AnimationWriteResult?
          do {
            animation = try opened.writeAnimation(through: chains, colorSpace: colorSpace, to: item.output,
              as: encoder, strip: strip, renderer: renderer, totalPixelLimit: totalPixelLimit)
          } catch let error as ColorProfileError {
            throw BatchError(path: item.input, message: "\(error)")
          }
          if let written = animation {
            result = written.encoding
            frames.written = written.framesWritten
          } else {
            var (input, steps) = (opened, chains.plain)
            if chains.converts(opened.metadata.iccProfile, under: colorSpace) {
              do {
                input = try opened.convertedToSRGB()
              } catch {
                throw BatchError(path: item.input, message: "\(error)")
              }
              steps = try chains.converted()
            }
            let image = try input.applying(steps, pixelLimit: pixelLimit)
            result = try image.write(to: item.output, as: encoder, metadata: strip ? .none : input.metadata,
              renderer: renderer)
          }
        } catch {
          failure = error
          errors[index].error.withLock { $0 = error }
        }
      }
      // On the one queue, so that reports arrive one at a time and their counts in order.
      let outcome = (error: failure, warnings: warnings, result: result, skipped: skipped, frames: frames)
      reports.sync {
        let count = finished.wrappingAdd(1, ordering: .relaxed).newValue
        report(Outcome(item: item, error: outcome.error, finished: count, warnings: outcome.warnings,
          result: outcome.result, skipped: outcome.skipped, frameCount: outcome.frames.count,
          framesWritten: outcome.frames.written))
      }
    }
    return items.indices.compactMap { index in
      errors[index].error.withLock { $0 }.map { (item: items[index], error: $0) }
    }
  }

  /// Shard `index` of `count` (from 1): every `count`-th item of the batch's inputs sorted by path, starting at the
  /// `index`-th. The shards of one batch are disjoint and together hold every item, whatever order the inputs were
  /// given in, so `count` machines (a Kubernetes indexed Job, a Slurm array, GNU parallel) can share one batch, each
  /// running `decor batch --shard K/N` with the same arguments.
  ///
  /// - Throws: `BatchError` unless `1 ≤ index ≤ count`.
  public func sharded(_ index: Int, of count: Int) throws(BatchError) -> Batch {
    guard count >= 1, (1...count).contains(index) else {
      throw BatchError(path: "--shard", message: "\(index)/\(count): expected K/N with 1 ≤ K ≤ N, such as 1/4")
    }
    var shard = self
    let sorted = items.sorted { $0.input.utf8.lexicographicallyPrecedes($1.input.utf8) }
    shard.items = sorted.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    return shard
  }

  /// Refuses, in one line, an output folder no file can be created in (read-only, not ours), rather than failing
  /// every input on its own: a file is made there and removed.
  static func checkWritable(_ folder: String) throws(BatchError) {
    let probe = (folder.hasSuffix("/") ? folder : folder + "/") + ".decor-probe-" + ImageFile.randomSuffix()
    let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw BatchError(path: folder, message: "cannot write into it: \(ImageFile.systemError())") }
    close(fd)
    unlink(probe)
  }

  /// The image files (by `extensions`, without the dot, in any case) directly in `folder`, hidden ones excepted,
  /// sorted by name, with their identities.
  static func imageFiles(in folder: String, extensions: [String]) throws(BatchError)
    -> [(path: String, identity: FileIdentity)]
  {
    guard let directory = opendir(folder) else {
      throw BatchError(path: folder, message: "cannot list: \(ImageFile.systemError())")
    }
    defer { closedir(directory) }
    let extensions = Set(extensions.map { $0.lowercased() })
    var names: [(path: String, identity: FileIdentity)] = []
    while let entry = readdir(directory) {
      let name = ImageFile.entryName(of: entry)
      guard !name.hasPrefix("."), let fileExtension = EncoderRegistry.fileExtension(of: name),
        extensions.contains(fileExtension)
      else { continue }
      let path = (folder.hasSuffix("/") ? folder : folder + "/") + name
      var info = stat()
      if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG { names.append((path, FileIdentity(info))) }
    }
    return names.sorted { $0.path < $1.path }
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

  package init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  public var description: String { "\(path): \(message)" }
}
