/// The library's version, one definition for everything that reports it (`decor --version`).
///
/// An enum of its own rather than a type named `Decor`, which would shadow the module's name and break
/// module-qualified names (`Decor.Color`) in code that imports it; and not `DecorVersion`, because the symbol graph
/// (so DocC) leaves out a type whose name starts with its module's.
public enum LibraryVersion {
  /// The version as semantic versioning writes it.
  public static let current = "0.12.0"
}
