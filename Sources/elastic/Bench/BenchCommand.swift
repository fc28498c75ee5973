import ArgumentParser
import ElasticCore
import ElasticScenes
import ElasticStats
import Foundation

/// `elastic bench`: fixed, repeatable benchmarks with one score, as glmark2 runs them; validated
/// frame for frame against shipped references; compared across machines.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Benchmark this machine: fixed replays, FPS and frame times, one score; --validate checks the frames.",
        discussion: """
            Each benchmark plays a scene's replay for a fixed number of frames, in 10 rounds (1 with \
            --paced), each a fresh scene; every frame advances the simulation by exactly one frame \
            period (1/60 s; with --paced, the display's), so every run draws the same frames. Frames \
            are unpaced unless --paced: the figures are throughput. FPS is the benchmark's frames ÷ the sum of their frame times (present to \
            present; the first, start-up frame left out, as in the stats files); the score is the \
            mean of the benchmarks' FPS, as glmark2 defines its score (printed rounded).
            Benchmarks: SCENE[:KEY=VALUE]..., keys window=WxH, scale=S, redraw=damage|all, \
            replay=NAME|FILE, seconds=N, rounds=N (elastic bench --list). The default set: each scene's moving \
            replay, the wave sweep, then each scene redrawn whole (redraw=all).
            Examples:
              elastic bench --off-screen
              elastic bench -b wave-pull:window=3840x2160:scale=3 -b gooey-menu:redraw=all
              elastic bench --off-screen --results-file mine.json --stats-dir stats --report bench.svg
              elastic bench --off-screen --validate
              elastic bench --compare laptop.json desktop.json
            """
    )

    @Option(name: [.customShort("b"), .customLong("benchmark")], parsing: .unconditionalSingleValue,
            help: ArgumentHelp("A benchmark to run (may repeat): SCENE[:KEY=VALUE]...", valueName: "SCENE[:KEY=VALUE]..."))
    var benchmark: [String] = []

    @Option(name: [.customShort("f"), .customLong("benchmark-file")],
            help: ArgumentHelp("Benchmarks to run, one description a line (# starts a comment).", valueName: "FILE"))
    var benchmarkFile: String?

    @Flag(name: [.customShort("l"), .customLong("list")], help: "List the default benchmarks and the keys a description takes.")
    var list = false

    @Flag(name: .customLong("off-screen"), help: "No window: SDL's headless driver (software), as `play --headless` runs.")
    var offScreen = false

    @Flag(help: "Full-screen desktop windows (benchmarks without window= run at the desktop's size).")
    var fullscreen = false

    @Option(parsing: .unconditional,
            help: ArgumentHelp("The window of benchmarks that name none (default 1280x720).", valueName: "WxH"),
            transform: WindowSize.parse)
    var window: WindowSize?

    @Option(help: "Renderer: \(RendererChoice.allCases.map(\.rawValue).joined(separator: ", ")) (auto: what play would pick).")
    var renderer: RendererChoice = .auto

    @Flag(help: "Pace frames to the display (vsync, else a timer at its rate) and report late frames and input-to-present latency.")
    var paced = false

    @Flag(name: .customLong("run-forever"), help: "Run the benchmarks again and again until a signal (Ctrl-C), then report.")
    var runForever = false

    @Flag(name: .customLong("validate"), help: "Compare each benchmark's reference frames with the shipped references instead of timing it (exit 1 on a mismatch).")
    var validateFrames = false

    @Option(name: .customLong("reference-dir"), help: ArgumentHelp("Reference frames for --validate (default: the shipped ones).", valueName: "DIR"))
    var referenceDir: String?

    @Flag(name: .customLong("save-references"), help: "Write the reference frames into --reference-dir instead of comparing (scripts/make-bench-references.sh).")
    var saveReferences = false

    @Option(name: .customLong("results-file"), help: ArgumentHelp("Write the machine, every benchmark's figures and the score as JSON.", valueName: "FILE.json"))
    var resultsFile: String?

    @Option(name: .customLong("stats-dir"), help: ArgumentHelp("Write each benchmark's frame-time file here (created if missing), one per --stats-format.", valueName: "DIR"))
    var statsDir: String?

    @Option(name: .customLong("stats-format"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Formats of the --stats-dir files (may repeat, or a comma list): \(StatsFormat.allCases.map(\.rawValue).joined(separator: ", ")) (default elastic).", valueName: "FORMAT"))
    var statsFormat: [String] = []

    @Option(help: ArgumentHelp("Draw an SVG report: a bar per benchmark (its FPS) and its frame times.", valueName: "FILE.svg"))
    var report: String?

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Compare results files (--results-file) benchmark by benchmark, with ratios to the first; runs nothing.", valueName: "A.json B.json"))
    var compare: [String] = []

    func validate() throws {
        if window != nil, fullscreen { throw ValidationError("--fullscreen and --window cannot be used together") }
        if offScreen, fullscreen { throw ValidationError("--fullscreen needs a window; leave out --off-screen") }
        if saveReferences, referenceDir == nil { throw ValidationError("--save-references needs --reference-dir DIR (the shipped references are remade by scripts/make-bench-references.sh)") }
        if saveReferences, !validateFrames { throw ValidationError("--save-references goes with --validate") }
        if validateFrames, paced { throw ValidationError("--validate compares frames, not timings: leave out --paced") }
        if validateFrames, runForever { throw ValidationError("--validate runs each benchmark once: leave out --run-forever") }
        if validateFrames, resultsFile != nil || statsDir != nil || report != nil {
            throw ValidationError("--validate times nothing: leave out --results-file, --stats-dir and --report")
        }
        if referenceDir != nil, !validateFrames { throw ValidationError("--reference-dir goes with --validate") }
        if !statsFormat.isEmpty, statsDir == nil { throw ValidationError("--stats-format needs --stats-dir DIR") }
        _ = try formats()
        if !compare.isEmpty {
            guard compare.count >= 2 else { throw ValidationError("--compare takes two or more results files (got \(compare.count))") }
            if list || validateFrames || !benchmark.isEmpty || benchmarkFile != nil || resultsFile != nil || statsDir != nil || report != nil || runForever {
                throw ValidationError("--compare reads results files and runs nothing: give it alone")
            }
        }
        if let report, !report.lowercased().hasSuffix(".svg") { throw ValidationError("--report writes SVG: give a path ending in .svg (got \(report))") }
    }

    /// --stats-format's values, each once, in order (default: elastic).
    func formats() throws -> [StatsFormat] {
        var list: [StatsFormat] = []
        for name in statsFormat.flatMap({ $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }) {
            guard let format = StatsFormat(rawValue: name) else {
                throw ValidationError("unknown --stats-format '\(name)'; choose from: \(StatsFormat.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            if !list.contains(format) { list.append(format) }
        }
        return list.isEmpty ? [.elastic] : list
    }

    func run() throws {
        if list { print(BenchCommand.listing); return }
        if !compare.isEmpty { return try runCompare() }
        let plan: BenchPlan
        do { plan = try BenchPlan(self) } catch {
            printError("elastic bench: \(error)")
            throw ExitCode(2)
        }
        SignalTrap.install()
        try plan.run()
    }

    private func runCompare() throws {
        do {
            let runs = try compare.map { path in (path, try BenchComparison.load(path)) }
            print(BenchComparison.table(runs), terminator: "")
        } catch {
            printError("elastic bench: \(error)")
            throw ExitCode(2)
        }
    }

    static var listing: String {
        var lines = ["Default benchmarks (in order):"]
        lines += Benchmark.defaultSet.map { "  \($0)" }
        lines.append("Keys (SCENE[:KEY=VALUE]...; scenes: \(SceneCatalog.names.joined(separator: ", "))):")
        let width = Benchmark.keys.map { $0.key.count + $0.value.count + 1 }.max() ?? 0
        lines += Benchmark.keys.map { key in
            let head = "\(key.key)=\(key.value)"
            return "  " + head + String(repeating: " ", count: width - head.count + 2) + key.help
        }
        return lines.joined(separator: "\n")
    }
}
