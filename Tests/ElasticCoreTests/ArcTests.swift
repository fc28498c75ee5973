import Foundation
import Testing
@testable import ElasticCore

/// Runs `body` on its own thread and gives up after `seconds`: a hang becomes a failed test
/// instead of a stuck suite (the runaway thread is left spinning until the process exits).
func finishes<T: Sendable>(within seconds: Double, _ body: @escaping @Sendable () -> T) -> T? {
    let box = ResultBox<T>(), done = DispatchSemaphore(value: 0)
    Thread { box.value = body(); done.signal() }.start()
    return done.wait(timeout: .now() + seconds) == .success ? box.value : nil
}

final class ResultBox<T>: @unchecked Sendable { var value: T? }

@Suite("Arc sweep")
struct ArcTests {
    @Test("non-finite angles give an empty arc at once",
          arguments: [(0.0, Double.infinity), (0.0, -Double.infinity), (Double.infinity, 0.0),
                      (0.0, Double.nan), (Double.nan, 1.0), (-Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude)])
    func nonFinite(start: Double, end: Double) {
        for clockwise in [true, false] {
            let arc = Arc(center: Vec2(10, 10), radius: 5, start: start, end: end, clockwise: clockwise)
            let sweep = finishes(within: 5) { arc.sweep }
            #expect(sweep == 0, "start \(start), end \(end), clockwise \(clockwise)")
            #expect(finishes(within: 5) { arc.segmentCount(tolerance: 0.25) } == 1)
        }
    }

    @Test("huge finite angles are reduced by remainder, quickly, into one turn",
          arguments: [1e6, -1e6, 1e12, -1e12, 1e300, -1e300])
    func hugeFinite(end: Double) {
        for clockwise in [true, false] {
            let arc = Arc(center: .zero, radius: 100, start: 0, end: end, clockwise: clockwise)
            guard let s = finishes(within: 5, { arc.sweep }) else {
                Issue.record("sweep of 0 → \(end) did not finish in 5 s"); continue
            }
            #expect(s.isFinite)
            #expect(clockwise ? (s >= 0 && s <= 2 * .pi) : (s <= 0 && s >= -2 * .pi))
            // The end point is where the reduced sweep lands, on the circle.
            #expect(abs((arc.endPoint - arc.center).length - 100) < 1e-6)
        }
    }

    @Test("ordinary angles keep UIKit's normalisation")
    func ordinary() {
        #expect(Arc(center: .zero, radius: 1, start: 0, end: .pi / 2).sweep == .pi / 2)
        #expect(abs(Arc(center: .zero, radius: 1, start: 0, end: -.pi / 2).sweep - 1.5 * .pi) < 1e-12)
        #expect(abs(Arc(center: .zero, radius: 1, start: 0, end: .pi / 2, clockwise: false).sweep + 1.5 * .pi) < 1e-12)
        #expect(Arc(center: .zero, radius: 1, start: 0, end: 7 * .pi).sweep == 2 * .pi)
        #expect(Arc(center: .zero, radius: 1, start: 0, end: -7 * .pi, clockwise: false).sweep == -2 * .pi)
    }
}
