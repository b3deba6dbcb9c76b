/// A parsed chain of steps, ready to decorate any number of inputs: a template (the Prototype pattern as a value).
///
/// Steps are written as on the command line (DESIGN.md section 5): a filter name, positional values, then
/// `key=value` options, such as `shadow 6 6 blur=8`. Several steps may share one string, separated by `|`.
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
  ///   or an argument that does not parse.
  ///
  /// A step that is one word starting with `@` (`@frame.json`) stands for the steps of a saved template, which
  /// `templates` loads (`Chain(parsing:)` in the codecs reads them as files); without it such a step is an error.
  public init(
    parsing texts: [String], registry: FilterRegistry = .standard,
    templates: ((String) throws(TemplateError) -> Chain)? = nil
  ) throws(ChainError) {
    steps = []
    var number = 0
    for text in texts {
      for (stepText, words) in Self.split(text) {
        number += 1
        guard let words, let name = words.first else {
          throw ChainError(step: number, text: stepText, message: words == nil ? "unterminated quote" : "empty step")
        }
        if words.count == 1, name.hasPrefix("@"), name.count > 1 {
          guard let templates else {
            throw ChainError(step: number, text: stepText, message: "a template step needs a way to load templates")
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
        do {
          let filter = try registry.filter(named: name)
          let arguments = try filter.parseArguments(Array(words.dropFirst()))
          steps.append(Step(index: number, text: stepText, filter: filter, arguments: arguments))
        } catch let error as RegistryError {
          throw ChainError(step: number, text: stepText, message: error.description)
        } catch let error as FilterError {
          throw ChainError(step: number, text: stepText, message: error.message)
        } catch {
          throw ChainError(step: number, text: stepText, message: "\(error)")
        }
      }
    }
  }

  /// Cuts `text` into steps at each `|` and each step into words at spaces, as a shell would: inside double or
  /// single quotes neither separates (`blend multiply "my overlay.png"`), and a backslash outside single quotes
  /// takes the next character as it is. Each step comes with its text as written, trimmed, and its words, or `nil`
  /// words when a quote is left open.
  static func split(_ text: String) -> [(text: String, words: [String]?)] {
    var steps: [(text: String, words: [String]?)] = []
    var stepText = ""
    var words: [String] = []
    var word: String?
    var quote: Character?
    var escaped = false
    func endStep() {
      if let finished = word { words.append(finished) }
      steps.append((Substring(stepText).trimmingSpaces, quote == nil && !escaped ? words : nil))
      stepText = ""
      words = []
      word = nil
    }
    for character in text {
      if escaped {
        word = (word ?? "") + String(character)
        escaped = false
      } else if let open = quote {
        if character == open {
          quote = nil
        } else if character == "\\" && open == "\"" {
          escaped = true
        } else {
          word = (word ?? "") + String(character)
        }
      } else if character == "|" {
        endStep()
        continue
      } else if character == " " || character == "\t" || character == "\n" {
        if let finished = word { words.append(finished) }
        word = nil
      } else if character == "\"" || character == "'" {
        quote = character
        word = word ?? ""
      } else if character == "\\" {
        escaped = true
      } else {
        word = (word ?? "") + String(character)
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
  /// - Throws: `ChainError` when an image cannot be found (with the function's error as its message) or a filter
  ///   refuses its arguments (those checks that need the input, or that involve several arguments at once).
  public func apply(to input: any ImageComponent, images: (String) throws -> any ImageComponent)
    throws(ChainError) -> any ImageComponent
  {
    var loaded: [String: any ImageComponent] = [:]
    var component = input
    for step in steps {
      var arguments = step.arguments
      for argument in step.filter.arguments {
        guard case .image = argument.kind, let name = arguments.imageName(argument.name) else { continue }
        if loaded[name] == nil {
          do {
            loaded[name] = try images(name)
          } catch {
            throw ChainError(step: step.index, text: step.text, message: "\(error)")
          }
        }
        arguments.images[argument.name] = loaded[name]
      }
      do {
        component = try step.filter.build(arguments, component)
      } catch {
        throw ChainError(step: step.index, text: step.text, message: error.message)
      }
    }
    return component
  }

  /// `apply(to:images:)` with images from a dictionary by name: in-memory images for `blend` steps.
  public func apply(to input: any ImageComponent, images: [String: any ImageComponent]) throws(ChainError)
    -> any ImageComponent
  {
    try apply(to: input) { name in
      guard let image = images[name] else { throw FilterError("no image named \"\(name)\"") }
      return image
    }
  }

  public var description: String { steps.map(\.text).joined(separator: " | ") }
}

/// A chain step that could not be parsed or applied: `step 2 "rotate abc": angle expected, got "abc"`.
public struct ChainError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The step's number, from 1.
  public var step: Int
  public var text: String
  public var message: String

  public var description: String { "step \(step) \"\(text)\": \(message)" }
}

extension Substring {
  var trimmingSpaces: String {
    String(drop(while: { $0.isWhitespace }).reversed().drop(while: { $0.isWhitespace }).reversed())
  }
}
