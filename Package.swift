// swift-tools-version: 6.1
import PackageDescription

// Decor's layers are targets, so the compiler keeps dependencies pointing down (ARCHITECTURE.md, "Modules"):
//
//   DecorCore    geometry, raster, compositing, the render graph, components, decorators, drawing, comparison;
//                no system library
//   DecorText    text layout and drawing (FreeType, HarfBuzz, fontconfig, FriBiDi, libunibreak)   trait Text
//   DecorCodecs  decoders and encoders: PNG always, the other formats and colour management by trait
//   DecorChain   the chain and scene language, the filter registry
//   DecorFiles   files: reading with the registered decoders, writing without partial files, batches
//   Decor        the umbrella product: re-exports all of the above, so `import Decor` is the whole library
//   DecorTesting golden-image assertions for anyone's tests
//   DecorCLI     the `decor` command, the only user of swift-argument-parser                      trait CLI
//
// Each native library family is a trait. The default is every trait, as Decor has always been built; a package that
// depends on Decor with `traits: []` gets the core, the chain language, PNG in and out (libpng, libdeflate, zlib) and
// DecorTesting, and links no other native library. A trait only adds API.

/// A dependency on a system-library target that only the given trait brings.
func library(_ name: String, trait: String) -> Target.Dependency {
  .target(name: name, condition: .when(traits: [trait]))
}

let package = Package(
  name: "Decor",
  // Linux and macOS: the system libraries are found with pkg-config, which no other Apple platform can use. On macOS
  // the Synchronization module (Mutex, Atomic) sets the floor.
  platforms: [.macOS(.v15)],
  products: [
    // The whole library; `import Decor` re-exports every module below.
    .library(name: "Decor", targets: ["Decor"]),
    // The layers, for a package that wants only some of them (DecorCore needs no system library at all).
    .library(name: "DecorCore", targets: ["DecorCore"]),
    .executable(name: "decor", targets: ["DecorCLI"]),
    // Golden-image comparisons for anyone's tests (Swift Testing or XCTest); no test framework needed.
    .library(name: "DecorTesting", targets: ["DecorTesting"]),
    // The same comparisons as a swift-snapshot-testing strategy are the DecorSnapshotTesting product of the package
    // in Packages/DecorSnapshotTesting, apart so that depending on Decor never fetches swift-snapshot-testing.
  ],
  traits: [
    .trait(name: "JPEG", description: "JPEG in and out through libjpeg-turbo."),
    .trait(name: "WebP", description: "WebP in and out through libwebp."),
    .trait(name: "GIF", description: "GIF in and out through giflib."),
    .trait(name: "TIFF", description: "TIFF in and out through libtiff."),
    .trait(
      name: "HEIF",
      description: """
        HEIC and AVIF in, AVIF out, through libheif (with libde265, dav1d or libaom, and x265, which is GPL).
        """
    ),
    .trait(name: "ColorManagement", description: "ICC profiles converted to sRGB through Little CMS 2."),
    .trait(
      name: "Text",
      description: "Text laid out and drawn: FreeType, HarfBuzz, fontconfig, FriBiDi and libunibreak."
    ),
    // The `decor` command reads and writes every format, so its trait brings all the others, and swift-argument-parser,
    // which nothing else uses. (SwiftPM resolves every executable product's dependencies for a package's users unless
    // a trait they leave off guards them: without this, `traits: []` would still fetch swift-argument-parser.)
    .trait(
      name: "CLI",
      description: "The decor command (swift-argument-parser), with every format, colour management and text.",
      enabledTraits: ["JPEG", "WebP", "GIF", "TIFF", "HEIF", "ColorManagement", "Text"]
    ),
    .default(enabledTraits: ["JPEG", "WebP", "GIF", "TIFF", "HEIF", "ColorManagement", "Text", "CLI"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-numerics", from: "1.0.0"),
    // `swift package generate-documentation` (DocC); a plugin, not linked into anything.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
  ],
  targets: [
    // libpng: its simplified API (`PNGCodec`) and its full one, row by row behind C helpers holding the setjmp
    // (`PNGRowSource`).
    .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
    // libdeflate: the PNG encoder's compressor (zlib streams and CRC-32).
    .systemLibrary(
      name: "CLibDeflate",
      pkgConfig: "libdeflate",
      providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]
    ),
    // zlib: the PNG encoder's `fast` compressor, and the inflate pass and Adler-32 combining that join libdeflate's
    // parts into one stream.
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
    // libjpeg-turbo's TurboJPEG API: only the tests' oracle (DecorTestSupport), which the JPEG reader's pixels and the
    // JPEG writer's bytes must equal; the library reads and writes JPEG through libjpeg alone (CJPEG).
    .systemLibrary(
      name: "CTurboJPEG",
      pkgConfig: "libturbojpeg",
      providers: [.apt(["libturbojpeg0-dev"]), .brew(["jpeg-turbo"])]
    ),
    // libjpeg-turbo's libjpeg API (jpeglib.h): JPEG read by scanlines with DCT scaling from any byte source
    // (`JPEGRowSource`, which `JPEGDecoder` reads whole images with too) and written by scanlines (`JPEGRowWriter`),
    // each call behind a C helper holding the setjmp.
    .systemLibrary(
      name: "CJPEG",
      pkgConfig: "libjpeg",
      providers: [.apt(["libjpeg62-turbo-dev"]), .brew(["jpeg-turbo"])]
    ),
    // libwebp: WebP in and out (and its demuxer, for an animation's first frame).
    .systemLibrary(name: "CWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"]), .brew(["webp"])]),
    // Little CMS 2: ICC profiles read and values converted to sRGB.
    .systemLibrary(name: "CLCMS2", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"]), .brew(["little-cms2"])]),
    // giflib: GIF in and out (`GIFDecoder`, `GIFFrameReader`, `GIFImageEncoder`). Debian's libgif-dev ships no
    // pkg-config file, so the library is linked by name (Sources/CGIF/module.modulemap) from the default search paths.
    .systemLibrary(name: "CGIF", providers: [.apt(["libgif-dev"]), .brew(["giflib"])]),
    // libtiff (4.5 or later, for per-file error handlers): TIFF in and out (`TIFFDecoder`, `TIFFEncoder`).
    .systemLibrary(name: "CTIFF", pkgConfig: "libtiff-4", providers: [.apt(["libtiff-dev"]), .brew(["libtiff"])]),
    // libheif (1.15 or later): HEIC and AVIF in (`HEIFDecoder`; HEVC through libde265, AV1 through dav1d or libaom)
    // and AVIF out (`AVIFEncoder`, through libaom). libheif rather than libavif for AVIF output: Benchmarks/avif.md.
    .systemLibrary(name: "CHEIF", pkgConfig: "libheif", providers: [.apt(["libheif-dev"]), .brew(["libheif"])]),
    // Text: FreeType opens fonts and draws glyphs, HarfBuzz shapes (through FreeType's font functions, hb-ft),
    // FriBiDi orders right-to-left runs, libunibreak finds line breaks (UAX #14) and fontconfig resolves a family to
    // a file; used directly rather than through libraqm (Benchmarks/text.md). CHarfBuzz's shim includes CFreeType's,
    // so the FreeType types are one module's.
    .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]),
    .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]),
    .systemLibrary(
      name: "CFontconfig",
      pkgConfig: "fontconfig",
      providers: [.apt(["libfontconfig-dev"]), .brew(["fontconfig"])]
    ),
    .systemLibrary(name: "CFriBiDi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"]), .brew(["fribidi"])]),
    .systemLibrary(
      name: "CUnibreak",
      pkgConfig: "libunibreak",
      providers: [.apt(["libunibreak-dev"]), .brew(["libunibreak"])]
    ),

    .target(name: "DecorCore", dependencies: [.product(name: "RealModule", package: "swift-numerics")]),
    .target(
      name: "DecorText",
      dependencies: ["DecorCore", "CFreeType", "CHarfBuzz", "CFontconfig", "CFriBiDi", "CUnibreak"]
    ),
    .target(
      name: "DecorCodecs",
      dependencies: [
        "DecorCore", "CLibPNG", "CLibDeflate", "CZlib",
        library("CJPEG", trait: "JPEG"),
        library("CWebP", trait: "WebP"),
        library("CGIF", trait: "GIF"),
        library("CTIFF", trait: "TIFF"),
        library("CHEIF", trait: "HEIF"),
        library("CLCMS2", trait: "ColorManagement"),
      ]
    ),
    .target(name: "DecorChain", dependencies: ["DecorCore", library("DecorText", trait: "Text")]),
    .target(
      name: "DecorFiles",
      dependencies: ["DecorCore", "DecorCodecs", "DecorChain", library("DecorText", trait: "Text")]
    ),
    .target(
      name: "Decor",
      dependencies: ["DecorCore", "DecorCodecs", "DecorChain", "DecorFiles", library("DecorText", trait: "Text")]
    ),
    // Golden-image assertions for tests (Swift Testing and XCTest, each when it can be imported); only test targets
    // should depend on it. The comparison itself is DecorCore's (`ImageComparison`), so `decor diff` links no test
    // framework.
    .target(name: "DecorTesting", dependencies: ["Decor"]),
    // The `decor` command: a thin shell over the library (Sources/DecorCLI, not Sources/decor, which would collide
    // with Sources/Decor on case-insensitive file systems). It is built with every trait (its own, CLI, brings them);
    // without CLI it is a program that says so.
    .executableTarget(
      name: "DecorCLI",
      dependencies: [
        "Decor",
        .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["CLI"])),
      ]
    ),
    // Throughput benchmarks (`swift run -c release decor-bench`); not a product.
    .executableTarget(name: "decor-bench", dependencies: ["Decor"], path: "Sources/DecorBench"),
    // The tests mirror the modules: a test target per module, with the helpers they share (fixtures' paths, the
    // independent references, seeded random numbers, image metrics, tags) in DecorTestSupport.
    .target(
      name: "DecorTestSupport",
      dependencies: ["Decor", "DecorTesting", "CZlib", library("CTurboJPEG", trait: "JPEG")],
      path: "Tests/DecorTestSupport"
    ),
    .testTarget(name: "DecorCoreTests", dependencies: ["DecorCore", "DecorTestSupport"], exclude: ["Goldens"]),
    .testTarget(name: "DecorTextTests", dependencies: [library("DecorText", trait: "Text"), "DecorTestSupport"]),
    .testTarget(name: "DecorCodecsTests", dependencies: ["DecorCodecs", "DecorTestSupport"]),
    .testTarget(name: "DecorChainTests", dependencies: ["DecorChain", "DecorTestSupport"]),
    .testTarget(name: "DecorFilesTests", dependencies: ["DecorFiles", "DecorTestSupport"]),
    .testTarget(name: "DecorTestingTests", dependencies: ["DecorTesting", "DecorTestSupport"]),
    .testTarget(name: "DecorCLITests", dependencies: ["DecorCLI", "DecorTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
