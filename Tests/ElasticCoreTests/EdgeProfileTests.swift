import Foundation
import Testing
@testable import ElasticCore
import TestSupport

/// `EdgeProfile` against a one-pixel box counted at 128 × 128 points by the shared coverage oracle:
/// half-planes, bands and corners at many angles (as polygons: a large square cut by their edges).
@Suite("Edge profile: the fringe's coverage is a box filter's")
struct EdgeProfileTests {
    /// Share of the unit box centred on `centre` inside the union of `contours`, counted at 128 × 128 points.
    static func share(_ centre: Vec2, _ contours: [[Vec2]]) -> Double {
        CoverageReference.share(around: centre, samples: 128, inside: contours)
    }

    /// A square 40 wide around the origin, far larger than any box the tests look at.
    static let square = [Vec2(-20, -20), Vec2(20, -20), Vec2(20, 20), Vec2(-20, 20)]

    /// The part of `polygon` where normal·p ≤ limit.
    static func cut(_ polygon: [Vec2], _ normal: Vec2, _ limit: Double) -> [Vec2] {
        CoverageReference.cut(polygon, normal: normal, limit: limit)
    }

    static let angles = stride(from: 0.0, to: 2 * Double.pi, by: 0.137).map { $0 }

    @Test("a half-plane's coverage at any angle and distance, and the linear blend of the seven points within 8/255 of it")
    func halfPlane() {
        for angle in Self.angles {
            let normal = Vec2(cos(angle), sin(angle)), profile = EdgeProfile(normal: normal)
            #expect(abs(profile.coverage(profile.offset(0)) - 1) < 1e-12 && profile.coverage(profile.offset(6)) < 1e-12)
            #expect(profile.b >= 0.5 && profile.b <= 0.5.squareRoot() + 1e-12)
            for d in stride(from: -0.9, through: 0.9, by: 0.05) {
                let boxed = Self.share(normal * d, [Self.cut(Self.square, normal, 0)])
                #expect(abs(profile.coverage(d) - boxed) < 0.01, "angle \(angle) d \(d): \(profile.coverage(d)) vs \(boxed)")
                // What the fringe draws: coverage blended linearly between the profile's points.
                var blended = d <= profile.offset(0) ? 1.0 : 0.0
                for k in 0..<(EdgeProfile.count - 1) where d > profile.offset(k) && d <= profile.offset(k + 1) {
                    let t = (d - profile.offset(k)) / (profile.offset(k + 1) - profile.offset(k))
                    blended = profile.coverage(profile.offset(k)) * (1 - t) + profile.coverage(profile.offset(k + 1)) * t
                }
                #expect(abs(blended - boxed) < 8.5 / 255, "angle \(angle) d \(d): \(blended) vs \(boxed)")
            }
        }
    }

    @Test("a band's coverage (a stroke), from a hairline to three pixels wide")
    func band() {
        for angle in Self.angles.prefix(12) {
            let normal = Vec2(cos(angle), sin(angle)), profile = EdgeProfile(normal: normal)
            for width in [0.3, 1, 1.4, 3] {
                for d in stride(from: -2.0, through: 2.0, by: 0.1) {
                    let boxed = Self.share(normal * d, [Self.cut(Self.cut(Self.square, normal, width / 2), normal * -1, width / 2)])
                    #expect(abs(profile.bandCoverage(d, width: width) - boxed) < 0.015, "angle \(angle) width \(width) d \(d)")
                }
            }
        }
    }

    @Test("a corner's coverage, convex and concave, from 20° to 340°, near its tip")
    func corner() {
        for turn in stride(from: -2.8, through: 2.8, by: 0.35) where abs(turn) > 0.1 {
            for heading in [0.0, 0.4, 1.1] {
                // Edge 0 heads along `heading`, edge 1 turns by `turn` (positive: clockwise on
                // screen, convex for a positive-area contour).
                let d0 = Vec2(cos(heading), sin(heading)), d1 = Vec2(cos(heading + turn), sin(heading + turn))
                let n0 = Vec2(d0.y, -d0.x), n1 = Vec2(d1.y, -d1.x), tip = Vec2(0.3, -0.2)
                let convex = turn > 0
                for q in [Vec2(0.3, -0.2), Vec2(0.6, 0.1), Vec2(-0.2, -0.5), Vec2(0.1, 0.4)] {
                    // Convex: inside both edges' half-planes; concave: inside either.
                    let h0 = Self.cut(Self.square, n0, n0.dot(tip)), h1 = Self.cut(Self.square, n1, n1.dot(tip))
                    let boxed = Self.share(q, convex ? [Self.cut(h0, n1, n1.dot(tip))] : [h0, h1])
                    let drawn = EdgeProfile.wedgeCoverage(at: q, corner: tip, n0, n1, pixel: 1)
                    #expect(abs(drawn - boxed) < 0.01, "turn \(turn) heading \(heading) at \(q): \(drawn) vs \(boxed)")
                }
            }
        }
        // A pixel on a right-angled convex tip is a quarter covered (a one-pixel ramp says half).
        #expect(abs(EdgeProfile.wedgeCoverage(at: .zero, corner: .zero, Vec2(1, 0), Vec2(0, 1), pixel: 1) - 0.25) < 1e-12)
    }
}
