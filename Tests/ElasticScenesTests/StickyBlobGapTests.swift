import ElasticCore
import Testing
@testable import ElasticScenes

/// The round blob of a short pull stays inside the pulled strip (it used to spill into Row 1).
@Suite("sticky-refresh: the blob stays in the strip")
struct StickyBlobGapTests {
    @Test("pulls under 30 pt: no blob vertex below the list's top or above the bar", arguments: [4.0, 12.0, 20.0, 29.0, 36.0])
    func blobInsideGap(pull: Double) throws {
        let h = try ReplayHarness(scene: "sticky-refresh")
        let scene = try #require(h.scene as? StickyRefresh)
        // Drag down until the list's top is `pull` below the bar (the rubber band makes the
        // finger travel more than that).
        h.send(.pointerDown(.mouse, Vec2(640, 300)))
        h.run(until: 0.01)
        var y = 300.0
        while scene.h < pull {
            y += 0.05
            h.send(.pointerMove(.mouse, Vec2(640, y)))
            h.run(until: scene.time + 1.0 / 240)
        }
        let strip = scene.h
        #expect(scene.state == .normal)
        // The outline itself, without the anti-aliasing fringe (which straddles it by half a pixel).
        h.driver.tessellator.antialias = false
        h.driver.draw()
        let bar = 64.0
        // The chords straddle the blob's outline: vertices may sit up to the flattening tolerance
        // outside it.
        let slack = h.driver.tessellator.tolerance + 1e-3
        var blobVertices = 0
        var lowest = -Double.infinity, highest = Double.infinity
        for v in h.driver.drawList.mesh.vertices where v.color.r == 85 && v.color.g == 85 && v.color.b == 85 && v.color.a > 0 {
            blobVertices += 1
            lowest = max(lowest, Double(v.y)); highest = min(highest, Double(v.y))
            #expect(Double(v.y) <= bar + strip + slack, "vertex at \(v.y), strip ends at \(bar + strip)")
            #expect(Double(v.y) >= bar - slack, "vertex at \(v.y), bar ends at \(bar)")
        }
        #expect(blobVertices > 0)
        // From 30 pt on the blob is the spec's full circle of radius 15; below, it fills the strip.
        #expect(abs((lowest - highest) - min(30, strip)) < 1, "blob spans \(highest)…\(lowest)")
    }
}
