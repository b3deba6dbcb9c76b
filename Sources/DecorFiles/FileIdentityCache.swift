/// What was read from files, kept by the files' identity (device and inode) rather than their names: a scene or a
/// chain naming one image as `x.png`, `./x.png`, `././x.png` or through a link reads and decodes it once, however many
/// spellings it has. Standard input and a path that names nothing are read each time they are asked for (the read then
/// says what is wrong).
///
/// The identity is looked at before the read, so a file replaced in between is kept under the identity of the one
/// it replaced: the image is still one the file system gave for that name.
struct FileIdentityCache<Value> {
  private var values: [FileIdentity: Value] = [:]

  /// The value kept for the file `path` names, else what `read` makes of it, kept.
  mutating func value<E: Error>(atPath path: String, _ read: () throws(E) -> Value) throws(E) -> Value {
    guard let identity = FileIdentity(path: path) else { return try read() }
    if let known = values[identity] { return known }
    let value = try read()
    values[identity] = value
    return value
  }
}
