import DecorChain
import DecorCodecs
import DecorCore

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

  /// The value in `bytes`, read strictly (`JSONSyntax`): a mistake is named by line and column.
  package static func parse<E: Error>(_ bytes: [UInt8], failure: (String) -> E) throws(E) -> JSONValue {
    do {
      return try JSONSyntax.parse(bytes)
    } catch {
      throw failure("not valid JSON: \(error.description)")
    }
  }
}
