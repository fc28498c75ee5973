import ElasticCore
import ElasticStats
import ElasticScenes
import ElasticSDL
import Foundation

/// The game loop: poll input → fixed steps of the scene → tessellate → submit → present.
///
/// Live, time comes from the monotonic clock; headless, from a simulated display that refreshes
/// exactly `fps` times per simulated second, so a replay gives the same output bit for bit.
/// Input events are applied at fixed-step boundaries (the first step starting at or after the
/// event's time), so the motion does not depend on the frame rate.
final class GameLoop {
    private let config: RunConfiguration
    private let frontEnd: SDLFrontEnd
    private var scene: any Scene
    private var sceneIndex: Int
    private var clock: FixedStepClock
    private var simulatedDisplay: SimulatedDisplayClock?
    private let monotonic = MonotonicTimeSource()
    private var tessellator: Tessellator
    private var drawList = DrawList()

    private var platformEvents: [PlatformEvent] = []
    /// Input waiting for its step: (simulated time it applies at, event).
    private var pending: [TimedInput] = []
    private var pendingHead = 0
    private var replayHead = 0
    private var hidden = false
    private var quitRequested = false

    private var trace: TraceWriter?
    private let hud: Hud
    private let stats: FrameStatsRecorder?
    private var lastPresentNs: UInt64 = 0
    private let startNs: UInt64
    private var inputRecorder: OutputFile?
    private var screenshotQueue: [Double]
    private(set) var frame = 0
    /// Outputs that were asked for and did not happen (a screenshot not written or never reached):
    /// `play` reports them and exits non-zero.
    private(set) var outputFailures: [String] = []
    private var lastDisplayTime = 0.0
    private var lastFrameWasIdle = false
    private var sleepingIdle = false
    private var hintCache: (scene: String, room: Double, text: String, width: Double)?
    private let startTime: Double
    /// Test aid: called at the start of every frame with its number, before input is polled
    /// (tests inject window-system events there with SDL_PushEvent).
    var beforeFrame: ((Int) -> Void)?

    init(config: RunConfiguration, frontEnd: SDLFrontEnd, outputs: RunOutputs) throws {
        stats = outputs.stats
        trace = outputs.trace
        inputRecorder = outputs.inputRecorder
        self.config = config
        self.frontEnd = frontEnd
        guard let index = SceneCatalog.all.firstIndex(where: { $0.name == config.sceneName }) else {
            throw ValidationFailure("unknown scene \(config.sceneName)")
        }
        sceneIndex = index
        clock = FixedStepClock(stepRate: config.stepRate)
        tessellator = Tessellator(tolerance: config.tolerance, antialias: config.antialias)
        tessellator.rectangleCores = true
        if config.frontEnd.headless { simulatedDisplay = SimulatedDisplayClock(fps: config.fps) }
        screenshotQueue = config.screenshotTimes.sorted()
        scene = SceneCatalog.all[index].make(Size(1, 1))
        hud = Hud(renderer: frontEnd.rendererName, stepRate: config.stepRate,
                  refreshRate: config.frontEnd.headless ? config.fps : (frontEnd.refreshRate ?? 60))
        hud.visible = config.showHud
        startTime = monotonic.now()
        startNs = MonotonicTimeSource.nanoseconds()
        lastPresentNs = startNs
        scene.resize(to: sceneSize)
    }

    /// The scene's size in points: the window in window coordinates over the UI scale.
    private var sceneSize: Size {
        let (w, h) = frontEnd.windowSize
        return Size(max(Double(w) / config.uiScale, 1), max(Double(h) / config.uiScale, 1))
    }

    /// The current display time: simulated in headless runs, monotonic seconds since start live.
    private func displayTime() -> Double {
        if simulatedDisplay != nil { return simulatedDisplay!.now() }
        return monotonic.now() - startTime
    }

    /// Runs until Esc, window close, a signal, or the frame limit. Returns why it stopped.
    func run() -> String {
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

    private func runFrame() {
        // Input.
        beforeFrame?(frame)
        let t0 = MonotonicTimeSource.nanoseconds()
        platformEvents.removeAll(keepingCapacity: true)
        frontEnd.pollEvents(into: &platformEvents)
        for event in platformEvents { handlePlatform(event) }
        if hidden && simulatedDisplay == nil {
            // Minimised or hidden: no drawing, no spinning, no simulated catch-up afterwards
            // (a hidden vsync window can block in present: SDL #7114).
            frontEnd.waitForEvent(milliseconds: 100)
            clock.resync(now: monotonic.now() - startTime)
            return
        }
        let now = displayTime()
        lastDisplayTime = now
        queueReplay(upTo: now)
        let t1 = MonotonicTimeSource.nanoseconds()

        // Fixed steps, applying each input event at the first step boundary at or after its time.
        let steps = clock.tick(now: now)
        let firstStep = clock.steps - steps
        for k in 0..<steps {
            applyPending(upTo: Double(firstStep + k) * clock.dt)
            scene.step(dt: clock.dt)
        }
        if pendingHead == pending.count, pendingHead > 0 { pending.removeAll(keepingCapacity: true); pendingHead = 0 }
        let t2 = MonotonicTimeSource.nanoseconds()

        // Idle (live only): nothing moves, nothing was input, the last frame already shows it:
        // skip drawing and sleep until an event or 50 ms pass, so an idle scene costs ~nothing.
        let idle = scene.isIdle && platformEvents.isEmpty && pendingHead == pending.count && !hud.visible
        if simulatedDisplay == nil, idle, lastFrameWasIdle, replayHead == config.replay.count || config.replay.isEmpty {
            // Not a frame: recording pauses too, so the wait does not read as a stutter.
            if !sleepingIdle { sleepingIdle = true; stats?.pause(reason: "idle (nothing moves; not redrawing)") }
            frontEnd.waitForEvent(milliseconds: 50)
            return
        }
        if sleepingIdle { sleepingIdle = false; stats?.resume() }
        lastFrameWasIdle = idle

        // Tessellate: the state `alpha` of the way between the last two steps.
        let alpha = steps == 0 && clock.steps == 0 ? 1 : clock.alpha
        drawList.removeAll()
        tessellator.pixelScale = frontEnd.pixelScale * config.uiScale
        scene.draw(into: &drawList, tessellator: &tessellator, alpha: alpha)
        if config.showHint { drawHint() }
        let t3 = MonotonicTimeSource.nanoseconds()
        hud.draw(into: &drawList, tessellator: &tessellator, scene: scene, triangles: drawList.triangleCount, now: now)
        let t3h = MonotonicTimeSource.nanoseconds()

        // Submit, screenshot, present.
        frontEnd.draw(drawList, scale: frontEnd.pixelScale * config.uiScale)
        let t4 = MonotonicTimeSource.nanoseconds()
        takeScreenshots(at: now)
        let t5 = MonotonicTimeSource.nanoseconds()
        frontEnd.present()
        let t6 = MonotonicTimeSource.nanoseconds()
        if frame == 0, let startup = ProcessClock.secondsSinceStart() {
            printError("elastic: first frame on screen \(Int((startup * 1000).rounded())) ms after the process started")
        }

        stats?.record(FrameRecord(
            frame: frame, timeNs: t6 - startNs, frameNs: t6 - lastPresentNs,
            inputNs: t1 - t0, updateNs: t2 - t1, steps: steps, tessellateNs: t3 - t2,
            submitNs: t4 - t3h, presentNs: t6 - t5, hudNs: t3h - t3,
            vertices: drawList.vertexCount, triangles: drawList.triangleCount, scene: type(of: scene).name))
        hud.record(frameMs: Double(t6 - lastPresentNs) / 1e6)
        lastPresentNs = t6

        let renderedTime = max(0, Double(clock.steps - 1) * clock.dt + clock.alpha * clock.dt)
        // Rounded to the nanosecond so float noise (0.81250000000001) does not leak into the CSV.
        let traceTime = clock.steps == 0 ? 0 : (renderedTime * 1e9).rounded() / 1e9
        trace?.record(frame: frame, time: traceTime, world: scene.world, alpha: alpha)
        for line in scene.reports { print(line) }
        scene.reports.removeAll()
        frame += 1
    }

    private func handlePlatform(_ event: PlatformEvent) {
        switch event {
        case .quit:
            quitRequested = true
        case .resized:
            scene.resize(to: sceneSize)
        case .hidden:
            if !hidden, simulatedDisplay == nil { stats?.pause(reason: "window hidden or minimised") }
            hidden = true
        case .shown:
            if hidden {
                hidden = false
                clock.resync(now: monotonic.now() - startTime)
                stats?.resume()
            }
        case .focusLost:
            break
        case let .input(input):
            // Live input: applied at the next step; stamped with the display time for --record-input.
            let stamp = clock.time
            var scaled = input
            if config.uiScale != 1 { scaled = GameLoop.scale(input, by: 1 / config.uiScale) }
            pending.append(TimedInput(time: stamp, event: scaled))
            if let recorder = inputRecorder {
                let t = monotonic.now() - startTime
                recorder.write(ReplayScript.line(for: TimedInput(time: (t * 1000).rounded() / 1000, event: input)) + "\n")
            }
        }
    }

    /// Moves replay events that are due by this frame's time into the pending queue.
    private func queueReplay(upTo now: Double) {
        let replay = config.replay
        while replayHead < replay.count, replay[replayHead].time <= now + 1e-9 {
            var event = replay[replayHead].event
            if config.uiScale != 1 { event = GameLoop.scale(event, by: 1 / config.uiScale) }
            pending.append(TimedInput(time: now, event: event))
            replayHead += 1
        }
    }

    private func applyPending(upTo stepTime: Double) {
        while pendingHead < pending.count, pending[pendingHead].time <= stepTime + 1e-9 {
            let event = pending[pendingHead].event
            pendingHead += 1
            if case let .key(key) = event, handleAppKey(key) { continue }
            scene.handle(event)
        }
    }

    /// Keys the app itself owns: Esc quits, 1–5 and Tab switch scenes. Others go to the scene.
    private func handleAppKey(_ key: Key) -> Bool {
        let all = SceneCatalog.all
        switch key {
        case .escape:
            quitRequested = true
        case .one, .two, .three, .four, .five:
            let i = Int(key.rawValue)! - 1
            if i < all.count { switchScene(to: i) }
        case .tab:
            switchScene(to: (sceneIndex + 1) % all.count)
        case .f1:
            hud.visible.toggle()
        default:
            return false
        }
        return true
    }

    private func switchScene(to index: Int) {
        guard index != sceneIndex else { return }
        sceneIndex = index
        scene = SceneCatalog.all[index].make(sceneSize)
        print("scene: \(SceneCatalog.all[index].name)")
    }

    /// The one-line key hint at the bottom left, on a small translucent pill so it stays readable
    /// over lists and the menu. The longest of three variants that fits the window is shown.
    private func drawHint() {
        let size = sceneSize
        guard size.width >= 200, size.height >= 100 else { return }
        let fontSize = 13.0
        let room = size.width - 24 - 12
        let sceneName = type(of: scene).name
        // Built when the scene or the width changes, not per frame (no per-frame strings).
        if hintCache?.scene != sceneName || hintCache?.room != room {
            // DejaVu Sans averages about half an em per character in these strings; the pill allows for it.
            func width(_ text: String) -> Double { 0.5 * fontSize * Double(text.count) }
            let keys = "Space: action   1–5 / Tab: scenes   F1: HUD   Esc: quit"
            let candidates = [scene.title + "   ·   " + keys, scene.title, keys]
            let text = candidates.first { width($0) <= room } ?? keys
            hintCache = (sceneName, room, text, min(width(text), room))
        }
        guard let hint = hintCache else { return }
        let y = size.height - 14, pad = 6.0, height = 20.0
        tessellator.fillRoundedRect(Rect(x: 12 - pad, y: y - height / 2, width: hint.width + 2 * pad, height: height),
                                    radius: height / 2, color: RGBA(255, 255, 255, 225), into: &drawList)
        drawList.addText(TextItem(hint.text, at: Vec2(12, y), size: fontSize, color: RGBA(90, 90, 98, 235), alignment: .leading))
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

    static func scale(_ event: InputEvent, by s: Double) -> InputEvent {
        switch event {
        case let .pointerDown(id, p): return .pointerDown(id, p * s)
        case let .pointerMove(id, p): return .pointerMove(id, p * s)
        case let .pointerUp(id, p): return .pointerUp(id, p * s)
        case let .wheel(d): return .wheel(d * s)
        case .pointerCancel, .key: return event
        }
    }

    private func finish() {
        // The last frame's picture: redraw its draw list (the screen was already presented).
        if let path = config.screenshotPath, config.screenshotTimes.isEmpty, frame > 0 {
            frontEnd.draw(drawList, scale: frontEnd.pixelScale * config.uiScale)
            save(to: path)
        }
        for t in screenshotQueue {
            outputFailures.append("no screenshot at \(ReplayScript.format(t)) s: the run ended at \(ReplayScript.format(lastDisplayTime)) s")
        }
        if let stats {
            let summary = stats.finish()
            if let summary { printError(summary.table()) }
            if let error = stats.summaryError { printError("elastic: stats: \(error)") }
            if let error = stats.writeError { printError("elastic: stats: \(error) (\(stats.lostRows) rows lost)") }
            printError("stats: \(stats.path), summary: \(stats.summaryPath)")
        }
        trace?.close()
        if let error = trace?.writeError { printError("elastic: \(error)") }
        inputRecorder?.close()
        if let error = inputRecorder?.errorReport { printError("elastic: \(error)") }
    }
}
