import Foundation

/// Round tick values covering a range: multiples of 1, 2 or 5 × 10ᵉ. Each tick is the integer
/// `mantissa × i` times 10ᵉ, so its label is written from integers and is exactly the value drawn.
struct Ticks {
    let mantissa: Int
    let exponent: Int
    /// The first and last multiple; the axis runs from the first tick to the last.
    let first: Int, last: Int

    init(from low: Double, to high: Double, count: Double = 6) {
        var low = low, high = high
        // A flat range (a spring at rest) still gets an axis around its value.
        let size = max(abs(low), abs(high))
        if !(high - low > size * 1e-9) {
            let pad = size > 0 ? size * 0.05 : 1
            low -= pad; high += pad
        }
        let raw = (high - low) / count
        var e = Int(log10(raw).rounded(.down))
        let f = raw / Ticks.power(e)
        var m = f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10
        if m == 10 { m = 1; e += 1 }
        mantissa = m
        exponent = e
        let step = Double(m) * Ticks.power(e)
        first = Int((low / step).rounded(.down))
        last = Int((high / step).rounded(.up))
    }

    var indices: ClosedRange<Int> { first...last }
    var low: Double { value(first) }
    var high: Double { value(last) }

    /// The tick's value, rounded once from the exact decimal.
    func value(_ i: Int) -> Double {
        let n = Double(i * mantissa)
        return exponent >= 0 ? n * Ticks.power(exponent) : n / Ticks.power(-exponent)
    }

    /// The tick's value written exactly: plain decimals near 1, otherwise `NeE`.
    func label(_ i: Int) -> String {
        let n = i * mantissa
        guard n != 0 else { return "0" }
        if exponent > 6 || exponent < -6 { return "\(n)e\(exponent)" }
        if exponent >= 0 { return String(n) + String(repeating: "0", count: exponent) }
        var digits = String(abs(n))
        let places = -exponent
        if digits.count <= places { digits = String(repeating: "0", count: places - digits.count + 1) + digits }
        var whole = String(digits.dropLast(places)), fraction = String(digits.suffix(places))
        while fraction.hasSuffix("0") { fraction.removeLast() }
        if whole.isEmpty { whole = "0" }
        return (n < 0 ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// 10ᵏ, exact up to 10²² (beyond, the nearest double).
    static func power(_ k: Int) -> Double {
        k >= 0 ? pow(10, Double(k)) : 1 / pow(10, Double(-k))
    }
}

/// A linear map from data to pixels over the ticks' span.
struct PlotAxis {
    let ticks: Ticks
    let pixels: (from: Double, to: Double)

    func pixel(_ v: Double) -> Double {
        pixels.from + (v - ticks.low) / (ticks.high - ticks.low) * (pixels.to - pixels.from)
    }
}

/// A small SVG writer: elements appended in drawing order.
struct SVGText {
    private var body: [String] = []
    let width: Double, height: Double

    init(width: Double, height: Double) {
        self.width = width; self.height = height
        body.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>")
    }

    mutating func raw(_ element: String) { body.append(element) }

    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double,
                       dash: String? = nil, id: String? = nil, cls: String? = nil) {
        body.append("<line\(attribute("id", id))\(attribute("class", cls)) x1=\"\(fmt(x1))\" y1=\"\(fmt(y1))\" "
                    + "x2=\"\(fmt(x2))\" y2=\"\(fmt(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(width)\""
                    + "\(attribute("stroke-dasharray", dash))/>")
    }

    mutating func polyline(_ points: [(Double, Double)], stroke: String, id: String) {
        let list = points.map { "\(fmt($0.0)),\(fmt($0.1))" }.joined(separator: " ")
        body.append("<polyline id=\"\(id)\" points=\"\(list)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"1.8\"/>")
    }

    mutating func text(_ content: String, x: Double, y: Double, size: Double, weight: String? = nil,
                       fill: String = "#000", anchor: String? = nil, rotate: Bool = false, id: String? = nil) {
        let turn = rotate ? " transform=\"rotate(-90 \(fmt(x)) \(fmt(y)))\"" : ""
        body.append("<text\(attribute("id", id)) x=\"\(fmt(x))\" y=\"\(fmt(y))\" font-family=\"sans-serif\" font-size=\"\(size)\""
                    + "\(attribute("font-weight", weight)) fill=\"\(fill)\"\(attribute("text-anchor", anchor))\(turn)>"
                    + "\(escaped(content))</text>")
    }

    /// A tick mark and its label, grouped so a reader can pair the two.
    mutating func tick(axis: String, label: String, x1: Double, y1: Double, x2: Double, y2: Double,
                       textX: Double, textY: Double, anchor: String) {
        body.append("<g class=\"tick\" data-axis=\"\(axis)\">")
        line(x1: x1, y1: y1, x2: x2, y2: y2, stroke: "#333", width: 1)
        text(label, x: textX, y: textY, size: 11, anchor: anchor)
        body.append("</g>")
    }

    func finish() -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(fmt(width))\" height=\"\(fmt(height))\" "
            + "viewBox=\"0 0 \(fmt(width)) \(fmt(height))\">\n" + body.joined(separator: "\n") + "\n</svg>\n"
    }

    private func attribute(_ name: String, _ value: String?) -> String {
        value.map { " \(name)=\"\(escaped($0))\"" } ?? ""
    }

    private func escaped(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
