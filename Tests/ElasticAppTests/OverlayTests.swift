import ElasticCore
import ElasticSDL
import Foundation
import Testing
@testable import elastic

@Suite("overlay fades")
struct FadeTests {
    @Test("held until visibleUntil, then linear to 0 over 0.3 s")
    func holdThenFall() {
        let fade = Fade(visibleUntil: 4, alpha: 1)
        #expect(fade.alpha(at: 0) == 1 && fade.alpha(at: 3.99) == 1 && fade.alpha(at: 4) == 1)
        #expect(abs(fade.alpha(at: 4.15) - 0.5) < 1e-9)
        #expect(fade.alpha(at: 4.3) == 0 && fade.alpha(at: 100) == 0)
    }

    @Test("hide falls from now; show rises from where it is and holds for its time")
    func hideAndShow() {
        var fade = Fade(visibleUntil: 4, alpha: 1)
        fade.hide(at: 1)
        #expect(fade.alpha(at: 1) == 1 && abs(fade.alpha(at: 1.15) - 0.5) < 1e-9 && fade.alpha(at: 1.31) == 0)
        fade.show(at: 2, for: 4)
        #expect(fade.alpha(at: 2) == 0 && abs(fade.alpha(at: 2.15) - 0.5) < 1e-9 && fade.alpha(at: 2.31) == 1)
        #expect(fade.alpha(at: 6) == 1 && abs(fade.alpha(at: 6.15) - 0.5) < 1e-9 && fade.alpha(at: 6.31) == 0)
        // Recalled half way out: rises from 0.5, full 0.15 s later.
        fade.show(at: 6.15, for: 4)
        #expect(abs(fade.alpha(at: 6.225) - 0.75) < 1e-9 && fade.alpha(at: 6.31) == 1)
        // Hidden half way in: falls from where it got to.
        var rising = Fade(visibleUntil: -.infinity, alpha: 0)
        rising.show(at: 1, for: 1.5)
        rising.hide(at: 1.15)
        #expect(abs(rising.alpha(at: 1.225) - 0.25) < 1e-9 && rising.alpha(at: 1.31) == 0)
    }
}

/// The real binary, headless: screenshots with the overlays against the same run with --no-hint
/// (which draws neither the hint nor toasts).
@Suite("the hint and toasts on screen", .serialized)
struct OverlayScreenshotTests {
    struct Shots { var with: [Double: URL] = [:], without: [Double: URL] = [:]; var stdout = "" }

    static func play(_ name: String, _ arguments: [String], at times: [Double], replay: String? = nil) async throws -> Shots {
        let dir = try ElasticBinary.scratch("overlay-\(name)")
        var shots = Shots()
        for hint in [true, false] {
            let stem = dir.appendingPathComponent(hint ? "with.png" : "without.png")
            var args = ["play", "--headless", "--fps", "30", "--screenshot", stem.path] + arguments
            for t in times { args += ["--screenshot-at", ReplayScript.format(t)] }
            if let replay { args += ["--replay", replay] }
            if !hint { args.append("--no-hint") }
            let r = try await ElasticBinary.run(args)
            #expect(r.status == 0, "\(r.stderr)")
            for t in times {
                let url = URL(fileURLWithPath: GameLoop.screenshotPath(stem.path, time: t))
                if hint { shots.with[t] = url } else { shots.without[t] = url }
            }
            if hint { shots.stdout = r.stdout }
        }
        return shots
    }

    /// The box of the pixels that differ between the two screenshots (empty: identical).
    static func difference(_ a: URL, _ b: URL) throws -> (box: PixelBox, width: Int, height: Int) {
        let x = try PNGImage.load(a.path), y = try PNGImage.load(b.path)
        #expect(x.width == y.width && x.height == y.height)
        var box = PixelBox()
        for i in 0..<min(x.pixels.count, y.pixels.count) where x.pixels[i] != y.pixels[i] { box.add(i % x.width, i / x.width) }
        return (box, x.width, x.height)
    }

    static func replay(_ name: String, _ lines: [String]) throws -> String {
        let url = try ElasticBinary.scratch("overlay-replays").appendingPathComponent("\(name).jsonl")
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test("the hint shows at the bottom left, then is gone after 4 s (+0.3 s fade): pixels identical to --no-hint",
          arguments: [("800x600", 1.0), ("1280x720", 1.0), ("1920x1080", 1.5), ("3840x2160", 3.0)])
    func hintFadesAfterFourSeconds(window: String, scale: Double) async throws {
        let shots = try await Self.play("fade-\(window)", ["--scene", "gooey-menu", "--window", window, "--seconds", "4.4"], at: [1, 4.35])
        let shown = try Self.difference(shots.with[1]!, shots.without[1]!)
        #expect(!shown.box.isEmpty, "\(window): no hint at 1 s")
        // Bottom left: its top within 26 pt of the bottom, its left edge in the window's left
        // quarter, short of the right margin.
        #expect(shown.box.minX < shown.width / 4 && Double(shown.box.minY) >= Double(shown.height) - 26 * scale - 1, "\(window): \(shown.box)")
        #expect(shown.box.maxX < shown.width - Int(12 * scale), "\(window): \(shown.box)")
        let gone = try Self.difference(shots.with[4.35]!, shots.without[4.35]!)
        #expect(gone.box.isEmpty, "\(window): still differs at 4.35 s: \(gone.box)")
    }

    @Test("a press fades the hint out; a key brings it back for another 4 s; a mere pointer move does not hide it")
    func pointerHidesKeyRecalls() async throws {
        let script = try Self.replay("press-key", [
            #"{"t": 0.5, "type": "move", "x": 300, "y": 100}"#,
            #"{"t": 1.0, "type": "down", "x": 300, "y": 100}"#, #"{"t": 1.05, "type": "up", "x": 300, "y": 100}"#,
            #"{"t": 2.0, "type": "key", "key": "s"}"#,
        ])
        let times = [0.9, 1.4, 2.5, 5.9, 6.4]
        let shots = try await Self.play("press-key", ["--scene", "gooey-menu", "--window", "1280x720", "--seconds", "6.5"], at: times, replay: script)
        var differs: [Double: Bool] = [:]
        for t in times { differs[t] = !(try Self.difference(shots.with[t]!, shots.without[t]!).box.isEmpty) }
        #expect(differs == [0.9: true, 1.4: false, 2.5: true, 5.9: true, 6.4: false])
    }

    @Test("a report shows as a toast at the top centre (still printed), then fades: pixels identical to --no-hint")
    func toastAfterReport() async throws {
        let replay = ElasticBinary.root.appendingPathComponent("assets/replays/gooey-menu-open-close.jsonl").path
        // Space at 0.5 recalls the hint, the press at 2.0 hides it again (gone by 2.3); the tap
        // reports at about 2.08, so its toast is fully in at 2.6 and gone by 4.0.
        let shots = try await Self.play("toast", ["--scene", "gooey-menu", "--window", "1280x720", "--seconds", "4.1"], at: [2.6, 4.0], replay: replay)
        #expect(shots.stdout.contains("gooey-menu: button 2 \"Record video\" tapped"), "\(shots.stdout)")
        let shown = try Self.difference(shots.with[2.6]!, shots.without[2.6]!)
        #expect(!shown.box.isEmpty, "no toast at 2.6 s")
        #expect(shown.box.minY >= 15 && shown.box.maxY <= 44, "\(shown.box)")
        #expect(abs(Double(shown.box.minX + shown.box.maxX + 1) / 2 - 640) <= 1, "not centred: \(shown.box)")
        let gone = try Self.difference(shots.with[4.0]!, shots.without[4.0]!)
        #expect(gone.box.isEmpty, "still differs at 4.0 s: \(gone.box)")
    }
}
