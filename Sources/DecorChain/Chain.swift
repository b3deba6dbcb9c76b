import DecorCore
#if Text
  import DecorText
#endif

/// A parsed chain of steps, ready to decorate any number of inputs: a template (the Prototype pattern as a value).
///
/// Steps are written as on the command line (Documentation/Filters.md, "Chains"): a filter name, positional values,
/// then `key=value` options, such as `shadow 6 6 blur=8`. Several steps may share one string, separated by `|`.
/// Steps are numbered from 1 across all strings, and every error names the step and its text.
public struct Chain: Sendable, CustomStringConvertible {
  /// One parsed step.
  public struct Step: Sendable {
    /// Its number in the chain, from 1.
    public var index: Int
    /// Its text as written.
    public var text: String
    public var filter: Filter
    public var arguments: FilterArguments
  }

  public internal(set) var steps: [Step]

  /// Parses steps (each string may hold several, separated by `|`) against `registry`.
  ///
  /// - Throws: `ChainError` naming the first bad step: an empty step, an unknown filter (with the closest names),
  ///   or an argument that does not parse. When the strings look like one step split into words (a shell's
  ///   unquoted `rotate 30` gives `rotate` and `30`), the message ends with a hint to quote it.
  ///
  /// A step that is one word starting with `@` (`@frame.json`) stands for the steps of a saved template, which
  /// `templates` loads: pass `templates: Chain.templateFiles()` to read them as files. Without it such a step is an
  /// error saying so.
  public init(
    parsing texts: [String], registry: FilterRegistry = .current,
    templates: ((String) throws(TemplateError) -> Chain)? = nil
  ) throws(ChainError) {
    steps = []
    var number = 0
    for (position, text) in texts.enumerated() {
      for (stepText, words) in Self.split(text) {
        number += 1
        guard let words, let name = words.first else {
          throw ChainError(step: number, text: stepText, message: words == nil ? "unterminated quote" : "empty step")
        }
        if words.count == 1, name.hasPrefix("@"), name.count > 1 {
          guard let templates else {
            throw ChainError(step: number, text: stepText, message: "a template step needs a way to load templates "
              + "(templates: Chain.templateFiles() reads them as files)")
          }
          do {
            let template = try templates(String(name.dropFirst()))
            append(contentsOf: template)
            number += template.steps.count - 1
          } catch {
            throw ChainError(step: number, text: stepText, message: error.description)
          }
          continue
        }
        var message: String
        do {
          let filter = try registry.filter(named: name)
          let arguments = try filter.parseArguments(Array(words.dropFirst()))
          steps.append(Step(index: number, text: stepText, filter: filter, arguments: arguments))
          continue
        } catch let error as RegistryError {
          message = error.description
        } catch let error as FilterError {
          message = error.message
        } catch {
          message = "\(error)"
        }
        if let hint = Self.quotingHint(texts, at: position, registry: registry) { message += " (\(hint))" }
        throw ChainError(step: number, text: stepText, message: message)
      }
    }
  }

  /// Parses the steps of one string (`"resize 480x_ | rotate -6"`): `init(parsing: [text], …)`.
  ///
  /// - Throws: `ChainError` naming the first bad step, as `init(parsing:registry:templates:)` with an array does.
  public init(
    parsing text: String, registry: FilterRegistry = .current,
    templates: ((String) throws(TemplateError) -> Chain)? = nil
  ) throws(ChainError) {
    try self.init(parsing: [text], registry: registry, templates: templates)
  }

  /// `each step is one argument: quote it, as in 'rotate 30'` when the string at `position` of `texts` (steps, or
  /// a whole command line) looks like one word of a step that a shell split (see `splitStep`), or `nil`.
  public static func quotingHint(_ texts: [String], at position: Int, registry: FilterRegistry = .current)
    -> String?
  {
    guard texts.indices.contains(position), let split = splitStep(texts, at: position, registry: registry) else {
      return nil
    }
    return "each step is one argument: quote it, as in '\(Quoting.shown(split))'"
  }

  /// The words of one step that a shell passed as separate strings, joined, when the string at `position` is one
  /// of them: a run of one-word strings that starts with a filter's name and goes on with words that name none
  /// (`rotate`, `30` gives `rotate 30`). A word that starts with `-` and is not a number (`-o`) ends the run, so
  /// that on a command line the options are left out. `nil` when the run has a single string, or when the string
  /// at `position` is part of no such run (it holds several words or steps: it was quoted).
  package static func splitStep(_ texts: [String], at position: Int, registry: FilterRegistry) -> String? {
    // Each string is split once, however often the runs below look at it.
    var seen: [Int: String?] = [:]
    func word(_ index: Int) -> String? {
      if let known = seen[index] { return known }
      let parts = Self.split(texts[index])
      var word = parts.count == 1 && parts[0].words?.count == 1 ? parts[0].words![0] : nil
      if let found = word, found.hasPrefix("-") && Double(found) == nil { word = nil }
      seen[index] = word
      return word
    }
    func isFilter(_ word: String) -> Bool { (try? registry.filter(named: word)) != nil }
    guard word(position) != nil else { return nil }
    var start = position
    while !isFilter(word(start)!) {
      guard start > 0, word(start - 1) != nil else { return nil }
      start -= 1
    }
    var end = position
    while end + 1 < texts.count, let next = word(end + 1), !isFilter(next) { end += 1 }
    guard end > start else { return nil }
    return (start...end).map { word($0)! }.joined(separator: " ")
  }

  /// Cuts `text` into steps at each `|` and each step into words at spaces, as a shell would: inside double or
  /// single quotes neither separates (`blend multiply "my overlay.png"`). A backslash outside single quotes takes
  /// the next character as it is (`\"`, `\\`, `\|`, `\ `), except `\n`, which is a line break (as ImageMagick's
  /// `-annotate` reads it: `text "one\ntwo"` draws two lines); inside single quotes a backslash is itself, as in a
  /// shell, so `'C:\new'` stays as written. No other letter is an escape. Inside parentheses spaces do not separate either, so that a colour function
  /// stays one word unquoted (`pad 4 color=rgb(10, 20, 30)`); a `|` still ends the step. Each step comes with its
  /// text as written, trimmed, and its words, or `nil` words when a quote is left open.
  package static func split(_ text: String) -> [(text: String, words: [String]?)] {
    var steps: [(text: String, words: [String]?)] = []
    var stepText = ""
    var words: [String] = []
    var word: String?
    var quote: Character?
    var escaped = false
    var depth = 0
    func endStep() {
      // A parenthesis left open held the spaces before the `|`.
      if let finished = word { words.append(depth > 0 ? String(Substring(finished).trimmingSpaces) : finished) }
      steps.append((Substring(stepText).trimmingSpaces, quote == nil && !escaped ? words : nil))
      stepText = ""
      words = []
      word = nil
      depth = 0
    }
    // Appended in place (`word!.append`), so a long step is read in linear time.
    func add(_ character: Character) {
      if word == nil { word = "" }
      word!.append(character)
    }
    for character in text {
      if escaped {
        add(character == "n" ? "\n" : character)
        escaped = false
      } else if let open = quote {
        if character == open {
          quote = nil
        } else if character == "\\" && open == "\"" {
          escaped = true
        } else {
          add(character)
        }
      } else if character == "|" {
        endStep()
        continue
      } else if (character == " " || character == "\t" || character == "\n") && depth == 0 {
        if let finished = word { words.append(finished) }
        word = nil
      } else if character == "(" || character == ")" {
        depth = character == "(" ? depth + 1 : Swift.max(0, depth - 1)
        add(character)
      } else if character == "\"" || character == "'" {
        quote = character
        word = word ?? ""
      } else if character == "\\" {
        escaped = true
      } else {
        add(character)
      }
      stepText.append(character)
    }
    endStep()
    return steps
  }

  /// The input decorated by every step in turn, the images that steps name (the `blend` step's file) found with
  /// `images`, once per name, before any step is built; rendering then reads no file.
  ///
  /// `Chain.apply(to:)` (in the codecs) loads them as files; pass your own function to name images in memory.
  ///
  /// The result is checked against `pixelLimit` (the `Renderer`'s, `Raster.defaultPixelLimit` by default) here,
  /// before anything is rendered: a finite extent with more pixels is an error naming the step from which every
  /// result was over the limit (a step that grows the image, such as `tile` or `resize`, and not a later one that
  /// merely keeps its size). A stage over the limit that a later step cuts down (`tile … | crop …`) is not refused.
  /// - Throws: `ChainError` when an image cannot be found (with the function's error as its message), a filter
  ///   refuses its arguments (those checks that need the input, or that involve several arguments at once), or the
  ///   result has more than `pixelLimit` pixels.
  public func apply(
    to input: any ImageComponent, pixelLimit: Int = Raster.defaultPixelLimit,
    images: (String) throws -> any ImageComponent
  ) throws(ChainError) -> any ImageComponent {
    try withImages(images).applyKeptImages(to: input, pixelLimit: pixelLimit)
  }

  /// This chain with the images its steps name (the `blend` step's) found now by `images`, once per name, and kept
  /// in its steps: applying the result looks for no image again, so a chain applied to many inputs (a batch, many
  /// tasks) reads each file once. Images already kept (by an earlier call) are kept as they are. The names stay in
  /// the steps, so the chain compares equal to its unloaded self and saves as the same template (its names taken as
  /// files, as the names of images not yet kept are: see `withImages(_:)` with a dictionary for names in memory).
  ///
  /// - Throws: `ChainError` naming the step whose image `images` could not give (with its error as the message).
  public func withImages(_ images: (String) throws -> any ImageComponent) throws(ChainError) -> Chain {
    try keepingImages(inMemory: false) { name, _ in (name, try images(name)) }
  }

  /// `withImages(_:)` with the images from a dictionary by name: in-memory images for `blend` steps.
  ///
  /// Names given here are names, not files: a template saved from the result (`writeTemplate(toFile:)`) writes
  /// them as they are, wherever it is saved. A step read from a template file is found under the name as the file
  /// wrote it (`overlay`) as well as under that name seen from the current folder (`templates/overlay`).
  ///
  /// - Throws: `ChainError` naming the first step whose image is not in `images`.
  public func withImages(_ images: [String: any ImageComponent]) throws(ChainError) -> Chain {
    try keepingImages(inMemory: true) { name, asWritten in
      if let image = images[name] { return (name, image) }
      if let asWritten, let image = images[asWritten] { return (asWritten, image) }
      throw FilterError("no image named \(Quoting.quoted(asWritten ?? name))")
    }
  }

  /// The images found by `find` (given each name, and the name as a template file wrote it, if it was rewritten;
  /// returning the name it found the image under, which the step then holds) kept in the steps, each name looked
  /// up once; `inMemory` marks them as not being files.
  func keepingImages(
    inMemory: Bool, _ find: (_ name: String, _ asWritten: String?) throws -> (name: String, image: any ImageComponent)
  ) throws(ChainError) -> Chain {
    var found: [[String?]: (name: String, image: any ImageComponent)] = [:]
    var chain = self
    for (position, step) in steps.enumerated() {
      for argument in step.filter.arguments {
        guard case .image = argument.kind, step.arguments.images[argument.name] == nil,
          let name = step.arguments.imageName(argument.name)
        else { continue }
        let asWritten = step.arguments.imageNamesAsWritten[argument.name]
        let image: (name: String, image: any ImageComponent)
        if let known = found[[name, asWritten]] {
          image = known
        } else {
          do {
            image = try find(name, asWritten)
          } catch {
            throw ChainError(step: step.index, text: step.text,
              message: Quoting.shortening([name, asWritten].compactMap { $0 }, in: "\(error)"))
          }
          found[[name, asWritten]] = image
        }
        var kept = chain.steps[position]
        if image.name != name {
          kept.arguments.setValue(.image(image.name), for: argument.name)
          kept.text = Chain.text(of: kept.filter, kept.arguments.values)
        }
        kept.arguments.images[argument.name] = image.image
        if inMemory { kept.arguments.imagesInMemory.insert(argument.name) }
        chain.steps[position] = kept
      }
    }
    return chain
  }

  /// `apply`, once the images are kept in the steps.
  func applyKeptImages(to input: any ImageComponent, pixelLimit: Int) throws(ChainError) -> any ImageComponent {
    var component = input
    // The first step of the run of steps, up to the current one, whose results are all over the limit.
    var overSince: (step: Step, extent: IntRect)?
    for step in steps {
      let arguments = step.arguments
      do {
        component = try step.filter.build(arguments, component)
      } catch {
        throw ChainError(step: step.index, text: step.text, message: error.message)
      }
      let extent = component.extent
      if Self.pixelCount(extent) > pixelLimit {
        if overSince == nil { overSince = (step, extent) }
      } else {
        overSince = nil
      }
    }
    if let over = overSince {
      let e = over.extent
      throw ChainError(step: over.step.index, text: over.step.text, message: "the result would be \(e.width)x"
        + "\(e.height) (\(Self.pixelCount(e)) pixels), over the limit of \(pixelLimit) pixels")
    }
    return component
  }

  /// The pixels of a finite extent (an infinite one is never rendered whole: 0), without overflow.
  static func pixelCount(_ extent: IntRect) -> Int {
    guard !extent.isInfinite, !extent.isEmpty else { return 0 }
    let (pixels, overflow) = extent.width.multipliedReportingOverflow(by: extent.height)
    return overflow ? .max : pixels
  }

  /// `apply(to:images:)` with images from a dictionary by name: in-memory images for `blend` steps.
  public func apply(
    to input: any ImageComponent, pixelLimit: Int = Raster.defaultPixelLimit, images: [String: any ImageComponent]
  ) throws(ChainError) -> any ImageComponent {
    try withImages(images).applyKeptImages(to: input, pixelLimit: pixelLimit)
  }

  public var description: String { steps.map(\.text).joined(separator: " | ") }
}

/// A chain step that could not be parsed or applied: `step 2 "rotate abc": angle expected, got "abc"`. The
/// description shows the step's text as `Quoting` shows values (at most a few dozen characters).
public struct ChainError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The step's number, from 1.
  public var step: Int
  public var text: String
  public var message: String

  package init(step: Int, text: String, message: String) {
    self.step = step
    self.text = text
    self.message = message
  }

  public var description: String { "step \(step) \(Quoting.quoted(text)): \(message)" }
}

extension Substring {
  var trimmingSpaces: String {
    guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
      return ""
    }
    return String(self[first...last])
  }
}
