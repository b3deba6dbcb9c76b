import Decor

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// libFuzzer's entry point: the input is a scene file's bytes.
///
/// What must hold for any bytes: decoding never traps; a scene that decodes survives its JSON form (reads back
/// equal); building it with small images never traps, and a small canvas renders without trapping.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScene(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(UnsafeBufferPointer(start: data, count: size))
  guard let scene = try? JSONDecoder().decode(Scene.self, from: bytes) else { return 0 }
  let text = scene.json.serialized()
  guard let again = try? JSONDecoder().decode(Scene.self, from: Data(text.utf8)) else {
    fatalError("a scene's JSON does not read back: \(text)")
  }
  precondition(again == scene, "the JSON changed the scene: \(text)")
  guard scene.width * scene.height <= 1 << 16 else { return 0 }
  let image = try! Raster(width: 5, height: 4, fill: RGBA8(r: 200, g: 100, b: 0, a: 255))
  guard let component = try? scene.component(images: { _ in image }) else { return 0 }
  _ = try? Renderer(tileSize: 16, threads: 1).render(component)
  return 0
}
