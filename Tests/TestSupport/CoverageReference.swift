import ElasticCore
import Foundation

/// The exact-area oracle for every coverage test, independent of the tessellator and the
/// rasteriser: a path flattened far finer than any render (chords ≪ 0.01 px), then coverage counted
/// at sample points by scanlines, as the union of its contours' non-zero windings (the tessellator
/// fills each contour on its own, contours being unions). Per pixel on a grid (`init`), or for one
/// box anywhere (`share`).
public struct CoverageReference: Sendable {
    /// Output pixels covered: x0..<x0 + width, y0..<y0 + height.
    public let x0: Int, y0: Int, width: Int, height: Int
    /// Samples per pixel along each axis.
    public let grid: Int
    /// Covered samples per pixel, 0…grid², row-major.
    public let samples: [Int]
    /// Pixel columns whose edges are all at most 2:1 steep, and rows whose edges are all at most
    /// 2:1 shallow: where a column's (row's) summed coverage measures its edges well.
    public let shallowColumns: Set<Int>, steepRows: Set<Int>

    public static let defaultGrid = 64

    public func coverage(_ x: Int, _ y: Int) -> Double {
        guard x >= x0, x < x0 + width, y >= y0, y < y0 + height else { return 0 }
        return Double(samples[(y - y0) * width + (x - x0)]) / Double(grid * grid)
    }

    /// `path` in points, less `hole` (inside it: a stroke's inner outline), drawn at `scale`
    /// output pixels per point, clipped to `bounds` pixels, counted at grid × grid samples a pixel.
    public init(_ path: Path, minus hole: Path? = nil, scale: Double, bounds: (width: Int, height: Int),
                grid: Int = CoverageReference.defaultGrid) {
        let outer = Self.flatten(path, scale: scale)
        let inner = hole.map { Self.flatten($0, scale: scale) } ?? []
        let contours = outer + inner
        let all = outer.flatMap { $0 }
        let minX = all.map(\.x).min() ?? 0, maxX = all.map(\.x).max() ?? 0
        let minY = all.map(\.y).min() ?? 0, maxY = all.map(\.y).max() ?? 0
        let x0 = max(Int(minX.rounded(.down)) - 2, 0), y0 = max(Int(minY.rounded(.down)) - 2, 0)
        let width = max(min(Int(maxX.rounded(.up)) + 2, bounds.width) - x0, 0)
        let height = max(min(Int(maxY.rounded(.up)) + 2, bounds.height) - y0, 0)
        (self.x0, self.y0, self.width, self.height, self.grid) = (x0, y0, width, height, grid)

        var columnsShallow = Set<Int>(), columnsSteep = Set<Int>(), rowsSteep = Set<Int>(), rowsShallow = Set<Int>()
        for contour in contours {
            for i in contour.indices {
                let a = contour[i], b = contour[(i + 1) % contour.count]
                let dx = abs(b.x - a.x), dy = abs(b.y - a.y)
                let cols = Int(min(a.x, b.x).rounded(.down))...Int(max(a.x, b.x).rounded(.down))
                let rows = Int(min(a.y, b.y).rounded(.down))...Int(max(a.y, b.y).rounded(.down))
                if dy > 2 * dx { columnsSteep.formUnion(cols) } else { columnsShallow.formUnion(cols) }
                if dx > 2 * dy { rowsShallow.formUnion(rows) } else { rowsSteep.formUnion(rows) }
            }
        }
        shallowColumns = columnsShallow.subtracting(columnsSteep).filter { $0 >= x0 && $0 < x0 + width }
        steepRows = rowsSteep.subtracting(rowsShallow).filter { $0 >= y0 && $0 < y0 + height }
        let box = (x0: x0, y0: y0, width: width, height: height)
        var counts = Self.count(outer, in: box, grid: grid)
        if !inner.isEmpty {
            for (i, covered) in Self.count(inner, in: box, grid: grid).enumerated() { counts[i] -= covered }
        }
        samples = counts
    }

    /// Coverage summed down each pixel column 0..<columns (across each row 0..<rows).
    public func columnSums(_ columns: Int) -> [Double] {
        (0..<columns).map { x in (y0..<(y0 + height)).reduce(0) { $0 + coverage(x, $1) } }
    }

    public func rowSums(_ rows: Int) -> [Double] {
        (0..<rows).map { y in (x0..<(x0 + width)).reduce(0) { $0 + coverage($1, y) } }
    }

    /// The share of the `size`-wide square centred on `p` inside the union of `contours` (closed
    /// polylines, each non-zero), counted at n × n points: a box filter's coverage there.
    public static func share(around p: Vec2, size: Double = 1, samples n: Int = 48, inside contours: [[Vec2]]) -> Double {
        var scanner = Scanner(contours, rows: nil)
        var count = 0
        let left = p.x - size / 2
        for j in 0..<n {
            let y = p.y + size * ((Double(j) + 0.5) / Double(n) - 0.5)
            for (a, b) in scanner.spans(atY: y, row: nil) {
                // Sample i sits at left + size·(i + ½)/n.
                let ia = max(Int(((a - left) / size * Double(n) - 0.5).rounded(.up)), 0)
                let ib = min(Int(((b - left) / size * Double(n) - 0.5).rounded(.up)), n)
                count += max(ib - ia, 0)
            }
        }
        return Double(count) / Double(n * n)
    }

    /// Samples inside the union of `contours`, per pixel of `box`.
    static func count(_ contours: [[Vec2]], in box: (x0: Int, y0: Int, width: Int, height: Int), grid n: Int) -> [Int] {
        let (x0, y0, width, height) = box
        var scanner = Scanner(contours, rows: y0..<(y0 + height))
        var counts = [Int](repeating: 0, count: width * height)
        for row in 0..<height {
            for sy in 0..<n {
                let y = Double(y0 + row) + (Double(sy) + 0.5) / Double(n)
                // The sample columns (x = (k + ½)/grid) inside each span.
                for s in scanner.spans(atY: y, row: y0 + row) {
                    let ka = Int((s.0 * Double(n) - 0.5).rounded(.up)), kb = Int((s.1 * Double(n) - 0.5).rounded(.up))
                    var k = max(ka, x0 * n)
                    let end = min(kb, (x0 + width) * n)
                    while k < end {
                        let px = k / n, next = min((px + 1) * n, end)
                        counts[row * width + px - x0] += next - k
                        k = next
                    }
                }
            }
        }
        return counts
    }

    /// Closed polylines in output pixels, chords ≤ ½ px long on arcs (sagitta ≪ 0.01 px) and 1024
    /// per quadratic.
    public static func flatten(_ path: Path, scale s: Double) -> [[Vec2]] {
        var contours: [[Vec2]] = []
        var current: [Vec2] = []
        func finish() {
            if current.count >= 3 { contours.append(current) }
            current = []
        }
        for command in path.commands {
            switch command {
            case .move(let p):
                finish()
                current = [p * s]
            case .line(let p):
                current.append(p * s)
            case let .quad(control, to):
                let p0 = current.last ?? to * s, c = control * s, p2 = to * s
                for i in 1...1024 {
                    let t = Double(i) / 1024, u = 1 - t
                    current.append(p0 * (u * u) + c * (2 * u * t) + p2 * (t * t))
                }
            case .arc(let arc):
                let sweep = arc.sweep, r = arc.radius * s
                let n = max(16, Int((abs(sweep) * r / 0.5).rounded(.up)))
                for i in 0...n {
                    let angle = arc.start + sweep * Double(i) / Double(n)
                    current.append(Vec2(arc.center.x * s + r * cos(angle), arc.center.y * s + r * sin(angle)))
                }
            case .close:
                let first = current.first
                finish()
                if let first { current = [first] }
            }
        }
        finish()
        return contours
    }
}

/// Horizontal lines through closed contours: where each line is inside their union.
private struct Scanner {
    private var edges: [(a: Vec2, b: Vec2, contour: Int)] = []
    /// Edges by the whole pixel row they span (when scanning rows `rows`), else all edges.
    private var byRow: [[Int]] = []
    private let rows: Range<Int>?
    private var crossings: [(x: Double, dir: Int, contour: Int)] = []
    private var spans: [(Double, Double)] = []

    init(_ contours: [[Vec2]], rows: Range<Int>?) {
        self.rows = rows
        byRow = [[Int]](repeating: [], count: rows?.count ?? 1)
        for (k, contour) in contours.enumerated() {
            for i in contour.indices {
                let a = contour[i], b = contour[(i + 1) % contour.count]
                guard a.y != b.y else { continue }
                edges.append((a, b, k))
                guard let rows else { byRow[0].append(edges.count - 1); continue }
                let span = Int(min(a.y, b.y).rounded(.down))...Int(max(a.y, b.y).rounded(.down))
                for r in span where rows.contains(r) { byRow[r - rows.lowerBound].append(edges.count - 1) }
            }
        }
    }

    /// The union of each contour's non-zero inside along the line at `y` (in pixel row `row` when
    /// scanning rows), as sorted, disjoint [start, end) spans.
    mutating func spans(atY y: Double, row: Int?) -> [(Double, Double)] {
        crossings.removeAll(keepingCapacity: true)
        for e in byRow[rows.map { row! - $0.lowerBound } ?? 0] {
            let (a, b, k) = edges[e]
            guard (a.y <= y && y < b.y) || (b.y <= y && y < a.y) else { continue }
            crossings.append((a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y), b.y > a.y ? 1 : -1, k))
        }
        crossings.sort { $0.contour != $1.contour ? $0.contour < $1.contour : $0.x < $1.x }
        var pieces: [(Double, Double)] = []
        var winding = 0, start = 0.0
        for (i, c) in crossings.enumerated() {
            if i > 0, crossings[i - 1].contour != c.contour { winding = 0 }
            if winding == 0 { start = c.x }
            winding += c.dir
            if winding == 0 { pieces.append((start, c.x)) }
        }
        pieces.sort { $0.0 < $1.0 }
        spans.removeAll(keepingCapacity: true)
        for s in pieces {
            if let last = spans.last, s.0 <= last.1 { spans[spans.count - 1].1 = max(last.1, s.1) } else { spans.append(s) }
        }
        return spans
    }
}
