import ElasticCore

/// Writes coverage spans of one colour into 32-bit pixels.
///
/// Every byte of a pixel is blended alike (d ← (s·a + d·(255 − a)) / 255, rounded), so the pixel
/// layout does not matter as long as `color` is already in it with its alpha byte (if any) full.
/// Cells side by side are blended eight pixels at a time, so up to seven pixels after a run of
/// them, within its row's `pitch`, are read and written back unchanged.
public enum SpanBlend {
    /// `color` at `opacity` (0…255) times each span's coverage, over the pixels at `base` (rows
    /// `pitch` bytes apart). Spans must lie inside the pixels, sorted by row then column, those of
    /// a row disjoint and not empty (as the rasteriser makes them).
    public static func apply(_ spans: [CoverageSpan], color: UInt32, opacity: UInt8, to base: UnsafeMutableRawPointer, pitch: Int) {
        apply(spans[...], color: color, opacity: opacity, to: base, pitch: pitch)
    }

    /// `apply` on a slice of spans (the rasteriser's).
    /// `under`: the pixel every span lies over, when known (only the clear lies beneath the run):
    /// a span of partial coverage wider than a pixel is then one colour, stored without reading
    /// the pixels (the value `blendRun` would give them).
    public static func apply(_ spans: ArraySlice<CoverageSpan>, color: UInt32, opacity: UInt8, to base: UnsafeMutableRawPointer, pitch: Int,
                             under: UInt32? = nil) {
        let opacity = UInt32(opacity), rowPixels = Int32(truncatingIfNeeded: pitch / 4), fill = PixelRun.filler
        spans.withUnsafeBufferPointer { spans in
            var k = 0
            while k < spans.count {
                let span = spans[k]
                let row = (base + Int(span.y) &* pitch).assumingMemoryBound(to: UInt32.self)
                if isCellRun(spans, at: k, end: spans.count, limit: .max) {
                    blendCells(spans, at: k, count: 8, into: row, color: color, opacity: opacity)
                    k &+= 8
                    continue
                }
                if span.x1 &- span.x0 == 1, span.x0 &+ 8 <= rowPixels,
                   case let n = cellCount(spans, at: k, end: spans.count, limit: .max), n > 1 {
                    blendCells(spans, at: k, count: n, into: row, color: color, opacity: opacity)
                    k &+= n
                    continue
                }
                k &+= 1
                let a = opacity == 255 ? UInt32(span.alpha) : divide255(UInt32(span.alpha) &* opacity)
                let x0 = Int(span.x0), count = Int(span.x1 &- span.x0)
                if count == 1 {  // most of an edge's cells
                    if a == 255 { row[x0] = color } else if a > 0 { row[x0] = blend(color, over: row[x0], alpha: a) }
                } else {
                    cover(row + x0, count: count, color: color, alpha: a, under: under, fill: fill)
                }
            }
        }
    }

    /// `apply` with every span cut to the pixels of `clip`. Row by row: each of a row's
    /// spans of columns finds its first span by bisection (spans of a row are sorted by x), so a
    /// row's spans outside the damage (a shallow edge's hundreds of one-pixel cells) are skipped,
    /// not each cut to nothing.
    public static func apply(_ spans: ArraySlice<CoverageSpan>, clippedTo clip: PixelRegion, color: UInt32, opacity: UInt8,
                             to base: UnsafeMutableRawPointer, pitch: Int, under: UInt32? = nil) {
        let opacity = UInt32(opacity), rowPixels = Int32(truncatingIfNeeded: pitch / 4), fill = PixelRun.filler
        clip.withRows { parts in
            spans.withUnsafeBufferPointer { spans in
                let n = spans.count
                var i = 0
                while i < n {
                    let y = spans[i].y
                    let end = rowEnd(spans, from: i)
                    let row = (base + Int(y) &* pitch).assumingMemoryBound(to: UInt32.self)
                    parts.forEachSpan(y: y) { c0, c1 in
                        var lo = i, hi = end
                        while lo < hi {
                            let mid = (lo &+ hi) &>> 1
                            if spans[mid].x1 <= c0 { lo = mid &+ 1 } else { hi = mid }
                        }
                        while lo < end, spans[lo].x0 < c1 {
                            if spans[lo].x0 >= c0, isCellRun(spans, at: lo, end: end, limit: c1) {
                                blendCells(spans, at: lo, count: 8, into: row, color: color, opacity: opacity)
                                lo &+= 8
                                continue
                            }
                            let span = spans[lo]
                            if span.x0 >= c0, span.x1 &- span.x0 == 1, span.x0 &+ 8 <= rowPixels,
                               case let n = cellCount(spans, at: lo, end: end, limit: c1), n > 1 {
                                blendCells(spans, at: lo, count: n, into: row, color: color, opacity: opacity)
                                lo &+= n
                                continue
                            }
                            let a = opacity == 255 ? UInt32(span.alpha) : divide255(UInt32(span.alpha) &* opacity)
                            lo &+= 1
                            if span.x1 &- span.x0 == 1, span.x0 >= c0 {  // one pixel, inside: most of an edge's cells
                                let p = row + Int(span.x0)
                                if a == 255 { p.pointee = color } else if a > 0 { p.pointee = blend(color, over: p.pointee, alpha: a) }
                                continue
                            }
                            let x0 = max(span.x0, c0), x1 = min(span.x1, c1)
                            cover(row + Int(x0), count: Int(x1 &- x0), color: color, alpha: a, under: under, fill: fill)
                        }
                    }
                    i = end
                }
            }
        }
    }

    /// One past the last span of the row `spans[start]` is in: galloping, then bisection.
    @inline(__always)
    static func rowEnd(_ spans: UnsafeBufferPointer<CoverageSpan>, from start: Int) -> Int {
        let y = spans[start].y, n = spans.count
        var step = 1, lo = start &+ 1  // spans[lo - 1] is in the row
        while lo &+ step <= n, spans[lo &+ step &- 1].y == y { lo &+= step; step &<<= 1 }
        var hi = min(lo &+ step, n)
        while lo < hi {
            let mid = (lo &+ hi) &>> 1
            if spans[mid].y == y { lo = mid &+ 1 } else { hi = mid }
        }
        return lo
    }

    /// `count` pixels from `start` at `color` and coverage `a` (0…255): stored whole, stored as
    /// the one colour it makes over `under` when that is known, or blended (`blendRun`).
    @inline(__always)
    static func cover(_ start: UnsafeMutablePointer<UInt32>, count: Int, color: UInt32, alpha a: UInt32, under: UInt32?,
                      fill: PixelRun.Filler) {
        if a == 255 {
            fill(start, count: count, with: color)
        } else if a > 0 {
            if let under { fill(start, count: count, with: blend(color, over: under, alpha: a)) }
            else { blendRun(start, count: count, color: color, alpha: a) }
        }
    }

    /// Whether spans[k ..< k + 8] are eight one-pixel cells side by side in one row (a shallow
    /// edge), before `end` and ending by `limit`: disjoint sorted spans that tile eight pixels.
    @inline(__always)
    static func isCellRun(_ spans: UnsafeBufferPointer<CoverageSpan>, at k: Int, end: Int, limit: Int32) -> Bool {
        guard k &+ 8 <= end else { return false }
        let first = spans[k], last = spans[k &+ 7]
        return last.y == first.y && last.x1 == first.x0 &+ 8 && last.x1 <= limit
    }

    /// How many one-pixel spans from spans[k] (one itself) lie side by side in its row, up to
    /// eight, before `end` and ending by `limit`. A row's spans being sorted, disjoint and not
    /// empty, the next is the next pixel's cell exactly when it ends one pixel further on.
    @inline(__always)
    static func cellCount(_ spans: UnsafeBufferPointer<CoverageSpan>, at k: Int, end: Int, limit: Int32) -> Int {
        let first = spans[k]
        let most = min(8, end &- k, Int(limit) &- Int(first.x0))
        var n = 1
        while n < most, case let s = spans[k &+ n], s.y == first.y, s.x1 == first.x0 &+ Int32(truncatingIfNeeded: n) &+ 1 {
            n &+= 1
        }
        return n
    }

    /// Blends the `count` (≤ 8) one-pixel spans side by side from spans[k] at once, each at its
    /// own coverage: `blendRun`'s 16-bit lanes, with a lane pair per pixel holding that pixel's
    /// alpha. Eight pixels are read and written whatever `count`: past it the alpha is 0, which
    /// gives each pixel back exactly (the row must hold them).
    @inline(__always)
    static func blendCells(_ spans: UnsafeBufferPointer<CoverageSpan>, at k: Int, count: Int, into row: UnsafeMutablePointer<UInt32>,
                           color: UInt32, opacity: UInt32) {
        // Each pixel's alpha in both its lanes, gathered in memory (a vector's lanes set one by
        // one would go through memory at every step).
        var alphas: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &alphas) { lanes in
            for j in 0..<count {
                let a = UInt32(spans[k &+ j].alpha), scaled = opacity == 255 ? a : divide255(a &* opacity)
                lanes.storeBytes(of: scaled | scaled &<< 16, toByteOffset: j &* 4, as: UInt32.self)
            }
        }
        let alpha = unsafeBitCast(alphas, to: Lanes.self)
        let s = unsafeBitCast(SIMD8<UInt32>(repeating: color), to: Lanes.self)
        let raw = UnsafeMutableRawPointer(row + Int(spans[k].x0))
        let d = raw.loadUnaligned(as: Lanes.self)
        raw.storeBytes(of: blendLanes(d, na: Lanes(repeating: 255) &- alpha, evenS: (s & lowBytes) &* alpha &+ 128,
                                      oddS: (s &>> 8) &* alpha &+ 128), as: Lanes.self)
    }

    /// `blend(color, over:alpha:)` on `count` pixels from `start`. Eight at a time in 16-bit
    /// lanes, a byte widened in each (even bytes masked, odd ones shifted down): every step of the
    /// formula fits 16 bits (255·255 + 128 + 254 < 2^16), so it is the same arithmetic as
    /// `blend`'s, in SSE2's 16-bit multiplies instead of emulated 32-bit ones.
    @inline(__always)
    public static func blendRun(_ start: UnsafeMutablePointer<UInt32>, count: Int, color: UInt32, alpha a: UInt32) {
        var i = 0
        if count >= 8 {
            let s = unsafeBitCast(SIMD8<UInt32>(repeating: color), to: Lanes.self)
            let alpha = Lanes(repeating: UInt16(truncatingIfNeeded: a)), na = Lanes(repeating: UInt16(truncatingIfNeeded: 255 &- a))
            let evenS = (s & lowBytes) &* alpha &+ 128, oddS = (s &>> 8) &* alpha &+ 128
            let raw = UnsafeMutableRawPointer(start)
            repeat {
                let d = raw.loadUnaligned(fromByteOffset: i &* 4, as: Lanes.self)
                raw.storeBytes(of: blendLanes(d, na: na, evenS: evenS, oddS: oddS), toByteOffset: i &* 4, as: Lanes.self)
                i &+= 8
            } while i &+ 8 <= count
        }
        while i < count { start[i] = blend(color, over: start[i], alpha: a); i &+= 1 }
    }

    /// Eight pixels in 16-bit lanes, a pixel's even and odd bytes each widened to a lane.
    typealias Lanes = SIMD16<UInt16>
    /// Each lane's low byte.
    @inline(__always) static var lowBytes: Lanes { Lanes(repeating: 0x00FF) }

    /// The blend of pixels `d` given the source's terms (`evenS`, `oddS`: its even and odd bytes
    /// times alpha, plus 128) and `na` (255 − alpha), lane by lane: `divide255` of each sum.
    @inline(__always)
    static func blendLanes(_ d: Lanes, na: Lanes, evenS: Lanes, oddS: Lanes) -> Lanes {
        let even = (d & lowBytes) &* na &+ evenS, odd = (d &>> 8) &* na &+ oddS
        return ((even &+ (even &>> 8)) &>> 8) | ((odd &+ (odd &>> 8)) & ~lowBytes)
    }

    /// `s` over `d` at `alpha` (0…255), each of the four bytes alike.
    @inline(__always)
    public static func blend(_ s: UInt32, over d: UInt32, alpha a: UInt32) -> UInt32 {
        let na = 255 - a
        let rb = divide255Lanes((s & 0x00FF_00FF) &* a &+ (d & 0x00FF_00FF) &* na)
        let ag = divide255Lanes(((s >> 8) & 0x00FF_00FF) &* a &+ ((d >> 8) & 0x00FF_00FF) &* na)
        return rb | ag << 8
    }

    /// x / 255 rounded, for x ≤ 255·255.
    @inline(__always)
    static func divide255(_ x: UInt32) -> UInt32 { (x + 128 + ((x + 128) >> 8)) >> 8 }

    /// `divide255` on the two 16-bit lanes of `x` at once.
    @inline(__always)
    static func divide255Lanes(_ x: UInt32) -> UInt32 {
        let t = x &+ 0x0080_0080
        return ((t &+ ((t >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    }
}
