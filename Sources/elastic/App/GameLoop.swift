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
    let config: RunConfiguration
    let frontEnd: any FrontEnd
    private var time: any TimeSource
    /// Live time is measured from here; simulated time starts at 0 by itself.
    private let origin: Double
    private let live: Bool
    private let hud: Hud
    private let tuning: SpringTuning
    private let overlays: Overlays
    private var timing = FrameTiming()
    let outputs: RunOutputs
    private var platformEvents: [PlatformEvent] = []
    /// Who paces the frames (live: vsync or the loop's own timer; headless: nothing).
    let pacing: PacingControl
    private let inputTimes: (any InputTimestamps)?
    private var latency = InputLatency()
    /// The stamp given to live input while it is queued (the oldest of this frame's poll).
    private var liveInputStampNs: UInt64?
    /// The last presented frame's input-to-present latency (nil: it applied no input).
    private(set) var lastInputLatencyNs: UInt64?
    var screenshotQueue: [Double]
    private var hidden = false
    private var quitRequested = false
    private var lastFrameWasIdle = false
    private var sleepingIdle = false
    var lastDisplayTime = 0.0
    private(set) var frame = 0
    /// Outputs that were asked for and did not happen (a screenshot not written or never reached):
    /// `play` reports them and exits non-zero.
    var outputFailures: [String] = []
    /// Where scene reports go (standard output; the soak discards them).
    var report: (String) -> Void = { print($0) }
    /// Whether to say how long the first frame took to reach the screen (not in soaks).
    var announceFirstFrame = true
    /// Test aid: called at the start of every frame with its number, before input is polled.
    var beforeFrame: ((Int) -> Void)?

    /// `time` overrides the clock (tests and the soak pass their own simulated one). `pacing`
    /// nil: not paced (headless runs, the soak, tests).
    init(config: RunConfiguration, frontEnd: any FrontEnd, outputs: RunOutputs, time: (any TimeSource)? = nil,
         pacing: PacingControl? = nil) throws {
        self.config = config
        self.frontEnd = frontEnd
        self.outputs = outputs
        inputTimes = frontEnd as? any InputTimestamps
        live = !config.frontEnd.headless && time == nil
        self.pacing = pacing ?? .unpaced(live ? "no pacer" : "headless: simulated display at \(Pacing.hz(config.fps)) Hz")
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
                  refreshRate: live ? (self.pacing.targetHz ?? frontEnd.refreshRate ?? 60) : config.fps,
                  pacing: self.pacing.pacing.description)
        hud.visible = config.showHud
        let overlays = Overlays(frontEnd: frontEnd, uiScale: driver.uiScale)
        self.overlays = overlays
        let recorder = outputs.inputRecorder
        driver.onQueued = { [unowned self] queued in
            recorder?.write(ReplayScript.line(for: queued) + "\n")
            overlays.noteQueued(queued.event)
            // Live input carries its poll's stamp; the replay's events are read as they are queued.
            latency.queued(at: queued.time, stampNs: liveInputStampNs ?? MonotonicTimeSource.nanoseconds())
        }
        let hud = self.hud, stats = outputs.stats
        self.pacing.onChange = { [announceFirstFrame] decided in
            if announceFirstFrame { printError("elastic: pacing: \(decided) (measured over the first presents)") }
            hud.pacing = decided.description
            stats?.note("pacing", decided.description)
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
        if live { pacing.waitForFrame() }
        // Input is read after the wait, right before the update: what came during the wait is in
        // this frame's present.
        timing.mark(.start)
        pollInput()
        if hidden && live {
            // Minimised or hidden: no drawing, no spinning, no simulated catch-up afterwards
            // (a hidden vsync window can block in present: SDL #7114).
            frontEnd.waitForEvent(milliseconds: 100)
            driver.resync(now: time.now() - origin)
            pacing.gap()
            return
        }
        let now = time.now() - origin
        lastDisplayTime = now
        timing.mark(.input)
        let sceneBefore = driver.sceneIndex
        let steps = driver.advance(to: now)
        latency.advanced(lastStepTime: driver.clock.steps > 0 ? Double(driver.clock.steps - 1) * driver.clock.dt : nil,
                         pendingLeft: driver.hasPendingInput)
        if let caption = config.tour?.update(driver: driver, window: windowPoints, now: now) { report(caption) }  // tour
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
        // A screenshot that is due is drawn even at rest (it would otherwise never be taken).
        let screenshotDue = screenshotQueue.first.map { now + 1e-9 >= $0 } ?? false
        let idle = driver.scene.isIdle && platformEvents.isEmpty && !driver.hasPendingInput && !hud.visible
            && !latency.hasUnpresented && !(config.showHint && overlays.changes(at: now)) && !screenshotDue
        if live, idle, lastFrameWasIdle {
            // Not a frame: recording pauses too, so the wait does not read as a stutter.
            if !sleepingIdle { sleepingIdle = true; outputs.stats?.pause(reason: "idle (nothing moves; not redrawing)") }
            let wake = [driver.nextReplayTime, screenshotQueue.first].compactMap { $0 }.min()
            let untilWake = wake.map { max(0, $0 - now) * 1000 } ?? 50
            frontEnd.waitForEvent(milliseconds: Int32(min(50, untilWake.rounded(.up))))
            pacing.gap()
            return
        }
        if sleepingIdle { sleepingIdle = false; outputs.stats?.resume() }
        lastFrameWasIdle = idle

        // Asked every frame: signed fans need exact coverage, which a lost surface can end.
        driver.tessellator.signedFans = frontEnd.drawsExactCoverage
        driver.draw(outputScale: frontEnd.pixelScale)
        if config.showHint {
            overlays.draw(into: &driver.drawList, tessellator: &driver.tessellator, scene: driver.scene, size: driver.sceneSize, now: now)
        }
        config.tour?.draw(into: &driver.drawList, tessellator: &driver.tessellator, scene: driver.scene, size: driver.sceneSize,
                          measure: TextMeasure(frontEnd: frontEnd, uiScale: driver.uiScale), hint: config.showHint ? overlays.hintPill : nil)  // tour caption
        timing.mark(.tessellate)
        hud.draw(into: &driver.drawList, tessellator: &driver.tessellator, scene: driver.scene,
                 triangles: driver.drawList.triangleCount, now: now, tuning: tuning)
        timing.mark(.hud)
        submitDrawList()
        timing.mark(.submit)
        takeScreenshots(at: now)
        outputs.video?.capture(from: frontEnd, at: now)  // video: before present (a GL back buffer is undefined after)
        timing.mark(.screenshot)
        frontEnd.present()
        timing.mark(.present)
        if frame == 0, announceFirstFrame, let startup = ProcessClock.secondsSinceStart() {
            printError("elastic: first frame on screen \(Int((startup * 1000).rounded())) ms after the process started")
        }

        lastInputLatencyNs = latency.presented(atNs: timing.presentNs)
        pacing.presented(atNs: timing.presentNs)
        hud.record(frameMs: timing.frameMs, latencyMs: lastInputLatencyNs.map { Double($0) / 1e6 })
        let record = timing.record(frame: frame, steps: steps, vertices: driver.drawList.vertexCount,
                                   triangles: driver.drawList.triangleCount, drawnPixels: frontEnd.drawnPixels,
                                   scene: type(of: driver.scene).name, inputLatencyNs: lastInputLatencyNs)
        outputs.stats?.record(record)
        outputs.trace?.record(frame: frame, time: driver.renderedTime, world: driver.scene.world, alpha: driver.alpha)
        outputs.drawTrace?.record(frame: frame, time: driver.renderedTime, list: driver.drawList, log: &driver.tessellator.shapeLog, scale: drawScale)
        driver.drainReports { line in
            report(line)
            overlays.report(line, at: now)
        }
        frame += 1
    }

    /// Draws the driver's draw list, handed on out of the driver: a class's property passed by
    /// value is copied, a retain an array.
    func submitDrawList() {
        var list = DrawList()
        swap(&list, &driver.drawList)
        frontEnd.draw(list, scale: drawScale)
        swap(&list, &driver.drawList)
    }

    /// Polls the front end; live input is stamped with the oldest event's time (the window system's
    /// stamp where the front end has one, else now) as it is queued.
    private func pollInput() {
        platformEvents.removeAll(keepingCapacity: true)
        var oldest: UInt64?
        if let inputTimes { inputTimes.pollEvents(into: &platformEvents, oldestInputNs: &oldest) } else { frontEnd.pollEvents(into: &platformEvents) }
        liveInputStampNs = oldest ?? MonotonicTimeSource.nanoseconds()
        config.tour?.noteInput(platformEvents, driver: driver, now: lastDisplayTime)  // tour: a person takes over
        for event in platformEvents { handle(event) }
        liveInputStampNs = nil
    }

    /// The window in window coordinates (the tour stretches its scripts to it).
    private var windowPoints: Size { Size(Double(frontEnd.windowSize.width), Double(frontEnd.windowSize.height)) }

    /// Scene points to output pixels: the HiDPI factor times the UI scale.
    var drawScale: Double { frontEnd.pixelScale * driver.uiScale }

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
            latency.reset()
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
}
