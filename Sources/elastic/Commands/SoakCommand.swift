import ArgumentParser
import ElasticCore
import ElasticScenes

/// `elastic soak` (hidden; a test aid): each scene for many frames headless, with no SDL, random
/// drags from a seeded generator; prints one line of figures per scene and exits 1 when a vertex or
/// position was ever non-finite, resident memory grew past the limit after warm-up, or the entity
/// count grew. `scripts/soak.sh` runs it for a simulated hour per scene.
struct SoakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Soak test: run scenes headless (no SDL) with seeded random input and check for NaN and leaks.",
        shouldDisplay: false
    )

    @Option(help: "Scene to soak, or all.")
    var scene: String = "all"

    @Option(help: "Frames per scene (216000 = one hour at 60 Hz).")
    var frames: Int = 3000

    @Option(help: "Seed of the random input.")
    var seed: UInt64 = 1

    @Option(help: "Frames before memory and entity counts are taken as the baseline (default: min(3600, frames / 5)).")
    var warmup: Int?

    @Option(name: .customLong("max-rss-growth-kib"), help: "Allowed growth of resident memory after warm-up, KiB.")
    var maxRSSGrowthKiB: Int = 1024

    @Option(help: "Simulated display frames per second.")
    var fps: Double = 60

    @Option(name: .customLong("step-rate"), help: "Fixed simulation steps per second.")
    var stepRate: Double = 240

    @Option(help: ArgumentHelp("Window size in points.", valueName: "WxH"))
    var window: WindowSize = WindowSize(argument: "1280x720")!

    func validate() throws {
        if scene != "all", SceneCatalog.entry(named: scene) == nil {
            throw ValidationError("unknown scene '\(scene)'; choose one of: all, \(SceneCatalog.names.joined(separator: ", "))")
        }
        guard frames >= 1 else { throw ValidationError("--frames must be at least 1 (got \(frames))") }
        if let warmup, warmup < 1 { throw ValidationError("--warmup must be at least 1 (got \(warmup))") }
        guard fps.isFinite, fps >= 1, fps <= 1000 else { throw ValidationError("--fps must be between 1 and 1000 (got \(fps))") }
        guard stepRate.isFinite, stepRate >= 10, stepRate <= 10_000 else {
            throw ValidationError("--step-rate must be between 10 and 10000 steps per second (got \(stepRate))")
        }
    }

    func run() throws {
        let names = scene == "all" ? SceneCatalog.names : [scene]
        let warm = warmup ?? max(1, min(3600, frames / 5))
        var failed = false
        for name in names {
            let report = try Soak.run(scene: name, frames: frames, seed: seed, warmup: warm,
                                      size: Size(Double(window.width), Double(window.height)), fps: fps, stepRate: stepRate)
            print(report.line)
            for problem in report.problems(maxRSSGrowthKiB: maxRSSGrowthKiB) {
                printError("elastic: soak \(name): \(problem)")
                failed = true
            }
        }
        if failed { throw ExitCode(1) }
    }
}
