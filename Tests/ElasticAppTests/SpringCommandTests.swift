import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// `elastic spring`: hostile settings are refused, and `--plot` draws the overshoot and settle
/// time where the closed form of the damped oscillator (worked out here) puts them.
@Suite("Spring inspector")
struct SpringCommandTests {
    /// A spring of the inspector (mass 1, from 0 to 1, from rest) as ω₀ and ζ, with the test's own
    /// closed form of its displacement from the target.
    struct Oscillator {
        let w0: Double, zeta: Double

        func displacement(_ t: Double) -> Double {
            let a = zeta * w0, d = zeta * zeta - 1
            if d < 0 {
                let b = w0 * (-d).squareRoot()
                return -exp(-a * t) * (cos(b * t) + a / b * sin(b * t))
            } else if d == 0 {
                return -exp(-a * t) * (1 + a * t)
            }
            let g = w0 * d.squareRoot()
            return -exp(-a * t) * (cosh(g * t) + a / g * sinh(g * t))
        }

        /// Under-damped from rest: the peak at π/ω_d, exp(−ζπ/√(1−ζ²)) of the travel past the target.
        var overshoot: (time: Double, value: Double)? {
            guard zeta < 1 else { return nil }
            let root = (1 - zeta * zeta).squareRoot()
            return (Double.pi / (w0 * root), 1 + exp(-zeta * Double.pi / root))
        }

        /// The last time |x| = distance, by a fine backward scan from well after the envelope is
        /// inside the distance, then bisection.
        func settleTime(distance: Double) -> Double {
            var t = 60 / (zeta * w0)
            let step = 1e-4 / w0
            while abs(displacement(t)) <= distance { t -= step }
            var outside = t, inside = t + step
            for _ in 0..<100 {
                let mid = (outside + inside) / 2
                if abs(displacement(mid)) > distance { outside = mid } else { inside = mid }
            }
            return inside
        }
    }

    /// UIKit's ω for a settle time d from rest: the envelope falls to ε = 0.001 at d. Under-damped,
    /// e^(−ζωd)/√(1−ζ²) = ε has a closed form; critically damped, (1 + ωd)e^(−ωd) = ε is bisected.
    static func uikitOmega(duration d: Double, zeta: Double) -> Double {
        let eps = 0.001
        if zeta < 1 { return log(zeta / (eps * (1 - zeta * zeta).squareRoot())) / (zeta * d) }
        var lo = 1.0, hi = 100.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if (1 + mid) * exp(-mid) > eps { lo = mid } else { hi = mid }
        }
        return lo / d
    }

    static let restDistance = 0.005

    static let plotted: [(flags: [String], oscillator: Oscillator)] = [
        (["--duration", "0.9", "--damping", "0.57"], Oscillator(w0: uikitOmega(duration: 0.9, zeta: 0.57), zeta: 0.57)),
        (["--duration", "0.5", "--damping", "1", "--seconds", "1"], Oscillator(w0: uikitOmega(duration: 0.5, zeta: 1), zeta: 1)),
        (["--model", "perceptual", "--duration", "0.5", "--damping", "0.3", "--seconds", "3"], Oscillator(w0: 4 * .pi, zeta: 0.3)),
        (["--model", "perceptual", "--duration", "1", "--damping", "2", "--seconds", "4"], Oscillator(w0: 2 * .pi, zeta: 2)),
    ]

    @Test("--plot marks the overshoot and the settle time where the closed form puts them",
          arguments: plotted.indices)
    func plot(index: Int) async throws {
        let (flags, oscillator) = SpringCommandTests.plotted[index]
        let dir = try ElasticBinary.scratch("spring-plot-\(index)")
        let path = dir.appendingPathComponent("curve.svg").path
        let plotted = try await ElasticBinary.run(["spring"] + flags + ["--plot", path])
        #expect(plotted.status == 0, "\(plotted.stderr)")
        let plain = try await ElasticBinary.run(["spring"] + flags)
        #expect(plotted.stdout == plain.stdout, "--plot changed the CSV")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["curve.svg"], "temporary file left behind")

        let svg = try SVGMarks(contentsOf: path)
        let time = try svg.axis("time"), value = try svg.axis("value")
        #expect(try svg.axis("velocity").ticks.count >= 2)
        #expect(svg.ids.contains("target") && svg.ids.contains("value-curve") && svg.ids.contains("velocity-curve"))
        #expect(svg.legend.contains("rest distance"), "the legend names the settle definition: \(svg.legend)")

        if let expected = oscillator.overshoot {
            let mark = try #require(svg.groups["overshoot"], "no overshoot marked")
            #expect(abs(mark.number("data-time") - expected.time) < 1e-6, "overshoot time \(mark.attributes)")
            #expect(abs(mark.number("data-value") - expected.value) < 1e-6, "overshoot value \(mark.attributes)")
            // Drawn where it says: the circle, read back through the tick labels.
            #expect(abs(time.value(atPixel: mark.point.x) - expected.time) < time.unitsPerPixel)
            #expect(abs(value.value(atPixel: mark.point.y) - expected.value) < value.unitsPerPixel)
        } else {
            #expect(svg.groups["overshoot"] == nil)
            #expect(svg.legend.contains("no overshoot"))
        }
        let settle = oscillator.settleTime(distance: SpringCommandTests.restDistance)
        let mark = try #require(svg.groups["settle"], "no settle time marked")
        #expect(abs(mark.number("data-time") - settle) < 1e-6, "settle time \(mark.attributes), expected \(settle)")
        #expect(abs(time.value(atPixel: mark.point.x) - settle) < time.unitsPerPixel)
    }

    @Test("--plot refuses a directory, a missing folder and a name not ending in .svg; nothing printed or written",
          arguments: ["dir", "missing/curve.svg", "curve.png"])
    func badPlotPath(name: String) async throws {
        let dir = try ElasticBinary.scratch("spring-plot-bad-\(name.count)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("dir"), withIntermediateDirectories: true)
        let r = try await ElasticBinary.run(["spring", "--duration", "0.9", "--damping", "0.57", "--plot", dir.appendingPathComponent(name).path])
        #expect(r.status != 0)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("cannot write the plot"), "\(r.stderr)")
        if name == "dir" { #expect(r.stderr.contains("is a directory")) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["dir"])
    }

    @Test("a refused spring leaves an earlier plot as it was")
    func refusedKeepsPlot() async throws {
        let dir = try ElasticBinary.scratch("spring-plot-keep")
        let path = dir.appendingPathComponent("curve.svg").path
        try Data("earlier".utf8).write(to: URL(fileURLWithPath: path))
        let r = try await ElasticBinary.run(["spring", "--model", "perceptual", "--duration", "1e-300", "--damping", "0.5", "--plot", path])
        #expect(r.status != 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "earlier")
    }

    @Test("hostile settings are refused with the flag named, non-zero exit and nothing on standard output",
          arguments: [
            (["--model", "perceptual", "--duration", "1e-300", "--damping", "0.5"], "--duration"),
            (["--model", "perceptual", "--duration", "1e300", "--damping", "0.5"], "--duration"),
            (["--model", "perceptual", "--duration", "1e-160", "--damping", "0.5"], "--duration"),
            (["--model", "perceptual", "--duration", "1", "--damping", "1e300"], "--damping"),
            (["--model", "perceptual", "--duration", "1", "--damping", "0"], "--damping"),
            (["--model", "perceptual", "--duration", "1", "--damping", "0.5", "--velocity", "1"], "--velocity"),
            (["--duration", "1", "--damping", "0.5", "--hz", "1e-320"], "--hz"),
            (["--duration", "1", "--damping", "0.5", "--hz", "4e-324", "--seconds", "1e300"], "--hz"),
            (["--duration", "1", "--damping", "0.5", "--hz", "1e6"], "--hz"),
            (["--duration", "1", "--damping", "0.5", "--seconds", "inf"], "--seconds"),
            (["--duration", "1", "--damping", "0.5", "--seconds", "1e300"], "--seconds"),
            (["--duration", "nan", "--damping", "0.5"], "--duration"),
            (["--duration", "1", "--damping", "nan"], "--damping"),
            (["--duration", "1", "--damping", "0.5", "--velocity", "-inf"], "--velocity"),
          ] as [([String], String)])
    func refused(flags: [String], flag: String) async throws {
        let r = try await ElasticBinary.run(["spring"] + flags)
        #expect(r.status != 0, "\(flags) was accepted")
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains(flag), "\(flags): \(r.stderr)")
    }

    @Test("extreme settings still accepted print only finite numbers",
          arguments: [
            ["--model", "perceptual", "--duration", "1e-6", "--damping", "0.5", "--hz", "100000", "--seconds", "0.001"],
            ["--model", "perceptual", "--duration", "1e6", "--damping", "1000"],
            ["--model", "perceptual", "--duration", "1", "--damping", "1e-300"],
            ["--duration", "1e-300", "--damping", "1e-300", "--velocity", "10000"],
            ["--duration", "1e300", "--damping", "1e300", "--velocity", "-10000"],
            ["--duration", "1", "--damping", "0.5", "--hz", "0.001", "--seconds", "1e9"],
          ])
    func extremesFinite(flags: [String]) async throws {
        let r = try await ElasticBinary.run(["spring"] + flags)
        #expect(r.status == 0, "\(flags): \(r.stderr)")
        let rows = r.stdout.split(separator: "\n").dropFirst()
        #expect(!rows.isEmpty)
        for row in rows {
            let numbers = row.split(separator: ",").compactMap { Double($0) }
            #expect(numbers.count == 3 && numbers.allSatisfy(\.isFinite), "\(flags): \(row)")
            if !(numbers.count == 3 && numbers.allSatisfy(\.isFinite)) { break }
        }
    }
}

/// What a spring plot marks, read with Foundation's XMLParser: the ticks of each axis (mark and
/// label), the marker groups with their attributes and first point, element ids and legend text.
final class SVGMarks: NSObject, XMLParserDelegate {
    struct Group {
        var attributes: [String: String]
        var point = (x: Double.nan, y: Double.nan)
        func number(_ key: String) -> Double { attributes[key].flatMap(Double.init) ?? .nan }
    }

    struct Axis {
        var ticks: [(value: Double, pixel: Double)]
        var unitsPerPixel: Double {
            abs((ticks.last!.value - ticks[0].value) / (ticks.last!.pixel - ticks[0].pixel))
        }
        func value(atPixel p: Double) -> Double {
            ticks[0].value + (p - ticks[0].pixel) / (ticks.last!.pixel - ticks[0].pixel) * (ticks.last!.value - ticks[0].value)
        }
    }

    private(set) var groups: [String: Group] = [:]
    private(set) var ids: Set<String> = []
    private(set) var legend = ""
    private var ticks: [String: [(label: String, x: Double, y: Double)]] = [:]
    private var openTick: (axis: String, x: Double, y: Double)?
    private var openGroup: String?
    private var text: String?

    init(contentsOf path: String) throws {
        super.init()
        let parser = XMLParser(data: try Data(contentsOf: URL(fileURLWithPath: path)))
        parser.delegate = self
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
    }

    /// The axis `name`, its labels checked to be numbers lying on one straight line of pixels.
    func axis(_ name: String) throws -> Axis {
        let raw = try #require(ticks[name], "no \(name) ticks")
        let points = raw.map { (value: Double($0.label) ?? .nan, pixel: name == "time" ? $0.x : $0.y) }
        let axis = Axis(ticks: points)
        #expect(points.count >= 2 && points.allSatisfy { $0.value.isFinite }, "\(name) labels: \(raw.map(\.label))")
        for p in points {
            #expect(abs(axis.value(atPixel: p.pixel) - p.value) < 0.02 * axis.unitsPerPixel, "\(name) tick \(p) off the line")
        }
        return axis
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        if let id = attributes["id"] { ids.insert(id) }
        switch name {
        case "g" where attributes["class"] == "tick":
            openTick = (attributes["data-axis"] ?? "", .nan, .nan)
        case "g":
            if let id = attributes["id"] { openGroup = id; groups[id] = Group(attributes: attributes) }
        case "line", "circle":
            let x = Double(attributes["x1"] ?? attributes["cx"] ?? "") ?? .nan
            let y = Double(attributes["y1"] ?? attributes["cy"] ?? "") ?? .nan
            if openTick != nil, openTick!.x.isNaN { openTick!.x = x; openTick!.y = y }
            if let g = openGroup, groups[g]!.point.x.isNaN { groups[g]!.point = (x, y) }
        case "text":
            text = ""
            if attributes["id"]?.hasPrefix("legend-") == true { legend += " " }
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text? += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        switch name {
        case "text":
            if let tick = openTick { ticks[tick.axis, default: []].append((text ?? "", tick.x, tick.y)) }
            legend += text ?? ""
            text = nil
        case "g":
            openTick = nil; openGroup = nil
        default: break
        }
    }
}
