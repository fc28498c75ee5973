import ElasticCore
import ElasticScenes

/// What a frame's add-ons are told: the display time, the driver (its scene, draw list and
/// tessellator) and the front end. Made for one call of the loop, which holds the driver and the
/// front end throughout, so the moment holds them without retaining them (no reference counting
/// per add-on per frame).
struct FrameMoment {
    let now: Double
    unowned(unsafe) let driver: FrameDriver
    unowned(unsafe) let frontEnd: any FrontEnd
    /// Where a line for the person goes (standard output).
    let report: (String) -> Void
}

/// Something the loop runs each frame besides the scene (the overlays, the tour, the HUD), called
/// in the loop's order like a game's update and draw. Every step defaults to nothing.
protocol FrameAddOn: AnyObject {
    /// This frame's polled input before the driver sees it; `now` is the last frame's time.
    func polled(_ events: [PlatformEvent], driver: FrameDriver, now: Double)
    /// The scene has advanced to `frame.now`.
    func update(_ frame: FrameMoment)
    /// Whether drawing at `now` would change the last frame (the live loop then redraws a resting scene).
    func changes(at now: Double) -> Bool
    /// Draws over the scene into the driver's draw list.
    func draw(_ frame: FrameMoment)
    /// The stats column its drawing is counted in.
    var drawCost: FrameTiming.Mark { get }
    /// The frame was presented after `frameMs` (present to present); `latencyMs`: its input's latency.
    func presented(frameMs: Double, latencyMs: Double?)
}

extension FrameAddOn {
    func polled(_ events: [PlatformEvent], driver: FrameDriver, now: Double) {}
    func update(_ frame: FrameMoment) {}
    func changes(at now: Double) -> Bool { false }
    var drawCost: FrameTiming.Mark { .tessellate }
    func presented(frameMs: Double, latencyMs: Double?) {}
}

extension Overlays: FrameAddOn {
    func update(_ frame: FrameMoment) { update(now: frame.now) }

    func draw(_ frame: FrameMoment) {
        let driver = frame.driver
        draw(into: &driver.drawList, tessellator: &driver.tessellator, scene: driver.scene, size: driver.sceneSize, now: frame.now)
    }
}

extension Tour: FrameAddOn {
    /// A person takes over.
    func polled(_ events: [PlatformEvent], driver: FrameDriver, now: Double) { noteInput(events, driver: driver, now: now) }

    func update(_ frame: FrameMoment) {
        let window = Size(Double(frame.frontEnd.windowSize.width), Double(frame.frontEnd.windowSize.height))
        if let caption = update(driver: frame.driver, window: window, now: frame.now) { frame.report(caption) }
    }

    func draw(_ frame: FrameMoment) {
        let driver = frame.driver
        draw(into: &driver.drawList, tessellator: &driver.tessellator, scene: driver.scene, size: driver.sceneSize,
             measure: TextMeasure(frontEnd: frame.frontEnd, uiScale: driver.uiScale), hint: overlays?.hintPill)
    }
}

extension Hud: FrameAddOn {
    func changes(at now: Double) -> Bool { visible }

    func draw(_ frame: FrameMoment) {
        let driver = frame.driver
        draw(into: &driver.drawList, tessellator: &driver.tessellator, scene: driver.scene,
             triangles: driver.drawList.triangleCount, now: frame.now, tuning: tuning)
    }

    var drawCost: FrameTiming.Mark { .hud }

    func presented(frameMs: Double, latencyMs: Double?) { record(frameMs: frameMs, latencyMs: latencyMs) }
}
