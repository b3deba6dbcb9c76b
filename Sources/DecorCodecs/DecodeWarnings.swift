import DecorCore

import Synchronization

/// What a decoder passed over while reading a file row by row (a `JPEGRowSource`'s libjpeg warnings), kept for the
/// caller to show once the render that read the rows is done: the rows are read during the render, after the file
/// was opened, and the library never prints. Shared by every reader of one source (a render may open several), each
/// message kept once.
public final class DecodeWarnings: Sendable {
  private let messages = Mutex<[String]>([])

  public init() {}

  /// Keeps `message`, unless it is kept already.
  func record(_ message: String) {
    messages.withLock { if !$0.contains(message) { $0.append(message) } }
  }

  /// The messages kept so far, first seen first.
  public var all: [String] { messages.withLock { $0 } }
}
