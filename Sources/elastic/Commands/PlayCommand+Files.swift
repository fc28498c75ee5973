import ArgumentParser
import ElasticCore
import ElasticStats
import ElasticScenes
import ElasticSDL
import Foundation

/// An output asked for on the command line: the files it writes, checked with the run's others
/// before anything opens, and how to open it once every check passed.
struct OutputRequest {
    struct File {
        /// The option as the user gave it, e.g. "--trace", or "--stats (its summary)".
        let option: String
        /// What it is, for "cannot write the trace to …".
        let what: String
        let path: String
        let use: RunFiles.Use
    }

    let files: [File]
    /// Nil: nothing to write after all.
    let open: (OutputOpening) throws -> (any RunOutput)?
}

/// What opening an output may need.
struct OutputOpening {
    let files: RunFiles
    let frontEnd: SDLFrontEnd
    let pacing: PacingControl
    let config: RunConfiguration
}

/// The files `play` reads and writes, checked before anything is opened.
extension PlayCommand {
    /// --screenshot-at times, each once (two spellings of one time would name one file twice).
    func uniqueScreenshotTimes() -> [Double] {
        var seen = Set<Double>()
        return screenshotAt.filter { seen.insert($0).inserted }
    }

    /// Every output asked for, in the order they are checked and opened: streams first (they
    /// create or open without truncating), the stats recorder last (it truncates), so a failure
    /// removes what this run created and empties nothing.
    func outputRequests() -> [OutputRequest] {
        var requests: [OutputRequest] = []
        if let path = recordInput {
            requests.append(OutputRequest(files: [.init(option: "--record-input", what: "the recorded input", path: path, use: .stream)]) {
                InputRecording(try OutputFile(path: path, purpose: "recorded input", resolvedPath: $0.files.resolvedPath(of: "--record-input")))
            })
        }
        if let path = trace {
            requests.append(OutputRequest(files: [.init(option: "--trace", what: "the trace", path: path, use: .stream)]) {
                try TraceWriter(path: path, resolvedPath: $0.files.resolvedPath(of: "--trace"))
            })
        }
        if let path = videoOptions.video {
            requests.append(OutputRequest(files: [.init(option: "--video", what: "the video", path: path, use: .stream)]) {
                try videoOptions.makeEncoder(frontEnd: $0.frontEnd, headless: headless, fps: fps, frames: $0.config.frameLimit,
                                             pacedHz: $0.pacing.targetHz)
            })
        }
        if let path = drawTrace.traceDraw {
            requests.append(OutputRequest(files: [.init(option: "--trace-draw", what: "the draw trace", path: path, use: .stream)]) {
                try DrawTraceWriter(path: path, resolvedPath: $0.files.resolvedPath(of: "--trace-draw"), frontEnd: $0.frontEnd)
            })
        }
        if let path = stats {
            requests.append(OutputRequest(files: [
                .init(option: "--stats", what: "stats", path: path, use: .stats),
                .init(option: "--stats (its summary)", what: "the stats summary", path: FrameStatsRecorder.summaryPath(for: path), use: .stats),
            ]) { opening in
                let created = opening.files.entries.first { $0.option == "--stats" }.flatMap { $0.identity.kind == .missing ? $0.identity.resolvedPath : nil }
                return StatsOutput(try makeRecorder(path, opening), created: created)
            })
        }
        return requests
    }

    /// Resolves every input and output and refuses the run (exit 2) when two name the same file or
    /// an output cannot be written.
    func checkFiles(_ requests: [OutputRequest], screenshotTimes: [Double]) throws -> RunFiles {
        var files = RunFiles()
        do {
            if let replay { try files.add("--replay", "the replay", replay, use: .input) }
            for file in requests.flatMap(\.files) { try files.add(file.option, file.what, file.path, use: file.use) }
            if let screenshot {
                if screenshotTimes.isEmpty { try files.add("--screenshot", "the screenshot", screenshot, use: .screenshot) }
                for t in screenshotTimes {
                    try files.add("--screenshot (at \(ReplayScript.format(t)) s)", "the screenshot",
                                  GameLoop.screenshotPath(screenshot, time: t), use: .screenshot)
                }
            }
            try files.check()
        } catch {
            printError("elastic: \(error)")
            throw ExitCode(2)
        }
        return files
    }

    /// Opens every requested output, then the loop; on any failure what was opened is discarded
    /// and the run refused (exit 2).
    func openLoop(_ requests: [OutputRequest], _ opening: OutputOpening) throws -> GameLoop {
        var outputs = RunOutputs()
        do {
            for request in requests { if let output = try request.open(opening) { outputs.append(output) } }
            let loop = try GameLoop(config: opening.config, frontEnd: opening.frontEnd, outputs: outputs, pacing: opening.pacing)
            outputs.start()
            return loop
        } catch {
            outputs.discard()
            printError("elastic: \(error)")
            throw ExitCode(2)
        }
    }

    private func makeRecorder(_ path: String, _ opening: OutputOpening) throws -> FrameStatsRecorder {
        let frontEnd = opening.frontEnd, control = opening.pacing
        let run = RunInfo(frontEnd: frontEnd, pacing: control.pacing, vsyncRequested: opening.config.frontEnd.vsync,
                          stepRate: stepRate, headless: headless, simulatedFPS: headless ? fps : nil)
        return try FrameStatsRecorder(path: path, format: statsFormat, run: run,
                                      targetRefreshRate: headless ? fps : (control.targetHz ?? frontEnd.refreshRate ?? 60))
    }
}
