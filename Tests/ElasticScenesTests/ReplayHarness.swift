import ElasticCore
import ElasticScenes
import Foundation

/// A replay from assets/replays, parsed by `ReplayScript` and played through the product's
/// `FrameDriver` on a display refreshing at the step rate (240 Hz), so one frame is one fixed step
/// and a check can run after every step. An event at time t is applied at the first step starting
/// at or after t, as in the app.
final class ReplayHarness {
    static let rate = 240.0
    let driver: FrameDriver
    private var frame = 0

    init(scene: String, replay: String? = nil, size: Size = Size(1280, 720)) throws {
        var events: [TimedInput] = []
        if let replay {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../assets/replays/\(replay).jsonl")
            events = try ReplayScript.parse(contentsOf: url.path)
        }
        driver = try FrameDriver(scene: scene, windowSize: size, stepRate: ReplayHarness.rate, replay: events)
        driver.frame(now: 0)
    }

    var scene: any Scene { driver.scene }

    /// Live input, applied at the next step.
    func send(_ event: InputEvent) { driver.input(event) }

    /// Runs frames until the scene's time reaches `until`, calling `check` after each step.
    func run(until: Double, check: (any Scene) -> Void = { _ in }) {
        while driver.scene.time < until - 1e-9 {
            frame += 1
            driver.frame(now: Double(frame) / ReplayHarness.rate)
            check(driver.scene)
        }
    }
}
