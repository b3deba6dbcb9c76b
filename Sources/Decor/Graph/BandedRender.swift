/// A render prepared by `Renderer.prepareBands`: planned, with its once-per-render stages computed, and rendered
/// band by band (horizontal strips of whole tiles) when asked, as libvips renders regions on demand.
///
/// It is how an encoder receives a large image without the whole of it in memory at once: the PNG encoder filters
/// each band into its compressor's input and drops it. A band is a pure function of the chain and its rows, so
/// rendering one twice gives the same bytes; bands together give exactly what `Renderer.render` gives. It holds the
/// render's intermediate results until it is released.
public struct BandedRender: Sendable {
  let component: any ImageComponent
  /// The rectangle rendered, in the component's coordinates.
  public let region: IntRect
  /// The rows of every band but perhaps the last (a multiple of the tile side).
  public let bandHeight: Int
  let tileSide: Int
  let threads: Int
  let context: RenderContext

  /// How many bands cover the region.
  public var bandCount: Int { (region.height + bandHeight - 1) / bandHeight }

  /// The rows of band `index`, `0 ..< bandCount`, relative to the region's top (empty for any other index).
  public func rows(ofBand index: Int) -> Range<Int> {
    guard (0..<bandCount).contains(index) else { return 0..<0 }
    let top = index * bandHeight
    return top..<Swift.min(region.height, top + bandHeight)
  }

  /// Renders band `index` into `buffer`: `region.width × rows(ofBand: index).count` premultiplied pixels, row by
  /// row. The band's tiles render on the renderer's threads.
  ///
  /// - Throws: the first error a tile met; nothing is rendered for a `buffer` of the wrong size or a band outside
  ///   `0 ..< bandCount` (`RenderError.invalidParameter`).
  public func render(band index: Int, into buffer: UnsafeMutableBufferPointer<UInt32>) throws(RenderError) {
    let rows = rows(ofBand: index)
    let width = region.width
    guard (0..<bandCount).contains(index), buffer.count == width * rows.count, let base = buffer.baseAddress else {
      throw RenderError.invalidParameter(component: String(describing: component),
        reason: "band \(index) of \(bandCount) into \(buffer.count) pixels (\(width) × \(rows.count) expected)")
    }
    let columns = (width + tileSide - 1) / tileSide
    let tileRows = (rows.count + tileSide - 1) / tileSide
    let top = region.y + rows.lowerBound
    let band = IntRect(x: region.x, y: top, width: width, height: rows.count)
    let tiles = (0..<columns * tileRows).map { tile in
      IntRect(x: region.x + (tile % columns) * tileSide, y: top + (tile / columns) * tileSide,
        width: tileSide, height: tileSide).intersection(band)
    }
    // As in `Renderer.render`: tiles write disjoint pixels of the band, whose address crosses into the jobs as a
    // number and does not outlive this call.
    let address = Int(bitPattern: base)
    let component = component
    do {
      try context.parallel(count: tiles.count, threads: threads) { index, context in
        let tile = tiles[index]
        let destination = UnsafeMutablePointer<UInt32>(bitPattern: address)! + ((tile.y - top) * width + tile.x - band.x)
        try Renderer.render(component, tile, into: destination, stride: width, context: context)
      }
    } catch {
      throw .wrapping(error, in: String(describing: component))
    }
  }
}
