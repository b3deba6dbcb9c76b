import Synchronization

/// Which node of a render graph a component is: equal for components of the same type built with equal parameters
/// over inputs that are (in turn) the same nodes, so that a render computes such components once.
///
/// Components are values without an identity of their own, and a graph reuses them by copying: a drop shadow holds
/// its input twice (the shape and the image over it), a `Group` may hold one component in two layers, a user's code
/// may pass one value to two decorators. libvips finds such reuse by hashing an operation with its arguments (its
/// operation cache), Core Image by hashing an image's recipe; this is the same idea, made when a component is built:
/// a component gives its type, its inputs and the parameters that determine its pixels, and its identity hashes them
/// once, its inputs by their own identities. Copies of the value share it; two values built alike are equal.
///
/// The comparison errs only towards two nodes where there is one, never the reverse: a component that cannot say
/// what determines its pixels (one written before identities existed) takes `unique()`, a node of its own.
///
/// Hashing is O(1) (each identity's hash is computed once, from its inputs' hashes); comparing two distinct but
/// equal identities walks them, without recursion, down to where they share a node.
public struct ComponentIdentity: Hashable, Sendable, CustomStringConvertible {
  /// The identity's parts, shared by its copies.
  final class Node: Sendable {
    let type: ObjectIdentifier
    /// The inputs' identities: emptied only when the node is released, so that a chain of identities of any length
    /// is released in a loop (`ReleaseWalk`) rather than by a recursion as deep as the chain.
    private let held: Mutex<[ComponentIdentity]>
    let parameters: [any Hashable & Sendable]
    let hash: Int

    var inputs: [ComponentIdentity] { held.withLock { $0 } }

    init(type: ObjectIdentifier, inputs: [ComponentIdentity], parameters: [any Hashable & Sendable]) {
      self.type = type
      held = Mutex(inputs)
      self.parameters = parameters
      var hasher = Hasher()
      hasher.combine(type)
      hasher.combine(parameters.count)
      for parameter in parameters { hasher.combine(parameter) }
      for input in inputs { hasher.combine(input.node.hash) }
      hash = hasher.finalize()
    }

    /// The nodes of the inputs, let go of by this one.
    private func take() -> [Node] {
      held.withLock { held in
        let taken = held.map(\.node)
        held = []
        return taken
      }
    }

    deinit {
      var pending = take()
      ReleaseWalk.run(&pending) { $0.take() }
    }
  }

  let node: Node

  /// The identity of a `type` component reading `inputs` (in input order, as `ImageComponent.inputs` lists them),
  /// whose pixels are determined by `parameters` (its numbers, colours, modes: every stored value its rendering
  /// reads that is not an input).
  public init<Component: ImageComponent>(
    _ type: Component.Type, inputs: [any ImageComponent] = [], parameters: [any Hashable & Sendable] = []
  ) {
    node = Node(type: ObjectIdentifier(type), inputs: inputs.map(\.unwrapped.identity), parameters: parameters)
  }

  /// The same, with the inputs given by their identities.
  public init<Component: ImageComponent>(
    _ type: Component.Type, inputIdentities: [ComponentIdentity], parameters: [any Hashable & Sendable] = []
  ) {
    node = Node(type: ObjectIdentifier(type), inputs: inputIdentities, parameters: parameters)
  }

  /// A node equal to no other identity (but its copies): for a component that cannot say what determines its
  /// pixels, which a render then computes once for each consumer that asks for it.
  public static func unique() -> ComponentIdentity {
    ComponentIdentity(
      node: Node(type: ObjectIdentifier(Token.self), inputs: [], parameters: [ObjectReference(Token())]))
  }

  private init(node: Node) { self.node = node }

  /// What makes a unique identity unique.
  private final class Token: Sendable {}

  public func hash(into hasher: inout Hasher) { hasher.combine(node.hash) }

  public static func == (lhs: ComponentIdentity, rhs: ComponentIdentity) -> Bool {
    // Iterative, so that two long chains built alike compare without a recursion as deep as they are.
    var pending = [(lhs.node, rhs.node)]
    while let (a, b) = pending.popLast() {
      if a === b { continue }
      let (inputsA, inputsB) = (a.inputs, b.inputs)
      guard a.hash == b.hash, a.type == b.type, inputsA.count == inputsB.count,
        a.parameters.count == b.parameters.count
      else { return false }
      for (x, y) in zip(a.parameters, b.parameters) where !Self.equal(x, y) { return false }
      for (x, y) in zip(inputsA, inputsB) { pending.append((x.node, y.node)) }
    }
    return true
  }

  /// Whether two parameters are equal: of the same type, and equal as that type.
  private static func equal(_ a: any Hashable & Sendable, _ b: any Hashable & Sendable) -> Bool {
    func same<T: Hashable>(_ a: T) -> Bool { (b as? T) == a }
    return same(a)
  }

  public var description: String { "node \(String(UInt(bitPattern: node.hash), radix: 16))" }
}

/// A class instance as a parameter of a `ComponentIdentity`: equal to the same instance only, and keeping it alive
/// so that its address cannot be reused by another while the identity lives.
public struct ObjectReference: Hashable, Sendable {
  public let object: any AnyObject & Sendable

  public init(_ object: any AnyObject & Sendable) { self.object = object }

  public static func == (lhs: ObjectReference, rhs: ObjectReference) -> Bool { lhs.object === rhs.object }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(object)) }
}
