import ElasticCore
import ElasticScenes
import ElasticSDL

/// The app's game loop on the null front end, on a simulated clock that the caller moves: what
/// `elastic soak` and the fault tests run. Each frame checks every vertex and entity position is finite.
final class LoopRig {
    /// A display clock moved by hand (a stall is one long frame).
    final class ManualClock: TimeSource {
        var time = 0.0
        func now() -> Double { time }
    }

    let loop: GameLoop
    let frontEnd: NullFrontEnd
    private let clock = ManualClock()
    let fps: Double
    /// Vertices and entity positions found not finite, over the whole run.
    private(set) var nonFinite = 0
    /// What the first non-finite value was (scene, frame, where).
    private(set) var firstNonFinite: String?

    init(scene name: String, size: Size, fps: Double = 60, stepRate: Double = 240) throws {
        self.fps = fps
        frontEnd = NullFrontEnd(width: Int(size.width), height: Int(size.height))
        let config = RunConfiguration(
            sceneName: name, frontEnd: FrontEndOptions(windowSize: (Int(size.width), Int(size.height)), headless: true,
                                                       renderer: .software, vsync: false),
            uiScale: 1, stepRate: stepRate, tolerance: FrameDriver.defaultTolerancePixels, antialias: true, showHint: true,
            fps: fps, frameLimit: nil, replay: [],
            screenshotPath: nil, screenshotTimes: [])
        loop = try GameLoop(config: config, frontEnd: frontEnd, outputs: RunOutputs(), time: clock)
        loop.report = { _ in }
        loop.announceFirstFrame = false
        loop.runFrame()
    }

    var driver: FrameDriver { loop.driver }
    var drawList: DrawList { loop.driver.drawList }
    var scene: any Scene { loop.driver.scene }
    var clockState: FixedStepClock { loop.driver.clock }
    /// Frames run by `runFrame` (the loop's first frame, which starts the clock, is not counted).
    var frame: Int { loop.frame - 1 }

    /// The window changed size (a 0×0 window reaches the loop as it is).
    func resize(to size: Size) {
        frontEnd.send([.resized(width: Int(size.width), height: Int(size.height))])
    }

    /// One display frame, `delta` seconds after the last (1 / fps by default; a stall passes more),
    /// with `inputs` arriving before it as live input does. Returns the fixed steps taken.
    @discardableResult
    func runFrame(_ inputs: [InputEvent] = [], delta: Double? = nil) -> Int {
        frontEnd.send(inputs.map { .input($0) })
        clock.time += delta ?? 1 / fps
        loop.runFrame()
        check()
        return loop.driver.steps
    }

    private func check() {
        for v in driver.drawList.mesh.vertices where !(v.x.isFinite && v.y.isFinite) {
            note("vertex (\(v.x), \(v.y))")
        }
        let w = scene.world
        for i in 0..<w.count where !(w.positionX[i].isFinite && w.positionY[i].isFinite && w.velocityX[i].isFinite && w.velocityY[i].isFinite) {
            note("entity \(w.name[i]) at (\(w.positionX[i]), \(w.positionY[i]))")
        }
    }

    private func note(_ what: String) {
        nonFinite += 1
        if firstNonFinite == nil { firstNonFinite = "\(type(of: scene).name) frame \(frame): \(what)" }
    }
}
