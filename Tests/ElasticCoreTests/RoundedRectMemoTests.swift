import TestRandom
import Testing
@testable import ElasticCore

/// `Tessellator.fillRoundedRect` copies a rounded rectangle it built lately from the same inputs
/// (`RoundedRectMemo`): the draw list must be exactly what a tessellator with no history builds.
@Suite("Rounded rectangles copied when drawn again")
struct RoundedRectMemoTests {
    struct Settings { var antialias: Bool, cores: Bool, scale: Double, tolerance: Double }

    static func draw(_ shapes: [(Rect, Double, RGBA)], with tessellator: inout Tessellator, settings: Settings,
                     into list: inout DrawList) {
        tessellator.antialias = settings.antialias
        tessellator.rectangleCores = settings.cores
        tessellator.pixelScale = settings.scale
        tessellator.tolerance = settings.tolerance
        for (rect, radius, color) in shapes { tessellator.fillRoundedRect(rect, radius: radius, color: color, into: &list) }
    }

    @Test("frames of repeated, evicted and changed shapes draw what a fresh tessellator draws")
    func copiesMatchBuilds() {
        var rng = SplitMix64(seed: 0x5EED_0024)
        // More shapes than the memo keeps, some differing from another only in −0, colour or a last bit.
        var pool: [(Rect, Double, RGBA)] = (0..<20).map { _ in
            (Rect(x: rng.double(in: -20...900), y: rng.double(in: -20...600),
                  width: rng.double(in: 3...600), height: rng.double(in: 3...120)),
             [0, 4, rng.double(in: 0...70)][Int(rng.next() % 3)],
             [RGBA(0, 122, 255, 255), RGBA(20, 22, 30, 200)][Int(rng.next() % 2)])
        }
        pool.append((Rect(x: -0.0, y: 10, width: 40, height: 20), 10, RGBA(0, 122, 255, 255)))
        pool.append((Rect(x: 0, y: 10, width: 40, height: 20), 10, RGBA(0, 122, 255, 255)))
        pool.append((Rect(x: 0, y: 10, width: 40, height: 20), 10, RGBA(0, 122, 254, 255)))
        pool.append((Rect(x: 0, y: 10, width: 40.000000000000007, height: 20), 10, RGBA(0, 122, 255, 255)))
        pool.append((Rect(x: 5, y: 5, width: .nan, height: 20), 4, RGBA(0, 0, 0, 255)))  // the general route
        let settings = [Settings(antialias: true, cores: true, scale: 1, tolerance: 0.25),
                        Settings(antialias: false, cores: true, scale: 1, tolerance: 0.25),
                        Settings(antialias: true, cores: false, scale: 2, tolerance: 0.125),
                        Settings(antialias: true, cores: true, scale: 1.5, tolerance: 0.25 / 1.5)]
        var kept = Tessellator(), list = DrawList()
        for frame in 0..<120 {
            let setting = settings[frame / 10 % settings.count]
            let shapes = (0..<Int(1 + rng.next() % 12)).map { _ in pool[Int(rng.next() % UInt64(pool.count))] }
            list.removeAll()
            Self.draw(shapes, with: &kept, settings: setting, into: &list)
            var expected = DrawList()
            for shape in shapes {
                var fresh = Tessellator()
                Self.draw([shape], with: &fresh, settings: setting, into: &expected)
            }
            #expect(list.mesh.vertices == expected.mesh.vertices, "frame \(frame): vertices")
            #expect(list.mesh.indices == expected.mesh.indices, "frame \(frame): indices")
            #expect(list.commands == expected.commands, "frame \(frame): commands")
            if list.mesh.indices != expected.mesh.indices || list.commands != expected.commands { break }
        }
    }
}
