// swift-tools-version: 6.1
// A package that depends on Decor with no traits: the core, the chain language, PNG in and out and DecorTesting,
// and no other native library. `check.sh` builds it, runs it, tests it, and checks what its binaries link.
import PackageDescription

let package = Package(
  name: "PNGOnly",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "Decor", path: "../..", traits: [])],
  targets: [
    // `swift run shadowed IN.png OUT.png`: the picture over its drop shadow.
    .executableTarget(name: "shadowed", dependencies: [.product(name: "Decor", package: "Decor")]),
    .testTarget(
      name: "ShadowedTests",
      dependencies: [.product(name: "Decor", package: "Decor"), .product(name: "DecorTesting", package: "Decor")],
      // The golden images are read from the source tree (DecorTesting finds them beside the test file), not bundled.
      exclude: ["Goldens"]
    ),
  ]
)
