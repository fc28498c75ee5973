import ArgumentParser
import ElasticCore
import ElasticScenes
import ElasticSDL
import Foundation

/// `play`'s run: read the inputs, check every file, open the window and the outputs, loop, report.
extension PlayCommand {
    func run() throws {
        let (script, tour, tuning) = try loadInputs()
        // Every path is checked before any output is opened, so a refused run writes nothing.
        let shotTimes = uniqueScreenshotTimes()
        let requests = outputRequests()
        let files = try checkFiles(requests, screenshotTimes: shotTimes)
        let limits = runLimits(lastEventTime: script.lastTime, tour: tour)
        let config = RunConfiguration(
            sceneName: scene,
            frontEnd: FrontEndOptions(windowSize: window.map { ($0.width, $0.height) } ?? (headless ? (1280, 720) : nil),
                                      headless: headless, renderer: renderer, vsync: headless ? false : vsync,
                                      redraw: redrawOptions.redraw),
            uiScale: scale, stepRate: stepRate, tolerance: tolerance, antialias: antialias, showHint: hint, showHud: hud,
            fps: fps, frameLimit: limits.frames, timeLimit: limits.seconds, replay: script.events, replayRest: script.rest,
            screenshotPath: screenshot,
            screenshotTimes: shotTimes, tuning: tuning, tour: tour)

        SignalTrap.install()
        let frontEnd = try openFrontEnd(config)
        let pacingControl = PacingControl(
            report: frontEnd.displayReport(fpsLimit: pacing.fpsLimit, headless: headless, simulatedFPS: fps),
            waiter: headless ? nil : SDLPacingWaiter(), stopRendererVsync: { frontEnd.stopRendererVsync() })
        printError("elastic: video driver \(frontEnd.videoDriver)\(headless ? " (headless)" : ""), renderer \(frontEnd.rendererName) (\(frontEnd.rendererReason)), "
            + "vsync requested \(config.frontEnd.vsync ? "on" : "off"), pacing: \(pacingControl.pacing), "
            + "window \(frontEnd.windowSize.width)×\(frontEnd.windowSize.height), output \(frontEnd.outputSize.width)×\(frontEnd.outputSize.height)"
            + (frontEnd.refreshRate.map { ", display \(ReplayScript.format($0)) Hz" } ?? ""))
        if let problem = frontEnd.textProblem { printError("elastic: \(problem)") }
        let loop = try openLoop(requests, OutputOpening(files: files, frontEnd: frontEnd, pacing: pacingControl, config: config))

        let started = ScreenshotCheck.now()
        let reason = loop.run()
        printError("elastic: \(reason) after \(loop.frame) frames")
        if let error = loop.driver.replayError, let replay {
            // The outputs are finished (stats and their summary kept); the run did not do what was asked.
            printError("elastic: bad replay file \(quoted(replay)): \(error)")
            throw ExitCode(2)
        }
        let shots = files.entries.filter { $0.use == .screenshot }.map { ($0.identity.path, $0.identity.resolvedPath) }
        let failures = loop.outputFailures + ScreenshotCheck.incomplete(shots, writtenSince: started)
        if !failures.isEmpty {
            for failure in failures { printError("elastic: \(failure)") }
            throw ExitCode(1)
        }
    }

    /// The replay (its first events read, the rest as the run reaches them), the tour and the
    /// spring values; a bad one refuses the run (exit 2).
    private func loadInputs() throws -> (script: ReplayScript.Opened, tour: Tour?, tuning: SpringTuning) {
        do {
            let script = try replay.map { path in
                do { return try ReplayScript.load(path) } catch let error as ReplayError {
                    throw ValidationFailure("bad replay file \(quoted(path)): \(error)")
                }
            } ?? ReplayScript.Opened(events: [], rest: nil, lastTime: 0)
            let tour = try tourOptions.load(headless: headless, replay: replay)
            let tuning = try SpringTuning(path: springs)
            if let springs, !FileManager.default.fileExists(atPath: springs) {
                printError("elastic: no springs file \(springs) yet: the scenes' own springs; w writes it")
            }
            return (script, tour, tuning)
        } catch {
            printError("elastic: \(error)")
            throw ExitCode(2)
        }
    }

    /// When the run stops: --frames, --seconds (frames when headless), or headless by default
    /// long enough for the replay's last event and the motion after it (or the whole tour).
    private func runLimits(lastEventTime: Double, tour: Tour?) -> (frames: Int?, seconds: Double?) {
        if let frames { return (frames, nil) }
        if let seconds { return headless ? (max(1, Int((seconds * fps).rounded(.up)) + 1), nil) : (nil, seconds) }
        guard headless else { return (nil, nil) }
        let end = tour.map { max($0.length, screenshotAt.max() ?? 0) } ?? max(lastEventTime + 3, screenshotAt.max() ?? 0, 5)
        let frames = Int((end * fps).rounded(.up)) + 1
        printError("headless: running \(frames) frames (\(ReplayScript.format(end)) simulated seconds; set --seconds or --frames to change)")
        return (frames, nil)
    }

    private func openFrontEnd(_ config: RunConfiguration) throws -> SDLFrontEnd {
        do {
            return try SDLFrontEnd(config.frontEnd)
        } catch {
            printError("elastic: \(error)")
            if !headless {
                printError("No display? Run headless instead, e.g.:\n  elastic play --headless --seconds 5 --screenshot out/frame.png")
            }
            throw ExitCode(3)
        }
    }
}
