import ElasticCore

extension StickyRefresh {
    // The seed's constants for the blob; its stretch bounds are where the states change.
    public static let originalHeight = 44.0
    public static let maxStretchHeight = 44.0
    public static let maxScaleFactor = 0.6
    /// The blob's top (and bottom) inset in the strip.
    public static let blobInset = 7.0
    public static let radius = 15.0
    public static let blobFill = RGBA(85, 85, 85).withOpacity(0.6)
    /// Pulling past this starts a refresh: 2 · originalHeight, where the stretch ends.
    public static var refreshThreshold: Double { originalHeight + maxStretchHeight }

    /// The round blob's radius in a strip h tall: 15, or half the strip when that is less.
    public static func normalBlobRadius(h: Double) -> Double {
        guard h.isFinite else { return 0 }
        return min(radius, max(h / 2, 0))
    }

    /// The stretched blob's numbers in blob coordinates (centre line x = 15, top at the strip's y 7).
    public struct BlobGeometry: Hashable, Sendable {
        /// s = 1 − 0.6·(h − 44)/44: 1 at h = 44, 0.4 at h = 88.
        public var scale: Double
        /// Top half-circle: centre (15, 15), radius 15s.
        public var topRadius: Double
        /// Cy = (h − 14) − 15s²: the bottom half-circle's centre y.
        public var bottomCenterY: Double
        /// Bottom half-circle radius 15s².
        public var bottomRadius: Double
        /// The side curves' control points' y: 15 + (Cy − 15)/2.
        public var controlY: Double
    }

    /// The stretching blob for a strip of height h (clamped to 44…88).
    public static func blobGeometry(h: Double) -> BlobGeometry {
        let hh = min(max(h.isFinite ? h : originalHeight, originalHeight), refreshThreshold)
        let s = 1 - maxScaleFactor * (hh - maxStretchHeight) / maxStretchHeight
        let r = radius
        let cy = (hh - 2 * blobInset) - r * s * s
        return BlobGeometry(scale: s, topRadius: r * s, bottomCenterY: cy, bottomRadius: r * s * s,
                            controlY: r + (cy - r) / 2)
    }

    /// Appends the stretched blob for strip height h, in blob coordinates placed at `origin`
    /// (the window point of blob (0, 0)), shrunk by `shrink` (1 = full size) towards its top centre.
    public static func blobPath(h: Double, origin: Vec2 = .zero, shrink: Double = 1, into path: inout Path) {
        let g = blobGeometry(h: h)
        let q = max(0, min(shrink.isFinite ? shrink : 1, 1))
        guard q > 0 else { return }
        let r = radius
        func p(_ x: Double, _ y: Double) -> Vec2 { Vec2(origin.x + r + (x - r) * q, origin.y + y * q) }
        let s2 = r * g.scale * g.scale
        path.move(to: p(r - g.topRadius, r))
        path.arc(center: p(r, r), radius: g.topRadius * q, start: Double.pi, end: 2 * Double.pi, clockwise: true)
        path.quad(to: p(r + s2, g.bottomCenterY), control: p(r + s2, g.controlY))
        path.arc(center: p(r, g.bottomCenterY), radius: g.bottomRadius * q, start: 0, end: Double.pi, clockwise: true)
        path.quad(to: p(r - g.topRadius, r), control: p(r - s2, g.controlY))
        path.close()
    }
}
