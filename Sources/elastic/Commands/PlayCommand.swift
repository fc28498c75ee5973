import ArgumentParser
import ElasticCore
import ElasticStats
import ElasticScenes
import ElasticSDL
import Foundation

extension RendererChoice: ExpressibleByArgument {}
extension StatsFormat: ExpressibleByArgument {}

/// `elastic play`: the demo. Numeric options take the next argument whatever it looks like, so
/// `--seconds -1` is refused for its value ("must be positive") rather than as a missing value.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play the demo: full-screen, drag with the mouse or a finger; Esc quits.",
        discussion: "Keys:\n" + KeyTable.helpText + "\n" + """
            Headless runs (no display) simulate a display refreshing --fps times per second:
              elastic play --headless --replay assets/replays/wave-pull-center.jsonl \\
                --screenshot out/wave.png --trace out/wave.csv
            """
    )

    @Option(help: "Scene to start with: \(SceneCatalog.names.joined(separator: ", ")).")
    var scene: String = WavePull.name

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Window size in window coordinates, e.g. 1280x720 (default: full-screen desktop; headless: 1280x720).", valueName: "WxH"),
            transform: WindowSize.parse)
    var window: WindowSize?

    @Flag(help: "Full-screen desktop (the default unless --window is given).")
    var fullscreen = false

    @Option(parsing: .unconditional, help: "UI scale: auto fits the 1280x720 design to the window (quarter steps, at least 1); a number from 0.25 to 8 fixes it (2 makes everything twice as large).")
    var scale: UIScaleChoice = .auto

    @Option(help: "Renderer: \(RendererChoice.allCases.map(\.rawValue).joined(separator: ", ")) (auto picks the measured default).")
    var renderer: RendererChoice = .auto

    @Flag(inversion: .prefixedNo, help: "Wait for the display's vertical sync when presenting.")
    var vsync = true

    @OptionGroup var pacing: PacingOptions

    @Flag(help: "Run without a display (SDL's dummy driver, or offscreen for OpenGL) on a simulated clock.")
    var headless = false

    @Option(parsing: .unconditional, help: "Headless: simulated display frames per second.")
    var fps: Double = 60

    @Option(parsing: .unconditional, help: "Stop after this many frames.")
    var frames: Int?

    @Option(parsing: .unconditional, help: "Stop after this many (simulated, when headless) seconds.")
    var seconds: Double?

    @Option(name: .customLong("step-rate"), parsing: .unconditional, help: "Fixed simulation steps per second.")
    var stepRate: Double = 240

    @Option(parsing: .unconditional, help: "Curve flattening tolerance in output pixels.")
    var tolerance: Double = FrameDriver.defaultTolerancePixels

    @Flag(inversion: .prefixedNo, help: "Anti-alias edges with a one-pixel alpha fringe.")
    var antialias = true

    @Flag(inversion: .prefixedNo, help: "Show the key hint at the bottom and toasts of what scenes report (--no-hint: neither).")
    var hint = true

    @Flag(help: "Start with the HUD (F1) shown: FPS, frame times, a frame-time graph, the scene's springs.")
    var hud = false

    @Option(help: ArgumentHelp("Main spring per scene as JSON ({\"wave-pull\": {\"duration\": 0.9, \"dampingRatio\": 0.57}, …}); the w key writes the tuned values here (default springs.json).", valueName: "FILE"))
    var springs: String?

    @Option(help: ArgumentHelp("Replay input from a JSON Lines script (see docs/cli.md).", valueName: "FILE"))
    var replay: String?

    @Option(name: .customLong("record-input"), help: ArgumentHelp("Record live input as a replay script.", valueName: "FILE"))
    var recordInput: String?

    @Option(help: ArgumentHelp("Save the last frame as PNG (with --screenshot-at: one file per time, FILE-<T>s.png).", valueName: "FILE"))
    var screenshot: String?

    @Option(name: .customLong("screenshot-at"), parsing: .unconditionalSingleValue, help: ArgumentHelp("Simulated time of a screenshot; may repeat.", valueName: "T"))
    var screenshotAt: [Double] = []

    @Option(help: ArgumentHelp("Write spring entity positions per frame as CSV (frame,time,entity,x,y,target_x,target_y).", valueName: "FILE"))
    var trace: String?

    @OptionGroup var drawTrace: DrawTraceOptions
    @OptionGroup var redrawOptions: RedrawOptions

    @Option(help: ArgumentHelp("Record frame-time statistics, one row per frame, and FILE.summary.json at exit.", valueName: "FILE.csv"))
    var stats: String?

    @Option(name: .customLong("stats-format"), help: "Stats file layout: elastic (all parts), mangohud (MangoHud's per-frame log), presentmon (PresentMon 1.x CSV with its display columns and MsPCLatency) or capframex (CapFrameX's Linux session: FILE.csv and FILE.json; its app lists ~/.local/share/capframex/sessions/).")
    var statsFormat: StatsFormat = .elastic

    @OptionGroup var videoOptions: VideoOptions
    @OptionGroup var tourOptions: TourOptions

    func validate() throws {
        guard SceneCatalog.entry(named: scene) != nil else {
            throw ValidationError("unknown scene '\(scene)'; choose one of: \(SceneCatalog.names.joined(separator: ", "))")
        }
        if fullscreen, window != nil { throw ValidationError("--fullscreen and --window cannot be used together") }
        if let problem = scale.problem { throw ValidationError(problem) }
        guard fps.isFinite, fps >= 1, fps <= 1000 else { throw ValidationError("--fps must be between 1 and 1000 (got \(fps))") }
        guard stepRate.isFinite, stepRate >= 10, stepRate <= 10_000 else {
            throw ValidationError("--step-rate must be between 10 and 10000 steps per second (got \(stepRate))")
        }
        guard tolerance.isFinite, tolerance >= 0.01, tolerance <= 100 else {
            throw ValidationError("--tolerance must be between 0.01 and 100 pixels (got \(tolerance))")
        }
        if let frames, frames < 1 { throw ValidationError("--frames must be at least 1 (got \(frames))") }
        if let seconds, !(seconds.isFinite && seconds > 0 && seconds <= 86_400 * 7) {
            throw ValidationError("--seconds must be a positive number of seconds (got \(seconds))")
        }
        if frames != nil, seconds != nil { throw ValidationError("--frames and --seconds cannot be used together") }
        if !headless, fps != 60, frames == nil {
            // Live runs follow the display; --fps only shapes the simulated display.
            throw ValidationError("--fps applies to --headless runs only")
        }
        if headless, pacing.fpsLimit > 0 { throw ValidationError("--fps-limit applies to live runs (headless runs follow --fps on a simulated clock)") }
        for t in screenshotAt where !(t.isFinite && t >= 0) {
            throw ValidationError("--screenshot-at must be a time ≥ 0 in seconds (got \(t))")
        }
        if !screenshotAt.isEmpty, screenshot == nil {
            throw ValidationError("--screenshot-at needs --screenshot FILE to name the pictures")
        }
        if let screenshot, !screenshot.lowercased().hasSuffix(".png") {
            throw ValidationError("--screenshot writes PNG: give a path ending in .png (got \(screenshot))")
        }
    }
}
