import Foundation
import Synchronization
import Testing

import Decor
import DecorTestSupport

/// Scenes (the Composite pattern as data): layers of images, colours, gradients and nested groups on a canvas.
@Suite struct SceneTests {
  /// A scene with every kind of layer and a nested group renders what the same `Group` built by hand renders.
  @Test func aSceneIsTheGroupItDescribes() throws {
    let scene = try ChainProbe.scene("""
      {"width": 40, "height": 30, "background": "#fff",
       "layers": [
         {"gradient": {"type": "linear", "from": [0, 0], "to": [40, 0], "stops": ["#f00", "#00f"]}, "opacity": 0.5},
         {"color": "#00ff0080", "x": 5, "y": 6, "width": 10, "height": 8, "blend": "multiply"},
         {"image": "dot", "x": 20, "y": 2, "chain": "pad 2 color=black | opacity 0.75"},
         {"group": {"layers": [
             {"color": "#ffff00", "width": 6, "height": 6},
             {"group": {"layers": [{"image": "dot", "x": 1, "y": 1, "blend": "difference"}]}}
           ]}, "x": 30, "y": 20, "blend": "screen", "opacity": 0.8}
       ]}
      """)
    let dot = try Raster(width: 3, height: 3, fill: RGBA8(r: 0, g: 128, b: 255, a: 255))
    var loads: [String] = []
    let component = try scene.component { name in
      loads.append(name)
      return dot
    }
    #expect(loads == ["dot"], "each image is loaded once")
    let gradient = LinearGradient(from: Point(0, 0), to: Point(40, 0), stops: [
      GradientStop(location: 0, color: Color(red: 1, green: 0, blue: 0)),
      GradientStop(location: 1, color: Color(red: 0, green: 0, blue: 1)),
    ]).cropped(to: IntRect(x: 0, y: 0, width: 40, height: 30))
    let green = SolidColor(Color(red: 0, green: 1, blue: 0, alpha: 128.0 / 255)).cropped(
      to: IntRect(x: 0, y: 0, width: 10, height: 8))
    let yellow = SolidColor(Color(red: 1, green: 1, blue: 0)).cropped(to: IntRect(x: 0, y: 0, width: 6, height: 6))
    let byHand = Group([
      Layer(SolidColor(.white)),
      Layer(gradient, opacity: 0.5),
      Layer(green, x: 5, y: 6, blendMode: .multiply),
      Layer(dot.padded(by: 2, color: .black).multiplyingOpacity(by: 0.75), x: 20, y: 2),
      Layer(Group([Layer(yellow), Layer(Group([Layer(dot, x: 1, y: 1, blendMode: .difference)]))]), x: 30, y: 20,
        blendMode: .screen, opacity: 0.8),
    ]).cropped(to: IntRect(x: 0, y: 0, width: 40, height: 30))
    #expect(component.extent == IntRect(x: 0, y: 0, width: 40, height: 30))
    let rendered = try component.rendered()
    #expect(rendered == (try byHand.rendered()))
    // Spot checks that do not depend on the hand-built twin: the white canvas shows through the gradient's half
    // opacity.
    #expect(rendered[0, 29].a == 255 && rendered[0, 29].r > 200)
    // In the screened group the nested difference took yellow's green from 255 to 127: about 0.5 + 0.8 × 0.25
    // of 255 here (229 without that layer).
    #expect((172...184).contains(rendered[31, 21].g))
  }

  /// A canvas without a background is transparent, and still exactly its size even when the layers are smaller.
  @Test func theCanvasIsItsSizeWhateverTheLayers() throws {
    let scene = try ChainProbe.scene(##"{"width": 12, "height": 9, "layers": [{"color": "red", "x": 10, "y": 7}]}"##)
    let rendered = try scene.component { _ in throw FilterError("no images") }.rendered()
    #expect(rendered.width == 12 && rendered.height == 9)
    #expect(rendered[0, 0] == RGBA8(r: 0, g: 0, b: 0, a: 0))
    #expect(rendered[11, 8] == RGBA8(r: 255, g: 0, b: 0, a: 255))
    #expect(try ChainProbe.scene(##"{"width": 1, "height": 1}"##).layers.isEmpty)
  }

  /// The JSON form reads back to an equal scene.
  @Test func scenesSurviveTheirJSON() throws {
    let scene = try ChainProbe.scene("""
      {"version": 1, "width": 50, "height": 40, "background": "rgba(1,2,3,0.5)", "layers": [
        {"gradient": {"type": "radial", "center": [5, 5], "radius": 9,
          "stops": [{"color": "#fff", "offset": 0.2}, {"color": [0.1, 0.2, 0.3, 0.4], "offset": 1}]}},
        {"image": "a.png", "width": 20, "chain": [{"filter": "rotate", "deg": 10}], "blend": "over", "opacity": 0.25},
        {"group": {"layers": [{"color": "#123", "x": -3}]}, "y": 4}
      ]}
      """)
    let again = try JSONDecoder().decode(Scene.self, from: Data(scene.json.serialized(indent: 2).utf8))
    #expect(again == scene)
    #expect(scene.layers[1].chain == (try Chain(parsing: ["rotate 10"])))
    #expect(scene.layers[1].width == 20 && scene.layers[1].height == nil)
    // A generator's missing size stays missing (the canvas's is applied when the scene is built), so a scene made
    // in Swift comes back equal too.
    #expect(scene.layers[0].width == nil && scene.layers[0].height == nil)
    let made = Scene(width: 8, height: 6, layers: [SceneLayer(.color(Color(red: 1, green: 0, blue: 0)), x: 3),
      SceneLayer(.linearGradient(from: Point(x: 0, y: 0), to: Point(x: 8, y: 0),
        stops: [GradientStop(location: 0, color: .white), GradientStop(location: 1, color: .black)]), y: 2, width: 4)])
    #expect(try JSONDecoder().decode(Scene.self, from: Data(made.json.serialized(indent: 2).utf8)) == made)
    // …and renders as the canvas-sized layers it stands for: the colour from x = 3 on, the gradient 4 wide from y = 2.
    let raster = try Renderer().render(made.component { _ in try Raster(width: 1, height: 1) })
    #expect(raster[2, 0] == .clear && raster[3, 0] == RGBA8(r: 255, g: 0, b: 0, a: 255))
    let red = RGBA8(r: 255, g: 0, b: 0, a: 255)
    #expect(raster[1, 1] == .clear && raster[5, 3] == red, "the gradient covers x 0…3 from y 2 down")
    #expect(raster[1, 3].a == 255 && raster[1, 3].r == raster[1, 3].b && raster[3, 3] != red)
  }

  /// Every error names the place in the JSON and what was expected.
  @Test func badScenesNameThePlace() {
    func error(_ json: String) -> String? { ChainProbe.sceneError(json)?.description }
    #expect(error(##"{"height": 3}"##) == "width: missing: a whole number of pixels, 1 to 1073741824")
    #expect(error(##"{"width": 0, "height": 3}"##)
      == "width: whole number of pixels from 1 to 1073741824 expected, got 0")
    #expect(error(##"{"width": 2, "height": 2, "layers": [{"group": {"layers": [{"color": "#fff", "opacity": 2}]}}]}"##)
      == "layers[0].group.layers[0].opacity: number from 0 to 1 expected, got 2")
    #expect(error(##"{"width": 2, "height": 2, "layers": [{"color": "#fff", "image": "a.png"}]}"##)
      == "layers[0]: a layer has one of \"image\", \"color\", \"gradient\", \"group\" or \"text\", got \"image\" or \"color\"")
    #expect(error(##"{"width": 2, "height": 2, "layers": [{"x": 1}]}"##)
      == "layers[0]: a layer needs one of \"image\", \"color\", \"gradient\", \"group\" or \"text\"")
    #expect(error(##"{"width": 2, "height": 2, "layers": [{"color": "#fff", "blend": "multiplyy"}]}"##)?
      .hasSuffix("did you mean \"multiply\"?") == true)
    #expect(error(##"{"width": 2, "height": 2, "layers": [{"color": "#fff", "colour": 1}]}"##)?
      .hasPrefix("layers[0].colour: unknown key") == true)
    #expect(error(##"{"width": 2, "height": 2, "layers": [{"color": "#ggg"}]}"##)?.hasPrefix("layers[0].color: ") == true)
    #expect(error(##"{"width": 2, "height": 2, "layers": [{"color": "#fff", "x": 1.5}]}"##)?
      .hasPrefix("layers[0].x: whole number") == true)
    #expect(error(##"{"width": 2, "height": 2, "layers": [{"image": "a.png", "chain": "rotate abc"}]}"##)
      == "layers[0].chain: step 1 \"rotate abc\": angle expected, got \"abc\"")
    #expect(error(##"{"width": 2, "height": 2, "layers": [{"image": "a.png", "chain": [{"filter": "blur"}]}]}"##)?
      .hasPrefix("layers[0].chain: step 1 \"blur\": missing SIGMA") == true)
    #expect(error(##"{"width": 2, "height": 2, "layers": [{"group": {"layers": []}, "width": 3}]}"##)
      == "layers[0].width: a group takes its size from its layers")
    #expect(error(##"{"width": 2, "height": 2, "version": 3}"##) == "version: 1 expected, got 3")
  }

  /// A gradient needs stops (at least one); the radial one a radius above 0.
  @Test func gradientsNeedStops() {
    func error(_ gradient: String) -> String? {
      ChainProbe.sceneError(#"{"width": 2, "height": 2, "layers": [{"gradient": "# + gradient + #"}]}"#)?.description
    }
    #expect(error(##"{"type": "linear", "from": [0, 0], "to": [1, 1], "stops": []}"##)?
      .hasPrefix("layers[0].gradient.stops: at least one stop expected") == true)
    #expect(error(##"{"type": "linear", "from": [0, 0], "to": [1, 1]}"##)?
      .hasPrefix("layers[0].gradient.stops: at least one stop expected") == true)
    #expect(error(##"{"type": "conic", "stops": ["#fff"]}"##)
      == "layers[0].gradient.type: \"linear\" or \"radial\" expected, got \"conic\"")
    #expect(error(##"{"type": "radial", "center": [0, 0], "radius": 0, "stops": ["#fff"]}"##)
      == "layers[0].gradient.radius: a radius above 0 expected, got 0")
    #expect(error(##"{"type": "linear", "from": [0], "to": [1, 1], "stops": ["#fff"]}"##)
      == "layers[0].gradient.from: a point [x, y] expected, got an array")
    #expect(error(##"{"type": "linear", "from": [0, 0], "to": [1, 1], "stops": [{"color": "#fff", "offset": 2}]}"##)
      == "layers[0].gradient.stops[0].offset: number from 0 to 1 expected")
  }

  /// An image that cannot be loaded, or a chain that refuses the layer, is named by its place.
  @Test func buildErrorsNameTheLayer() throws {
    let scene = try ChainProbe.scene(##"{"width": 2, "height": 2, "layers": [{"group": {"layers": [{"image": "gone.png"}]}}]}"##)
    #expect(throws: SceneError(path: "layers[0].group.layers[0].image", message: "gone")) {
      try scene.component { _ in throw FilterError("gone") }
    }
    let cropping = try ChainProbe.scene(##"{"width": 2, "height": 2, "layers": [{"image": "a", "chain": "crop 50 50 2 2"}]}"##)
    #expect(throws: SceneError.self) {
      try cropping.component { _ in try Raster(width: 2, height: 2) }
    }
  }
}

/// Scene image layers fitted into their box (`fit`) and placed in it (`anchor`), as `resize … fit= gravity=` does
/// for a step.
@Suite struct SceneFitTests {
  static let photo = { () -> Raster in try! ImageMetrics.sample("chelsea.png") }()  // 451×300

  @Test func containPlacesTheImageInItsBoxWhereTheAnchorSays() throws {
    let scene = try ChainProbe.scene("""
      {"width": 200, "height": 200, "layers": [
        {"image": "a.png", "x": 10, "y": 20, "width": 150, "height": 150, "fit": "contain", "anchor": "south"}]}
      """)
    #expect(scene.layers[0].fit == .contain && scene.layers[0].anchor == .south)
    let drawn = try scene.component { _ in Self.photo }.rendered()
    // 451×300 inside 150×150 is 150×100, at the bottom of the box: (10, 70) on the canvas.
    let fitted = try Self.photo.resized(width: 150, height: 150, fit: .contain).rendered()
    let byHand = try fitted.placedOnCanvas(width: 200, height: 200, x: 10, y: 70).rendered()
    #expect(drawn == byHand)
    #expect(try JSONDecoder().decode(Scene.self, from: Data(scene.json.serialized(indent: 2).utf8)) == scene)
  }

  @Test func coverCropsTowardTheAnchorAndFillStretchesAsBefore() throws {
    let cover = try ChainProbe.scene("""
      {"width": 100, "height": 100, "layers": [{"image": "a.png", "width": 100, "height": 100, "fit": "cover",
        "anchor": "west"}]}
      """)
    #expect(try cover.component { _ in Self.photo }.rendered()
      == Self.photo.resized(width: 100, height: 100, fit: .cover, gravity: .west).rendered())
    let plain = try ChainProbe.scene("""
      {"width": 100, "height": 100, "layers": [{"image": "a.png", "width": 100, "height": 100}]}
      """)
    #expect(try plain.component { _ in Self.photo }.rendered()
      == Self.photo.resized(width: 100, height: 100).rendered())
  }

  @Test func fitAndAnchorAreCheckedWhereTheyAreRead() {
    #expect(ChainProbe.sceneError(##"{"width": 9, "height": 9, "layers": [{"color": "#fff", "fit": "cover"}]}"##)
      == SceneError(path: "layers[0].fit", message: "only an image layer takes fit (it sizes an image)"))
    #expect(ChainProbe.sceneError(##"{"width": 9, "height": 9, "layers": [{"image": "a", "width": 4, "fit": "cover"}]}"##)
      == SceneError(path: "layers[0].fit", message: "fit needs both width and height (the box the image is fitted into)"))
    #expect(ChainProbe.sceneError(
      ##"{"width": 9, "height": 9, "layers": [{"image": "a", "width": 4, "height": 4, "anchor": "souht"}]}"##)?.message
      .hasSuffix("got \"souht\"; did you mean \"south\"?") == true)
  }
}

/// A decoder of a made-up format (files starting `COUNTED`) that counts its decodes: how the tests see that a file
/// named many ways is decoded once.
struct CountingDecoder: ImageDecoder {
  /// Decodes so far, shared by the copies of the decoder the registry keeps.
  final class Count: Sendable {
    let value = Mutex(0)
  }
  let count = Count()
  var name: String { "counted" }
  func recognizes(_ leadingBytes: ArraySlice<UInt8>) -> Bool { leadingBytes.starts(with: Array("COUNTED".utf8)) }
  func decode(_ data: [UInt8], source: String, pixelLimit: Int) throws(CodecError) -> Raster {
    count.value.withLock { $0 += 1 }
    do { return try Raster(width: 2, height: 2, fill: .white) } catch { throw .corrupt(source: source, detail: "") }
  }
}

@Suite struct SceneReadOnceTests {
  /// One file named twenty ways in a scene's layers (`x.img`, `./x.img`, `././x.img`, a link to it) and in its
  /// chains' `blend` steps is decoded once per render, keyed by the file's identity (device and inode), not its name.
  @Test func oneFileNamedManyWaysIsDecodedOnce() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("decor-read-once-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("COUNTED".utf8).write(to: folder.appendingPathComponent("x.img"))
    try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.img").path,
      withDestinationPath: "x.img")
    let decoder = CountingDecoder()
    var registry = DecoderRegistry.standard
    try registry.register(decoder)
    let names = ["link.img"] + (0..<19).map { String(repeating: "./", count: $0) + "x.img" }
    let layers = names.map { #"{"image": "\#($0)", "chain": "blend multiply \#($0)"}"# }
    let scene = try ChainProbe.scene(#"{"width": 4, "height": 4, "layers": ["# + layers.joined(separator: ",") + "]}")
    let image = try scene.image(relativeTo: folder.path, decoders: registry).image
    #expect(try Renderer().render(image).width == 4)
    #expect(decoder.count.value.withLock { $0 } == 1)
    // A chain's images, as `apply` and `batch` read them, alike.
    let chain = try Chain(parsing: [names.map { "blend multiply \(folder.path)/\($0)" }.joined(separator: " | ")])
    _ = try LoadedChain(chain, decoders: registry, pixelLimit: 1 << 20)
    #expect(decoder.count.value.withLock { $0 } == 2)
  }
}

