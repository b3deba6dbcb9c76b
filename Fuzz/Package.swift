// swift-tools-version: 6.0
// libFuzzer targets for the chain and scene parsers and the PNG, JPEG, WebP, GIF, TIFF and HEIF (HEIC, AVIF) decoders; see README.md.
// A package of its own so that its fuzzing build (every target compiled with -sanitize=fuzzer) never touches
// Decor's own.
import PackageDescription

let package = Package(
  name: "DecorFuzz",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "Decor", path: "..")],
  targets: [
    .target(name: "FuzzDriver"),
    .executableTarget(name: "FuzzChain", dependencies: ["FuzzDriver", .product(name: "Decor", package: "Decor")]),
    .executableTarget(name: "FuzzScene", dependencies: ["FuzzDriver", .product(name: "Decor", package: "Decor")]),
    .executableTarget(name: "FuzzJPEG", dependencies: ["FuzzDriver", .product(name: "Decor", package: "Decor")]),
    .executableTarget(name: "FuzzPNG", dependencies: ["FuzzDriver", .product(name: "Decor", package: "Decor")]),
    .executableTarget(name: "FuzzWebP", dependencies: ["FuzzDriver", .product(name: "Decor", package: "Decor")]),
    .executableTarget(name: "FuzzGIF", dependencies: ["FuzzDriver", .product(name: "Decor", package: "Decor")]),
    .executableTarget(name: "FuzzTIFF", dependencies: ["FuzzDriver", .product(name: "Decor", package: "Decor")]),
    .executableTarget(name: "FuzzHEIF", dependencies: ["FuzzDriver", .product(name: "Decor", package: "Decor")]),
  ],
  swiftLanguageModes: [.v6]
)
