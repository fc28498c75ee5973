import CSDL2
import ElasticCore
import ElasticScenes
@testable import ElasticSDL
import Foundation
import TestSupport
import Testing

/// How one rendered shape's coverage compares with `CoverageReference`.
struct CoverageFigures: CustomStringConvertible {
    /// Per measured column (row): rendered coverage summed down the column minus the reference's.
    var columns: [Double] = [], rows: [Double] = []
    /// Per partly covered pixel: the largest channel difference from the reference's colour.
    var edgeErrors: [Int] = []
    /// Pixels outside the range between the fill and the background, or well inside the shape
    /// (outside it) and not the fill's (the background's) colour.
    var seams = 0

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[min(Int((p * Double(sorted.count)).rounded(.up)) - 1, sorted.count - 1)]
    }
    static func mean(_ values: [Double]) -> Double { values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count) }

    var columnMean: Double { Self.mean(columns) }
    var rowMean: Double { Self.mean(rows) }
    var columnP95: Double { Self.percentile(columns.map(abs), 0.95) }
    var rowP95: Double { Self.percentile(rows.map(abs), 0.95) }
    var edgeP99: Int { Int(Self.percentile(edgeErrors.map(Double.init), 0.99)) }

    func meetsTargets() -> Bool {
        abs(columnMean) <= 0.05 && columnP95 <= 0.2 && abs(rowMean) <= 0.05 && rowP95 <= 0.2 && edgeP99 <= 32 && seams == 0
    }

    var description: String {
        func f(_ v: Double) -> String { String(Double(Int((v * 1000).rounded())) / 1000) }
        return "columns \(columns.count) mean \(f(columnMean)) p95 \(f(columnP95)); rows \(rows.count) mean \(f(rowMean)) "
            + "p95 \(f(rowP95)); edge pixels \(edgeErrors.count) p99 \(edgeP99)/255; seams \(seams)"
    }

    /// `color` drawn over a white background, as `image` shows it, against `reference`.
    init(_ image: PNGImage, _ reference: CoverageReference, color: RGBA) {
        let a = Double(color.a) / 255
        let full = [color.r, color.g, color.b].map { 255 + (Double($0) - 255) * a }
        let channel = full.indices.max { abs(255 - full[$0]) < abs(255 - full[$1]) }!
        func value(_ p: RGBA, _ c: Int) -> Double { Double(c == 0 ? p.r : c == 1 ? p.g : p.b) }
        func alpha(_ x: Int, _ y: Int) -> Double { (255 - value(image.pixel(x, y), channel)) / (255 - full[channel]) }
        let r = reference
        for x in r.x0..<(r.x0 + r.width) where r.shallowColumns.contains(x) {
            columns.append((r.y0..<(r.y0 + r.height)).reduce(0) { $0 + alpha(x, $1) - r.coverage(x, $1) })
        }
        for y in r.y0..<(r.y0 + r.height) where r.steepRows.contains(y) {
            rows.append((r.x0..<(r.x0 + r.width)).reduce(0) { $0 + alpha($1, y) - r.coverage($1, y) })
        }
        for y in r.y0..<(r.y0 + r.height) {
            for x in r.x0..<(r.x0 + r.width) {
                let p = image.pixel(x, y), c = r.coverage(x, y)
                var worst = 0.0, outside = false
                for k in 0..<3 {
                    let v = value(p, k), expected = 255 + (full[k] - 255) * c
                    worst = max(worst, abs(v - expected))
                    if v < min(full[k], 255) - 2 || v > max(full[k], 255) + 2 { outside = true }
                }
                if c > 0, c < 1 { edgeErrors.append(Int(worst.rounded())) }
                // Well inside (outside) the outline: 5×5 pixels wholly covered (uncovered), so a
                // difference there is a crack or a speck, not an edge drawn a little off.
                func deep() -> Bool { (-2...2).allSatisfy { dy in (-2...2).allSatisfy { r.coverage(x + $0, y + dy) == c } } }
                if outside || ((c == 0 || c == 1) && worst > 3 && deep()) { seams += 1 }
            }
        }
    }
}

extension WindowFaultTests {
    /// A shape as a scene draws it, and the outline its reference covers (less `hole`).
    struct CoverageShape {
        var name: String
        var path: Path
        var hole: Path?
        var color: RGBA
        var draw: (inout Tessellator, inout DrawList) -> Void

        /// Filled through `fill` (or `fillRoundedRect` when `rounded`).
        static func fill(_ name: String, _ path: Path, _ color: RGBA, rounded: (Rect, Double)? = nil) -> CoverageShape {
            CoverageShape(name: name, path: path, color: color) { tess, list in
                if let (rect, radius) = rounded {
                    tess.fillRoundedRect(rect, radius: radius, color: color, into: &list)
                } else {
                    tess.fill(path, color: color, into: &list)
                }
            }
        }
    }

    /// One shape of each kind the scenes draw, apart from each other, in points for a 1280×720
    /// window at `scale`.
    static func coverageShapes(scale: Double) -> [CoverageShape] {
        let w = 1280 / scale
        var shapes: [CoverageShape] = []
        // wave-pull held 60 points down, off centre (its quadratic band, as WavePull draws it).
        let p = WavePull.layout(width: w, dragDistance: 60, locationX: w * 0.43)
        shapes.append(.fill("wave band", Path {
            $0.move(to: Vec2(0, 0)); $0.line(to: Vec2(0, p[0].y))
            $0.quad(to: p[2], control: p[1]); $0.quad(to: p[4], control: p[3]); $0.quad(to: p[6], control: p[5])
            $0.line(to: Vec2(w, 0)); $0.close()
        }, WavePull.fill))
        let top = 150.0
        shapes.append(.fill("circle", Path { $0.circle(center: Vec2(60.3, top + 50.6), radius: 40.2) }, RGBA(40, 90, 200)))
        shapes.append(.fill("sticky blob", Path {
            StickyRefresh.blobPath(h: 80, origin: Vec2(120.4, top + 10.7), into: &$0)
        }, StickyRefresh.blobFill))
        let card = Rect(x: 170.35, y: top + 12.8, width: 140.5, height: 44.3)
        shapes.append(.fill("rounded rect", Path { $0.roundedRect(card, radius: 10) }, RGBA(20, 20, 20), rounded: (card, 10)))
        let pill = Rect(x: 170.6, y: top + 70.45, width: 120.2, height: 22.1)
        shapes.append(.fill("pill", Path { $0.roundedRect(pill, radius: 11.05) }, RGBA(0, 120, 90, 230), rounded: (pill, 11.05)))
        shapes.append(.fill("refresh icon", Path { Icons.circularArrow(center: Vec2(350.5, top + 40.3), size: 40, into: &$0) },
                            RGBA(10, 10, 10)))
        shapes.append(.fill("small icon", Path { Icons.circularArrow(center: Vec2(400.2, top + 40.7), size: 20, into: &$0) },
                            RGBA(10, 10, 10)))
        // gooey-menu's 1-point pill outline: a stroke, covering the pill grown by half the width
        // less the pill shrunk by it.
        let outline = Rect(x: 430.3, y: top + 20.7, width: 150.4, height: 40.2), r = outline.height / 2
        func grown(_ d: Double) -> Path {
            Path { $0.roundedRect(Rect(x: outline.x - d, y: outline.y - d, width: outline.width + 2 * d,
                                       height: outline.height + 2 * d), radius: r + d) }
        }
        shapes.append(CoverageShape(name: "pill outline", path: grown(0.5), hole: grown(-0.5), color: RGBA(30, 30, 30)) { tess, list in
            tess.stroke(grown(0), width: 1, color: RGBA(30, 30, 30), into: &list)
        })
        // sticky-refresh's check mark (an open stroke with butt ends and a miter join) as it draws
        // it: its reference is the stroke's outline, offset lines meeting at the miter.
        let mark = Vec2(610.3, top + 40.45), size = StickyRefresh.iconSize * 0.6
        let width = Icons.checkMarkLineWidth(size: size) * 1.3, h = width / 2
        let p0 = mark + Vec2(-0.38, 0.02) * size, p1 = mark + Vec2(-0.12, 0.28) * size, p2 = mark + Vec2(0.40, -0.30) * size
        func normal(_ a: Vec2, _ b: Vec2) -> Vec2 { let d = (b - a) * (1 / (b - a).length); return Vec2(d.y, -d.x) }
        let n1 = normal(p0, p1), n2 = normal(p1, p2), miter = (n1 + n2) * (1 / (1 + n1.dot(n2)))
        let markOutline = Path { p in
            p.move(to: p0 + n1 * h); p.line(to: p1 + miter * h); p.line(to: p2 + n2 * h)
            p.line(to: p2 - n2 * h); p.line(to: p1 - miter * h); p.line(to: p0 - n1 * h); p.close()
        }
        shapes.append(CoverageShape(name: "check mark", path: markOutline, color: RGBA(20, 20, 20)) { tess, list in
            tess.stroke(Path { Icons.checkMark(center: mark, size: size, into: &$0) }, width: width, color: RGBA(20, 20, 20), into: &list)
        })
        // Rectangles off whole pixels: a list row scrolled to a fractional offset, and sticky-refresh's
        // half-point separator.
        for (name, rect) in [("row block", Rect(x: 20.45, y: top + 104.3, width: 130.2, height: 20.65)),
                             ("separator", Rect(x: 200.3, y: top + 112.37, width: 300, height: 0.5))] {
            shapes.append(CoverageShape(name: name, path: Path { $0.rect(rect) }, color: RGBA(60, 60, 70)) { tess, list in
                tess.fillRect(rect, color: RGBA(60, 60, 70), into: &list)
            })
        }
        return shapes
    }

    /// The shapes drawn through `front` at `scale` (tessellated at `tolerance` points, with or
    /// without the fringe) and each one's figures against its reference.
    static func coverageFigures(front: SDLFrontEnd, scale: Double, tolerance: Double, antialias: Bool, in dir: URL,
                                shapes: [CoverageShape], label: String = "") throws -> [(String, CoverageFigures)] {
        var list = DrawList()
        list.clearColor = .white
        var tess = Tessellator(tolerance: tolerance, antialias: antialias)
        tess.rectangleCores = true
        tess.pixelScale = scale
        for shape in shapes { shape.draw(&tess, &list) }
        front.render(list, scale: scale)
        let file = dir.appendingPathComponent("coverage-\(scale)-\(antialias)\(label).png").path
        try front.saveScreenshot(to: file)
        front.present()
        return coverageFigures(of: try PNGImage.load(file), scale: scale, shapes: shapes)
    }

    /// Each shape's figures in `image` (drawn at `scale`) against its reference.
    static func coverageFigures(of image: PNGImage, scale: Double, shapes: [CoverageShape]) -> [(String, CoverageFigures)] {
        shapes.map { shape in
            let reference = CoverageReference(shape.path, minus: shape.hole, scale: scale, bounds: (image.width, image.height))
            return (shape.name, CoverageFigures(image, reference, color: shape.color))
        }
    }

    /// The app's flattening tolerance in output pixels (`FrameDriver`'s default); the tessellator
    /// gets it in points, divided by the scale.
    static func appTolerancePixels() throws -> Double {
        try FrameDriver(scene: SceneCatalog.all[0].name, windowSize: Size(1280, 720)).tolerancePixels
    }

    @Test("exact coverage at the app's tolerance: every shape kind meets every target against a 64×64-supersampled reference at scales 1, 1.5 and 2")
    func exactCoverageAtTheAppTolerance() throws {
        let dir = try ElasticBinary.scratch("coverage")
        let front = try WindowFaultTests.frontEnd()
        #expect(front.rendersExactCoverage, "the software renderer on the dummy driver should draw exact coverage")
        let tolerance = try WindowFaultTests.appTolerancePixels()
        for scale in [1.0, 1.5, 2.0] {
            let shapes = WindowFaultTests.coverageShapes(scale: scale)
            for (name, figures) in try WindowFaultTests.coverageFigures(
                front: front, scale: scale, tolerance: tolerance / scale, antialias: false, in: dir, shapes: shapes) {
                #expect(figures.meetsTargets(), "\(name) at scale \(scale): \(figures)")
            }
        }
    }

    @Test("the coverage oracle notices a shape half a pixel too fat, one flattened with its points on the curve, and a crack inside a shape")
    func coverageOracleCanFail() throws {
        let dir = try ElasticBinary.scratch("coverage-oracle")
        let front = try WindowFaultTests.frontEnd()
        let scale = 1.5, c = Vec2(60.3, 200.6), r = 40.2, color = RGBA(40, 90, 200)
        let circle = Path { $0.circle(center: c, radius: r) }
        // Drawn half an output pixel wider all round than the reference.
        let fatShape = CoverageShape(name: "fat circle", path: circle, color: color) { tess, list in
            tess.fill(Path { $0.circle(center: c, radius: r + 0.5 / scale) }, color: color, into: &list)
        }
        let tolerance = try WindowFaultTests.appTolerancePixels() / scale
        let fat = try WindowFaultTests.coverageFigures(front: front, scale: scale, tolerance: tolerance,
                                                       antialias: false, in: dir, shapes: [fatShape], label: "fat")[0].1
        #expect(!fat.meetsTargets() && fat.columnMean > 0.8, "\(fat)")
        // Flattened with its points on the circle (as before the chords straddled it), at the same
        // count of chords: thinner all round.
        let n = Arc(center: c, radius: r, start: 0, end: 2 * .pi).segmentCount(tolerance: tolerance)
        let chordsOnCircle = Path { p in
            for k in 0..<n { p.line(to: c + Vec2(cos(2 * .pi * Double(k) / Double(n)), sin(2 * .pi * Double(k) / Double(n))) * r) }
            p.close()
        }
        let thinShape = CoverageShape(name: "chords on the circle", path: circle, color: color) { tess, list in
            tess.fill(chordsOnCircle, color: color, into: &list)
        }
        let thin = try WindowFaultTests.coverageFigures(front: front, scale: scale, tolerance: tolerance,
                                                        antialias: false, in: dir, shapes: [thinShape], label: "thin")[0].1
        // Each chord's area-equivalent offset, 2/3 of its sagitta (the tolerance), on both sides.
        let expectedMean = -2 * (2.0 / 3) * tolerance * scale
        #expect(!thin.meetsTargets() && thin.columnMean < expectedMean / 2 && thin.rowMean < expectedMean / 2, "\(thin)")
        // Two halves of one disc, each drawn with its own colour run: the shared chord is
        // anti-aliased twice, which leaves a lighter line through the middle.
        let halves = [Path { $0.move(to: c + Vec2(-r, 0)); $0.arc(center: c, radius: r, start: .pi, end: 2 * .pi); $0.close() },
                      Path { $0.move(to: c + Vec2(r, 0)); $0.arc(center: c, radius: r, start: 0, end: .pi); $0.close() }]
        var list = DrawList()
        list.clearColor = .white
        var tess = Tessellator(tolerance: tolerance, antialias: false)
        tess.fill(halves[0], color: color, into: &list)
        tess.fill(halves[1], color: RGBA(40, 90, 201), into: &list)
        front.render(list, scale: scale)
        let file = dir.appendingPathComponent("halves.png").path
        try front.saveScreenshot(to: file)
        front.present()
        let cracked = CoverageFigures(try PNGImage.load(file), CoverageReference(circle, scale: scale, bounds: (1280, 720)),
                                      color: color)
        #expect(cracked.seams > 0, "\(cracked)")
    }
}
