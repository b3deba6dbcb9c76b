import Synchronization

/// The components a decorator reads, held a second time so that releasing a chain of any length takes a stack of
/// constant depth.
///
/// A chain of decorators is a chain of values, each holding the one below it. Released the plain way, each frees
/// the next inside its own release, a recursion as deep as the chain: 30,000 steps overflow a thread's stack. Each
/// decorator therefore holds its inputs also through a link, declared after every other stored property that holds a
/// component, so that (stored properties being destroyed in the order they are declared) the link is the last
/// holder: when it goes, its `deinit` walks on down the chain in a loop, taking the components each link no one
/// else holds, keeping their own links, then letting the components go (which frees them, their own links being
/// held here, so that nothing below is freed in that release). A link someone else still holds (a component shared
/// by two graphs, or kept in a variable) ends the walk there, its components still in use.
///
/// A component of your own that holds its input plainly costs one level of the stack when released, as before; the
/// walk goes on below it from the next decorator of the library.
package final class InputLink: Sendable {
  /// Emptied when the link is released (or found to be held by no one else on a walk).
  private let held: Mutex<[any ImageComponent]>

  package init(_ components: [any ImageComponent]) { held = Mutex(components) }

  /// The links of the components held, which are let go of: what the walk goes on with.
  private func take() -> [InputLink] {
    let components = held.withLock { held in
      let taken = held
      held = []
      return taken
    }
    var links: [InputLink] = []
    for component in components {
      // Through an `AnyImageComponent` to the component inside (which keeps it alive until the loop ends).
      if let link = (component.unwrapped as? any LinkedComponent)?.inputLink { links.append(link) }
    }
    return links
  }

  deinit {
    var pending = take()
    ReleaseWalk.run(&pending) { $0.take() }
  }
}

/// A component that holds its inputs through an `InputLink` too.
package protocol LinkedComponent {
  /// The link holding the component's inputs.
  var inputLink: InputLink { get }
}

/// The loop behind the release of a chain of links: each object of `pending` that nothing else holds gives up its
/// children (which join `pending`) before it is freed, so it frees nothing below it.
package enum ReleaseWalk {
  /// Walks `pending` (taken in place: a copy of the array would keep its objects held).
  package static func run<Object: AnyObject>(_ pending: inout [Object], children: (Object) -> [Object]) {
    while var next = pending.popLast() {
      if isKnownUniquelyReferenced(&next) { pending += children(next) }
    }
  }
}
