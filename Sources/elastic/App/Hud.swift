import ElasticCore
import Foundation
import ElasticScenes

/// The F1 overlay: FPS, frame time now / p99, a scrolling frame-time graph, what paces the frames,
/// input-to-present latency (last and p99 of the frames that applied input), the step rate,
/// triangle count, renderer, the scene's springs, and the tuned main spring with its step response
/// (`SpringTuning`). Its text is rebuilt four times a second (not
/// every frame) so it costs little; its own cost is the `hud_ms` column of the stats.
final class Hud {
    static let historyLength = 240
    private var history = [Double](repeating: 0, count: historyLength)   // ms, a ring
    /// Input-to-present latency of the same frames, ms; NaN for frames that applied no input.
    private var latencies = [Double](repeating: .nan, count: historyLength)
    private var head = 0
    private var filled = 0
    private var scratch = [Double](repeating: 0, count: historyLength)
    private var lines: [String] = []
    private var lastTextUpdate = -Double.infinity
    private let renderer: String
    private let stepRate: Double
    private var budgetMs: Double
    /// The rate the graph's budget line is drawn for (the measured one once pacing is settled).
    var refreshRate: Double {
        get { 1000 / budgetMs }
        set { budgetMs = 1000 / (newValue > 0 && newValue.isFinite ? newValue : 60) }
    }

    var visible = false
    /// The live spring tuning whose main spring the HUD shows (nil: none).
    var tuning: SpringTuning?
    /// What paces the frames (`Pacing.description`).
    var pacing: String
    /// The tuned spring's plot: 0…`SpringTuning.curveSeconds` across, value 0 at the bottom edge.
    static let curveHeight = 60.0, curveTop = 1.8
    static let curveColor = RGBA(255, 200, 80, 255)
    private(set) var curveRect = Rect(x: 0, y: 0, width: 0, height: 0)
    private var shownTuning: TunedSpring?

    init(renderer: String, stepRate: Double, refreshRate: Double, pacing: String = "") {
        self.renderer = renderer
        self.pacing = pacing
        self.stepRate = stepRate
        budgetMs = 1000 / (refreshRate > 0 && refreshRate.isFinite ? refreshRate : 60)
    }

    /// Adds the last frame's time (ms); call every frame, shown or not, so the graph is ready.
    func record(frameMs: Double, latencyMs: Double? = nil) {
        history[head] = frameMs.isFinite ? frameMs : 0
        latencies[head] = latencyMs ?? .nan
        head = (head + 1) % Hud.historyLength
        filled = min(filled + 1, Hud.historyLength)
    }

    func draw(into list: inout DrawList, tessellator: inout Tessellator, scene: any Scene,
              triangles: Int, now: Double, tuning: SpringTuning? = nil) {
        guard visible else { return }
        let tuned = tuning?.tuned(for: scene)
        if now - lastTextUpdate >= 0.25 || lines.isEmpty || tuned != shownTuning {
            lastTextUpdate = now
            shownTuning = tuned
            rebuildText(scene: scene, triangles: triangles)
        }
        let plotSpace = tuned == nil ? 0 : Hud.curveHeight + 12
        let panel = Rect(x: 10, y: 10, width: 340, height: 118 + Double(lines.count - 4) * 15 + plotSpace)
        tessellator.fillRect(panel, color: RGBA(0, 0, 0, 170), into: &list)
        // The graph: one bar per frame, newest on the right; the dashed budget line in red.
        let graph = Rect(x: panel.x + 8, y: panel.y + 8, width: 324, height: 40)
        let scaleMs = max(budgetMs * 2, 1)
        let barWidth = graph.width / Double(Hud.historyLength)
        for i in 0..<filled {
            let ms = history[(head - filled + i + Hud.historyLength) % Hud.historyLength]
            let h = min(ms / scaleMs, 1) * graph.height
            let color = ms > budgetMs ? RGBA(255, 120, 90, 230) : RGBA(120, 220, 140, 230)
            let x = graph.x + Double(Hud.historyLength - filled + i) * barWidth
            tessellator.fillRect(Rect(x: x, y: graph.maxY - h, width: max(barWidth, 1), height: max(h, 1)), color: color, into: &list)
        }
        let budgetY = graph.maxY - graph.height / 2
        tessellator.fillRect(Rect(x: graph.x, y: budgetY, width: graph.width, height: 1), color: RGBA(255, 80, 80, 200), into: &list)
        if let tuning, tuned != nil {
            curveRect = Rect(x: graph.x, y: graph.maxY + 14 + Double(lines.count) * 15 - 6, width: graph.width, height: Hud.curveHeight)
            drawCurve(tuning.curve, into: &list, tessellator: &tessellator)
        }
        list.commitTriangles(blend: .blend)
        for (i, line) in lines.enumerated() {
            list.addText(TextItem(line, at: Vec2(graph.x, graph.maxY + 14 + Double(i) * 15), size: 12,
                                  color: .white, alignment: .leading))
        }
    }

    private func rebuildText(scene: any Scene, triangles: Int) {
        var n = 0
        var sum = 0.0
        for i in 0..<filled { scratch[n] = history[i]; sum += history[i]; n += 1 }
        let mean = n > 0 ? sum / Double(n) : 0
        var p99 = 0.0
        if n > 0 {
            scratch.withUnsafeMutableBufferPointer { buffer in
                var slice = buffer[0..<n]
                slice.sort()
                p99 = slice[min(n - 1, Int((Double(n) * 0.99).rounded(.up)) - 1)]
            }
        }
        let last = filled > 0 ? history[(head - 1 + Hud.historyLength) % Hud.historyLength] : 0
        lines.removeAll(keepingCapacity: true)
        lines.append("FPS \(fmt(mean > 0 ? 1000 / mean : 0, 1))   frame \(fmt(last, 2)) ms   p99 \(fmt(p99, 2)) ms")
        appendPacingLines()
        lines.append("steps \(fmt(stepRate, 0)) Hz   triangles \(triangles)   \(renderer)")
        lines.append("scene \(type(of: scene).name)   entities \(scene.world.count)")
        for spring in scene.world.springs.prefix(4) {
            lines.append("spring k=\(fmt(spring.stiffness, 1)) c=\(fmt(spring.damping, 2)) ζ=\(fmt(spring.dampingRatio, 2))")
        }
        if let t = shownTuning {
            let p = t.parameters
            lines.append("main spring \(fmt(t.duration, 2)) s  ζ \(fmt(t.dampingRatio, 2))   [ ] - =  w saves")
            lines.append("  k=\(fmt(p.stiffness, 1)) c=\(fmt(p.damping, 2))   value over \(fmt(SpringTuning.curveSeconds, 0)) s:")
        }
    }

    /// What paces the frames (its reason on a line of its own) and the input-to-present latency.
    private func appendPacingLines() {
        if let open = pacing.firstIndex(of: "(") {
            lines.append("pacing: " + pacing[..<open].trimmingCharacters(in: .whitespaces))
            lines.append("  " + pacing[pacing.index(after: open)...].dropLast(pacing.hasSuffix(")") ? 1 : 0))
        } else {
            lines.append("pacing: " + pacing)
        }
        var n = 0
        var newest = Double.nan
        for i in 0..<filled {
            let v = latencies[(head - filled + i + Hud.historyLength) % Hud.historyLength]
            if v.isFinite { scratch[n] = v; n += 1; newest = v }
        }
        guard n > 0 else { lines.append("input→present: no input lately"); return }
        var p99 = 0.0
        scratch.withUnsafeMutableBufferPointer { buffer in
            var slice = buffer[0..<n]
            slice.sort()
            p99 = slice[min(n - 1, Int((Double(n) * 0.99).rounded(.up)) - 1)]
        }
        lines.append("input→present \(fmt(newest, 1)) ms   p99 \(fmt(p99, 1)) ms")
    }

    /// The step response as a polyline of one quad (two triangles) per segment, written straight
    /// into the mesh (no path to build), over the lines at 0 and at the target 1.
    private func drawCurve(_ curve: [Double], into list: inout DrawList, tessellator: inout Tessellator) {
        let r = curveRect
        func point(_ i: Int) -> Vec2 {
            Vec2(r.x + Double(i) * r.width / Double(curve.count - 1),
                 r.maxY - min(max(curve[i], 0), Hud.curveTop) / Hud.curveTop * r.height)
        }
        tessellator.fillRect(Rect(x: r.x, y: r.maxY - r.height / Hud.curveTop, width: r.width, height: 1),
                             color: RGBA(255, 255, 255, 90), into: &list)
        tessellator.fillRect(Rect(x: r.x, y: r.maxY, width: r.width, height: 1), color: RGBA(255, 255, 255, 90), into: &list)
        for i in 1..<curve.count {
            let a = point(i - 1), b = point(i), d = b - a
            let length = (d.x * d.x + d.y * d.y).squareRoot()
            guard length > 0 else { continue }
            let n = Vec2(-d.y / length * 0.75, d.x / length * 0.75)   // half of a 1.5 px line
            let v0 = list.mesh.add(Vertex(a + n, Hud.curveColor)), v1 = list.mesh.add(Vertex(b + n, Hud.curveColor))
            let v2 = list.mesh.add(Vertex(b - n, Hud.curveColor)), v3 = list.mesh.add(Vertex(a - n, Hud.curveColor))
            list.mesh.triangle(v0, v1, v2)
            list.mesh.triangle(v0, v2, v3)
        }
        list.commitTriangles(blend: .blend)
    }

    /// Fixed decimals without Foundation's String(format:).
    private func fmt(_ v: Double, _ decimals: Int) -> String {
        guard v.isFinite else { return "–" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let r = (abs(v) * scale).rounded()
        let whole = Int(r / scale)
        let frac = Int(r.truncatingRemainder(dividingBy: scale))
        var s = (v < 0 ? "-" : "") + String(whole)
        if decimals > 0 {
            var f = String(frac)
            while f.count < decimals { f = "0" + f }
            s += "." + f
        }
        return s
    }
}
