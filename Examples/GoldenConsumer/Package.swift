// swift-tools-version: 6.0
// A throw-away package that uses DecorTesting the way any other package would: by dependency. `check.sh` runs
// its passing and its failing golden test and checks what each leaves behind.
import PackageDescription

let package = Package(
  name: "GoldenConsumer",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "Decor", path: "../..")],
  targets: [
    .target(name: "Badge", dependencies: [.product(name: "Decor", package: "Decor")]),
    .testTarget(
      name: "BadgeTests",
      dependencies: ["Badge", .product(name: "DecorTesting", package: "Decor")],
      exclude: ["Goldens"]
    ),
  ]
)
