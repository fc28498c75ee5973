import ElasticCore
import Foundation
import Testing
@testable import ElasticSDL
@testable import elastic

// In the window-fault suite because SDL is process-global: one front end at a time (serialized).
extension WindowFaultTests {
    /// A held pointer that sweeps for the whole run, every frame a new place (the moving case of
    /// `compare-cairo.py`), or for gooey-menu Space every 0.7 s: every frame redraws something.
    static func movingInput(scene: String, seconds: Double) -> [TimedInput] {
        if scene == "gooey-menu" {
            return stride(from: 0.05, to: seconds, by: 0.7).map { TimedInput(time: $0, event: .key(.space)) }
        }
        let start: Vec2 = switch scene {
        case "wave-pull": Vec2(640, 10)
        case "jelly-block": Vec2(640, 670)
        default: Vec2(640, 100)
        }
        var events = [TimedInput(time: 0.05, event: .pointerDown(.mouse, start))]
        for k in 1..<Int(seconds * 60) - 6 {
            let u = Double(k) / 60
            var p = Vec2(640 + 400 * sin(2 * .pi * u / 2), 0)
            switch scene {
            case "wave-pull": p.y = 150 + 130 * sin(2 * .pi * u / 1.3)
            case "jelly-block": p = Vec2(640, 670 - 250 * (1 - cos(2 * .pi * u / 1.1)))
            default: p.y = 160 + 55 * sin(2 * .pi * u / 1.2)
            }
            events.append(TimedInput(time: 0.05 + u, event: .pointerMove(.mouse, p)))
        }
        return events
    }

    @Test("damage: a moving replay of every scene redrawn partly is identical to whole, frame by frame",
          arguments: ["wave-pull", "gooey-menu", "jelly-block", "sticky-refresh", "wave-balls"])
    func movingPartialRedrawsMatchWholeOnes(scene: String) throws {
        let events = WindowFaultTests.movingInput(scene: scene, seconds: 3)
        let whole = try WindowFaultTests.playRedrawing(scene: scene, events: events, partial: false, seconds: 3)
        let partial = try WindowFaultTests.playRedrawing(scene: scene, events: events, partial: true, seconds: 3)
        #expect(whole.hashes.count == partial.hashes.count && whole.hashes.count > 150)
        let first = zip(whole.hashes, partial.hashes).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(first == nil, "\(scene): frame \(first ?? -1) differs")
        let moving = partial.drawn.dropFirst(5).filter { $0 > 0 }.count
        #expect(moving * 5 >= partial.drawn.count * 4, "\(scene): most frames move \(partial.drawn)")
    }

    @Test("damage: the moving wave's damaged pixels are within 2× of the pixels that truly change between frames")
    func movingWaveDamageIsTight() throws {
        let events = WindowFaultTests.movingInput(scene: "wave-pull", seconds: 3)
        var last: [UInt8] = []
        var changed = 0, damaged = 0, frames = 0
        // Without the key hint, as the moving benchmarks run: its label is damaged by a generous box.
        _ = try WindowFaultTests.playRedrawing(scene: "wave-pull", events: events, partial: true, seconds: 3, showHint: false) { pixels, drawn in
            defer { last = Array(pixels) }
            // From 0.5 s on the sweep runs; count every frame after.
            frames += 1
            guard frames > 30, last.count == pixels.count else { return }
            var n = 0
            pixels.withMemoryRebound(to: UInt32.self) { now in
                last.withUnsafeBytes { $0.withMemoryRebound(to: UInt32.self) { before in
                    for i in 0..<now.count where now[i] != before[i] { n += 1 }
                } }
            }
            changed += n
            damaged += drawn
        }
        print("moving wave: \(damaged) px damaged, \(changed) px changed over \(frames - 30) frames (\(Double(damaged) / Double(max(changed, 1)))×)")
        #expect(changed > 1000 * (frames - 30), "the wave moves every frame")
        #expect(damaged <= 2 * changed, "damaged \(damaged) px for \(changed) px that changed")
    }
}
