/// Which components of one render's graph are the same node: two values are one node when they are of the same type
/// and their stored properties are equal, their component inputs being (recursively) the same nodes.
///
/// Components are values without an identity of their own, and a graph reuses them by copying: a drop shadow holds
/// its input twice (the shape and the image over it), a `Group` may hold one component in two layers, a user's code
/// may pass one value to two decorators. libvips finds such reuse by hashing an operation with its arguments (its
/// operation cache), Core Image by hashing an image's recipe; this is the same idea over Swift values, read through
/// `Mirror` so that every component, a user's too, takes part without conforming to anything.
///
/// The comparison only errs towards two nodes where there is one, never the reverse:
/// - a `Raster` is identified by its pixel buffer (copies of one raster share it; equal pixels in two buffers are two
///   nodes), never by its bytes;
/// - a class instance by its identity;
/// - a value holding a closure, or a collection of more than `largestCollection` elements, is a node of its own
///   (a closure cannot be compared, and comparing a large array element by element would cost more than the
///   rendering it might save).
struct NodeIdentity {
  /// The most elements a collection property may have for its component to be compared with others.
  static let largestCollection = 4096

  private var ids: [String: Int] = [:]
  private var unique = 0
  /// How many distinct nodes have been given an identifier.
  private(set) var count = 0

  /// The node identifier of `component`: the same for components that are the same node, counting from 0.
  mutating func id(of component: any ImageComponent) -> Int {
    let component = component.unwrapped
    guard let key = key(of: component) else {
      unique += 1
      return register("unique \(unique)")
    }
    return register(key)
  }

  private mutating func register(_ key: String) -> Int {
    if let id = ids[key] { return id }
    ids[key] = count
    count += 1
    return count - 1
  }

  /// The structural key of a component: its type and properties, its inputs by their identifiers.
  private mutating func key(of component: any ImageComponent) -> String? {
    var key = "\(ObjectIdentifier(type(of: component)))"
    if let raster = component as? Raster { return key + Self.bufferKey(raster) }
    guard append(Mirror(reflecting: component), to: &key) else { return nil }
    return key
  }

  /// `width×height@address` of a raster's pixel buffer.
  private static func bufferKey(_ raster: Raster) -> String {
    let address = raster.storage.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
    return "(\(raster.width)x\(raster.height)@\(address))"
  }

  /// Appends the children of `mirror` to `key`; `false` when they cannot be compared.
  private mutating func append(_ mirror: Mirror, to key: inout String) -> Bool {
    if mirror.displayStyle == .collection || mirror.displayStyle == .set || mirror.displayStyle == .dictionary,
      mirror.children.count > Self.largestCollection
    {
      return false
    }
    key += "("
    for child in mirror.children {
      key += child.label ?? "_"
      key += ":"
      guard append(value: child.value, to: &key) else { return false }
      key += ","
    }
    key += ")"
    return true
  }

  private mutating func append(value: Any, to key: inout String) -> Bool {
    if let component = value as? any ImageComponent {
      key += "#\(id(of: component))"
      return true
    }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .class {
      key += "&\(ObjectIdentifier(value as AnyObject))"
      return true
    }
    if mirror.children.isEmpty {
      // A number, a string, a Boolean, a case without payload, a type whose mirror shows nothing (a SIMD vector):
      // its debug description, which tells values apart (strings quoted and escaped). Closures describe themselves
      // all alike, so they cannot be compared.
      let description = String(reflecting: value)
      if description == "(Function)" { return false }
      key += "\(type(of: value))=\(description)"
      return true
    }
    if mirror.displayStyle == .enum {
      // The case's name, then its payload as children.
      key += "\(type(of: value)).\(String(describing: value).prefix { $0 != "(" })"
    } else {
      key += "\(type(of: value))"
    }
    return append(mirror, to: &key)
  }
}
