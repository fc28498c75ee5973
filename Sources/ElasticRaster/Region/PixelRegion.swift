import ElasticCore

/// A set of output pixels as y-x banded rectangles, the form pixman's `pixman_region32` keeps:
/// bands of whole rows, top to bottom, disjoint, each holding its spans of columns, left to
/// right, disjoint and not touching; two bands that touch never hold the same spans (they are one
/// band). Every set has exactly one such form, so two regions are equal when their arrays are.
///
/// The compositor's clip, the clear's pieces around occluders and the damage are this type (the
/// opaque cover, and damage that came out of row order, are bits: `RowBitmap`): union,
/// intersection and subtraction are one band merge (`PixelRegion+Combine`), rows are read by
/// band. Its arrays keep their room when emptied, so a region reused frame after frame does not
/// allocate.
public struct PixelRegion: Sendable, Equatable {
    /// Rows y0..<y1, and their spans: `spans[start..<end]`.
    @usableFromInline struct Band: Equatable, Sendable { @usableFromInline var y0: Int32, y1: Int32, start: Int32, end: Int32 }
    @usableFromInline struct Span: Equatable, Sendable { @usableFromInline var x0: Int32, x1: Int32 }

    @usableFromInline var bands: [Band] = []
    @usableFromInline var spans: [Span] = []
    /// The room a merge builds its result in (the arrays it replaced, swapped out).
    var spareBands: [Band] = [], spareSpans: [Span] = []
    /// The box around every band.
    public internal(set) var bounds = PixelRect.empty

    public init() {}

    public static func == (a: PixelRegion, b: PixelRegion) -> Bool { a.bands == b.bands && a.spans == b.spans }

    /// The pixels of `rect`.
    public init(_ rect: PixelRect) { set(rect) }

    public var isEmpty: Bool { bands.isEmpty }

    /// Whether it is one rectangle (or empty): nothing to cut inside `bounds`.
    public var isRect: Bool { spans.count <= 1 }

    /// The number of rectangles `forEachRect` gives.
    public var rectCount: Int { spans.count }

    /// Empties it, keeping its room.
    public mutating func removeAll() {
        guard !bands.isEmpty else { return }
        bands.removeAll(keepingCapacity: true)
        spans.removeAll(keepingCapacity: true)
        bounds = .empty
    }

    /// Makes it the pixels of `rect`.
    public mutating func set(_ rect: PixelRect) {
        removeAll()
        guard !rect.isEmpty else { return }
        spans.append(Span(x0: Int32(truncatingIfNeeded: rect.x0), x1: Int32(truncatingIfNeeded: rect.x1)))
        bands.append(Band(y0: Int32(truncatingIfNeeded: rect.y0), y1: Int32(truncatingIfNeeded: rect.y1), start: 0, end: 1))
        bounds = rect
    }

    /// Makes it the pixels of `other`, in its own room (no array shared, so neither is copied
    /// when the other changes).
    public mutating func set(_ other: PixelRegion) {
        removeAll()
        bands.append(contentsOf: other.bands)
        spans.append(contentsOf: other.spans)
        bounds = other.bounds
    }

    /// Makes it the pixels of `rects` (any, overlapping or not). Rectangles already in banded
    /// order (a damage grouping's: rows of rectangles of equal height, by x) are taken as they
    /// are; others are united one by one.
    public mutating func set(_ rects: [PixelRect]) {
        removeAll()
        // Written by pointer into room made first (a rectangle adds at most a band and a span),
        // then cut to what was written: appended one by one, each rectangle would check the
        // arrays' uniqueness and room.
        let room = rects.count
        if bands.count < room { bands.append(contentsOf: repeatElement(Band(y0: 0, y1: 0, start: 0, end: 0), count: room - bands.count)) }
        if spans.count < room { spans.append(contentsOf: repeatElement(Span(x0: 0, x1: 0), count: room - spans.count)) }
        var k = 0, bandCount = 0, spanCount = 0
        rects.withUnsafeBufferPointer { rects in
            bands.withUnsafeMutableBufferPointer { bandRoom in
                spans.withUnsafeMutableBufferPointer { spanRoom in
                    let bands = bandRoom.baseAddress!, spans = spanRoom.baseAddress!
                    // In banded order: each rectangle either continues the last band (same rows,
                    // right of it) or starts a band below it.
                    while k < rects.count {
                        let r = rects[k]
                        if !r.isEmpty {
                            let y0 = Int32(truncatingIfNeeded: r.y0), y1 = Int32(truncatingIfNeeded: r.y1)
                            let x0 = Int32(truncatingIfNeeded: r.x0), x1 = Int32(truncatingIfNeeded: r.x1)
                            if bandCount > 0, bands[bandCount &- 1].y0 == y0, bands[bandCount &- 1].y1 == y1 {
                                guard x0 > spans[spanCount &- 1].x1 else { break }
                                bands[bandCount &- 1].end &+= 1
                            } else {
                                guard bandCount == 0 || y0 >= bands[bandCount &- 1].y1 else { break }
                                Self.closeBand(bands, &bandCount, spans, &spanCount)
                                let start = Int32(truncatingIfNeeded: spanCount)
                                bands[bandCount] = Band(y0: y0, y1: y1, start: start, end: start &+ 1)
                                bandCount &+= 1
                            }
                            spans[spanCount] = Span(x0: x0, x1: x1)
                            spanCount &+= 1
                        }
                        k &+= 1
                    }
                    Self.closeBand(bands, &bandCount, spans, &spanCount)
                }
            }
        }
        bands.removeSubrange(bandCount...)
        spans.removeSubrange(spanCount...)
        bounds = Self.bounds(bands, spans)
        while k < rects.count { formUnion(rects[k]); k += 1 }
    }

    /// Adds a span to the region being built row by row: `x0..<x1` of rows `y0..<y1`, which lie
    /// below the last band or, with the same rows, right of its last span's start
    /// (`appendJoining`, touching spans joined). Out of that order it is united instead. `bounds`
    /// is right once `finishAppending` has run.
    @inline(__always)
    mutating func append(y0: Int32, y1: Int32, x0: Int32, x1: Int32) {
        guard y1 > y0, x1 > x0 else { return }
        if let last = bands.last, y0 >= last.y1 { closeBand() }
        if appendJoining(y0: y0, y1: y1, x0: x0, x1: x1, joinGap: 0) { return }
        closeBand()
        bounds = Self.bounds(bands, spans)
        formUnion(PixelRect(x0: Int(x0), y0: Int(y0), x1: Int(x1), y1: Int(y1)))
    }

    /// Adds a band of `spans` (sorted, not touching) below the last one, when building.
    mutating func appendBand(y0: Int32, y1: Int32, _ spans: UnsafeBufferPointer<Span>) {
        closeBand()
        bands.append(Band(y0: y0, y1: y1, start: Int32(self.spans.count), end: Int32(self.spans.count + spans.count)))
        self.spans.append(contentsOf: spans)
    }

    /// Ends building by `append`: the last band joins the one above it if they match, and
    /// `bounds` is found.
    mutating func finishAppending() {
        closeBand()
        bounds = Self.bounds(bands, spans)
    }

    /// Joins the last band to the one above it when they touch and hold the same spans.
    private mutating func closeBand() {
        let n = bands.count
        guard n >= 2, let b = bands.last else { return }
        var bandCount = n, spanCount = spans.count
        bands.withUnsafeMutableBufferPointer { bands in
            spans.withUnsafeBufferPointer { Self.closeBand(bands.baseAddress!, &bandCount, $0.baseAddress!, &spanCount) }
        }
        guard bandCount < n else { return }
        bands.removeLast()
        // One at a time: `removeLast(_:)` goes through a general subrange replacement.
        for _ in 0..<(b.end - b.start) { spans.removeLast() }
    }

    /// `closeBand` on the first `bandCount` bands at `bands` and `spanCount` spans at `spans`
    /// (by pointer: `set` writes into room made first).
    @inline(__always)
    private static func closeBand(_ bands: UnsafeMutablePointer<Band>, _ bandCount: inout Int,
                                  _ spans: UnsafePointer<Span>, _ spanCount: inout Int) {
        guard bandCount >= 2 else { return }
        let a = bands[bandCount &- 2], b = bands[bandCount &- 1]
        guard a.y1 == b.y0, a.end &- a.start == b.end &- b.start,
              sameSpans(spans + Int(a.start), spans + Int(b.start), count: Int(a.end &- a.start)) else { return }
        bands[bandCount &- 2].y1 = b.y1
        bandCount &-= 1
        spanCount &-= Int(b.end &- b.start)  // the last band's spans are the last ones
    }

    /// Whether the `count` spans at `a` are those at `b`: two bands that touch and hold the same
    /// spans are one band.
    @inline(__always)
    static func sameSpans(_ a: UnsafePointer<Span>, _ b: UnsafePointer<Span>, count: Int) -> Bool {
        var i = 0
        while i < count, a[i] == b[i] { i &+= 1 }
        return i == count
    }

    static func bounds(_ bands: [Band], _ spans: [Span]) -> PixelRect {
        guard let first = bands.first, let last = bands.last else { return .empty }
        var x0 = Int32.max, x1 = Int32.min
        for b in bands {
            x0 = min(x0, spans[Int(b.start)].x0)
            x1 = max(x1, spans[Int(b.end - 1)].x1)
        }
        return PixelRect(x0: Int(x0), y0: Int(first.y0), x1: Int(x1), y1: Int(last.y1))
    }

    /// Calls `body` with each band's rows and spans, top to bottom.
    func forEachBand(_ body: (_ y0: Int, _ y1: Int, _ spans: UnsafeBufferPointer<Span>) -> Void) {
        spans.withUnsafeBufferPointer { all in
            for b in bands { body(Int(b.y0), Int(b.y1), UnsafeBufferPointer(rebasing: all[Int(b.start)..<Int(b.end)])) }
        }
    }

    /// Calls `body` with each of its rectangles (a band's rows by one of its spans), band by
    /// band, left to right (`pixman_region32_rectangles`'s view); with a `box`, only the parts of
    /// those that meet it, cut to it, the bands above and below it not visited. By pointer and
    /// inlined into the caller (in other modules too): a hot loop pays neither for an iterator
    /// holding the arrays nor for a closure call.
    @inlinable @inline(__always)
    public func forEachRect(in box: PixelRect? = nil, _ body: (PixelRect) -> Void) {
        bands.withUnsafeBufferPointer { bands in
            spans.withUnsafeBufferPointer { spans in
                var clip = (x0: Int32.min, y0: Int32.min, x1: Int32.max, y1: Int32.max)
                if let box {
                    clip = (Int32(clamping: box.x0), Int32(clamping: box.y0), Int32(clamping: box.x1), Int32(clamping: box.y1))
                    guard clip.x1 > clip.x0, clip.y1 > clip.y0 else { return }
                }
                var k = 0
                if box != nil {  // the first band below the box's top, by bisection
                    var hi = bands.count
                    while k < hi { let mid = (k + hi) / 2; if bands[mid].y1 <= clip.y0 { k = mid + 1 } else { hi = mid } }
                }
                while k < bands.count {
                    let b = bands[k]
                    guard b.y0 < clip.y1 else { return }
                    let y0 = Int(Swift.max(b.y0, clip.y0)), y1 = Int(Swift.min(b.y1, clip.y1))
                    for i in Int(b.start)..<Int(b.end) {
                        let s = spans[i]
                        guard s.x0 < clip.x1 else { break }
                        guard s.x1 > clip.x0 else { continue }
                        body(PixelRect(x0: Int(Swift.max(s.x0, clip.x0)), y0: y0, x1: Int(Swift.min(s.x1, clip.x1)), y1: y1))
                    }
                    k &+= 1
                }
            }
        }
    }

    /// How many pixels it holds.
    public var area: Int {
        var total = 0
        for b in bands {
            var width = 0
            for k in Int(b.start)..<Int(b.end) { width += Int(spans[k].x1) - Int(spans[k].x0) }
            total += width * (Int(b.y1) - Int(b.y0))
        }
        return total
    }

    /// Whether any of its pixels lies in `rect`.
    public func intersects(_ rect: PixelRect) -> Bool {
        guard !rect.isEmpty, !bounds.intersection(rect).isEmpty else { return false }
        for b in bands where Int(b.y0) < rect.y1 && Int(b.y1) > rect.y0 {
            for k in Int(b.start)..<Int(b.end) where Int(spans[k].x0) < rect.x1 && Int(spans[k].x1) > rect.x0 { return true }
        }
        return false
    }

    /// Whether pixel (x, y) is in it.
    public func contains(x: Int, y: Int) -> Bool {
        for b in bands where Int(b.y0) <= y && y < Int(b.y1) {
            for k in Int(b.start)..<Int(b.end) where Int(spans[k].x0) <= x && x < Int(spans[k].x1) { return true }
        }
        return false
    }
}

extension PixelRegion {
    /// The region's rows read by pointer, rows rising (a run's spans, sorted by row): each row's
    /// band is found by stepping on from the last one's, not searched for.
    public struct RowReader {
        let bands: UnsafePointer<Band>?, bandCount: Int, spans: UnsafePointer<Span>?
        var band = 0

        /// Calls `body` with each span of columns row `y` holds, left to right.
        @inline(__always)
        public mutating func forEachSpan(y: Int32, _ body: (Int32, Int32) -> Void) {
            guard let bands, let spans else { return }
            if band > 0, y < bands[band &- 1].y1 { band = 0 }  // a row above the last: from the top again
            while band < bandCount, bands[band].y1 <= y { band &+= 1 }
            guard band < bandCount, bands[band].y0 <= y else { return }
            var k = Int(bands[band].start)
            let end = Int(bands[band].end)
            while k < end { body(spans[k].x0, spans[k].x1); k &+= 1 }
        }
    }

    /// Calls `body` with a reader of the rows, valid inside it.
    @inline(__always)
    public func withRows<R>(_ body: (inout RowReader) -> R) -> R {
        bands.withUnsafeBufferPointer { bands in
            spans.withUnsafeBufferPointer { spans in
                var reader = RowReader(bands: bands.baseAddress, bandCount: bands.count, spans: spans.baseAddress)
                return body(&reader)
            }
        }
    }
}
