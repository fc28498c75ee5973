import Foundation

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
