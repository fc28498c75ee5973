import ElasticCore
import ElasticSDL
import Foundation
import Testing

/// End-to-end, per scene: the real binary, headless, replaying the scene's scripts from
/// assets/replays; the trace is checked against spec (effects.md) numbers computed here from the
/// spec's own formulas, and screenshot pixels at points computed from the same numbers.
/// Serialized: each run is a whole SDL program and the machine has two cores.
@Suite("scene replays, headless", .serialized)
struct SceneReplayTests {
    /// At 60 fps and 240 Hz, frame n is drawn at display time n/60 and shows the state at n/60 − 1/240.
    static let fps = 60.0, stepDt = 1.0 / 240

    struct Run {
        var result: ElasticBinary.Result
        var rows: [TraceRow]
        var dir: URL
        var name: String

        func rows(_ entity: String) -> [TraceRow] { rows.filter { $0.entity == entity } }
        /// The row of `entity` in the frame a `--screenshot-at T` picture shows.
        func row(_ entity: String, shotAt t: Double) -> TraceRow? {
            let frame = Int((t * SceneReplayTests.fps - 1e-6).rounded(.up))
            return rows.first { $0.frame == frame && $0.entity == entity }
        }
        func shot(_ t: Double) throws -> PNGImage {
            try PNGImage.load(dir.appendingPathComponent("\(name)-\(ReplayScript.format(t))s.png").path)
        }
    }

    /// Runs `scene` headless with a replay from assets/replays, a trace, and screenshots at `shots`.
    func play(_ scene: String, replay: String?, window: String = "1280x720", seconds: Double,
              shots: [Double] = [], extra: [String] = []) async throws -> Run {
        let name = "\(scene)-\(replay ?? "none")-\(window)"
        let dir = try ElasticBinary.scratch(name)
        let trace = dir.appendingPathComponent("trace.csv")
        var args = ["play", "--headless", "--scene", scene, "--window", window, "--seconds", "\(seconds)",
                    "--trace", trace.path, "--no-hint"]
        if let replay { args += ["--replay", ElasticBinary.root.appendingPathComponent("assets/replays/\(replay).jsonl").path] }
        if !shots.isEmpty {
            args += ["--screenshot", dir.appendingPathComponent("\(name).png").path]
            for t in shots { args += ["--screenshot-at", "\(t)"] }
        }
        let result = try await ElasticBinary.run(args + extra)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        return Run(result: result, rows: try TraceRow.load(trace), dir: dir, name: name)
    }

    /// Colours equal within `tolerance` per channel (blending rounds).
    static func near(_ a: RGBA, _ b: RGBA, _ tolerance: Int = 2) -> Bool {
        abs(Int(a.r) - Int(b.r)) <= tolerance && abs(Int(a.g) - Int(b.g)) <= tolerance && abs(Int(a.b) - Int(b.b)) <= tolerance
    }

    /// `over` at `alpha` composited on `under`.
    static func blend(_ over: RGBA, _ alpha: Double, on under: RGBA) -> RGBA {
        func c(_ o: UInt8, _ u: UInt8) -> UInt8 { UInt8((Double(o) * alpha + Double(u) * (1 - alpha)).rounded()) }
        return RGBA(c(over.r, under.r), c(over.g, under.g), c(over.b, under.b))
    }

    func expectPixel(_ image: PNGImage, _ x: Double, _ y: Double, _ color: RGBA, _ what: String, tolerance: Int = 2,
                     sourceLocation: SourceLocation = #_sourceLocation) {
        let p = image.pixel(Int(x.rounded(.down)), Int(y.rounded(.down)))
        #expect(Self.near(p, color, tolerance), "\(what) at (\(x), \(y)): \(p) vs \(color)", sourceLocation: sourceLocation)
    }

    // MARK: gooey-menu

    static let menuColor = RGBA(0, 175, 240)

    @Test("gooey-menu: helpers on their closed-form springs, diff's bulge, staggered buttons, veil, tap report")
    func gooeyMenuOpenClose() async throws {
        let run = try await play("gooey-menu", replay: "gooey-menu-open-close", seconds: 4,
                           shots: [0.4, 0.7, 1.9, 3.9])
        // Button 2 sits at the tap (640, 575): edge 360 + its place.
        #expect(run.result.stdout.contains("gooey-menu: button 2 \"Record video\" tapped"), "\(run.result.stdout)")
        let h = 720.0, open = h / 2, start = h + 60, closed = h + 20
        // Opening at 0.5 (Space): side (1.0, 0.5, 0.9), centre (1.0, 0.8, 2.0), both H + 60 → H/2.
        let side = try SpringParameters.uikit(duration: 1.0, dampingRatio: 0.5, initialVelocity: 0.9)
        let center = try SpringParameters.uikit(duration: 1.0, dampingRatio: 0.8, initialVelocity: 2.0)
        var checked = 0
        for (entity, spring) in [("side-helper", side), ("center-helper", center)] {
            for row in run.rows(entity) {
                if row.time < 0.5 - 1e-9 { #expect(row.y == start && row.x == 640, "\(row)"); continue }
                guard row.time < 2.05 else { continue }
                let exact = Spring(spring, value: start, target: open).sample(after: row.time - 0.5).value
                #expect(abs(row.y - exact) < 1e-6 * (start - open), "\(entity) t=\(row.time): \(row.y) vs \(exact)")
                #expect(row.targetY == open)
                checked += 1
            }
        }
        #expect(checked > 170)
        // diff = side − centre: the stiffer side spring leads, the edge bulges up by −158.65 at 0.2125 s.
        let sides = run.rows("side-helper"), centers = run.rows("center-helper")
        var diffs: [(time: Double, diff: Double)] = []
        for (s, c) in zip(sides, centers) where s.time > 0.5 && s.time < 1.5 { diffs.append((s.time, s.y - c.y)) }
        let deepest = try #require(diffs.min { $0.diff < $1.diff })
        #expect(abs(deepest.diff - -158.65) < 0.05 && abs(deepest.time - 0.7125) < 1e-6, "\(deepest)")
        // Buttons (relative to the edge): button i of 4 springs (0.7, 0.6, 0) from 90 below its place,
        // starting at 0.5 + i·0.075; places centred in the visible body: 75, 145, 215, 285 below the edge.
        let button = try SpringParameters.uikit(duration: 0.7, dampingRatio: 0.6, initialVelocity: 0)
        for i in 0..<4 {
            let place = 75.0 + 70 * Double(i), begin = 0.5 + Double(i) * 0.3 / 4
            for row in run.rows("button\(i)") where row.time > begin && row.time < 2.05 {
                let exact = Spring(button, value: place + 90, target: place).sample(after: row.time - begin).value
                // Exact until within the rest threshold (0.005 pt), where the spring snaps to its place.
                let tolerance = row.y == place ? RestThreshold.standard.distance : 1e-6 * 90
                #expect(abs(row.y - exact) < tolerance && row.x == 640, "button\(i) t=\(row.time): \(row.y) vs \(exact)")
            }
        }
        // Closing at the tap's release (2.0833): helpers head for H + 20, the edge sags (diff > 0) and all settles.
        for entity in ["side-helper", "center-helper"] {
            let last = try #require(run.rows(entity).last)
            #expect(last.y == closed && last.targetY == closed)
        }
        var sag = 0.0  // spelled as a loop: the chained closures took the type checker seconds
        for (s, c) in zip(sides, centers) where s.time > 2.1 && s.time < 2.8 { sag = max(sag, s.y - c.y) }
        #expect(sag > 40 && sag < 50, "closing sag \(sag) (44.87 from rest)")

        // Pixels. Before opening: the camera (menu colour) in the middle of white.
        let before = try run.shot(0.4)
        expectPixel(before, 640 - 25, 360, Self.menuColor, "camera button rim")
        expectPixel(before, 100, 100, .white, "screen")
        // Mid-opening (0.7): the edge line from the ease-in-out slide, bulged at x = W/2 by diff/2.
        let t07 = try #require(run.row("side-helper", shotAt: 0.7)).time
        let d07 = try #require(run.row("side-helper", shotAt: 0.7)).y - (try #require(run.row("center-helper", shotAt: 0.7)).y)
        let edge07 = (h + 80) + (open - (h + 80)) * Easing.easeInOut((t07 - 0.5) / 0.618)
        let mid = try run.shot(0.7)
        expectPixel(mid, 640, edge07 + d07 / 2 + 3, Self.menuColor, "body under the bulge's top")
        #expect(!Self.near(mid.pixel(640, Int(edge07 + d07 / 2 - 3)), Self.menuColor), "above the bulge")
        expectPixel(mid, 3, edge07 + 4, Self.menuColor, "body at the left edge")
        let veil07 = mid.pixel(100, 100)
        let (vr, vg, vb) = (Int(veil07.r), Int(veil07.g), Int(veil07.b))
        #expect(vr < 250 && vr > 140 && vr == vg && vg == vb, "veil fading in: \(veil07)")
        // Open (1.9): the veil at full strength over white (black at alpha 115/255), the body from H/2.
        let openShot = try run.shot(1.9)
        expectPixel(openShot, 100, 100, Self.blend(RGBA(0, 0, 0), 115.0 / 255, on: .white), "veil")
        expectPixel(openShot, 1200, 340, Self.blend(RGBA(0, 0, 0), 115.0 / 255, on: .white), "veil just above the edge")
        expectPixel(openShot, 100, 380, Self.menuColor, "body between the edge and the first button")
        expectPixel(openShot, 20, 600, Self.menuColor, "body beside the buttons")
        expectPixel(openShot, 200, 360 + 215, Self.menuColor, "inside button 2's pill")
        for i in 0..<4 {
            // The 1-pt white outline straddles the pill's top edge (y = centre − 20): it lightens rows 19 and 20 above the centre.
            let y = 360 + 75 + 70 * i - 20
            let r = max(openShot.pixel(340, y - 1).r, openShot.pixel(340, y).r)
            #expect(r > 100, "button \(i)'s outline: red \(r) (menu colour has 0)")
        }
        // Closed again (3.9): white screen, camera back.
        let after = try run.shot(3.9)
        expectPixel(after, 100, 100, .white, "veil gone")
        expectPixel(after, 640, 700, .white, "body gone")
        expectPixel(after, 640 - 25, 360, Self.menuColor, "camera button rim")
    }

    @Test("gooey-menu: a tap on the veil closes without a report")
    func gooeyMenuTapVeil() async throws {
        let run = try await play("gooey-menu", replay: "gooey-menu-tap-veil", seconds: 4, shots: [1.9, 3.9])
        #expect(!run.result.stdout.contains("tapped"))
        // Opened by the click released at 0.58, closed by the tap released at 2.08: each shows from the next frame.
        let side = try #require(run.rows("side-helper").first { $0.targetY == 360 })
        #expect(side.time > 0.58 && side.time <= 0.6, "\(side)")
        let closing = try #require(run.rows("side-helper").first { $0.time > 1 && $0.targetY == 740 })
        #expect(closing.time > 2.08 && closing.time <= 2.1, "\(closing)")
        #expect(run.rows("side-helper").last?.y == 740)
        expectPixel(try run.shot(1.9), 640, 150, Self.blend(RGBA(0, 0, 0), 115.0 / 255, on: .white), "veil where the tap lands")
        expectPixel(try run.shot(3.9), 640, 150, .white, "closed")
    }

    // MARK: jelly-block

    static let blue = RGBA(0, 0, 255)

    @Test("jelly-block: launch on the closed-form spring, peak bulge 25 at p = 0.5, square at rest, pixels")
    func jellyBlockLaunch() async throws {
        let shots = stride(from: 0.6, through: 1.0, by: 1.0 / 60).map { ($0 * 60).rounded() / 60 } + [0.4, 2.5]
        let run = try await play("jelly-block", replay: "jelly-block-launch", seconds: 2.6, shots: shots)
        let from = 720.0 - 50, to = 100.0
        let spring = try SpringParameters.uikit(duration: 1.0, dampingRatio: 0.85, initialVelocity: 0)
        func bulge(_ y: Double) -> Double {
            let p = 1 - (y - to) / (from - to)
            return 100.0 / 2 * (0.5 - abs(p - 0.5))
        }
        var peak = 0.0
        for row in run.rows("block") {
            #expect(row.x == 640)
            if row.time < 0.5 - 1e-9 { #expect(row.y == from); continue }
            let exact = Spring(spring, value: from, target: to).sample(after: row.time - 0.5).value
            #expect(abs(row.y - exact) < 1e-6 * (from - to) || (row.y == to && abs(exact - to) < 0.005), "t=\(row.time): \(row.y) vs \(exact)")
            peak = max(peak, bulge(row.y))
        }
        #expect(peak > 24.5 && peak <= 25, "peak bulge \(peak)")
        #expect(run.rows("block").last?.y == to)

        // Mid-flight: the frame nearest p = 0.5 (largest d); both edges arch up by d at the middle.
        let best = try #require(shots.filter { $0 >= 0.6 && $0 <= 1.0 }.max { a, b in
            bulge(run.row("block", shotAt: a)!.y) < bulge(run.row("block", shotAt: b)!.y)
        })
        let y = try #require(run.row("block", shotAt: best)).y, d = bulge(y)
        #expect(d > 20)
        let image = try run.shot(best)
        let top = y - 50, bottom = y + 50
        // Top edge: quad (590, top + d) via (640, top) to (690, top + d): top + d/2 at the middle.
        expectPixel(image, 640, top + d / 2 + 3, Self.blue, "inside under the top arch")
        expectPixel(image, 640, top + d / 2 - 3, .white, "above the top arch")
        expectPixel(image, 593, top + d - 4, .white, "the top corner has dropped")
        expectPixel(image, 593, top + d + 3, Self.blue, "below the top corner")
        // Bottom edge: quad (690, bottom) via (640, bottom − d) to (590, bottom): bottom − d/2 at the middle.
        expectPixel(image, 640, bottom - d / 2 - 3, Self.blue, "inside above the bottom arch")
        expectPixel(image, 640, bottom - d / 2 + 3, .white, "under the bottom arch")
        expectPixel(image, 592, bottom - 3, Self.blue, "bottom corner")

        // Before: resting on the bottom; Start button bottom-left. After: a square at the top.
        let before = try run.shot(0.4)
        expectPixel(before, 640, 670, Self.blue, "block at H − 50")
        expectPixel(before, 592, 622, Self.blue, "block's top-left")
        expectPixel(before, 640, 615, .white, "above the block")
        expectPixel(before, 28, 690, RGBA(0, 122, 255), "Start button")
        let after = try run.shot(2.5)
        for (x, yy) in [(640.0, 100.0), (592, 52), (688, 52), (592, 148), (688, 148)] {
            expectPixel(after, x, yy, Self.blue, "square at rest")
        }
        expectPixel(after, 640, 46, .white, "flat top")
        expectPixel(after, 640, 154, .white, "flat bottom")
        expectPixel(after, 640, 670, .white, "where it left")
    }

    @Test("jelly-block: a drag follows the finger, the fling ends at the nearer end")
    func jellyBlockFling() async throws {
        let run = try await play("jelly-block", replay: "jelly-block-fling", seconds: 2.5, shots: [0.6, 2.4])
        // Grabbed at y = 700 (the centre at 670, offset −30); the frame drawn at 0.6 shows the move to 500
        // (0.5833); the move at 0.6 applies from the step at 0.6 on.
        let held = try #require(run.row("block", shotAt: 0.6))
        #expect(abs(held.y - (500 - 30)) < 1e-9, "\(held)")
        let last = try #require(run.rows("block").last)
        #expect(last.y == 100 && last.targetY == 100)
        let image = try run.shot(0.6)
                // p = 1 − 370/570 ≈ 0.35: d = 17.5, both edges arch up by d/2 at the middle.
        let d = 50 * (0.5 - abs(1 - 370.0 / 570 - 0.5))
        expectPixel(image, 640, 470 - 50 + d / 2 + 3, Self.blue, "block under the finger (top)")
        expectPixel(image, 640, 470 + 50 - d / 2 - 3, Self.blue, "block under the finger (bottom)")
        expectPixel(image, 640, 470 - 50 + d / 2 - 3, .white, "above the block")
        expectPixel(try run.shot(2.4), 640, 100, Self.blue, "at the top end")
        expectPixel(try run.shot(2.4), 640, 430, .white, "gone from the drag point")
    }

    // MARK: sticky-refresh

    static let strip = RGBA(239, 239, 244)
    static let blobOverStrip = blend(RGBA(85, 85, 85), 0.6, on: strip)

    /// The blob entity's y for a pull h: centre of the circle below 44, the bottom circle's centre
    /// (64 + 7 + Cy) while stretching.
    static func blobY(h: Double, stretching: Bool) -> Double {
        guard stretching else { return 64 + h / 2 }
        let s = 1 - 0.6 * (h - 44) / 44
        return 64 + 7 + (h - 14) - 15 * s * s
    }

    @Test("sticky-refresh: normal below 44, stretching 44…88, refreshing past 88, held 44 open, closes after the result")
    func stickyRefreshPull() async throws {
        let shots = stride(from: 0.55, through: 1.5, by: 1.0 / 60).map { ($0 * 60).rounded() / 60 } + [2.2, 4.0, 4.8]
        let run = try await play("sticky-refresh", replay: "sticky-refresh-pull", seconds: 5.5, shots: shots)
        let out = run.result.stdout.split(separator: "\n").filter { $0.hasPrefix("sticky-refresh: ") }
        #expect(out == ["sticky-refresh: normal", "sticky-refresh: stretching", "sticky-refresh: refreshing",
                        "sticky-refresh: succeeded", "sticky-refresh: original"], "\(out)")
        let lists = run.rows("list"), blobs = run.rows("blob")
        #expect(lists.count == blobs.count)
        // Until the pull passes 88 the blob follows the state rules exactly: circle below 44, stretch from 44.
        var trigger: Double?
        var sawNormal = false, sawStretch = false
        for (l, b) in zip(lists, blobs) where l.time < 1.6 {
            let h = l.y
            #expect(b.x == 640)
            if h > 88 || trigger != nil {
                if trigger == nil { trigger = l.time }
                continue
            }
            if b.y == 64 + 7, h > 44 { trigger = l.time; continue }   // refreshing: shrunk into its top
            let stretching = h >= 44
            sawNormal = sawNormal || (!stretching && h > 1)
            sawStretch = sawStretch || stretching
            #expect(abs(b.y - Self.blobY(h: h, stretching: stretching)) < 1e-9, "t=\(l.time) h=\(h): blob \(b.y)")
        }
        #expect(sawNormal && sawStretch)
        let t0 = try #require(trigger)
        // Refreshing: released at 1.6, the list settles to 44; the result at t0 + 2 s; closes 1 s later over 0.5 s.
        let holding = lists.filter { $0.time > 2.4 && $0.time < t0 + 2 }
        #expect(!holding.isEmpty && holding.allSatisfy { abs($0.y - 44) < 0.01 }, "\(holding.map(\.y))")
        let closedAt = try #require(lists.first { $0.time > t0 + 2 && $0.y == 0 }).time
        #expect(closedAt > t0 + 3.4 && closedAt < t0 + 3.6, "closed at \(closedAt), trigger \(t0)")
        #expect(lists.last?.y == 0)

        // Pixels: a frame of each shape, the blob grey at 60 % over the strip.
        var normalShot: (Double, Double)?, stretchShot: (Double, Double)?
        for t in shots where t < 1.5 {
            guard let h = run.row("list", shotAt: t)?.y, t < t0 else { continue }
            if h > 34 && h < 42 { normalShot = (t, h) }
            if h > 66 && h < 80 { stretchShot = (t, h) }
        }
        let (tn, hn) = try #require(normalShot)
        let normal = try run.shot(tn)
        expectPixel(normal, 640 + 12, 64 + hn / 2, Self.blobOverStrip, "blob circle beside the icon")
        expectPixel(normal, 640 + 20, 64 + hn / 2, Self.strip, "strip beside the blob")
        expectPixel(normal, 640, 64 + hn + 10, .white, "first row")
        let (ts, hs) = try #require(stretchShot)
        let stretched = try run.shot(ts)
        let s = 1 - 0.6 * (hs - 44) / 44, cy = (hs - 14) - 15 * s * s
        expectPixel(stretched, 640, 64 + 7 + cy, Self.blobOverStrip, "bottom circle's centre")
        expectPixel(stretched, 640, 64 + 7 + (15 + cy) / 2, Self.blobOverStrip, "the neck")
        expectPixel(stretched, 640 + 15 * s * s + 4, 64 + 7 + cy, Self.strip, "beside the bottom circle")
        expectPixel(stretched, 640 + 11.7 * s, 64 + 7 + 15, Self.blobOverStrip, "top circle (radius 15s) beside the icon")
        expectPixel(stretched, 640 + 15 * s + 3, 64 + 7 + 15, Self.strip, "beside the top circle")
        // Refreshing (2.2): strip 44 tall, spinner in its middle; result (4.0): check badge left of centre.
        let spinning = try run.shot(2.2)
        expectPixel(spinning, 100, 64 + 22, Self.strip, "strip")
        expectPixel(spinning, 100, 64 + 44 + 10, .white, "first row under the strip")
        let result = try run.shot(4.0)
        #expect((560..<640).contains { x in Self.near(result.pixel(x, 64 + 22), RGBA(85, 85, 85), 4) }, "result badge")
        expectPixel(try run.shot(4.8), 640, 64 + 10, .white, "closed: rows back under the bar")
    }

    @Test("sticky-refresh: released under 88 springs back without a refresh; F makes the refresh fail")
    func stickyRefreshShortAndFail() async throws {
        let short = try await play("sticky-refresh", replay: "sticky-refresh-short", seconds: 3)
        #expect(!short.result.stdout.contains("refreshing"), "\(short.result.stdout)")
        #expect(short.result.stdout.contains("sticky-refresh: stretching"))
        let peak = short.rows("list").map(\.y).max() ?? 0
        #expect(peak >= 44 && peak <= 88, "peak \(peak)")
        #expect(short.rows("list").last?.y == 0)

        let fail = try await play("sticky-refresh", replay: "sticky-refresh-fail", seconds: 5, shots: [4.0])
        let out = fail.result.stdout
        #expect(out.contains("sticky-refresh: refreshes will fail") && out.contains("sticky-refresh: failed"))
        #expect(!out.contains("succeeded"))
        let image = try fail.shot(4.0)
        #expect((560..<640).contains { x in Self.near(image.pixel(x, 64 + 22), RGBA(85, 85, 85), 4) }, "\"!\" badge")
    }

    // MARK: wave-balls

    static let gap = RGBA(192, 194, 196), waveColor = RGBA(239, 239, 244)
    static let statusColor = RGBA(55, 110, 201), navColor = RGBA(66, 132, 243)

    /// The spec's wave-balls ball i, t seconds after the trigger, relative to (W/2, list top).
    static func ball(_ i: Int, t: Double) -> (x: Double, y: Double) {
        let dl = 25 * (1.5 - Double(i)), du = 35.0
        let a1 = atan(abs(dl) / du), sweep = Double.pi - 2 * a1, r = (dl * dl + du * du) / (2 * du)
        let u = min(max(t, 0), 0.5) / 0.5
        let theta = 3 * Double.pi / 2 + (dl < 0 ? -1 : 1) * sweep * (1 - u)
        var x = -dl + r * cos(theta), y = (r - 35) + r * sin(theta)
        if u >= 1 { x = -dl; y = -35 }
        // Float: after 0.2·i s more, a 1-s triangle wave 0 → +5 → 0 → −5 → 0.
        let f = t - 0.5 - 0.2 * Double(i)
        if f > 0 {
            let c = f.truncatingRemainder(dividingBy: 1)
            y += c < 0.25 ? 20 * c : c < 0.75 ? 5 - 20 * (c - 0.25) : -5 + 20 * (c - 0.75)
        }
        return (x, y)
    }

    @Test("wave-balls: bend 25 + 75·y/80 while pulling, trigger past 80, 80 → 70, balls on their arcs to (W/2 − dl, −35), float")
    func waveBallsPull() async throws {
        let shots = stride(from: 0.7, through: 1.2, by: 0.1).map { ($0 * 10).rounded() / 10 } + [2.5, 3.8, 4.5]
        let run = try await play("wave-balls", replay: "wave-balls-pull", seconds: 5, shots: shots)
        #expect(run.result.stdout.split(separator: "\n") == ["wave-balls: refreshing", "wave-balls: ended", "wave-balls: idle"],
                "\(run.result.stdout)")
        let lists = run.rows("list"), waves = run.rows("wave")
        // The trigger: the list jumps to 80, then eases to 70 at a constant rate over 0.5/1.75 s. Two
        // consecutive frames on that ramp give the same trigger time tt.
        func rampStart(_ r: TraceRow) -> Double { r.time - (80 - r.y) * (0.5 / 1.75) / 10 }
        let k = try #require(lists.indices.dropLast().first { i in
            lists[i].time > 1 && lists[i].y < 80 && lists[i].y > 70 && abs(rampStart(lists[i]) - rampStart(lists[i + 1])) < 1e-6
        })
        let tt = rampStart(lists[k])
        // Before it the rubber band stays under 80 (finger travel < 166.2 at d = 640).
        #expect(k > 0 && lists[k - 1].y < 80 && lists[k - 1].y > 75 && tt > lists[k - 1].time && tt < lists[k].time, "trigger \(tt)")
        #expect(tt > 1.26 && tt < 1.3)
        for l in lists where l.time > tt && l.time < tt + 2 {
            let expected = max(70, 80 - 10 * (l.time - tt) / (0.5 / 1.75))
            #expect(abs(l.y - expected) < 1e-6, "list at \(l.time): \(l.y) vs \(expected)")
        }
        // While pulling: the hump's top at list top − bend/2, bend = 25 + 75·h/80.
        for (l, w) in zip(lists, waves) where l.time < tt - 1e-9 {
            let bend = 25 + 75 * min(max(l.y, 0), 80) / 80
            #expect(abs(w.y - (80 + l.y - bend / 2)) < 1e-9 && w.x == 640, "t=\(l.time)")
        }
        // After the trigger: bend 100 → 0 in 0.2 s (half way at 0.1 s), flat after.
        for (l, w) in zip(lists, waves) where l.time >= tt - 1e-9 && l.time < tt + 2 {
            let bend = 2 * (80 + l.y - w.y)
            if l.time > tt + 0.2 + 1e-9 { #expect(abs(bend) < 1e-9, "t=\(l.time): bend \(bend)") }
            else { #expect(bend >= -1e-9 && bend <= 100 + 1e-9) }
            if abs(l.time - (tt + 0.1)) <= 1.0 / 240 { #expect(abs(bend - 50) < 6, "bend \(bend) near the middle") }
        }
        // Balls: the spec's arcs and float, relative to (640, 80 + h) of the same frame.
        var onArc = 0
        for i in 0..<4 {
            let rows = run.rows("ball\(i)")
            for (l, b) in zip(lists, rows) where l.time >= tt && l.time < tt + 2 - 1e-9 {
                let p = Self.ball(i, t: l.time - tt)
                #expect(abs(b.x - (640 + p.x)) < 1e-6 && abs(b.y - (80 + l.y + p.y)) < 1e-6,
                        "ball\(i) t=\(l.time - tt): (\(b.x), \(b.y)) vs (\(640 + p.x), \(80 + l.y + p.y))")
                if l.time - tt < 0.5 { onArc += 1 }
            }
            // Final centres: (W/2 − dl, −35) from the list top (at 150), before the float starts
            // (ball 0 floats at once; the others wait 0.2·i s there).
            guard i > 0 else { continue }
            let dl = 25 * (1.5 - Double(i))
            let settled = try #require(zip(lists, rows).first { $0.0.time - tt >= 0.5 - 1e-9 && $0.0.time - tt <= 0.5 + 0.2 * Double(i) })
            #expect(abs(settled.1.x - (640 - dl)) < 1e-6 && abs(settled.1.y - 115) < 1e-6, "ball\(i) at \(settled.1)")
        }
        #expect(onArc > 100)
        #expect(lists.last?.y == 0)
        #expect(abs((waves.last?.y ?? 0) - (80 - 12.5)) < 1e-9, "resting hump hidden under the header")

        // Pixels mid-pull: the hump's top over the grey gap.
        let pulling = try #require(shots.filter { $0 < 1.2 }.first { run.row("list", shotAt: $0)!.y > 30 && run.row("list", shotAt: $0)!.y < 78 })
        let h = try #require(run.row("list", shotAt: pulling)).y
        let apex = try #require(run.row("wave", shotAt: pulling)).y
        let image = try run.shot(pulling)
        expectPixel(image, 640, apex + 3, Self.waveColor, "hump under its top")
        expectPixel(image, 640, apex - 3, Self.gap, "gap over the hump")
        expectPixel(image, 4, 80 + h + 5, Self.gap, "gap beside the first card")
        expectPixel(image, 600, 80 + h + 10 + 8, .white, "first card")
        // Floating (2.5): each ball where its trace row puts it; cards, gap and header colours.
        let floating = try run.shot(2.5)
        for i in 0..<4 {
            let b = try #require(run.row("ball\(i)", shotAt: 2.5))
            expectPixel(floating, b.x, b.y, Self.waveColor, "ball \(i)")
            expectPixel(floating, b.x, b.y - 7.5 - 3, Self.gap, "above ball \(i)")
        }
        expectPixel(floating, 640, 115, Self.gap, "between balls 1 and 2")
        expectPixel(floating, 600, 150 + 10 + 8, .white, "card 1 under the balls")
        expectPixel(floating, 5, 155, Self.gap, "gap beside the card")
        expectPixel(floating, 100, 10, Self.statusColor, "status strip")
        expectPixel(floating, 100, 50, Self.navColor, "nav bar")
        // Ended (4.5): no balls, list back at 0.
        let ended = try run.shot(4.5)
        expectPixel(ended, 640, 115, .white, "balls gone: the first card is back there")
        expectPixel(ended, 640, 85, Self.gap, "gap above the first card")
        expectPixel(ended, 600, 80 + 10 + 8, .white, "first card back under the header")
    }

    @Test("wave-balls: released before 80 springs back without a refresh")
    func waveBallsShort() async throws {
        let run = try await play("wave-balls", replay: "wave-balls-short", seconds: 3)
        #expect(!run.result.stdout.contains("refreshing"), "\(run.result.stdout)")
        let peak = run.rows("list").map(\.y).max() ?? 0
        #expect(peak > 50 && peak < 80, "peak \(peak)")
        #expect(run.rows("list").last?.y == 0)
        var listY: [Int: Double] = [:]
        for l in run.rows("list") { listY[l.frame] = l.y }
        // Every frame traces the four balls, so the parking check below sees each of them every frame.
        try #require(!listY.isEmpty)
        for i in 0..<4 {
            let balls = run.rows("ball\(i)")
            #expect(balls.map(\.frame) == run.rows("list").map(\.frame), "ball\(i) traced in \(balls.count) of \(listY.count) frames")
            #expect(balls.allSatisfy { b in b.x == 640 && listY[b.frame].map { abs(b.y - (80 + $0)) < 1e-9 } == true },
                    "ball\(i) parked at the hump's base")
        }
    }

    // MARK: every scene at other sizes

    static let scenes: [(String, String?)] = [
        ("wave-pull", "wave-pull-center"), ("gooey-menu", "gooey-menu-open-close"), ("jelly-block", "jelly-block-fling"),
        ("sticky-refresh", "sticky-refresh-pull"), ("wave-balls", "wave-balls-pull"),
    ]

    @Test("every scene runs its replay, scaled to the window, at 800×600, 320×240 and 3840×2160: finite, some entity travels 10 points, a window-sized screenshot",
          arguments: ["800x600", "320x240", "3840x2160"])
    func sizes(window: String) async throws {
        let wh = window.split(separator: "x").map { Double($0)! }
        let sx = wh[0] / 1280, sy = wh[1] / 720
        let dir = try ElasticBinary.scratch("sizes-\(window)")
        for (scene, replay) in Self.scenes {
            // The 1280×720 script with its coordinates scaled to this window.
            let source = ElasticBinary.root.appendingPathComponent("assets/replays/\(replay!).jsonl")
            var lines: [String] = []
            for line in try String(contentsOf: source, encoding: .utf8).split(separator: "\n") {
                var object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                if let x = object["x"] as? Double { object["x"] = x * sx }
                if let y = object["y"] as? Double { object["y"] = y * sy }
                lines.append(String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self))
            }
            let scaled = dir.appendingPathComponent("\(scene).jsonl")
            try (lines.joined(separator: "\n") + "\n").write(to: scaled, atomically: true, encoding: .utf8)
            let trace = dir.appendingPathComponent("\(scene).csv"), shot = dir.appendingPathComponent("\(scene).png")
            let r = try await ElasticBinary.run(["play", "--headless", "--scene", scene, "--window", window, "--replay", scaled.path,
                                           "--seconds", "2", "--fps", "30", "--trace", trace.path, "--screenshot", shot.path])
            #expect(r.status == 0, "\(scene) at \(window): \(r.stderr)")
            let rows = try TraceRow.load(trace)
            #expect(rows.count > 50, "\(scene) at \(window)")
            for row in rows where !(row.x.isFinite && row.y.isFinite && row.targetX.isFinite && row.targetY.isFinite) {
                Issue.record("\(scene) at \(window): \(row)")
            }
            // The scaled replay moves the scene: some entity travels 10 points along x or y (in
            // points: at 4K the scene is laid out at a UI scale).
            var travel = 0.0
            for entity in Set(rows.map(\.entity)) {
                let own = rows.filter { $0.entity == entity }
                let xs = own.map(\.x), ys = own.map(\.y)
                travel = max(travel, xs.max()! - xs.min()!, ys.max()! - ys.min()!)
            }
            #expect(travel >= 10, "\(scene) at \(window): entities travelled at most \(travel)")
            let image = try PNGImage.load(shot.path)
            #expect(image.width == Int(wh[0]) && image.height == Int(wh[1]))
        }
    }
}
