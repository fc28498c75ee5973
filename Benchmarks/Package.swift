// swift-tools-version: 6.1
import PackageDescription

// Benchmarks for Elastic, in their own package so the main build and CI never resolve or build
// package-benchmark. Run them with scripts/bench.sh (or, from the repository root,
// `swift package --package-path Benchmarks benchmark`).
//
// `traits: ["MallocInterposer"]` picks package-benchmark's malloc counters and leaves out its
// default "RuntimeInterposer" trait (an ARC interposer for Swift 6.3 on Linux that would pull in
// another package): mallocCountTotal works without jemalloc.
let package = Package(
    name: "ElasticBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Elastic", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "SpringBench",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ElasticCore", package: "Elastic"),
            ],
            path: "Benchmarks/SpringBench",
            swiftSettings: [.swiftLanguageMode(.v5)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "TessellationBench",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ElasticCore", package: "Elastic"),
                .product(name: "ElasticScenes", package: "Elastic"),
            ],
            path: "Benchmarks/TessellationBench",
            swiftSettings: [.swiftLanguageMode(.v5)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "FrameBench",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ElasticCore", package: "Elastic"),
                .product(name: "ElasticScenes", package: "Elastic"),
            ],
            path: "Benchmarks/FrameBench",
            swiftSettings: [.swiftLanguageMode(.v5)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
