import ElasticCore

/// Where an overlay's pill goes: the spot nearest its preferred place that keeps `gap` points from
/// every content area the scene declares, from the other overlays and from the window's edges.
/// Options are tried in order (the longest text first, then shorter or smaller ones); the first
/// that fits anywhere wins. Nil: nothing fits, and the overlay is hidden.
struct OverlayPlacement {
    /// Points kept clear between a pill and content, and between a pill and the window's edge.
    static let gap = 8.0, edge = 4.0

    let size: Size
    let obstacles: [Rect]

    /// The first option (width × height, in points) that fits, and its rectangle nearest the
    /// point `preferred` wants for its top-left corner.
    func place(options: [Size], preferred: (Size) -> Vec2) -> (option: Int, rect: Rect)? {
        for (i, option) in options.enumerated() {
            if let rect = spot(for: option, preferred: preferred(option)) { return (i, rect) }
        }
        return nil
    }

    /// Candidate corners: the preferred one, against each window edge, and against each side of
    /// each obstacle; the free one nearest the preferred corner wins (ties: the earliest).
    func spot(for pill: Size, preferred p: Vec2) -> Rect? {
        let e = OverlayPlacement.edge, g = OverlayPlacement.gap
        let maxX = size.width - e - pill.width, maxY = size.height - e - pill.height
        guard maxX >= e, maxY >= e else { return nil }
        var xs = [p.x, e, maxX], ys = [p.y, e, maxY]
        for r in obstacles {
            xs += [r.maxX + g, r.x - g - pill.width]
            ys += [r.maxY + g, r.y - g - pill.height]
        }
        var best: (distance: Double, rect: Rect)?
        for y in ys where y >= e && y <= maxY {
            for x in xs where x >= e && x <= maxX {
                let rect = Rect(x: x, y: y, width: pill.width, height: pill.height)
                let d = (x - p.x) * (x - p.x) + (y - p.y) * (y - p.y)
                if let best, best.distance <= d { continue }
                if isFree(rect) { best = (d, rect) }
            }
        }
        return best?.rect
    }

    func isFree(_ rect: Rect) -> Bool {
        let g = OverlayPlacement.gap
        return !obstacles.contains { r in
            rect.x < r.maxX + g && r.x < rect.maxX + g && rect.y < r.maxY + g && r.y < rect.maxY + g
        }
    }
}
