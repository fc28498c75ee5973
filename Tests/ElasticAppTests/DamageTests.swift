import CSDL2
import ElasticCore
import ElasticScenes
import Foundation
import Testing
@testable import ElasticSDL
@testable import elastic

// In the window-fault suite because SDL is process-global: one front end at a time (serialized).
extension WindowFaultTests {
    /// Partial redraws through the real SDL front end (headless: SDL's dummy driver, software
    /// renderer) and the real game loop: every scene's replay is played twice, redrawing whole
    /// frames and redrawing only the damage, and the window surface (what is uploaded to the
    /// screen) must be the same after every frame.
    struct DamageRun {
        var hashes: [Int] = []
        var drawn: [Int] = []
    }

    static func surfaceHash(_ front: SDLFrontEnd) -> Int {
        guard let surface = SDL_GetWindowSurface(front.window), let pixels = surface.pointee.pixels else { return 0 }
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(start: pixels, count: Int(surface.pointee.pitch) * Int(surface.pointee.h)))
        return hasher.finalize()
    }

    static func playRedrawing(scene: String, replay: String, partial: Bool, seconds: Double) throws -> DamageRun {
        let events = try ReplayScript.parse(contentsOf: ElasticBinary.root.appendingPathComponent("assets/replays/\(replay).jsonl").path)
        return try playRedrawing(scene: scene, events: events, partial: partial, seconds: seconds)
    }

    /// Plays `events`; `eachFrame` sees the window surface's pixels after each frame is drawn.
    static func playRedrawing(scene: String, events: [TimedInput], partial: Bool, seconds: Double, showHint: Bool = true,
                              eachFrame: ((UnsafeRawBufferPointer, Int) -> Void)? = nil) throws -> DamageRun {
        let front = try SDLFrontEnd(FrontEndOptions(windowSize: (1280, 720), headless: true, renderer: .software, vsync: false))
        front.partialUpdates = partial
        let config = RunConfiguration(
            sceneName: scene, frontEnd: FrontEndOptions(windowSize: (1280, 720), headless: true, renderer: .software, vsync: false),
            uiScale: 1, stepRate: 240, tolerance: 0.25, antialias: true, showHint: showHint, fps: 60,
            frameLimit: Int(seconds * 60) + 1, replay: events, screenshotPath: nil, screenshotTimes: [])
        let loop = try GameLoop(config: config, frontEnd: front, outputs: RunOutputs())
        loop.report = { _ in }
        loop.announceFirstFrame = false
        var run = DamageRun()
        func record() {
            run.hashes.append(surfaceHash(front))
            run.drawn.append(front.damagedPixels)
            if let eachFrame, let surface = SDL_GetWindowSurface(front.window), let pixels = surface.pointee.pixels {
                eachFrame(UnsafeRawBufferPointer(start: pixels, count: Int(surface.pointee.pitch) * Int(surface.pointee.h)), front.damagedPixels)
            }
        }
        loop.beforeFrame = { frame in
            guard frame > 0 else { return }
            record()
        }
        _ = loop.run()
        record()
        return run
    }

    static let damageReplays: [(String, String)] = [
        ("wave-pull", "wave-pull-regrab"), ("gooey-menu", "gooey-menu-open-close"), ("jelly-block", "jelly-block-fling"),
        ("sticky-refresh", "sticky-refresh-fail"), ("wave-balls", "wave-balls-pull"),
    ]

    @Test("damage: every frame of every scene's replay redrawn partly is identical to whole; idle frames redraw nothing",
          arguments: damageReplays)
    func partialRedrawsMatchWholeOnes(scene: String, replay: String) throws {
        let whole = try WindowFaultTests.playRedrawing(scene: scene, replay: replay, partial: false, seconds: 7)
        let partial = try WindowFaultTests.playRedrawing(scene: scene, replay: replay, partial: true, seconds: 7)
        #expect(whole.hashes.count == partial.hashes.count && whole.hashes.count > 400)
        let first = zip(whole.hashes, partial.hashes).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(first == nil, "\(scene): frame \(first ?? -1) differs")
        let full = 1280 * 720
        #expect(whole.drawn.allSatisfy { $0 == full })
        #expect(partial.drawn.first == full, "the first frame is whole")
        #expect(partial.drawn.contains { $0 > 0 && $0 < full }, "\(scene): some frames are partly redrawn")
        // By 7 s the replay has ended, the scene has settled and the hint has faded: nothing changes.
        #expect(partial.drawn.suffix(10).allSatisfy { $0 == 0 }, "\(scene): \(partial.drawn.suffix(10))")
    }
}
