// swift-tools-version: 6.0
// What a new user of Decor writes, as a package of its own that depends on Decor by path: the library's DocC
// articles quote these sources, and CI builds the package, runs the tour and its tests (`check.sh`).
import PackageDescription

let package = Package(
  name: "DecorTour",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "Decor", path: "../..")],
  targets: [
    // The examples, as a library so that the tests can call them.
    .target(name: "Tour", dependencies: [.product(name: "Decor", package: "Decor")]),
    // `swift run decor-tour PHOTO CUTOUT OUTPUT-FOLDER`: every example, writing its images.
    .executableTarget(name: "decor-tour", dependencies: ["Tour"], path: "Sources/DecorTour"),
    .testTarget(
      name: "TourTests",
      dependencies: ["Tour", .product(name: "DecorTesting", package: "Decor")],
      exclude: ["Goldens"]
    ),
  ]
)

// A badge and its golden tests, passing and deliberately failing, in Swift Testing and XCTest: `check.sh` runs them
// and checks where each failure is reported (DecorTesting's article quotes these targets).
package.targets += [
  .target(name: "Badge", dependencies: [.product(name: "Decor", package: "Decor")]),
  .testTarget(
    name: "BadgeTests",
    dependencies: ["Badge", .product(name: "DecorTesting", package: "Decor")],
    exclude: ["Goldens"]
  ),
]
