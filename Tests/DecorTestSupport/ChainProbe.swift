import Decor
import Foundation
import Testing

/// What the chain tests, and the tests of messages and shadows that parse steps, ask of a chain: the error parsing or
/// applying it gives, a step's message or arguments.
package enum ChainProbe {
  package static func pattern(width: Int, height: Int) throws -> Raster {
    try ImageMetrics.pattern(width: width, height: height)
  }

  /// The error `Chain(parsing:)` throws for `texts`, or `nil` when they parse.
  package static func parseError(_ texts: [String], registry: FilterRegistry = .standard) -> ChainError? {
    do {
      _ = try Chain(parsing: texts, registry: registry)
      return nil
    } catch {
      return error
    }
  }

  /// The message (after `step N "…": `) of the error for a single step.
  package static func message(_ step: String) -> String? { parseError([step])?.message }

  /// The parsed arguments of the only step of `text`.
  package static func arguments(_ text: String, registry: FilterRegistry = .standard) throws -> FilterArguments {
    let chain = try Chain(parsing: [text], registry: registry)
    try #require(chain.steps.count == 1)
    return chain.steps[0].arguments
  }

  /// The error `apply(to:)` throws, or `nil` when it succeeds.
  package static func applyError(_ texts: [String], to input: any ImageComponent) throws -> ChainError? {
    let chain = try Chain(parsing: texts)
    do {
      _ = try chain.apply(to: input)
      return nil
    } catch {
      return error
    }
  }

  /// The scene a JSON text describes.
  package static func scene(_ json: String) throws -> Scene {
    try JSONDecoder().decode(Scene.self, from: Data(json.utf8))
  }

  /// The `SceneError` reading `json` gives, or `nil` when it reads (another error is recorded as an issue).
  package static func sceneError(_ json: String) -> SceneError? {
    do {
      _ = try scene(json)
      return nil
    } catch let error as SceneError {
      return error
    } catch {
      Issue.record("not a SceneError: \(error)")
      return nil
    }
  }

  /// The `TemplateError` reading a template's JSON gives, or `nil` when it reads (another error is an issue).
  package static func templateError(_ json: String) -> TemplateError? {
    do {
      _ = try JSONDecoder().decode(Chain.self, from: Data(json.utf8))
      return nil
    } catch let error as TemplateError {
      return error
    } catch {
      Issue.record("not a TemplateError: \(error)")
      return nil
    }
  }
}
