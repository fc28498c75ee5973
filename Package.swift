// swift-tools-version: 6.1
import PackageDescription

// Layers, dependencies pointing one way (down):
//   elastic (CLI, game loop) → ElasticSDL (the only SDL code: a FrontEnd) → ElasticRaster (the
//                              software compositor: damage, coverage, blending) → ElasticCore
//                            → ElasticScenes (the five scenes, FrameDriver)  → ElasticCore
//                            → ElasticStats (frame-time statistics; depends on nothing of ours)
// ElasticCore, ElasticScenes and ElasticStats are plain Swift: tests drive them with no display.

// Release builds leave exclusivity to the compiler's static checks: the dynamic check on every
// access to a class's stored property is a runtime call per access in the frame loop. Debug
// builds, which the tests and the sanitizers run, keep the dynamic checks.
let releaseSettings: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

// The libraries that hold the pixel and curve loops, the tests' coverage reference and the two
// test targets that sweep pixels against it are optimised in debug builds too (assertions kept):
// unoptimised, those loops made the test suite, which runs them in-process and through the debug
// binary, about twice as slow. The app's code and its tests stay unoptimised, to build quickly.
let loopSettings: [SwiftSetting] = releaseSettings + [.unsafeFlags(["-O", "-assert-config", "Debug"], .when(configuration: .debug))]

let package = Package(
    name: "Elastic",
    products: [
        .executable(name: "elastic", targets: ["elastic"]),
        .library(name: "ElasticCore", targets: ["ElasticCore"]),
        .library(name: "ElasticRaster", targets: ["ElasticRaster"]),
        .library(name: "ElasticScenes", targets: ["ElasticScenes"]),
        .library(name: "ElasticStats", targets: ["ElasticStats"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .target(name: "ElasticCore", swiftSettings: loopSettings),
        .target(name: "ElasticScenes", dependencies: ["ElasticCore"], swiftSettings: loopSettings),
        .target(name: "ElasticStats"),
        // No pkgConfig: sdl2.pc adds -D_REENTRANT, which SwiftPM refuses with a warning in every
        // build, and the shim's <SDL2/…> includes and the module map's links need nothing from it.
        // The packages: libsdl2-dev, libsdl2-image-dev, libsdl2-ttf-dev (scripts/install-deps.sh).
        .systemLibrary(name: "CSDL2"),
        .target(name: "ElasticRaster", dependencies: ["ElasticCore"], swiftSettings: loopSettings),
        .target(name: "ElasticSDL", dependencies: ["CSDL2", "ElasticCore", "ElasticRaster"], swiftSettings: loopSettings),
        .executableTarget(
            name: "elastic",
            dependencies: [
                "ElasticCore", "ElasticRaster", "ElasticScenes", "ElasticSDL", "ElasticStats",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: releaseSettings
        ),
        // The coverage oracle every test target that checks coverage shares.
        .target(name: "TestSupport", dependencies: ["ElasticCore"], path: "Tests/TestSupport", swiftSettings: loopSettings),
        .testTarget(name: "ElasticCoreTests", dependencies: ["ElasticCore", "TestRandom", "TestSupport"], swiftSettings: loopSettings),
        .testTarget(name: "ElasticRasterTests", dependencies: ["ElasticCore", "ElasticRaster", "TestRandom", "TestSupport"], swiftSettings: loopSettings),
        .testTarget(name: "ElasticSDLTests", dependencies: ["CSDL2", "ElasticCore", "ElasticRaster", "ElasticSDL", "TestRandom"]),
        .testTarget(name: "ElasticScenesTests", dependencies: ["ElasticScenes"]),
        // Test support shared by the test targets: one scratch folder a test process.
        .target(name: "TestScratch", path: "Tests/TestScratch"),
        // Test support: one seeded random number generator for the property tests.
        .target(name: "TestRandom", path: "Tests/TestRandom"),
        .testTarget(name: "ElasticStatsTests", dependencies: ["ElasticStats", "TestScratch"]),
        .testTarget(name: "ElasticAppTests", dependencies: ["CSDL2", "ElasticCore", "ElasticRaster", "ElasticScenes", "ElasticSDL", "ElasticStats", "elastic", "TestScratch", "TestSupport"]),
    ]
)
