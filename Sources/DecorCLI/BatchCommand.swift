#if CLI
import ArgumentParser
import Decor

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

struct BatchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "batch",
    abstract: "Apply one chain to many image files (\(FormatNames.read) in, \(FormatNames.written) out), several at a time.",
    discussion: """
      CHAIN is a template file (a name ending in .json, from `decor apply … --save-chain`) or steps as `apply` \
      takes them ('resize 800x_ | shadow'). An INPUT folder stands for the image files directly in it \
      (\(FormatNames.readExtensions), in any case). Each output is OUTPUT-DIR/NAME.EXT, in the format --format \
      names (png by default; \(FormatNames.formatNames)) with its extension, or with --format same in the input's \
      own format and extension; the output options are those of `apply`, each checked against the format before \
      any work. A bad input (missing, corrupt) gets one line on stderr and the others still run; the exit status \
      is then 1. A summary line on stdout says how many were written; without a progress bar (by default, \
      when stderr is not a terminal) a line on stderr counts those written, skipped and failed. An output that would be one of the inputs \
      is refused unless --overwrite is given; inputs with the same output name are refused, every such clash in one \
      line. \
      Across machines: --shard K/N runs every N-th input of the sorted list from the K-th, so N runs with the \
      same arguments (a Kubernetes indexed Job, a Slurm array, GNU parallel) share the batch; --skip-existing \
      leaves outputs already written (a batch run again after an interruption does only what is left).
      """)

  @Option(help: ArgumentHelp("A template (T.json) or quoted steps.", valueName: "CHAIN"))
  var chain: String

  @Option(name: .customLong("output-dir"), help: ArgumentHelp("Where the outputs go (created if missing).",
    valueName: "DIR"))
  var outputFolder: String

  @Argument(help: ArgumentHelp("Image files (\(FormatNames.read)) or folders of them."))
  var inputs: [String]

  /// Read as text (`.unconditional`, so that `--jobs -1` is its value, not an unknown option `-1`) and checked in
  /// `validate()` as `--threads` is.
  @Option(name: .customLong("jobs"), parsing: .unconditional,
    help: ArgumentHelp("Images processed at once, 1 to \(maxJobs) (default: one per processor); each renders on "
      + "processors ÷ jobs threads.", valueName: "jobs"))
  var jobsText: String?

  /// The most images `--jobs` takes at once.
  static let maxJobs = 1024

  /// The images processed at once, or `nil` for one per processor.
  var jobs: Int? { jobsText.flatMap { Int($0) } }

  @Flag(inversion: .prefixedNo,
    help: "Draw a progress bar on stderr (default: only when stderr is a terminal).")
  var progress: Bool?

  @Flag(help: "Allow outputs that are inputs (--format same into the inputs' folder), replacing those inputs.")
  var overwrite = false

  @Option(help: ArgumentHelp("Run shard K of N (from 1): every N-th input of the sorted list, from the K-th.",
    valueName: "K/N"))
  var shard: String?

  @Flag(name: .customLong("skip-existing"), help: "Leave the inputs whose output file exists already.")
  var skipExisting = false

  @Flag(name: .customLong("all-pages"), help: ArgumentHelp(
    "Read every page of a multi-page TIFF as a frame, each through the chain, as an animation is read (pages of "
      + "different sizes are refused); without it, the first page is the image."))
  var allPages = false

  @OptionGroup var out: OutputOptions

  /// `--threads` here is per image (default: processors ÷ jobs); `--max-pixels` and `--max-total-pixels` as for
  /// `apply`, for each job.
  @OptionGroup var render: RenderOptions

  func validate() throws {
    if let jobsText { _ = try RenderOptions.count(jobsText, option: "--jobs", maximum: Self.maxJobs) }
    if let shard, Self.shardNumbers(shard) == nil {
      throw ValidationError("--shard expects K/N with 1 ≤ K ≤ N, such as 1/4; got \(Quoting.quoted(shard))")
    }
  }

  /// `K/N` as two numbers with 1 ≤ K ≤ N, or `nil`.
  static func shardNumbers(_ text: String) -> (index: Int, count: Int)? {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index)
    else { return nil }
    return (index, count)
  }

  // Every font file a step or the scene names is held to `--allow-read` as it is read, parsing included.
  func run() throws { try render.readPolicy.checkingFontFiles { try perform() } }

  private func perform() throws {
    let template: Chain
    let readPolicy = try render.readPolicy
    let decoders = try render.decoders(allPages: allPages)
    if chain.hasSuffix(".json") {
      template = try Chain(contentsOfTemplate: chain, readPolicy: readPolicy)
    } else {
      template = try Chain(parsing: [chain], templates: Chain.templateFiles(readPolicy: readPolicy))
    }
    try template.checkedAsOutput()
    // The format and its settings are checked before anything is read (for `same`, by `Batch`, input by input).
    if out.format != Batch.sameFormat { _ = try out.encoderForFormat() }
    var batch = try Batch(chain: template, inputs: inputs, outputFolder: outputFolder, replacesInputs: overwrite,
      format: out.format, settings: out.settings, decoders: decoders)
    batch.colorSpace = render.colorSpace
    batch.skipsExisting = skipExisting
    if let shard, let (index, count) = Self.shardNumbers(shard) {
      batch = try batch.sharded(index, of: count)
    }
    let started = ContinuousClock.now
    let total = batch.items.count
    let showsProgress = progress ?? (isatty(STDERR_FILENO) == 1)
    let display = ProgressDisplay(total: total, enabled: showsProgress, saysDepth: out.depth == nil)
    let tally = BatchTally()
    // Said by the signal handler if the batch is interrupted: the progress line ended, and how far it got.
    let interrupted = { @Sendable (written: Int) in
      (showsProgress ? "\n" : "") + "decor: interrupted: \(written) of \(total) written to \(outputFolder)\n"
    }
    ImageFile.setSignalMessage(interrupted(0))
    let failures = batch.run(
      jobs: jobs, threads: render.threads, strip: out.strip, pixelLimit: render.maxPixels,
      totalPixelLimit: render.maxTotalPixels, decoders: decoders
    ) { outcome in
      tally.count(outcome)
      ImageFile.setSignalMessage(interrupted(tally.written))
      display.finished(outcome)
    }
    display.end()
    ImageFile.setSignalMessage("")
    let elapsed = started.duration(to: .now)
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    print(tally.summary(folder: outputFolder, seconds: seconds))
    // Without the bar (by default, off a terminal: a log, a CI job) stderr holds only the failures, so it ends with
    // what the batch did, which also counts the failures; the bar's last line says it on a terminal.
    if !showsProgress {
      printError(tally.line)
    } else if !failures.isEmpty {
      printError("\(failures.count) of \(total) inputs failed")
    }
    if !failures.isEmpty { throw ExitCode(1) }
  }
}
#endif
