import TestRandom
import Testing
@testable import ElasticCore
@testable import ElasticRaster

/// `PixelRegion` against plain sets of pixels written here: every operation's pixels, and the
/// banded form (bands top to bottom, disjoint, spans sorted and not touching, no two touching
/// bands alike) that makes equal sets equal regions.
@Suite struct PixelRegionTests {
    static let width = 48, height = 36

    /// A random rectangle, sometimes empty, sometimes reaching outside the grid.
    static func randomRect(_ random: inout SplitMix64) -> PixelRect {
        let x0 = Int(random.next() % UInt64(width + 4)) - 2, y0 = Int(random.next() % UInt64(height + 4)) - 2
        return PixelRect(x0: x0, y0: y0, x1: x0 + Int(random.next() % 20), y1: y0 + Int(random.next() % 14))
    }

    static func pixels(of rect: PixelRect) -> Set<Int> {
        var set = Set<Int>()
        guard !rect.isEmpty else { return set }
        for y in rect.y0..<rect.y1 { for x in rect.x0..<rect.x1 { set.insert(key(x, y)) } }
        return set
    }

    static func key(_ x: Int, _ y: Int) -> Int { (y + 16) * 1000 + (x + 16) }

    /// The pixels of `region` by its rectangles, checking that none is given twice.
    static func pixels(of region: PixelRegion, _ label: String) -> Set<Int> {
        var set = Set<Int>(), count = 0
        for r in region.rects() {
            for y in r.y0..<r.y1 { for x in r.x0..<r.x1 { set.insert(key(x, y)); count += 1 } }
        }
        #expect(count == set.count, "\(label): a pixel given twice")
        return set
    }

    /// Checks the banded form and `bounds`.
    static func expectBanded(_ region: PixelRegion, _ label: String) {
        var box = PixelRect.empty
        for (k, b) in region.bands.enumerated() {
            #expect(b.y0 < b.y1 && b.start < b.end, "\(label): empty band \(b)")
            for s in Int(b.start)..<Int(b.end) {
                let span = region.spans[s]
                #expect(span.x0 < span.x1, "\(label): empty span")
                if s > Int(b.start) { #expect(span.x0 > region.spans[s - 1].x1, "\(label): spans out of order or touching") }
                box = box.union(PixelRect(x0: Int(span.x0), y0: Int(b.y0), x1: Int(span.x1), y1: Int(b.y1)))
            }
            if k > 0 {
                let a = region.bands[k - 1]
                #expect(b.y0 >= a.y1, "\(label): bands overlap")
                #expect(a.start < b.start, "\(label): spans shared")
                let same = a.y1 == b.y0 && region.spans[Int(a.start)..<Int(a.end)].elementsEqual(region.spans[Int(b.start)..<Int(b.end)])
                #expect(!same, "\(label): touching bands alike")
            }
        }
        #expect(region.bounds == box, "\(label): bounds \(region.bounds) against \(box)")
        #expect(region.spans.count == region.bands.last.map { Int($0.end) } ?? 0, "\(label): stray spans")
    }

    /// A random region (and its pixels): rectangles united and some cut out.
    static func randomRegion(_ random: inout SplitMix64) -> (PixelRegion, Set<Int>) {
        var region = PixelRegion(), set = Set<Int>()
        for _ in 0..<(random.next() % 9) {
            let r = randomRect(&random)
            if random.next() % 4 == 0 { region.subtract(r); set.subtract(pixels(of: r)) } else { region.formUnion(r); set.formUnion(pixels(of: r)) }
        }
        return (region, set)
    }

    @Test("union, intersection and subtraction of regions and rectangles hold the pixels a set of pixels gives, in banded form")
    func operationsMatchSetsOfPixels() {
        var random = SplitMix64(seed: 7)
        for trial in 0..<600 {
            let (a, aSet) = Self.randomRegion(&random), (b, bSet) = Self.randomRegion(&random)
            let label = "trial \(trial)"
            Self.expectBanded(a, label)
            #expect(Self.pixels(of: a, label) == aSet, "\(label): built")
            var u = a; u.formUnion(b)
            var i = a; i.formIntersection(b)
            var d = a; d.subtract(b)
            for (got, want, name) in [(u, aSet.union(bSet), "union"), (i, aSet.intersection(bSet), "intersection"),
                                      (d, aSet.subtracting(bSet), "subtraction")] {
                Self.expectBanded(got, "\(label) \(name)")
                #expect(Self.pixels(of: got, label) == want, "\(label): \(name)")
            }
            let r = Self.randomRect(&random), rSet = Self.pixels(of: r)
            var ur = a; ur.formUnion(r)
            var ir = a; ir.formIntersection(r)
            var dr = a; dr.subtract(r)
            for (got, want, name) in [(ur, aSet.union(rSet), "union with a rectangle"), (ir, aSet.intersection(rSet), "intersection with a rectangle"),
                                      (dr, aSet.subtracting(rSet), "subtraction of a rectangle")] {
                Self.expectBanded(got, "\(label) \(name)")
                #expect(Self.pixels(of: got, label) == want, "\(label): \(name)")
            }
            // One form a set: the same pixels reached another way are an equal region.
            var other = PixelRegion()
            other.set(Array(repeating: PixelRect.empty, count: 1))
            for r in u.rects() { other.formUnion(r) }
            #expect(other == u, "\(label): two forms of one set")
        }
    }

    @Test("its rectangles inside a box are the region's pixels in the box, once each; area, intersects and a copy agree")
    func rectanglesInABox() {
        var random = SplitMix64(seed: 23)
        for trial in 0..<600 {
            let (region, set) = Self.randomRegion(&random)
            let box = trial % 10 == 0 ? PixelRect(x0: -1 << 40, y0: -1 << 40, x1: 1 << 40, y1: 1 << 40) : Self.randomRect(&random)
            let label = "trial \(trial), box \(box)"
            var seen = Set<Int>(), count = 0
            for r in region.rects(in: box) {
                #expect(!r.isEmpty, "\(label): an empty rectangle")
                for y in r.y0..<r.y1 { for x in r.x0..<r.x1 { seen.insert(Self.key(x, y)); count += 1 } }
            }
            let inBox = box.width > 1 << 20 ? set : set.intersection(Self.pixels(of: box))
            #expect(count == seen.count, "\(label): a pixel given twice")
            #expect(seen == inBox, "\(label)")
            #expect(region.intersects(box) == !inBox.isEmpty, "\(label): intersects")
            #expect(region.area == set.count, "\(label): area")
            var copy = PixelRegion(PixelRect(x0: 0, y0: 0, x1: 3, y1: 3))
            copy.set(region)
            #expect(copy == region && copy.bounds == region.bounds, "\(label): set from a region")
        }
    }

    @Test("a region set from rectangles holds their pixels, in banded order or not, and finds every pixel by contains")
    func setFromRectangles() {
        var random = SplitMix64(seed: 19)
        for trial in 0..<400 {
            var rects: [PixelRect] = [], set = Set<Int>()
            if trial % 2 == 0 {
                // Banded order: rows of rectangles of equal height, left to right (a damage grouping's).
                var y = Int(random.next() % 5)
                for _ in 0..<(random.next() % 6) {
                    let h = 1 + Int(random.next() % 6)
                    var x = Int(random.next() % 5)
                    for _ in 0..<(1 + random.next() % 4) {
                        let w = 1 + Int(random.next() % 8)
                        rects.append(PixelRect(x0: x, y0: y, x1: x + w, y1: y + h))
                        x += w + 1 + Int(random.next() % 4)
                    }
                    y += h + Int(random.next() % 3)
                }
            } else {
                for _ in 0..<(random.next() % 8) { rects.append(Self.randomRect(&random)) }
            }
            for r in rects { set.formUnion(Self.pixels(of: r)) }
            var region = PixelRegion()
            region.set([PixelRect(x0: 0, y0: 0, x1: 5, y1: 5)])  // what was there before goes
            region.set(rects)
            let label = "trial \(trial)"
            Self.expectBanded(region, label)
            #expect(Self.pixels(of: region, label) == set, "\(label)")
            for y in -2..<(Self.height + 2) {
                for x in -2..<(Self.width + 2) where region.contains(x: x, y: y) != set.contains(Self.key(x, y)) {
                    Issue.record("\(label): contains(\(x), \(y))")
                }
            }
        }
    }
}

extension PixelRegionTests {
    @Test("built row by row, joining across a gap: the pixels written, gaps of up to joinGap filled, out of order refused")
    func appendJoiningBuildsTheRows() {
        var random = SplitMix64(seed: 97)
        for trial in 0..<300 {
            var region = PixelRegion(), expected = Set<Int>()
            let gap = Int32(random.next() % 3)
            var y = Int32(random.next() % 4), lastX0 = Int32.min, lastX1 = Int32.min
            for _ in 0..<(random.next() % 30) {
                if random.next() % 3 == 0 { y += 1 + Int32(random.next() % 2); lastX0 = .min; lastX1 = .min }
                let x0 = Int32(random.next() % UInt64(Self.width)), x1 = x0 + 1 + Int32(random.next() % 8)
                let before = region
                let taken = region.appendJoining(y0: y, y1: y + 1, x0: x0, x1: x1, joinGap: gap)
                // In order when it starts no earlier than the row's last interval (the oracle's own record).
                #expect(taken == (lastX0 == .min || x0 >= lastX0), "trial \(trial): (\(y), \(x0)) taken \(taken)")
                guard taken else { #expect(region == before, "trial \(trial): a refused interval changed it"); continue }
                for x in x0..<x1 { expected.insert(Self.key(Int(x), Int(y))) }
                if lastX1 != .min, x0 > lastX1, x0 <= lastX1 + gap {
                    for x in lastX1..<x0 { expected.insert(Self.key(Int(x), Int(y))) }  // the gap joined
                }
                if lastX0 == .min || x0 > lastX1 + gap { (lastX0, lastX1) = (x0, x1) } else { lastX1 = max(lastX1, x1) }
            }
            region.finishRows()
            Self.expectBanded(region, "trial \(trial)")
            #expect(Self.pixels(of: region, "trial \(trial)") == expected, "trial \(trial)")
        }
    }
}
