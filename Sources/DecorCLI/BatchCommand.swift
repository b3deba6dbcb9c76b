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
      any work. A bad input gets one line on stderr and the others still run; the exit status is then \
      1, after a summary line. An output folder that is an input's own folder is refused (its outputs would \
      replace the inputs) unless --overwrite is given; two inputs with the same name are refused.
      """)

  @Option(help: ArgumentHelp("A template (T.json) or quoted steps.", valueName: "CHAIN"))
  var chain: String

  @Option(name: .customLong("output-dir"), help: ArgumentHelp("Where the outputs go (created if missing).",
    valueName: "DIR"))
  var outputFolder: String

  @Argument(help: ArgumentHelp("Image files (\(FormatNames.read)) or folders of them."))
  var inputs: [String]

  @Option(help: "Images processed at once (default: one per processor); each renders on processors ÷ jobs threads.")
  var jobs: Int?

  @Flag(inversion: .prefixedNo,
    help: "Draw a progress bar on stderr (default: only when stderr is a terminal).")
  var progress: Bool?

  @Flag(help: "Allow the output folder to be an input's folder, replacing those inputs.")
  var overwrite = false

  @OptionGroup var out: OutputOptions

  /// `--threads` here is per image (default: processors ÷ jobs); `--max-pixels` as for `apply`.
  @OptionGroup var render: RenderOptions

  func validate() throws {
    if let jobs, !(1...1024).contains(jobs) {
      throw ValidationError("--jobs must be a whole number from 1 to 1024, got \(jobs)")
    }
  }

  func run() throws {
    let template: Chain
    if chain.hasSuffix(".json") {
      template = try Chain(contentsOfTemplate: chain)
    } else {
      template = try Chain(parsing: [chain], templates: Chain.templateFiles())
    }
    // The format and its settings are checked before anything is read (for `same`, by `Batch`, input by input).
    if out.format != Batch.sameFormat { _ = try out.encoderForFormat() }
    var batch = try Batch(chain: template, inputs: inputs, outputFolder: outputFolder, replacesInputs: overwrite,
      format: out.format, settings: out.settings, decoders: render.decoders)
    batch.colorSpace = render.colorSpace
    let display = ProgressDisplay(
      total: batch.items.count, enabled: progress ?? (isatty(STDERR_FILENO) == 1))
    let failures = batch.run(
      jobs: jobs, threads: render.threads, strip: out.strip, pixelLimit: render.maxPixels,
      decoders: render.decoders
    ) { outcome in
      display.finished(outcome)
    }
    display.end()
    if !failures.isEmpty {
      printError("\(failures.count) of \(batch.items.count) inputs failed")
      throw ExitCode(1)
    }
  }
}
