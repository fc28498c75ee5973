import ElasticCore
import ElasticSDL
import Foundation
import Testing
@testable import elastic

/// Nothing over content: the real binary, headless, renders each scene with the overlays and with
/// `--no-hint` (the scene alone) at the same simulated times. Every pixel the overlays change must
/// lie in a flat, empty patch of the scene alone: its neighbourhood (a few points wide) is one
/// colour, so no text, edge, shape or control of the scene is under or beside it. The oracle is the
/// scene-only picture, not the placement code.
@Suite("the hint and toasts keep off every scene's content")
struct OverlayContentTests {
    /// Window, `--scale` and the times shot. Space at 0.5 s recalls the hint, starts each scene's
    /// motion (the block travels, the menu opens, a refresh starts) and makes most scenes report.
    static let layouts: [(window: String, scale: String)] = [
        ("1280x720", "auto"), ("3840x2160", "auto"), ("800x600", "1"), ("800x600", "2"), ("1920x1080", "auto"), ("3840x2160", "1"),
        ("2560x1440", "auto"), ("1024x768", "1.25"),
    ]
    static let times = [0.3, 0.8, 1.6]

    /// Overlay pixels whose neighbourhood (radius `reach` pixels) in the scene-only picture is not
    /// one flat colour, and how many pixels the overlays changed at all.
    static func hits(with: PNGImage, without: PNGImage, reach: Int) -> (hits: Int, changed: Int, first: String) {
        let w = without.width, h = without.height
        var box = PixelBox()
        for i in 0..<w * h where with.pixels[i] != without.pixels[i] { box.add(i % w, i / w) }
        guard !box.isEmpty else { return (0, 0, "") }
        // Summed counts, over the changed box grown by `reach`, of the places where a pixel of the
        // scene alone differs from its right neighbour (across) or the one below it (down): a
        // neighbourhood is flat when it holds neither.
        let x0 = max(0, box.minX - reach), x1 = min(w - 1, box.maxX + reach)
        let y0 = max(0, box.minY - reach), y1 = min(h - 1, box.maxY + reach)
        let bw = x1 - x0 + 2, bh = y1 - y0 + 2
        var across = [Int32](repeating: 0, count: bw * bh), down = across
        for y in y0...y1 {
            for x in x0...x1 {
                let p = without.pixels[y * w + x]
                let a: Int32 = x < x1 && without.pixels[y * w + x + 1] != p ? 1 : 0
                let d: Int32 = y < y1 && without.pixels[(y + 1) * w + x] != p ? 1 : 0
                let i = (y - y0 + 1) * bw + (x - x0 + 1)
                across[i] = a + across[i - 1] + across[i - bw] - across[i - bw - 1]
                down[i] = d + down[i - 1] + down[i - bw] - down[i - bw - 1]
            }
        }
        func sum(_ t: [Int32], _ xa: Int, _ ya: Int, _ xb: Int, _ yb: Int) -> Int32 {
            guard xb >= xa, yb >= ya else { return 0 }
            let a = (ya - y0) * bw + (xa - x0), b = (yb - y0 + 1) * bw + (xb - x0 + 1)
            return t[b] - t[(yb - y0 + 1) * bw + (xa - x0)] - t[(ya - y0) * bw + (xb - x0 + 1)] + t[a]
        }
        var hits = 0, changed = 0, first = ""
        for y in box.minY...box.maxY {
            for x in box.minX...box.maxX where with.pixels[y * w + x] != without.pixels[y * w + x] {
                changed += 1
                let xa = max(x0, x - reach), xb = min(x1, x + reach), ya = max(y0, y - reach), yb = min(y1, y + reach)
                if sum(across, xa, ya, xb - 1, yb) != 0 || sum(down, xa, ya, xb, yb - 1) != 0 {
                    hits += 1
                    if first.isEmpty { first = "(\(x), \(y))" }
                }
            }
        }
        return (hits, changed, first)
    }

    @Test("no overlay pixel lands on or beside what the scene draws, at every size and scale",
          arguments: ["wave-pull", "gooey-menu", "jelly-block", "sticky-refresh", "wave-balls"])
    func overlaysKeepOffContent(scene: String) async throws {
        let dir = try ElasticBinary.scratch("overlay-content-\(scene)")
        let replay = dir.appendingPathComponent("space.jsonl")
        try #"{"t": 0.5, "type": "key", "key": "space"}"#.appending("\n").write(to: replay, atomically: true, encoding: .utf8)
        for (window, scale) in Self.layouts {
            func shoot(hint: Bool) async throws -> String {
                let stem = dir.appendingPathComponent("\(window)-\(scale)-\(hint ? "with" : "without").png").path
                var args = ["play", "--headless", "--fps", "10", "--scene", scene, "--window", window, "--scale", scale,
                            "--seconds", "1.7", "--replay", replay.path, "--screenshot", stem]
                for t in Self.times { args += ["--screenshot-at", ReplayScript.format(t)] }
                if !hint { args.append("--no-hint") }
                let r = try await ElasticBinary.run(args)
                try #require(r.status == 0, "\(r.stderr)")
                return stem
            }
            // The two runs side by side: each takes one of the binary's slots.
            async let with = shoot(hint: true), without = shoot(hint: false)
            let shots = [true: try await with, false: try await without]
            let parts = window.split(separator: "x").compactMap { Double($0) }
            let uiScale = scale == "auto" ? UIScaleChoice.auto(width: parts[0], height: parts[1]) : Double(scale)!
            // Three points: past the pills' anti-aliased rims, well inside the 8 points placement keeps.
            let reach = Int((3 * uiScale).rounded(.up))
            var shown = 0
            for t in Self.times {
                let with = try PNGImage.load(GameLoop.screenshotPath(shots[true]!, time: t))
                let without = try PNGImage.load(GameLoop.screenshotPath(shots[false]!, time: t))
                try #require(with.width == without.width && with.height == without.height)
                let r = Self.hits(with: with, without: without, reach: reach)
                print("overlay figures: \(scene) \(window) --scale \(scale) t=\(t): \(r.hits) of \(r.changed) changed pixels on content")
                #expect(r.hits == 0, "\(scene) \(window) --scale \(scale) at \(t) s: \(r.hits) of \(r.changed) overlay pixels on content, first at \(r.first)")
                if r.changed > 0 { shown += 1 }
            }
            // The hint shows at the start and after Space, wherever there is room for it.
            if !["800x600", "1024x768"].contains(window) || scale == "1" {
                #expect(shown == Self.times.count, "\(scene) \(window) --scale \(scale): overlays shown in \(shown) of \(Self.times.count) shots")
            }
        }
    }
}
