// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Decor",
  // Linux first; on Apple platforms the Synchronization module (Mutex, Atomic) sets the floor.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "Decor", targets: ["Decor"]),
    .executable(name: "decor", targets: ["DecorCLI"]),
    // Golden-image comparisons for anyone's tests (Swift Testing or XCTest); no test framework needed.
    .library(name: "DecorTesting", targets: ["DecorTesting"]),
    // The same comparisons as a swift-snapshot-testing strategy are the DecorSnapshotTesting product of the package
    // in Packages/DecorSnapshotTesting, apart so that depending on Decor never fetches swift-snapshot-testing.
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-numerics", from: "1.0.0"),
    // `swift package generate-documentation` (DocC); a plugin, not linked into anything.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
  ],
  targets: [
    // libpng: its simplified API (`PNGCodec`) and its full one, row by row behind C helpers holding the setjmp
    // (`PNGRowSource`). Only Sources/Decor/Codecs imports it.
    .systemLibrary(
      name: "CLibPNG",
      pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
    ),
    // libdeflate: the PNG encoder's compressor (zlib streams and CRC-32). Only Sources/Decor/Codecs imports it.
    .systemLibrary(
      name: "CLibDeflate",
      pkgConfig: "libdeflate",
      providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]
    ),
    // zlib: the PNG encoder's `fast` compressor, and the inflate pass and Adler-32 combining that join libdeflate's
    // parts into one stream. Only Sources/Decor/Codecs imports it (and PNGEncoderTests, to check the joins).
    .systemLibrary(
      name: "CZlib",
      pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
    ),
    // libjpeg-turbo's TurboJPEG API: JPEG files read whole. Only Sources/Decor/Codecs imports it (and the tests, for
    // the reference the streamed JPEG output must equal).
    .systemLibrary(
      name: "CTurboJPEG",
      pkgConfig: "libturbojpeg",
      providers: [.apt(["libturbojpeg0-dev"]), .brew(["jpeg-turbo"])]
    ),
    // libjpeg-turbo's libjpeg API (jpeglib.h): JPEG files read by scanlines with DCT scaling (`JPEGRowSource`) and
    // written by scanlines (`JPEGRowWriter`), each call behind a C helper holding the setjmp. Only
    // Sources/Decor/Codecs imports it.
    .systemLibrary(
      name: "CJPEG",
      pkgConfig: "libjpeg",
      providers: [.apt(["libjpeg62-turbo-dev"]), .brew(["jpeg-turbo"])]
    ),
    // libwebp: WebP in and out (and its demuxer, for an animation's first frame). Only Sources/Decor/Codecs
    // imports it.
    .systemLibrary(
      name: "CWebP",
      pkgConfig: "libwebpdemux",
      providers: [.apt(["libwebp-dev"]), .brew(["webp"])]
    ),
    // Little CMS 2: ICC profiles read and values converted to sRGB. Only Sources/Decor/Codecs imports it.
    .systemLibrary(
      name: "CLCMS2",
      pkgConfig: "lcms2",
      providers: [.apt(["liblcms2-dev"]), .brew(["little-cms2"])]
    ),
    // giflib: GIF in (`GIFDecoder`). Debian's libgif-dev ships no pkg-config file, so the library is linked by name
    // (Sources/CGIF/module.modulemap) from the default search paths. Only Sources/Decor/Codecs imports it.
    .systemLibrary(
      name: "CGIF",
      providers: [.apt(["libgif-dev"]), .brew(["giflib"])]
    ),
    // libtiff (4.5 or later, for per-file error handlers): TIFF in and out (`TIFFDecoder`, `TIFFEncoder`). Only
    // Sources/Decor/Codecs imports it.
    .systemLibrary(
      name: "CTIFF",
      pkgConfig: "libtiff-4",
      providers: [.apt(["libtiff-dev"]), .brew(["libtiff"])]
    ),
    // libheif (1.15 or later): HEIC and AVIF in (`HEIFDecoder`; HEVC through libde265, AV1 through dav1d or libaom)
    // and AVIF out (`AVIFEncoder`, through libaom). Chosen over libavif for AVIF output by measurement: on a 2048²
    // photograph at the same libaom settings both gave the same sizes within 0.4% in the same time (ARCHITECTURE.md,
    // Codecs), and libheif is needed for HEIC anyway. Only Sources/Decor/Codecs imports it.
    .systemLibrary(
      name: "CHEIF",
      pkgConfig: "libheif",
      providers: [.apt(["libheif-dev"]), .brew(["libheif"])]
    ),
    // Text (issue 24): FreeType opens fonts and draws glyphs, HarfBuzz shapes (through FreeType's font functions,
    // hb-ft), FriBiDi orders right-to-left runs, libunibreak finds line breaks (UAX #14) and fontconfig resolves a
    // family to a file. Used directly rather than through libraqm, by measurement (ARCHITECTURE.md, "Text").
    // CHarfBuzz's shim includes CFreeType's, so the FreeType types are one module's. Only Sources/Decor/Typography
    // imports them.
    .systemLibrary(
      name: "CFreeType",
      pkgConfig: "freetype2",
      providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]
    ),
    .systemLibrary(
      name: "CHarfBuzz",
      pkgConfig: "harfbuzz",
      providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]
    ),
    .systemLibrary(
      name: "CFontconfig",
      pkgConfig: "fontconfig",
      providers: [.apt(["libfontconfig-dev"]), .brew(["fontconfig"])]
    ),
    .systemLibrary(
      name: "CFriBiDi",
      pkgConfig: "fribidi",
      providers: [.apt(["libfribidi-dev"]), .brew(["fribidi"])]
    ),
    .systemLibrary(
      name: "CUnibreak",
      pkgConfig: "libunibreak",
      providers: [.apt(["libunibreak-dev"]), .brew(["libunibreak"])]
    ),
    .target(name: "Decor", dependencies: ["CLibPNG", "CLibDeflate", "CZlib", "CTurboJPEG", "CJPEG", "CWebP", "CGIF", "CTIFF", "CHEIF", "CLCMS2", "CFreeType", "CHarfBuzz", "CFontconfig", "CFriBiDi", "CUnibreak", .product(name: "RealModule", package: "swift-numerics")]),
    // The `decor` command: a thin shell over the library (Sources/DecorCLI, not Sources/decor, which would
    // collide with Sources/Decor on case-insensitive file systems).
    // Golden-image assertions for tests (Swift Testing and XCTest, each when it can be imported); only test targets
    // should depend on it. The comparison itself is Decor's (`ImageComparison`), so `decor diff` links no test
    // framework.
    .target(name: "DecorTesting", dependencies: ["Decor"]),
    .executableTarget(
      name: "DecorCLI",
      dependencies: ["Decor", .product(name: "ArgumentParser", package: "swift-argument-parser")]
    ),
    // Throughput benchmarks (`swift run -c release decor-bench`); not a product.
    .executableTarget(name: "decor-bench", dependencies: ["Decor"], path: "Sources/DecorBench"),
    .testTarget(name: "DecorTests", dependencies: ["Decor", "DecorTesting"], exclude: ["Goldens"]),
    .testTarget(name: "DecorCLITests", dependencies: ["DecorCLI"]),
  ],
  swiftLanguageModes: [.v6]
)
