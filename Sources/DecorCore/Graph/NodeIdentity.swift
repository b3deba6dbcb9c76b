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
  /// Identifiers already found, by the address of the heap box holding the value (see `boxAddress`), with the value
  /// itself, kept so that its box cannot be freed and its address reused while this identity lives.
  private var boxes: [Int: (value: any ImageComponent, id: Int)] = [:]
  private var unique = 0
  /// How many distinct nodes have been given an identifier.
  private(set) var count = 0

  /// The node identifier of `component`: the same for components that are the same node, counting from 0.
  mutating func id(of component: any ImageComponent) -> Int {
    let component = component.unwrapped
    let box = Self.boxAddress(component)
    if let box, let known = boxes[box] { return known.id }
    let id: Int
    if let key = key(of: component) {
      id = register(key)
    } else {
      unique += 1
      id = register("unique \(unique)")
    }
    if let box { boxes[box] = (component, id) }
    return id
  }

  /// The address of the heap box that holds `component`'s value when the existential stores it out of line (a value
  /// larger than three words, Swift's stable existential layout), else `nil`. Copies of one existential share its
  /// box, and a decorator usually holds its input more than once (a drop shadow: the input, and the graph drawing
  /// the input over its shadow; a blur: the input, and the filter over it), so a stack of them repeats its inputs
  /// exponentially in the value, and comparing by structure alone would walk every copy. The box says "this very
  /// value again" at once; equal values in different boxes are still found equal by their structure.
  private static func boxAddress(_ component: any ImageComponent) -> Int? {
    func size<T: ImageComponent>(_: T) -> Int { MemoryLayout<T>.size }
    guard size(component) > 3 * MemoryLayout<Int>.size else { return nil }
    // In a struct, so that the existential container's bytes are read (passing the existential itself to the
    // generic `withUnsafeBytes` would open it, and give the value's own bytes).
    var container = Container(component: component)
    return withUnsafeBytes(of: &container) { $0.load(as: Int.self) }
  }

  /// An existential container, as a value of its own.
  private struct Container {
    var component: any ImageComponent
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
    // Left out: the component's other properties determine it, and it repeats the inputs (comparing it would walk
    // every copy of them).
    if value is any DerivedProperty { return true }
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

/// A stored property that a component's other stored properties determine (a blur's filter over its input, a
/// shadow's graph of primitives), which `NodeIdentity` leaves out: it holds the input again, so a stack of such
/// components repeats its inputs exponentially in the value, and comparing them would walk every copy.
protocol DerivedProperty {}

/// A component's graph of primitives (see `DerivedProperty`): a drop or inner shadow is a group over its input.
struct BuiltGraph: DerivedProperty, Sendable {
  let component: any ImageComponent

  init(_ component: any ImageComponent) { self.component = component }
}
