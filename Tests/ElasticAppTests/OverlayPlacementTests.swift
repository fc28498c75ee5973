import ElasticCore
import Testing
@testable import elastic

/// The placement rule on its own: whatever the obstacles, a placed pill lies inside the window's
/// edge and keeps the gap from every obstacle (checked by plain interval arithmetic here); the
/// preferred spot wins when it is free; nil only when no candidate fits.
@Suite("overlay placement")
struct OverlayPlacementTests {
    static func clear(_ a: Rect, _ b: Rect, by gap: Double) -> Bool {
        a.maxX + gap <= b.x || b.maxX + gap <= a.x || a.maxY + gap <= b.y || b.maxY + gap <= a.y
    }

    @Test("a free preferred spot is kept; an obstacle there moves the pill to the nearest free spot")
    func preferredThenNearest() throws {
        let size = Size(1280, 720), pill = Size(300, 20), corner = Vec2(6, 696)
        let free = OverlayPlacement(size: size, obstacles: [Rect(x: 600, y: 0, width: 100, height: 720)])
        #expect(free.spot(for: pill, preferred: corner) == Rect(x: 6, y: 696, width: 300, height: 20))
        // A button in the corner: the pill goes just above it (8 points clear), not across the window.
        let button = Rect(x: 20, y: 656, width: 110, height: 44)
        let placed = try #require(OverlayPlacement(size: size, obstacles: [button]).spot(for: pill, preferred: corner))
        #expect(placed == Rect(x: 6, y: 656 - 8 - 20, width: 300, height: 20))
    }

    @Test("options are tried in order; nothing fits → nil")
    func optionsAndNothing() {
        let size = Size(400, 300)
        let wall = [Rect(x: 150, y: 0, width: 100, height: 300)]
        let found = OverlayPlacement(size: size, obstacles: wall).place(options: [Size(500, 20), Size(200, 20), Size(100, 20)]) { _ in Vec2(6, 276) }
        #expect(found?.option == 2)
        let full = OverlayPlacement(size: size, obstacles: [Rect(x: 0, y: 0, width: 400, height: 300)])
        #expect(full.place(options: [Size(10, 10)]) { _ in Vec2(6, 6) } == nil)
    }

    @Test("random obstacles: every placed pill is inside the window and clear of every obstacle by the gap")
    func randomObstacles() {
        var rng = SystemRandomNumberGenerator()
        var placedCount = 0
        for _ in 0..<2000 {
            let size = Size(Double.random(in: 200...3840, using: &rng), Double.random(in: 150...2160, using: &rng))
            let obstacles = (0..<Int.random(in: 0...6, using: &rng)).map { _ in
                Rect(x: .random(in: -50...size.width, using: &rng), y: .random(in: -50...size.height, using: &rng),
                     width: .random(in: 1...size.width / 2, using: &rng), height: .random(in: 1...size.height / 2, using: &rng))
            }
            let pill = Size(.random(in: 20...900, using: &rng), .random(in: 10...40, using: &rng))
            let preferred = Vec2(.random(in: 0...size.width, using: &rng), .random(in: 0...size.height, using: &rng))
            guard let r = OverlayPlacement(size: size, obstacles: obstacles).spot(for: pill, preferred: preferred) else { continue }
            placedCount += 1
            #expect(r.width == pill.width && r.height == pill.height)
            #expect(r.x >= 4 && r.y >= 4 && r.maxX <= size.width - 4 + 1e-9 && r.maxY <= size.height - 4 + 1e-9, "\(r) in \(size)")
            for o in obstacles { #expect(Self.clear(r, o, by: 8 - 1e-9), "\(r) too close to \(o)") }
        }
        #expect(placedCount > 500)
    }
}
