// swift-tools-version: 6.0
// DecorSnapshotTesting: Decor's golden-image comparison as a swift-snapshot-testing strategy
// (`assertSnapshot(of: raster, as: .image)`).
//
// A package of its own, beside the root one, so that depending on `Decor` (or `DecorTesting`) never fetches
// swift-snapshot-testing and what it brings (swift-syntax, swift-custom-dump, xctest-dynamic-overlay). Depend on
// it by path: `.package(path: "…/Decor/Packages/DecorSnapshotTesting")`.
import PackageDescription

let package = Package(
  name: "DecorSnapshotTesting",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "DecorSnapshotTesting", targets: ["DecorSnapshotTesting"]),
  ],
  dependencies: [
    .package(name: "Decor", path: "../.."),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
  ],
  targets: [
    .target(
      name: "DecorSnapshotTesting",
      dependencies: [
        .product(name: "Decor", package: "Decor"), .product(name: "DecorTesting", package: "Decor"),
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ]
    ),
    .testTarget(
      name: "DecorSnapshotTestingTests",
      dependencies: ["DecorSnapshotTesting", .product(name: "SnapshotTesting", package: "swift-snapshot-testing")],
      exclude: ["__Snapshots__"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
