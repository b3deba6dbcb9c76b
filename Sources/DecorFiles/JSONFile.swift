import DecorChain
import DecorCodecs
import DecorCore

// FoundationEssentials where it exists (Linux's swift-foundation): its JSON decoder, without the
// internationalisation data the whole of Foundation loads.
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reading JSON files (templates and scenes) into `JSONValue`s.
package enum JSONFile {
  /// The most bytes a template or scene file may have: 64 MiB, thousands of times a large scene, so that a device
  /// or a stream that never ends (`/dev/zero`) is refused as soon as it passes this instead of filling memory.
  static let byteLimit = 64 << 20

  /// The JSON value in the file at `path` (or standard input for `-`), which `readPolicy` must allow; `failure`
  /// makes the error for a file that cannot be read, may not be, or is not JSON.
  static func read<E: Error>(_ path: String, readPolicy: ReadPolicy = .anywhere, failure: (String) -> E) throws(E)
    -> JSONValue
  {
    let bytes: [UInt8]
    do {
      bytes = try ImageFile.readBytes(atPath: path, byteLimit: byteLimit, recognisedBy: nil, readPolicy: readPolicy)
        .bytes
    } catch {
      if case .io(_, let detail) = error { throw failure(detail) }
      if case .inputTooLarge(_, let limit) = error { throw failure("larger than the limit of \(limit) bytes") }
      throw failure("\(error)")
    }
    return try parse(bytes, failure: failure)
  }

  package static func parse<E: Error>(_ bytes: [UInt8], failure: (String) -> E) throws(E) -> JSONValue {
    // Checked first for the place of a mistake, and strictly: the decoder alone would name no place, and would
    // take a trailing comma.
    do {
      try JSONSyntax.check(bytes)
    } catch {
      throw failure("not valid JSON: \(error.description)")
    }
    // What the check passes, the decoder reads (numbers out of a `Double`'s range and lone surrogates are the
    // check's to name); the decoder's own words, should it refuse anything else, are kept to one short line.
    do {
      return try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    } catch let error as DecodingError {
      if case .dataCorrupted(let context) = error {
        let detail = context.underlyingError.map { " (\(bounded(describe($0))))" } ?? ""
        throw failure("not valid JSON\(detail)")
      }
      throw failure("not valid JSON (\(bounded("\(error)")))")
    } catch {
      throw failure("not valid JSON (\(bounded("\(error)")))")
    }
  }

  /// The first line of `text`, and at most 200 of its Unicode scalars.
  private static func bounded(_ text: String) -> String {
    let line = text.unicodeScalars.prefix { $0 != "\n" }
    let kept = String(String.UnicodeScalarView(line.prefix(200)))
    return line.count > 200 ? kept + "…" : kept
  }

  /// The decoder's reason: Foundation's `NSDebugDescription`, when its error carries one.
  private static func describe(_ error: any Error) -> String {
    let text = "\(error)"
    let marker = "NSDebugDescription="
    guard let start = text.indices.first(where: { text[$0...].hasPrefix(marker) }) else { return text }
    return String(text[text.index(start, offsetBy: marker.count)...].prefix { $0 != "}" })
  }
}
