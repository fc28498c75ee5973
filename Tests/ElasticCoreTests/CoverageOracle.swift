import Foundation
@testable import ElasticCore
import TestSupport

/// A tessellated draw list's coverage on a grid of 16×16 samples per output pixel: its triangles
/// with per-vertex alpha interpolated linearly, composited in order, as a GPU shades them; its
/// rectangles solid. Checked against the shared exact-shape oracle (`CoverageReference`, counted
/// at the same sample points).
struct CoverageGrid {
    static let samples = 16
    /// Output pixels covered: columns x0..<x0+width, rows y0..<y0+height.
    let x0: Int, y0: Int, width: Int, height: Int
    /// Output pixels per point.
    let scale: Double
    /// Per sample, 0…1.
    var values: [Float]

    init(x0: Int, y0: Int, width: Int, height: Int, scale: Double) {
        self.x0 = x0; self.y0 = y0; self.width = width; self.height = height; self.scale = scale
        values = Array(repeating: 0, count: width * height * Self.samples * Self.samples)
    }

    /// `list` rasterised on a grid over output pixels 0..<width × 0..<height, and the exact
    /// `path`'s coverage of those pixels (the oracle's, at the same 16 × 16 samples a pixel).
    static func measuredAndReference(_ list: DrawList, exact path: Path, width: Int, height: Int,
                                     scale: Double) -> (measured: CoverageGrid, reference: CoverageReference) {
        var measured = CoverageGrid(x0: 0, y0: 0, width: width, height: height, scale: scale)
        measured.rasterize(list)
        let reference = CoverageReference(path, scale: scale, bounds: (width, height), grid: Self.samples)
        return (measured, reference)
    }

    var sampleWidth: Int { width * Self.samples }
    var sampleHeight: Int { height * Self.samples }
    /// Sample (i, j)'s position in output pixels.
    func sampleX(_ i: Int) -> Double { Double(x0) + (Double(i) + 0.5) / Double(Self.samples) }
    func sampleY(_ j: Int) -> Double { Double(y0) + (Double(j) + 0.5) / Double(Self.samples) }

    /// The sample columns whose x lies in [a, b).
    func columns(from a: Double, to b: Double) -> Range<Int> {
        let s = Double(Self.samples)
        let lo = max(0, Int(((a - Double(x0)) * s - 0.5).rounded(.up)))
        let hi = min(sampleWidth, Int(((b - Double(x0)) * s - 0.5).rounded(.up)))
        return lo..<max(lo, hi)
    }

    /// Pixel coverage summed down each column (per pixel column) or along each row.
    func columnSums() -> [Double] { sums(byColumn: true) }
    func rowSums() -> [Double] { sums(byColumn: false) }

    private func sums(byColumn: Bool) -> [Double] {
        var out = Array(repeating: 0.0, count: byColumn ? width : height)
        let n = Double(Self.samples * Self.samples)
        for j in 0..<sampleHeight {
            let row = j * sampleWidth
            for i in 0..<sampleWidth {
                let v = Double(values[row + i])
                if v != 0 { out[byColumn ? i / Self.samples : j / Self.samples] += v / n }
            }
        }
        return out
    }

    // MARK: - The draw list

    /// Composites the list's triangles and rectangles in order, `over` what is there; a vertex's
    /// alpha (0…255) is its coverage.
    mutating func rasterize(_ list: DrawList) {
        for command in list.commands {
            switch command {
            case let .triangles(first, count, _):
                for t in stride(from: first, to: first + count, by: 3) {
                    let v = (0..<3).map { list.mesh.vertices[Int(list.mesh.indices[t + $0])] }
                    triangle(v.map { Vec2(Double($0.x), Double($0.y)) * scale }, v.map { Double($0.color.a) / 255 })
                }
            case let .rect(r, color):
                let a = Double(color.a) / 255
                for j in 0..<sampleHeight {
                    let y = sampleY(j)
                    guard y >= r.y * scale, y < (r.y + r.height) * scale else { continue }
                    for i in columns(from: r.x * scale, to: (r.x + r.width) * scale) { blend(i, j, a) }
                }
            case .text: continue
            }
        }
    }

    private mutating func blend(_ i: Int, _ j: Int, _ a: Double) {
        let k = j * sampleWidth + i
        values[k] = Float(a + Double(values[k]) * (1 - a))
    }

    /// One triangle (output pixels), alpha interpolated across it: row by row, the samples between
    /// its edges' crossings.
    private mutating func triangle(_ p: [Vec2], _ alpha: [Double]) {
        let area = (p[1] - p[0]).cross(p[2] - p[0])
        guard area != 0 else { return }
        let s = Double(Self.samples)
        let top = max(0, Int(((p.map(\.y).min()! - Double(y0)) * s - 0.5).rounded(.up)))
        let bottom = min(sampleHeight - 1, Int(((p.map(\.y).max()! - Double(y0)) * s - 0.5).rounded(.down)))
        guard top <= bottom else { return }
        for j in top...bottom {
            let y = sampleY(j)
            var lo = Double.infinity, hi = -Double.infinity
            for k in 0..<3 {
                let a = p[k], b = p[(k + 1) % 3]
                guard (a.y <= y) != (b.y <= y) else { continue }
                let x = a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x)
                lo = min(lo, x); hi = max(hi, x)
            }
            guard lo < hi else { continue }
            for i in columns(from: lo, to: hi) {
                let q = Vec2(sampleX(i), y)
                // Barycentric weights of q.
                let w0 = (p[1] - q).cross(p[2] - q) / area, w1 = (p[2] - q).cross(p[0] - q) / area
                let a = min(max(w0 * alpha[0] + w1 * alpha[1] + (1 - w0 - w1) * alpha[2], 0), 1)
                blend(i, j, a)
            }
        }
    }
}

/// Coverage differences summed across the edges, in pixels: per pixel column where the outline
/// is shallow (|slope| ≤ 1) and per pixel row where it is steep. Summed along an edge instead, a
/// fringe's small per-pixel rounding (its ramp is not a step) would add up over the edge's length.
struct CoverageError: CustomStringConvertible {
    let mean: Double, p95: Double, worst: Double

    init(measured: CoverageGrid, reference: CoverageReference, path: Path) {
        let columns = Self.usable(path, grid: measured, byColumn: true)
        let rows = Self.usable(path, grid: measured, byColumn: false)
        var errors: [Double] = []
        for (k, (m, r)) in zip(measured.columnSums(), reference.columnSums(measured.width)).enumerated()
        where columns[k] && (m > 0 || r > 0) { errors.append(m - r) }
        for (k, (m, r)) in zip(measured.rowSums(), reference.rowSums(measured.height)).enumerated()
        where rows[k] && (m > 0 || r > 0) { errors.append(m - r) }
        self.init(errors)
    }

    /// Columns (rows) that no steep (shallow) stretch of the outline comes within a pixel of.
    static func usable(_ path: Path, grid: CoverageGrid, byColumn: Bool) -> [Bool] {
        let count = byColumn ? grid.width : grid.height
        let origin = Double(byColumn ? grid.x0 : grid.y0)
        var usable = Array(repeating: true, count: count)
        for contour in CoverageReference.flatten(path, scale: grid.scale) {
            for k in 0..<contour.count {
                let a = contour[k], b = contour[(k + 1) % contour.count]
                let d = b - a
                let steep = abs(d.y) > abs(d.x)
                guard steep == byColumn else { continue }
                let lo = byColumn ? min(a.x, b.x) : min(a.y, b.y), hi = byColumn ? max(a.x, b.x) : max(a.y, b.y)
                let first = max(0, Int((lo - origin - 1).rounded(.down))), last = min(count - 1, Int(hi - origin + 1))
                if first <= last { for i in first...last { usable[i] = false } }
            }
        }
        return usable
    }

    init(_ errors: [Double]) {
        mean = errors.reduce(0, +) / Double(max(errors.count, 1))
        let magnitudes = errors.map(abs).sorted()
        p95 = magnitudes.isEmpty ? 0 : magnitudes[min(magnitudes.count - 1, Int(Double(magnitudes.count) * 0.95))]
        worst = magnitudes.last ?? 0
    }

    var description: String {
        String(format: "mean %+.3f px, p95 %.3f px, worst %.3f px", mean, p95, worst)
    }
}
