/// How hard the PNG encoder works to make files small.
///
/// A struct rather than an enum so that more levels (and encoder strategies) can be added without breaking code
/// that switches over the existing ones. Find one by its command-line name with `init?(name:)`.
public struct PNGCompression: Hashable, Sendable, CustomStringConvertible {
  enum Level: String, CaseIterable { case fast, `default` }
  let level: Level

  /// Speed over size: libpng's `PNG_IMAGE_FLAG_FAST` (files typically 25% larger or more).
  public static let fast = PNGCompression(level: .fast)
  /// libpng's default zlib level and filter choice.
  public static let `default` = PNGCompression(level: .default)

  /// Every level's name, as the command line spells it.
  public static let allNames = Level.allCases.map(\.rawValue)

  /// The level of that name (`fast`, `default`), or `nil`.
  public init?(name: String) {
    guard let level = Level(rawValue: name) else { return nil }
    self.level = level
  }

  init(level: Level) { self.level = level }

  public var description: String { level.rawValue }
}
