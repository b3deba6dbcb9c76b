import Testing

import Decor
import DecorTestSupport

/// The chain's messages for what new users trip on: a step split into words by the shell, and a result
/// over the pixel limit.
@Suite struct ChainHintTests {
  static let hint = " (each step is one argument: quote it, as in "

  @Test func wordsOfOneStepGetAHintToQuoteIt() {
    #expect(ChainProbe.parseError(["rotate", "30"]) == ChainError(step: 1, text: "rotate",
      message: "missing DEG (angle): rotate DEG [interpolation=nearest|bilinear|bicubic|lanczos]\(Self.hint)'rotate 30')"))
    // The run stops at the next filter's name, and starts at the filter before a stray value.
    #expect(ChainProbe.parseError(["rotate", "30", "blur", "2"])?.message.hasSuffix("\(Self.hint)'rotate 30')")
      == true)
    let stray = ChainProbe.parseError(["scale 2", "shadow", "6", "6", "blur=8", "flip", "both"])
    #expect(stray?.step == 3 && stray?.text == "6")
    #expect(stray?.message.hasSuffix("\(Self.hint)'shadow 6 6 blur=8')") == true)
    #expect(ChainProbe.parseError(["grayscale", "0.5"])?.message.hasSuffix("\(Self.hint)'grayscale 0.5')") == true)
    // Quoted steps, and a single string, get no hint.
    for texts in [["rotate 30", "abc"], ["rotate"], ["rotate 30", "blur"], ["rotate 30 | 4"], ["pad 1 | rotate", "x"]]
    {
      let error = ChainProbe.parseError(texts)
      #expect(error != nil && error?.message.contains("each step is one argument") == false, "\(texts)")
    }
    #expect(Chain.splitStep(["rotate", "30"], at: 1, registry: .standard) == "rotate 30")
    #expect(Chain.splitStep(["30", "rotate"], at: 0, registry: .standard) == nil)
    // On a whole command line, options end the run; negative numbers do not.
    #expect(Chain.quotingHint(["apply", "in.png", "translate", "-3", "4", "-o", "out.png"], at: 3)
      == "each step is one argument: quote it, as in 'translate -3 4'")
    #expect(Chain.quotingHint(["in.png", "blur", "-5", "--threads", "2"], at: 2)
      == "each step is one argument: quote it, as in 'blur -5'")
    #expect(Chain.quotingHint(["in.png", "'blur -5'"], at: 1) == nil)
    #expect(Chain.quotingHint(["x"], at: 3) == nil)
  }

  @Test func aResultOverThePixelLimitNamesTheStepThatMadeIt() throws {
    let image = try ChainProbe.pattern(width: 4, height: 4)
    let over = "over the limit of 268435456 pixels"
    #expect(try ChainProbe.applyError(["tile 100000x100000"], to: image) == ChainError(step: 1,
      text: "tile 100000x100000", message: "the result would be 100000x100000 (10000000000 pixels), \(over)"))
    // Sizes clamp at 2^30 per side (ParameterCheck.maxLength), and the message gives the size as used.
    #expect(try ChainProbe.applyError(["tile 2000000000x1"], to: image)?.message
      == "the result would be 1073741824x1 (1073741824 pixels), \(over)")
    #expect(try ChainProbe.applyError(["resize 20000x_"], to: image)?.message
      == "the result would be 20000x20000 (400000000 pixels), \(over)")
    // The step from which every result is over: not the later ones that keep the size, not an earlier one.
    #expect(try ChainProbe.applyError(["pad 1", "tile 100000x100000 | opacity 0.5 | flip both"], to: image)?.step
      == 2)
    // A stage over the limit that a later step cuts down is not refused (only what a render asks for is made).
    #expect(try ChainProbe.applyError(["tile 100000x100000 | crop 5 5 10 10"], to: image) == nil)
    // The limit is the caller's.
    let chain = try Chain(parsing: ["pad 1"])
    #expect(throws: ChainError(step: 1, text: "pad 1",
      message: "the result would be 6x6 (36 pixels), over the limit of 35 pixels"))
    {
      _ = try chain.apply(to: image, pixelLimit: 35)
    }
    #expect(try chain.apply(to: image, pixelLimit: 36).extent.width == 6)
    // An infinite extent is never rendered whole, so it is not over any limit.
    #expect(try Chain(parsing: ["pad 1"]).apply(to: SolidColor(.white), pixelLimit: 1).extent.isInfinite)
  }

  /// What `resize`'s help says `contain` and `cover` do is what they do.
  @Test func resizeFitsAsItsHelpSays() throws {
    let image = try ChainProbe.pattern(width: 8, height: 4)
    // contain: the largest size inside the box with the aspect ratio, and the output is that size (no letterbox).
    #expect(try Chain(parsing: ["resize 10x10 fit=contain"]).apply(to: image).extent
      == IntRect(x: 0, y: 0, width: 10, height: 5))
    // cover: the smallest size covering the box, cropped evenly to exactly the box.
    #expect(try Chain(parsing: ["resize 10x10 fit=cover"]).apply(to: image).extent
      == IntRect(x: 0, y: 0, width: 10, height: 10))
    let help = try #require(FilterRegistry.standard.filter(named: "resize").arguments.first { $0.name == "fit" }).help
    #expect(help.contains("the output is that size (one side shorter, no letterbox"))
    #expect(help.contains("crops the overflow where gravity= says, so the output is exactly WxH"))
  }

  @Test func limitsAreThoseOfParameterCheck() throws {
    let cases: [(String, String?)] = [
      ("resize 0x0", "width must be at least 1, got 0"),
      ("resize 5x-1", "height must be at least 1, got -1"),
      ("blur -5", "sigma must be at least 0, got -5"),
      ("scale 0", "horizontal scale factor must be above 0, got 0"),
      ("pad -1", "margin must be at least 0, got -1"),
      ("crop 0 0 0 5", "width must be at least 1, got 0"),
      ("opacity -0.5", "opacity must be at least 0, got -0.5"),
      ("opacity 2", nil),
      ("rotate nan", "angle must be a finite number, got nan"),
      ("translate 1e300 0", nil),
      ("tile 0x0", "width must be at least 1, got 0"),
    ]
    for (step, message) in cases { #expect(ChainProbe.message(step) == message, "\(step)") }
    // What is clamped rather than refused, as the steps' help says.
    let image = try ChainProbe.pattern(width: 4, height: 4)
    #expect(try Chain(parsing: ["opacity 2"]).apply(to: image).rendered() == image.multiplyingOpacity(by: 1).rendered())
    #expect(try Chain(parsing: ["translate 1e300 0"]).apply(to: image).extent.minX == ParameterCheck.maxLength)
  }
}
