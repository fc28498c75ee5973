import ElasticCore
import ElasticScenes
import ElasticSDL
import ElasticStats
import Foundation

/// How every benchmark of one `elastic bench` runs.
struct BenchSettings {
    var offScreen: Bool
    var fullscreen: Bool
    /// The window of benchmarks that name none (nil: 1280×720, or the desktop with `fullscreen`).
    var window: WindowSize?
    var renderer: RendererChoice
    var paced: Bool
    /// Where each benchmark's frame-time files go, in each of `statsFormats`.
    var statsDir: String?
    var statsFormats: [StatsFormat]
    /// `--validate` (or `--save-references`): the reference frames, in this folder.
    var validation: FrameValidation.Mode?
    var referenceDir: String
    static let stepRate = 240.0
}

/// What one benchmark did.
struct BenchOutcome {
    /// The report line's head, with the window it ran in.
    var label: String
    var result: BenchResults.Benchmark?
    /// Its measured frames' times, in ms, in order (for the report's plot).
    var frameTimesMs: [Double] = []
    var machine: BenchResults.Machine
    /// Why it stopped before its last frame (a signal, the window closed), if it did.
    var stopped: String?
    /// --validate: the frames that matched their references, and what did not.
    var matched: [Int] = []
    var tolerance = FrameValidation.Tolerance.exact
    var problems: [String] = []
}

/// Runs one benchmark through the app's own loop (`GameLoop`, as `play` runs it) on its own front
/// end: a window, or SDL's headless driver with `--off-screen`.
enum BenchRunner {
    static func run(_ benchmark: Benchmark, number: Int, settings: BenchSettings) throws -> BenchOutcome {
        let size = benchmark.window ?? settings.window ?? (settings.fullscreen && !settings.offScreen ? nil : WindowSize(argument: "1280x720"))
        let options = FrontEndOptions(windowSize: size.map { ($0.width, $0.height) }, headless: settings.offScreen,
                                      renderer: settings.renderer, vsync: settings.paced, title: "Elastic bench: \(benchmark.scene)",
                                      redraw: benchmark.redraw)
        let frontEnd: SDLFrontEnd
        do { frontEnd = try SDLFrontEnd(options) } catch {
            throw BenchError("\(benchmark): cannot open \(settings.offScreen ? "the off-screen renderer" : "a window"): \(error)"
                + (settings.offScreen ? "" : "\nNo display? Run off-screen: elastic bench --off-screen"))
        }
        let window = frontEnd.windowSize
        let replay = try benchmark.loadReplay(width: window.width, height: window.height)
        let uiScale = benchmark.scale.resolve(width: window.width, height: window.height)
        let pacing: PacingControl? = settings.paced
            ? PacingControl(report: frontEnd.displayReport(fpsLimit: 0, headless: false, simulatedFPS: Benchmark.framesPerSecond),
                            waiter: SDLPacingWaiter(), stopRendererVsync: { frontEnd.stopRendererVsync() })
            : nil
        // One frame period of simulated time a frame: 1/60 s unpaced, the display's period paced.
        let hz = settings.paced ? (pacing?.targetHz ?? frontEnd.refreshRate ?? Benchmark.framesPerSecond) : Benchmark.framesPerSecond
        let measured = benchmark.frameCount(lastEventTime: replay.last?.time ?? 0)
        let frames = settings.validation == nil ? measured + 1 : (FrameValidation.frames.last ?? 0) + 1
        let machine = BenchResults.Machine(videoDriver: frontEnd.videoDriver, display: frontEnd.desktopSize, refreshHz: frontEnd.refreshRate,
                                           renderer: frontEnd.rendererName, rendererReason: frontEnd.rendererReason,
                                           offScreen: settings.offScreen)

        let config = RunConfiguration(
            sceneName: benchmark.scene, frontEnd: options, uiScale: benchmark.scale, stepRate: BenchSettings.stepRate,
            tolerance: FrameDriver.defaultTolerancePixels, antialias: true, showHint: false, fps: hz, frameLimit: frames,
            replay: replay, screenshotPath: nil, screenshotTimes: [])
        let rounds = settings.validation == nil ? benchmark.rounds(paced: settings.paced) : 1
        let (recorder, validation) = try outputs(benchmark, number: number, frames: frames * rounds, frontEnd: frontEnd, uiScale: uiScale,
                                                 hz: hz, pacing: pacing, settings: settings)
        var outputs = RunOutputs([recorder])
        if let validation { outputs.append(validation) }
        let cpuBefore = ProcessCPU.seconds()
        let (stopped, failures) = try runRounds(rounds, of: benchmark, config: config, frontEnd: frontEnd, outputs: outputs, hz: hz, pacing: pacing)
        let cpu = ProcessCPU.seconds() - cpuBefore
        if stopped != nil { recorder.discard() }
        let fileProblem = stopped == nil ? recorder.complete() : nil
        var outcome = BenchOutcome(label: benchmark.label(window: window), result: nil, machine: machine, stopped: stopped,
                                   matched: validation?.matched ?? [], problems: validation?.problems ?? [])
        outcome.tolerance = validation?.tolerance ?? .exact
        outcome.problems += failures + (fileProblem.map { [$0] } ?? [])
        guard stopped == nil, validation == nil else { return outcome }
        outcome.frameTimesMs = recorder.records.map { Double($0.frameNs) / 1e6 }
        outcome.result = try result(benchmark, recorder: recorder, frontEnd: frontEnd, uiScale: uiScale, hz: hz,
                                    cpuMsPerFrame: cpu * 1000 / Double(frames * rounds), paced: settings.paced)
        return outcome
    }

    /// Runs the frames `rounds` times, each round a fresh loop and scene on the same window (the
    /// same frames again); why it stopped early, if it did, and the outputs' failures.
    private static func runRounds(_ rounds: Int, of benchmark: Benchmark, config: RunConfiguration, frontEnd: SDLFrontEnd,
                                  outputs: RunOutputs, hz: Double, pacing: PacingControl?) throws -> (stopped: String?, failures: [String]) {
        var failures: [String] = []
        for round in 0..<rounds {
            if round > 0 { frontEnd.invalidate() }
            let loop: GameLoop
            do {
                loop = try GameLoop(config: config, frontEnd: frontEnd, outputs: outputs, time: SimulatedDisplayClock(fps: hz), pacing: pacing)
            } catch {
                outputs.discard()
                throw BenchError("\(benchmark): \(error)")
            }
            loop.takesLiveInput = false
            loop.announceFirstFrame = false
            loop.report = { _ in }
            if round == 0 { outputs.start() }
            let reason = loop.run()
            failures += loop.outputFailures
            if let limit = config.frameLimit, loop.frame < limit { return (reason, failures) }
        }
        return (nil, failures)
    }

    /// The benchmark's recorder (with its frame-time files) and, with --validate, its frame check.
    private static func outputs(_ benchmark: Benchmark, number: Int, frames: Int, frontEnd: SDLFrontEnd, uiScale: Double, hz: Double,
                                pacing: PacingControl?, settings: BenchSettings) throws -> (BenchRecorder, FrameValidation?) {
        var files: [FrameStatsRecorder] = []
        if let dir = settings.statsDir {
            let run = RunInfo(frontEnd: frontEnd, pacing: pacing?.pacing ?? .unpaced(reason: "elastic bench: unpaced"),
                              vsyncRequested: settings.paced, stepRate: BenchSettings.stepRate, headless: settings.offScreen,
                              simulatedFPS: settings.paced ? nil : hz)
            for path in statsPaths(benchmark, number: number, dir: dir, formats: settings.statsFormats) {
                do {
                    files.append(try FrameStatsRecorder(path: path.path, format: path.format, run: run, targetRefreshRate: hz))
                } catch {
                    for file in files { file.abandon() }
                    throw BenchError("\(benchmark): \(error)")
                }
            }
        }
        let recorder = BenchRecorder(frames: frames, files: files)
        let validation = settings.validation.map { mode in
            FrameValidation(mode: mode, tolerance: frontEnd.rendererName == "software" ? .exact : .openGL) { frame in
                settings.referenceDir + "/" + referenceName(benchmark, output: frontEnd.outputSize, uiScale: uiScale, frame: frame)
            }
        }
        return (recorder, validation)
    }

    /// `DIR/NN-scene-redraw-WxH.csv`, a file a format (`.FORMAT.csv` when there are several).
    static func statsPaths(_ benchmark: Benchmark, number: Int, dir: String, formats: [StatsFormat]) -> [(path: String, format: StatsFormat)] {
        let stem = dir + "/" + String(format: "%02d-", number) + slug(benchmark)
        return formats.map { format in (formats.count == 1 ? stem + ".csv" : stem + ".\(format.rawValue).csv", format) }
    }

    /// The description as a file name: `wave-pull-redraw-all-replay-wave-pull-sweep`.
    static func slug(_ benchmark: Benchmark) -> String {
        String(benchmark.description.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "-" })
            .replacingOccurrences(of: "--", with: "-")
    }

    /// The reference image of a frame: what determines its pixels (scene, replay, output size, UI
    /// scale, frame number), not how it was redrawn or how long the run is.
    static func referenceName(_ benchmark: Benchmark, output: (width: Int, height: Int), uiScale: Double, frame: Int) -> String {
        let replay = ((benchmark.replay as NSString).lastPathComponent as NSString).deletingPathExtension
        return "\(benchmark.scene)_\(replay)_\(output.width)x\(output.height)_scale\(ReplayScript.format(uiScale))_frame\(frame).png"
    }

    private static func result(_ benchmark: Benchmark, recorder: BenchRecorder, frontEnd: SDLFrontEnd, uiScale: Double, hz: Double,
                               cpuMsPerFrame: Double, paced: Bool) throws -> BenchResults.Benchmark {
        let records = recorder.records
        let summary: FrameSummary
        do { summary = try FrameSummary.compute(records: records, targetRefreshRate: hz) } catch {
            throw BenchError("\(benchmark): \(error)")
        }
        let window = frontEnd.windowSize, output = frontEnd.outputSize
        let damaged = records.reduce(0.0) { $0 + Double($1.damagedPixels) } / Double(records.count)
        return BenchResults.Benchmark(
            description: benchmark.description, label: benchmark.label(window: window), scene: benchmark.scene,
            window: "\(window.width)x\(window.height)", output: "\(output.width)x\(output.height)", scale: uiScale,
            redraw: benchmark.redraw.rawValue, replay: benchmark.replay, frames: summary.frames, fps: summary.averageFPS,
            frameMsP50: summary.frameTimeMedianMs, frameMsP99: summary.frameTimeP99Ms, frameMsMax: summary.frameTimeMaxMs,
            p1Fps: summary.p1FPSCapFrameX, p0_1Fps: summary.p0_1FPSCapFrameX,
            cpuMsPerFrame: cpuMsPerFrame, submitMsMean: summary.meanSubmitMs ?? 0,
            damagedPixelsMean: damaged,
            lateFrames: paced ? summary.lateFrames : nil,
            inputLatencyP50Ms: paced ? summary.inputLatencyP50Ms : nil, inputLatencyP99Ms: paced ? summary.inputLatencyP99Ms : nil,
            statsFiles: recorder.files.map(\.path))
    }
}
