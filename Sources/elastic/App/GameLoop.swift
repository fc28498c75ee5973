import ElasticCore
import ElasticScenes
import ElasticStats
import Foundation

/// The game loop: poll → `driver.advance` (fixed steps) → `driver.draw` + add-ons → submit →
/// present, on any `FrontEnd` (SDL's window, or the null front end of soaks and tests).
///
/// Live, time comes from the monotonic clock; headless, from a simulated display that refreshes
/// exactly `fps` times per simulated second, so a replay gives the same output bit for bit.
final class GameLoop {
    let driver: FrameDriver
    let config: RunConfiguration
    let frontEnd: any FrontEnd
    var time: any TimeSource
    /// Live time is measured from here; simulated time starts at 0 by itself.
    let origin: Double
    let live: Bool
    private let hud: Hud
    private let tuning: SpringTuning
    let overlays: Overlays
    /// What the loop runs each frame besides the scene, in order: drawn over it bottom to top.
    /// Fixed for the run, so a frame's calls borrow them instead of retaining each.
    let addOns: [any FrameAddOn]
    private var timing = FrameTiming()
    let outputs: RunOutputs
    var platformEvents: [PlatformEvent] = []
    /// Who paces the frames (live: vsync or the loop's own timer; headless: nothing).
    let pacing: PacingControl
    let inputTimes: (any InputTimestamps)?
    var latency = InputLatency()
    /// The stamp given to live input while it is queued (the oldest of this frame's poll).
    var liveInputStampNs: UInt64?
    /// The last presented frame's input-to-present latency (nil: it applied no input).
    private(set) var lastInputLatencyNs: UInt64?
    var screenshotQueue: [Double]
    var hidden = false
    var quitRequested = false
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
    /// Whether the person's pointer and keys reach the scene (`elastic bench`: only its quit keys
    /// count, so every run draws the replay's frames and nothing else).
    var takesLiveInput = true
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
                                     antialias: config.antialias, replay: config.replay, replayRest: config.replayRest)
        } catch {
            throw ValidationFailure("\(error)")
        }
        driver.measureText = { [frontEnd] text, size in frontEnd.textWidth(text, size: size) }
        driver.tessellator.antialias = config.antialias && !frontEnd.rendersExactCoverage
        outputs.attach(to: driver)
        let tuning = try config.tuning ?? SpringTuning()
        self.tuning = tuning
        tuning.apply(to: driver.scene)
        driver.onSceneMade = { tuning.apply(to: $0) }
        screenshotQueue = config.screenshotTimes.sorted()
        hud = Hud(renderer: frontEnd.rendererName, stepRate: config.stepRate,
                  refreshRate: live ? (self.pacing.targetHz ?? frontEnd.refreshRate ?? 60) : config.fps,
                  pacing: self.pacing.pacing.description)
        hud.visible = config.showHud
        hud.tuning = tuning
        let overlays = Overlays(frontEnd: frontEnd, uiScale: driver.uiScale)
        self.overlays = overlays
        var addOns: [any FrameAddOn] = config.showHint ? [overlays] : []
        if let tour = config.tour {
            tour.overlays = config.showHint ? overlays : nil
            addOns.append(tour)
        }
        addOns.append(hud)
        self.addOns = addOns
        driver.onQueued = { [unowned self, outputs] queued in
            outputs.queued(queued)
            overlays.noteQueued(queued.event)
            // Live input carries its poll's stamp; the replay's events are read as they are queued.
            latency.queued(at: queued.time, stampNs: liveInputStampNs ?? MonotonicTimeSource.nanoseconds())
        }
        let hud = self.hud
        self.pacing.onChange = { [announceFirstFrame, outputs] decided in
            if announceFirstFrame { printError("elastic: pacing: \(decided) (measured over the first presents)") }
            hud.pacing = decided.description
            if let hz = decided.pacedHz { hud.refreshRate = hz }
            outputs.paced(decided)
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
            if driver.replayError != nil { reason = "stopped at a bad replay line"; break }
            runFrame()
        }
        finish()
        return reason
    }

    /// One frame: input, update, draw, present, record.
    func runFrame() {
        beforeFrame?(frame)
        // Headless and unpaced loops have no waiter: this returns at once.
        pacing.waitForFrame()
        // Input is read after the wait, right before the update: what came during the wait is in
        // this frame's present.
        timing.mark(.start)
        pollInput()
        if hidden && live { sleepWhileHidden(); return }
        let now = time.now() - origin
        lastDisplayTime = now
        timing.mark(.input)
        let steps = update(now: now)
        timing.mark(.update)
        if sleepsIdle(now: now) { return }
        draw(now: now)
        submitDrawList()
        timing.mark(.submit)
        takeScreenshots(at: now)
        outputs.drawn(by: frontEnd, at: now)
        timing.mark(.screenshot)
        frontEnd.present()
        timing.mark(.present)
        presented(steps: steps)
        frame += 1
    }

    /// Minimised or hidden: no drawing, no spinning, no simulated catch-up afterwards (a hidden
    /// vsync window can block in present: SDL #7114).
    private func sleepWhileHidden() {
        frontEnd.waitForEvent(milliseconds: 100)
        driver.resync(now: time.now() - origin)
        pacing.gap()
    }

    /// Advances the scene to `now`, then the app's keys and the add-ons; returns the steps taken.
    private func update(now: Double) -> Int {
        let sceneBefore = driver.sceneIndex
        let steps = driver.advance(to: now)
        latency.advanced(lastStepTime: driver.clock.steps > 0 ? Double(driver.clock.steps - 1) * driver.clock.dt : nil,
                         pendingLeft: driver.hasPendingInput)
        if driver.sceneIndex != sceneBefore { frontEnd.invalidate() }
        for key in driver.appKeys { handle(key, now: now) }
        let moment = FrameMoment(now: now, driver: driver, frontEnd: frontEnd, report: report)
        for addOn in addOns { addOn.update(moment) }
        return steps
    }

    private func handle(_ key: Key, now: Double) {
        switch KeyTable.action(for: key) {
        case .quit: quitRequested = true
        case .toggleHud: hud.visible.toggle()
        default:
            guard let (message, refused) = tuning.handle(key, scene: driver.scene) else { return }
            if refused { printError("elastic: \(message)") } else { report(message) }
            overlays.report(message, at: now)
        }
    }

    /// Idle (live only): nothing moves or fades, nothing was input, the last frame already shows it:
    /// skip drawing and sleep until an event, the replay's next event or 50 ms, so an idle scene
    /// costs ~nothing (and a spinning loop does not starve the window system of the CPU).
    /// A screenshot that is due is drawn even at rest (it would otherwise never be taken).
    private func sleepsIdle(now: Double) -> Bool {
        let screenshotDue = screenshotQueue.first.map { now + 1e-9 >= $0 } ?? false
        let idle = driver.scene.isIdle && platformEvents.isEmpty && !driver.hasPendingInput
            && !latency.hasUnpresented && !addOns.contains { $0.changes(at: now) } && !screenshotDue
        if live, idle, lastFrameWasIdle {
            // Not a frame: recording pauses too, so the wait does not read as a stutter.
            if !sleepingIdle { sleepingIdle = true; outputs.pause(reason: "idle (nothing moves; not redrawing)") }
            let wake = [driver.nextReplayTime, screenshotQueue.first].compactMap { $0 }.min()
            let untilWake = wake.map { max(0, $0 - now) * 1000 } ?? 50
            frontEnd.waitForEvent(milliseconds: Int32(min(50, untilWake.rounded(.up))))
            pacing.gap()
            return true
        }
        if sleepingIdle { sleepingIdle = false; outputs.resume() }
        lastFrameWasIdle = idle
        return false
    }

    /// The scene, then the add-ons over it, each counted in its stats column.
    private func draw(now: Double) {
        // Asked every frame: signed fans need exact coverage, which a lost surface can end.
        driver.draw(outputScale: frontEnd.pixelScale, exactCoverage: frontEnd.rendersExactCoverage)
        timing.mark(.tessellate)
        let moment = FrameMoment(now: now, driver: driver, frontEnd: frontEnd, report: report)
        for addOn in addOns {
            addOn.draw(moment)
            timing.mark(addOn.drawCost)
        }
    }

    /// The frame is on screen: latency, pacing, the add-ons' and outputs' records, the scene's reports.
    private func presented(steps: Int) {
        if frame == 0, announceFirstFrame, let startup = ProcessClock.secondsSinceStart() {
            printError("elastic: first frame on screen \(Int((startup * 1000).rounded())) ms after the process started")
        }
        lastInputLatencyNs = latency.presented(atNs: timing.presentNs)
        pacing.presented(atNs: timing.presentNs)
        for addOn in addOns { addOn.presented(frameMs: timing.frameMs, latencyMs: lastInputLatencyNs.map { Double($0) / 1e6 }) }
        let record = timing.record(frame: frame, steps: steps, vertices: driver.drawList.vertexCount,
                                   triangles: driver.drawList.triangleCount, damagedPixels: frontEnd.damagedPixels,
                                   scene: type(of: driver.scene).name, inputLatencyNs: lastInputLatencyNs)
        outputs.presented(PresentedFrame(number: frame, driver: driver, record: record, scale: drawScale))
        driver.drainReports { line in
            report(line)
            overlays.report(line, at: lastDisplayTime)
        }
    }

    /// Draws the driver's draw list, handed on out of the driver: a class's property passed by
    /// value is copied, a retain an array.
    func submitDrawList() {
        var list = DrawList()
        swap(&list, &driver.drawList)
        frontEnd.render(list, scale: drawScale)
        swap(&list, &driver.drawList)
    }

    /// Scene points to output pixels: the HiDPI factor times the UI scale.
    var drawScale: Double { frontEnd.pixelScale * driver.uiScale }
}
