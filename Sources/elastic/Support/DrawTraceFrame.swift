import ElasticCore

/// One `--trace-draw` line: a frame's drawing in painter's order, in output pixels, as the shapes
/// the scenes asked for (from `ShapeLog`), so another rasterizer can draw the same frame.
///
/// `{"frame":N,"time":T,"width":W,"height":H,"scale":S,"clear":[r,g,b],"damage":[[x0,y0,x1,y1],…],"items":[…]}`
/// with items
/// - `{"fill":PATH,"color":[r,g,b,a]}`: every closed contour filled on its own (non-zero winding
///   per contour, contours a union);
/// - `{"stroke":PATH,"width":W,"miter_limit":4,"color":…}`: butt caps, miter joins (bevel past
///   the limit), a closed contour joined all round;
/// - `{"rect":[x,y,w,h],"color":…}`: a rectangle drawn as one;
/// - `{"text":"…","x":X,"y":Y,"size":PX,"width":PX|null,"align":"leading|center|trailing","color":…}`:
///   a label, anchored at its vertical centre (SDL2_ttf draws it);
/// - `{"triangles":[x0,y0,x1,y1,x2,y2,…],"color":…}`: triangles written to the mesh directly
///   (the F1 HUD's curve), not through a shape.
/// PATH is a flat array: `"M",x,y`, `"L",x,y`, `"Q",cx,cy,x,y`, `"A",cx,cy,r,start,sweep` (radians,
/// sweep signed, positive clockwise on screen; a line joins the current point to the arc's start,
/// as UIBezierPath's addArc does) and `"Z"`. `damage` is what Elastic cleared and redrew (the whole
/// output when it redrew everything). A shape with a coordinate that is not finite is left out.
struct DrawTraceFrame {
    var frame: Int
    var time: Double
    var width: Int, height: Int
    /// Scene points to output pixels.
    var scale: Double
    var damage: [PixelRect]
    /// A label's width in output pixels at a pixel size, as drawn; nil when unknown.
    var measure: (String, Double) -> Double? = { _, _ in nil }

    func line(list: DrawList, log: ShapeLog) -> String {
        var out = "{\"frame\":\(frame),\"time\":\(number(time)),\"width\":\(width),\"height\":\(height),\"scale\":\(number(scale))"
        let c = list.clearColor
        out += ",\"clear\":[\(c.r),\(c.g),\(c.b)],\"damage\":["
        out += damage.map { "[\($0.x0),\($0.y0),\($0.x1),\($0.y1)]" }.joined(separator: ",")
        out += "],\"items\":["
        out += items(list: list, log: log).sorted { ($0.key.0, $0.key.1, $0.seq) < ($1.key.0, $1.key.1, $1.seq) }
            .compactMap(\.json).joined(separator: ",")
        return out + "]}\n"
    }

    private typealias Item = (key: (Int, Int), seq: Int, json: String?)

    /// Shapes keyed by the draw list's command and index counts when they began; the commands no
    /// shape owns by where they stand, so sorting restores painter's order.
    private func items(list: DrawList, log: ShapeLog) -> [Item] {
        var items: [Item] = []
        for shape in log.shapes {
            items.append(((shape.listCommands.lowerBound, shape.meshIndices.lowerBound), items.count, json(shape, log)))
        }
        var indexEnd = 0
        for (p, command) in list.commands.enumerated() {
            switch command {
            case let .triangles(first, count, _):
                for gap in unowned(first..<(first + count), log.shapes) {
                    items.append(((p, gap.lowerBound), items.count, triangles(gap, list.mesh)))
                }
                indexEnd = max(indexEnd, first + count)
            case let .rect(r, color) where !log.shapes.contains(where: { $0.listCommands.contains(p) }):
                let box = [r.x, r.y, r.width, r.height].map { $0 * scale }
                items.append(((p, indexEnd), items.count, box.allSatisfy(\.isFinite)
                    ? "{\"rect\":[\(box.map(number).joined(separator: ","))],\"color\":\(rgba(color))}" : nil))
            case .rect:
                break
            case let .text(index):
                items.append(((p, indexEnd), items.count, text(list.texts[index])))
            }
        }
        return items
    }

    /// The parts of `range` no shape's mesh indices cover.
    private func unowned(_ range: Range<Int>, _ shapes: [ShapeLog.Shape]) -> [Range<Int>] {
        var gaps: [Range<Int>] = []
        var cursor = range.lowerBound
        for shape in shapes where shape.meshIndices.overlaps(range) && !shape.meshIndices.isEmpty {
            if shape.meshIndices.lowerBound > cursor { gaps.append(cursor..<shape.meshIndices.lowerBound) }
            cursor = max(cursor, shape.meshIndices.upperBound)
        }
        if cursor < range.upperBound { gaps.append(cursor..<range.upperBound) }
        return gaps
    }

    private func json(_ shape: ShapeLog.Shape, _ log: ShapeLog) -> String? {
        var parts: [String] = []
        for command in log.commands[shape.path] {
            let numbers: [Double]
            switch command {
            case let .move(p): parts.append("\"M\""); numbers = [p.x * scale, p.y * scale]
            case let .line(p): parts.append("\"L\""); numbers = [p.x * scale, p.y * scale]
            case let .quad(c, p): parts.append("\"Q\""); numbers = [c.x * scale, c.y * scale, p.x * scale, p.y * scale]
            case let .arc(a):
                guard let sweep = a.normalizedSweep else { return nil }
                parts.append("\"A\"")
                numbers = [a.center.x * scale, a.center.y * scale, a.radius * scale, a.start, sweep]
            case .close: parts.append("\"Z\""); numbers = []
            }
            guard numbers.allSatisfy(\.isFinite) else { return nil }
            parts.append(contentsOf: numbers.map(number))
        }
        let path = "[" + parts.joined(separator: ",") + "]"
        switch shape.kind {
        case .fill:
            return "{\"fill\":\(path),\"color\":\(rgba(shape.color))}"
        case let .stroke(width):
            return "{\"stroke\":\(path),\"width\":\(number(width * scale)),\"miter_limit\":\(number(ShapeLog.strokeMiterLimit)),\"color\":\(rgba(shape.color))}"
        }
    }

    /// Raw triangles, one item per run of one colour (the first vertex's).
    private func triangles(_ range: Range<Int>, _ mesh: Mesh) -> String? {
        var runs: [String] = []
        var k = range.lowerBound
        while k + 2 < range.upperBound {
            let color = mesh.vertices[Int(mesh.indices[k])].color
            var coords: [Double] = []
            while k + 2 < range.upperBound, mesh.vertices[Int(mesh.indices[k])].color == color {
                for i in k..<(k + 3) {
                    let v = mesh.vertices[Int(mesh.indices[i])]
                    coords += [Double(v.x) * scale, Double(v.y) * scale]
                }
                k += 3
            }
            guard coords.allSatisfy(\.isFinite) else { continue }
            runs.append("{\"triangles\":[\(coords.map(number).joined(separator: ","))],\"color\":\(rgba(color))}")
        }
        return runs.isEmpty ? nil : runs.joined(separator: ",")
    }

    private func text(_ item: TextItem) -> String? {
        let x = item.position.x * scale, y = item.position.y * scale, size = item.size * scale
        guard x.isFinite, y.isFinite, size.isFinite else { return nil }
        let width = measure(item.text, size).map(number) ?? "null"
        let align = switch item.alignment { case .leading: "leading"; case .center: "center"; case .trailing: "trailing" }
        return "{\"text\":\(DrawTraceFrame.quote(item.text)),\"x\":\(number(x)),\"y\":\(number(y)),\"size\":\(number(size)),"
            + "\"width\":\(width),\"align\":\"\(align)\",\"color\":\(rgba(item.color))}"
    }

    private func rgba(_ c: RGBA) -> String { "[\(c.r),\(c.g),\(c.b),\(c.a)]" }

    /// Shortest round-trip decimal: the peers read back the very doubles Elastic drew.
    private func number(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(v)" }

    /// A JSON string literal.
    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7f:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
