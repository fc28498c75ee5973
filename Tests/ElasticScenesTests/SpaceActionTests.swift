import ElasticCore
import Testing
@testable import ElasticScenes

/// Space does something visible in every scene, and every scene says what.
@Suite("Space in every scene")
struct SpaceActionTests {
    static func pull(_ scene: any Scene) -> Double {
        let w = scene.world
        for r in 0..<w.count where w.name[r] == "list" { return w.positionY[r] }
        return .nan
    }

    @Test("every scene names its Space action")
    func phrases() {
        let expected = ["wave-pull": "pluck the wave", "gooey-menu": "open / close the menu",
                        "jelly-block": "launch the block", "sticky-refresh": "start / end a refresh",
                        "wave-balls": "start / end a refresh"]
        for entry in SceneCatalog.all {
            #expect(entry.make(Size(800, 600)).spaceAction == expected[entry.name], "\(entry.name)")
        }
    }

    @Test("sticky-refresh at rest: Space opens the 44-pt strip and refreshes; Space again ends it")
    func stickyStarts() throws {
        let h = try ReplayHarness(scene: "sticky-refresh")
        let scene = try #require(h.scene as? StickyRefresh)
        h.send(.key(.space))
        h.run(until: 1.0)
        #expect(scene.state == .refreshing)
        #expect(abs(SpaceActionTests.pull(scene) - 44) < 0.5)
        h.send(.key(.space))
        h.run(until: 1.1)
        #expect(scene.state == .succeeded)
        h.run(until: 4)
        #expect(scene.state == .original)
        #expect(SpaceActionTests.pull(scene) == 0)
    }

    @Test("wave-balls at rest: Space starts the refresh, the list easing open to 70 without a jump")
    func waveBallsStarts() throws {
        let h = try ReplayHarness(scene: "wave-balls")
        let scene = try #require(h.scene as? WaveBalls)
        h.send(.key(.space))
        var previous = 0.0, biggestStep = 0.0
        // 0 → 70 in 0.5/1.75 s at a constant rate: 70 · 1.75/0.5 / 240 ≈ 1.02 pt per step.
        h.run(until: 0.5) { s in
            let y = SpaceActionTests.pull(s)
            biggestStep = max(biggestStep, abs(y - previous))
            previous = y
        }
        #expect(scene.phase == .refreshing)
        #expect(biggestStep < 1.03)
        #expect(abs(previous - 70) < 1e-9)
        h.run(until: 5)
        #expect(scene.phase == .idle)
        #expect(SpaceActionTests.pull(scene) == 0)
    }
}
