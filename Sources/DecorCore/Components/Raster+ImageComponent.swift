/// A raster is the simplest leaf: an image whose extent is its bounds, at the origin. Move it with `translated`.
extension Raster: ImageComponent {
  public var extent: IntRect { bounds }

  /// A raster is identified by its pixel buffer: copies of one raster share it (copy-on-write) and are one node;
  /// equal pixels in two buffers are two nodes, never compared byte by byte.
  public var identity: ComponentIdentity {
    ComponentIdentity(Self.self, parameters: [width, height, PixelBuffer(storage)])
  }

  /// The pixels of `region` in the render's format (see `DeepRendering`): the raster itself when it is all of it.
  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    if region == bounds && format == context.format { return self }  // copy-on-write: no pixels are copied
    var result = try Raster(width: region.width, height: region.height, format: context.format,
      pixelLimit: context.pixelLimit)
    result.copy(self, from: region, toX: 0, y: 0)
    return result
  }
}

extension Raster: DeepRendering {
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { true }
}

extension Raster: DeepSource {
  /// A 16-bit raster's pixels need 16 bits; an 8-bit one's are what 8-bit premultiplied storage holds already.
  package var holdsMoreThanEightBits: Bool { format.depth == 16 }
  package var sourceDepth: Int { fileDepth ?? format.depth }
}

extension Raster: CustomStringConvertible {
  public var description: String { "image \(width)x\(height)" }
}

extension Raster: GreyProducing {
  package var producesGrey: Bool { isGrey }
}
