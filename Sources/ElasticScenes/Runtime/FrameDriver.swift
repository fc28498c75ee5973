import ElasticCore

/// The frame path, with no window: a scene, the fixed-step clock, the queue of timed input, the
/// one interpolation rule and a tessellator + draw list configured once.
///
/// Every runner drives it: the app's game loop (under SDL or the null front end), `elastic soak`,
/// the benchmarks and the scene tests. Per frame: `advance(to:)` applies each queued event at the
/// first fixed step starting at or after its time and takes the steps; `draw(outputScale:)`
/// tessellates the state `alpha` of the way between the last two steps.
///
/// Input arrives in window coordinates and reaches scenes in points (divided by `uiScale`).
public final class FrameDriver {
    public private(set) var scene: any Scene
    public private(set) var sceneIndex: Int
    public private(set) var clock: FixedStepClock
    /// The frame's drawing; runners add overlays to it after `draw`.
    public var drawList = DrawList()
    public var tessellator: Tessellator
    /// How far flattened curves may stray from the true ones, in output pixels: the tessellator's
    /// tolerance (in points) follows the pixel scale, so a larger scale flattens finer.
    public var tolerancePixels: Double
    /// The default `tolerancePixels`: fine enough that the chords' straddle of the curve (up to
    /// 2/3 of it at a chord's ends) keeps every edge pixel within the coverage targets.
    public static let defaultTolerancePixels = 0.1
    /// Scene points per window coordinate is 1 / uiScale.
    public private(set) var uiScale: Double
    /// The scene's size in points (never below 1×1, whatever the window does).
    public private(set) var sceneSize = Size(1, 1)
    /// Fixed steps taken by the last `advance`.
    public private(set) var steps = 0
    /// The interpolation factor of the last `draw`.
    public private(set) var alpha = 1.0
    /// Keys the driver does not own (Esc, F1, the tuning keys), seen during the last `advance`, for the runner.
    public private(set) var appKeys: [Key] = []
    /// Called with every event as it is queued, with the time it is queued at (in window
    /// coordinates): replaying these gives the same steps the same input (`--record-input`).
    public var onQueued: ((TimedInput) -> Void)?
    /// Text width as the front end draws it, in window coordinates for a size in window
    /// coordinates (nil: nothing can measure). Scenes that lay out around labels get it in points.
    public var measureText: ((_ text: String, _ size: Double) -> Double?)? {
        didSet { connectMeasure() }
    }
    /// Called with each scene made by a switch (keys 1–5, Tab) before it takes a step, so the
    /// runner can set it up (its tuned spring).
    public var onSceneMade: ((any Scene) -> Void)?

    // Internal, not private: FrameDriver+Script (the tour) replaces and stops the script.
    var replay: [TimedInput]
    var replayHead = 0
    /// The rest of a script too long to read before the run, read as its events come due.
    var replayRest: ReplayStream?
    /// Pointers that events already dropped from `replay` left down (the tour's `stopScript`).
    var scriptDown: [PointerID] = []
    /// A bad line reached in the replay's rest: the replay stops there, and the run should too.
    public private(set) var replayError: ReplayError?
    var pending: [TimedInput] = []
    var pendingHead = 0
    private var reports: [String] = []

    /// `tolerance` is in output pixels. `replay` is a script of timed events (window coordinates), queued as display time reaches them.
    public init(scene name: String, windowSize: Size, uiScale: Double = 1, stepRate: Double = 240,
                tolerance: Double = FrameDriver.defaultTolerancePixels, antialias: Bool = true, replay: [TimedInput] = [],
                replayRest: ReplayStream? = nil) throws {
        guard let index = SceneCatalog.all.firstIndex(where: { $0.name == name }) else {
            throw SceneError.unknownScene(name)
        }
        sceneIndex = index
        self.uiScale = uiScale.isFinite && uiScale > 0 ? uiScale : 1
        self.replay = replay
        self.replayRest = replayRest
        clock = FixedStepClock(stepRate: stepRate)
        tolerancePixels = tolerance
        tessellator = Tessellator(tolerance: tolerance, antialias: antialias)
        tessellator.rectangleCores = true
        scene = SceneCatalog.all[index].make(Size(1, 1))
        connectMeasure()
        sceneSize = FrameDriver.points(windowSize, uiScale: self.uiScale)
        scene.resize(to: sceneSize)
        readReplay(through: -.infinity)
    }

    private static func points(_ window: Size, uiScale: Double) -> Size {
        let w = window.width.isFinite ? window.width : 1, h = window.height.isFinite ? window.height : 1
        return Size(max(w / uiScale, 1), max(h / uiScale, 1))
    }

    /// The window changed size (window coordinates).
    public func resize(window: Size) {
        sceneSize = FrameDriver.points(window, uiScale: uiScale)
        scene.resize(to: sceneSize)
    }

    /// A new UI scale (the window changed size under `--scale auto`): the scene is laid out again
    /// for the window in points. Input still queued is scaled as it is applied, with the new scale.
    public func setUIScale(_ scale: Double, window: Size) {
        uiScale = scale.isFinite && scale > 0 ? scale : 1
        resize(window: window)
    }

    /// Live input: applied at the next fixed step.
    public func input(_ event: InputEvent) {
        enqueue(event, at: FrameDriver.nanoseconds(clock.time))
    }

    /// Takes the fixed steps up to display time `now`, applying each queued event at the first
    /// step starting at or after its time, then queues the replay's events that are due.
    ///
    /// Replay times are read on the simulation's clock (the display time less what stalls and a
    /// late first frame cost it), so a live replay keeps its timing through a stall; headless the
    /// two clocks agree. An event queued at the end of a frame applies at the next frame's first step.
    @discardableResult
    public func advance(to now: Double) -> Int {
        appKeys.removeAll(keepingCapacity: true)
        steps = clock.tick(now: now)
        let firstStep = clock.steps - steps
        // Held, not read from the property at every step (a retain each); again after a switch.
        var scene = self.scene, index = sceneIndex
        for k in 0..<steps {
            applyPending(upTo: Double(firstStep + k) * clock.dt)
            if sceneIndex != index { scene = self.scene; index = sceneIndex }
            scene.step(dt: clock.dt)
        }
        if pendingHead == pending.count, pendingHead > 0 { pending.removeAll(keepingCapacity: true); pendingHead = 0 }
        let simulated = FrameDriver.nanoseconds(clock.time + clock.accumulator)
        readReplay(through: simulated)
        while replayHead < replay.count, replay[replayHead].time <= simulated + 1e-9 {
            enqueue(replay[replayHead].event, at: simulated)
            replayHead += 1
        }
        return steps
    }

    /// Reads the replay's rest until an event due after `time` is read (one ahead, so the next
    /// event's time is known), dropping the events already queued.
    private func readReplay(through time: Double) {
        while replayRest != nil, replayHead == replay.count || replay[replay.count - 1].time <= time + 1e-9 {
            if replayHead == replay.count, replayHead > 0 { dropQueuedReplay() }
            do {
                if let event = try replayRest!.next() { replay.append(event) } else { replayRest = nil }
            } catch {
                replayError = error as? ReplayError ?? ReplayError(line: replayRest?.lineNumber ?? 0, reason: "\(error)")
                replayRest = nil
            }
        }
    }

    /// Forgets the replay's queued events, keeping which pointers they left down.
    private func dropQueuedReplay() {
        scriptDown = FrameDriver.pointersDown(after: replay[..<replayHead], from: scriptDown)
        replay.removeAll(keepingCapacity: true)
        replayHead = 0
    }

    /// The pointers down after `events`, starting from `down`, in the order they went down.
    static func pointersDown(after events: ArraySlice<TimedInput>, from down: [PointerID]) -> [PointerID] {
        var down = down
        for queued in events {
            switch queued.event {
            case let .pointerDown(id, _): if !down.contains(id) { down.append(id) }
            case let .pointerUp(id, _), let .pointerCancel(id): down.removeAll { $0 == id }
            default: break
            }
        }
        return down
    }

    /// Tessellates the scene into `drawList` (cleared first) for the front end that draws it:
    /// `outputScale` is output pixels per window coordinate (the HiDPI factor), `exactCoverage`
    /// whether the front end draws this frame with exact coverage (`FrontEnd.rendersExactCoverage`),
    /// so fills may be signed fans. Both are the frame's target, handed in here and nowhere else,
    /// since a front end can lose exact coverage between frames (a lost surface).
    public func draw(outputScale: Double = 1, exactCoverage: Bool = false) {
        alpha = steps == 0 && clock.steps == 0 ? 1 : clock.alpha
        drawList.removeAll()
        tessellator.signedFans = exactCoverage
        tessellator.pixelScale = outputScale * uiScale
        let pixelScale = tessellator.pixelScale.isFinite && tessellator.pixelScale > 0 ? tessellator.pixelScale : 1
        tessellator.tolerance = tolerancePixels / pixelScale
        scene.draw(into: &drawList, tessellator: &tessellator, alpha: alpha)
    }

    /// `advance(to:)` then `draw(outputScale:)`: one whole frame.
    @discardableResult
    public func frame(now: Double, outputScale: Double = 1) -> Int {
        let n = advance(to: now)
        draw(outputScale: outputScale)
        return n
    }

    /// Restarts frame timing at `now` without stepping (after a hidden window is shown again).
    public func resync(now: Double) { clock.resync(now: now) }

    /// Input queued but not yet applied, or replay events not yet due.
    public var hasPendingInput: Bool { pendingHead < pending.count }
    public var replayFinished: Bool { replayHead == replay.count && replayRest == nil }
    /// When the replay's next event is due, if it has one left.
    public var nextReplayTime: Double? { replayHead < replay.count ? replay[replayHead].time : nil }

    /// The simulated time the drawn state corresponds to (0 before the first step), rounded to the
    /// nanosecond so float noise (0.81250000000001) does not leak into traces.
    public var renderedTime: Double {
        guard clock.steps > 0 else { return 0 }
        let t = max(0, Double(clock.steps - 1) * clock.dt + clock.alpha * clock.dt)
        return (t * 1e9).rounded() / 1e9
    }

    /// Hands `body` what the scenes and the driver want the user told since the last call, oldest
    /// first. Allocates nothing when there is nothing to tell (every frame but a few).
    public func drainReports(_ body: (String) -> Void) {
        if !reports.isEmpty {
            for line in reports { body(line) }
            reports.removeAll(keepingCapacity: true)
        }
        guard !scene.reports.isEmpty else { return }
        for line in scene.reports { body(line) }
        scene.reports.removeAll(keepingCapacity: true)
    }

    /// Replaces the scene (keys 1–5 and Tab); its springs start at rest.
    public func switchScene(to index: Int) {
        guard index != sceneIndex, SceneCatalog.all.indices.contains(index) else { return }
        reports.append(contentsOf: scene.reports)
        sceneIndex = index
        scene = SceneCatalog.all[index].make(sceneSize)
        connectMeasure()
        onSceneMade?(scene)
        reports.append("scene: \(SceneCatalog.all[index].name)")
    }

    /// Queue times are rounded to the nanosecond, so float noise (0.10000000000000002) stays out
    /// of recordings; an event still applies at the step it would have (within 1e-9 s of its start).
    static func nanoseconds(_ t: Double) -> Double { (t * 1e9).rounded() / 1e9 }

    private func connectMeasure() {
        guard let measuring = scene as? any TextMeasuringScene else { return }
        measuring.textWidth = measureText == nil ? nil : { [weak self] text, size in
            guard let self, let measure = self.measureText else { return nil }
            return measure(text, size * self.uiScale).map { $0 / self.uiScale }
        }
    }

    func enqueue(_ event: InputEvent, at time: Double) {
        let queued = TimedInput(time: time, event: event)
        pending.append(queued)
        onQueued?(queued)
    }

    private func applyPending(upTo stepTime: Double) {
        while pendingHead < pending.count, pending[pendingHead].time <= stepTime + 1e-9 {
            let event = pending[pendingHead].event
            pendingHead += 1
            if case let .key(key) = event {
                let action = KeyTable.action(for: key)
                switch action {
                case let .switchScene(index): switchScene(to: index); continue
                case .nextScene: switchScene(to: (sceneIndex + 1) % SceneCatalog.all.count); continue
                case _ where action.isApp: appKeys.append(key); continue
                default: break
                }
            }
            scene.handle(uiScale == 1 ? event : event.scaled(by: 1 / uiScale))
        }
    }
}

/// Why a driver could not be made.
public enum SceneError: Error, Equatable, CustomStringConvertible {
    case unknownScene(String)

    public var description: String {
        switch self {
        case let .unknownScene(name):
            "unknown scene '\(name)'; choose one of: \(SceneCatalog.names.joined(separator: ", "))"
        }
    }
}
