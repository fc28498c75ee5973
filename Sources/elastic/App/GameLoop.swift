import ElasticCore
import ElasticScenes
import ElasticStats
import Foundation

/// The game loop: poll → `driver.advance` (fixed steps) → `driver.draw` + overlays → submit →
/// present, on any `FrontEnd` (SDL's window, or the null front end of soaks and tests).
///
/// Live, time comes from the monotonic clock; headless, from a simulated display that refreshes
/// exactly `fps` times per simulated second, so a replay gives the same output bit for bit.
final class GameLoop {
    let driver: FrameDriver
    private let config: RunConfiguration
    private let frontEnd: any FrontEnd
    private var time: any TimeSource
    /// Live time is measured from here; simulated time starts at 0 by itself.
    private let origin: Double
    private let live: Bool
    private let hud: Hud
    private let tuning: SpringTuning
    private let overlays: Overlays
    private var timing = FrameTiming()
    private let outputs: RunOutputs
    private var platformEvents: [PlatformEvent] = []
    private var screenshotQueue: [Double]
    private var hidden = false
    private var quitRequested = false
    private var lastFrameWasIdle = false
    private var sleepingIdle = false
    private var lastDisplayTime = 0.0
    private(set) var frame = 0
    /// Outputs that were asked for and did not happen (a screenshot not written or never reached):
    /// `play` reports them and exits non-zero.
    private(set) var outputFailures: [String] = []
    /// Where scene reports go (standard output; the soak discards them).
    var report: (String) -> Void = { print($0) }
    /// Whether to say how long the first frame took to reach the screen (not in soaks).
    var announceFirstFrame = true
    /// Test aid: called at the start of every frame with its number, before input is polled.
    var beforeFrame: ((Int) -> Void)?

    /// `time` overrides the clock (tests and the soak pass their own simulated one).
    init(config: RunConfiguration, frontEnd: any FrontEnd, outputs: RunOutputs, time: (any TimeSource)? = nil) throws {
        self.config = config
        self.frontEnd = frontEnd
        self.outputs = outputs
        live = !config.frontEnd.headless && time == nil
        self.time = time ?? (live ? MonotonicTimeSource() as any TimeSource : SimulatedDisplayClock(fps: config.fps))
        origin = live ? self.time.now() : 0
        let window = frontEnd.windowSize
        // Auto scale follows the window: resolved here and again on every resize.
        let uiScale = config.uiScale.resolve(width: window.width, height: window.height)
        do {
            driver = try FrameDriver(scene: config.sceneName, windowSize: Size(Double(window.width), Double(window.height)),
                                     uiScale: uiScale, stepRate: config.stepRate, tolerance: config.tolerance,
                                     antialias: config.antialias, replay: config.replay)
        } catch {
            throw ValidationFailure("\(error)")
        }
        driver.measureText = { [frontEnd] text, size in frontEnd.textWidth(text, size: size) }
        driver.tessellator.antialias = config.antialias && !frontEnd.drawsExactCoverage
        outputs.drawTrace?.enable(&driver.tessellator)
        let tuning = try config.tuning ?? SpringTuning()
        self.tuning = tuning
        tuning.apply(to: driver.scene)
        driver.onSceneMade = { tuning.apply(to: $0) }
        screenshotQueue = config.screenshotTimes.sorted()
        hud = Hud(renderer: frontEnd.rendererName, stepRate: config.stepRate,
                  refreshRate: live ? (frontEnd.refreshRate ?? 60) : config.fps)
        hud.visible = config.showHud
        let overlays = Overlays(frontEnd: frontEnd, uiScale: driver.uiScale)
        self.overlays = overlays
        let recorder = outputs.inputRecorder
        driver.onQueued = { queued in
            recorder?.write(ReplayScript.line(for: queued) + "\n")
            overlays.noteQueued(queued.event)
        }
    }

    /// Runs until Esc, window close, a signal, or the frame limit. Returns why it stopped.
    func run() -> String {
        if announceFirstFrame, config.uiScale == .auto {
            printError("elastic: UI scale \(ReplayScript.format(driver.uiScale)) (auto, for a \(frontEnd.windowSize.width)×\(frontEnd.windowSize.height) window)")
        }
        var reason = "done"
        while true {
            if let limit = config.frameLimit, frame >= limit { reason = "reached \(limit) frames"; break }
            if let limit = config.timeLimit, lastDisplayTime >= limit { reason = "reached \(ReplayScript.format(limit)) s"; break }
            if let signal = SignalTrap.signalName { reason = "stopped by \(signal)"; break }
            if quitRequested { reason = "quit"; break }
            runFrame()
        }
        finish()
        return reason
    }

    func runFrame() {
        beforeFrame?(frame)
        timing.mark(.start)
        platformEvents.removeAll(keepingCapacity: true)
        frontEnd.pollEvents(into: &platformEvents)
        for event in platformEvents { handle(event) }
        if hidden && live {
            // Minimised or hidden: no drawing, no spinning, no simulated catch-up afterwards
            // (a hidden vsync window can block in present: SDL #7114).
            frontEnd.waitForEvent(milliseconds: 100)
            driver.resync(now: time.now() - origin)
            return
        }
        let now = time.now() - origin
        lastDisplayTime = now
        timing.mark(.input)
        let sceneBefore = driver.sceneIndex
        let steps = driver.advance(to: now)
        if driver.sceneIndex != sceneBefore { frontEnd.invalidate() }
        for key in driver.appKeys {
            if key == .escape { quitRequested = true } else if key == .f1 { hud.visible.toggle() }
            else if let (message, refused) = tuning.handle(key, scene: driver.scene) {
                if refused { printError("elastic: \(message)") } else { report(message) }
                overlays.report(message, at: now)
            }
        }
        overlays.update(now: now)
        timing.mark(.update)

        // Idle (live only): nothing moves or fades, nothing was input, the last frame already shows it:
        // skip drawing and sleep until an event, the replay's next event or 50 ms, so an idle scene
        // costs ~nothing (and a spinning loop does not starve the window system of the CPU).
        let idle = driver.scene.isIdle && platformEvents.isEmpty && !driver.hasPendingInput && !hud.visible
            && !(config.showHint && overlays.changes(at: now))
        if live, idle, lastFrameWasIdle {
            // Not a frame: recording pauses too, so the wait does not read as a stutter.
            if !sleepingIdle { sleepingIdle = true; outputs.stats?.pause(reason: "idle (nothing moves; not redrawing)") }
            let untilReplay = driver.nextReplayTime.map { max(0, $0 - now) * 1000 } ?? 50
            frontEnd.waitForEvent(milliseconds: Int32(min(50, untilReplay.rounded(.up))))
            return
        }
        if sleepingIdle { sleepingIdle = false; outputs.stats?.resume() }
        lastFrameWasIdle = idle

        driver.draw(outputScale: frontEnd.pixelScale)
        if config.showHint {
            overlays.draw(into: &driver.drawList, tessellator: &driver.tessellator, scene: driver.scene, size: driver.sceneSize, now: now)
        }
        timing.mark(.tessellate)
        hud.draw(into: &driver.drawList, tessellator: &driver.tessellator, scene: driver.scene,
                 triangles: driver.drawList.triangleCount, now: now, tuning: tuning)
        timing.mark(.hud)
        frontEnd.draw(driver.drawList, scale: drawScale)
        timing.mark(.submit)
        takeScreenshots(at: now)
        timing.mark(.screenshot)
        frontEnd.present()
        timing.mark(.present)
        if frame == 0, announceFirstFrame, let startup = ProcessClock.secondsSinceStart() {
            printError("elastic: first frame on screen \(Int((startup * 1000).rounded())) ms after the process started")
        }

        hud.record(frameMs: timing.frameMs)
        let record = timing.record(frame: frame, steps: steps, list: driver.drawList, drawnPixels: frontEnd.drawnPixels,
                                   scene: type(of: driver.scene).name)
        outputs.stats?.record(record)
        outputs.trace?.record(frame: frame, time: driver.renderedTime, world: driver.scene.world, alpha: driver.alpha)
        outputs.drawTrace?.record(frame: frame, time: driver.renderedTime, list: driver.drawList, log: &driver.tessellator.shapeLog, scale: drawScale)
        driver.drainReports { line in
            report(line)
            overlays.report(line, at: now)
        }
        frame += 1
    }

    /// Scene points to output pixels: the HiDPI factor times the UI scale.
    private var drawScale: Double { frontEnd.pixelScale * driver.uiScale }

    private func handle(_ event: PlatformEvent) {
        switch event {
        case .quit:
            quitRequested = true
        case .resized:
            let (w, h) = frontEnd.windowSize
            let scale = config.uiScale.resolve(width: w, height: h)
            driver.setUIScale(scale, window: Size(Double(w), Double(h)))
            overlays.setUIScale(driver.uiScale)
        case .hidden:
            if !hidden, live { outputs.stats?.pause(reason: "window hidden or minimised") }
            hidden = true
        case .shown:
            if hidden {
                hidden = false
                driver.resync(now: time.now() - origin)
                outputs.stats?.resume()
            }
        case .focusLost:
            break
        case let .input(input):
            driver.input(input)
        }
    }

    private func takeScreenshots(at now: Double) {
        guard let path = config.screenshotPath else { return }
        while let t = screenshotQueue.first, now + 1e-9 >= t {
            screenshotQueue.removeFirst()
            save(to: GameLoop.screenshotPath(path, time: t))
        }
    }

    private func save(to path: String) {
        do {
            try frontEnd.saveScreenshot(to: path)
            printError("screenshot: \(path)")
        } catch {
            outputFailures.append("\(error)")
        }
    }

    /// `shot.png` at 1.25 s → `shot-1.25s.png`.
    static func screenshotPath(_ path: String, time: Double) -> String {
        let url = URL(fileURLWithPath: path)
        let ext = url.pathExtension.isEmpty ? "png" : url.pathExtension
        let stem = url.deletingPathExtension().path
        return "\(stem)-\(ReplayScript.format(time))s.\(ext)"
    }

    private func finish() {
        // The last frame's picture: redraw its draw list (the screen was already presented).
        if let path = config.screenshotPath, config.screenshotTimes.isEmpty, frame > 0 {
            frontEnd.draw(driver.drawList, scale: drawScale)
            save(to: path)
        }
        for t in screenshotQueue {
            outputFailures.append("no screenshot at \(ReplayScript.format(t)) s: the run ended at \(ReplayScript.format(lastDisplayTime)) s")
        }
        if let stats = outputs.stats {
            let summary = stats.finish()
            if let summary { printError(summary.table()) }
            if let error = stats.summaryError { printError("elastic: stats: \(error)") }
            if let error = stats.writeError { printError("elastic: stats: \(error) (\(stats.lostRows) rows lost)") }
            printError("stats: \(stats.path), " + (stats.writesSummaryFile ? "summary: \(stats.summaryPath)" : "no summary file (not a regular file)"))
        }
        outputs.trace?.close()
        if let error = outputs.trace?.writeError { printError("elastic: \(error)") }
        outputs.inputRecorder?.close()
        if let error = outputs.inputRecorder?.errorReport { printError("elastic: \(error)") }
    }
}
