/// A leaf standing for an image that each render is given rather than one the graph holds: a graph built once over a
/// slot is rendered for many images of the slot's size (an animation's frames), each render binding the slot to one
/// raster (`Renderer.binding(_:to:)`). What a graph does when it is built — a text's layout, the images its steps
/// read, every parameter check — is then done once, not once per image, while the graph itself stays immutable and
/// each render's image lives in its context and dies with it, as everything a render needs does.
///
/// A slot is one node: its copies share its identity, and two slots are never the same node. Rendering it where no
/// render bound it (or bound another slot) throws `RenderError.failed` naming it.
package struct ImageSlot: ImageComponent, CustomStringConvertible {
  /// What one render binds the slot to: the slot's token and the raster standing in for it.
  package struct Binding: Sendable {
    let token: Token
    let raster: Raster
  }

  /// What makes a slot itself: shared by its copies, compared by reference.
  final class Token: Sendable {}

  package let extent: IntRect
  /// Said in errors and plans: `frame 451x300`.
  package let name: String
  let token = Token()
  package let identity: ComponentIdentity

  /// A slot for images of `width` × `height` at the origin (a raster's extent), named `name` in errors.
  package init(width: Int, height: Int, name: String = "frame") {
    extent = IntRect(x: 0, y: 0, width: max(0, width), height: max(0, height))
    self.name = name
    identity = ComponentIdentity(Self.self, parameters: [ObjectReference(token)])
  }

  /// This slot bound to `raster`, for a render's context.
  ///
  /// - Throws: `RenderError.failed` naming the slot when `raster` is not of the slot's size.
  package func binding(to raster: Raster) throws(RenderError) -> Binding {
    guard raster.bounds == extent else {
      throw .failed(component: description, error: Mismatch(
        message: "given an image of \(raster.width)x\(raster.height) for a slot of \(extent.width)x\(extent.height)"))
    }
    return Binding(token: token, raster: raster)
  }

  /// The bound raster's pixels over `region` (transparent outside it), as a raster leaf renders them.
  package func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    guard let raster = context.raster(boundTo: self) else {
      throw Mismatch(message: "rendered by a render that gave it no image (a graph built over another slot?)")
    }
    // copy-on-write: no pixels are copied
    if region == raster.bounds && raster.format == context.format { return raster }
    var result = try Raster(width: region.width, height: region.height, format: context.format,
      pixelLimit: context.pixelLimit)
    result.copy(raster, from: region, toX: 0, y: 0)
    return result
  }

  package var description: String { "\(name) \(extent.width)x\(extent.height)" }

  /// Why a slot could not be rendered.
  struct Mismatch: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }
}

extension ImageSlot: DeepRendering {
  /// It copies its image's pixels, at the render's depth.
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { true }
}
