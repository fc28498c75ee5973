import ElasticCore
import ElasticSDL
import Foundation
import Testing
@testable import elastic

@Suite("--scale: the UI scale rule")
struct UIScaleRuleTests {
    @Test("auto: min(w / 1280, h / 720) floored to a quarter, never below 1",
          arguments: [
            (1280, 720, 1.0), (800, 600, 1.0), (320, 240, 1.0), (1, 1, 1.0), (0, 0, 1.0),
            (1920, 1080, 1.5), (2560, 1440, 2.0), (3840, 2160, 3.0), (7680, 4320, 6.0),
            // 1600 / 1280 = 1.25 exactly; 1599 falls just short of it.
            (1600, 900, 1.25), (1599, 900, 1.0),
            // The narrower side decides: 2560 / 1280 = 2 but 1000 / 720 = 1.39 → 1.25.
            (2560, 1000, 1.25), (1700, 2000, 1.25),
            // 2880 / 1280 = 2.25 beside 1800 / 720 = 2.5 → 2.25; 3440 / 1280 = 2.69 beside 1440 / 720 = 2 → 2.
            (2880, 1800, 2.25), (3440, 1440, 2.0),
          ] as [(Int, Int, Double)])
    func auto(width: Int, height: Int, expected: Double) {
        #expect(UIScaleChoice.auto.resolve(width: width, height: height) == expected)
    }

    @Test("a number overrides auto whatever the window")
    func fixed() {
        #expect(UIScaleChoice(argument: "2")?.resolve(width: 3840, height: 2160) == 2)
        #expect(UIScaleChoice(argument: "0.25")?.resolve(width: 320, height: 240) == 0.25)
        #expect(UIScaleChoice(argument: "AUTO") == .auto)
        #expect(UIScaleChoice(argument: "big") == nil)
    }

    @Test("fixed scales outside 0.25…8 are refused by name; auto and the ends are not",
          arguments: [("0", false), ("0.2", false), ("8.5", false), ("nan", false), ("-1", false),
                      ("0.25", true), ("8", true), ("1.3", true), ("auto", true)])
    func range(argument: String, accepted: Bool) throws {
        let choice = try #require(UIScaleChoice(argument: argument))
        #expect((choice.problem == nil) == accepted, "\(argument): \(choice.problem ?? "accepted")")
        if let problem = choice.problem { #expect(problem.hasPrefix("--scale must be")) }
    }
}

/// The real binary, headless: the jelly block (100 points wide and tall in the spec) measured in
/// screenshots at several window sizes.
@Suite("--scale: the design fills the window", .serialized)
struct UIScaleScreenshotTests {
    /// The block's extent in pixels (its pure blue; the anti-aliased fringe is a blend).
    static func blockExtent(window: String, extra: [String] = []) async throws -> (width: Int, height: Int) {
        let dir = try ElasticBinary.scratch("scale-\(window)-\(extra.joined())")
        let shot = dir.appendingPathComponent("block.png")
        let r = try await ElasticBinary.run(["play", "--headless", "--scene", "jelly-block", "--window", window, "--seconds", "1",
                                       "--no-hint", "--screenshot", shot.path] + extra)
        #expect(r.status == 0, "\(r.stderr)")
        let image = try PNGImage.load(shot.path)
        var minX = Int.max, maxX = -1, minY = Int.max, maxY = -1
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixels[y * image.width + x] == RGBA(0, 0, 255) {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        try #require(maxX >= 0, "no block found at \(window)")
        return (maxX - minX + 1, maxY - minY + 1)
    }

    @Test("auto: the block is 1×, 1.5× and 3× its 1280×720 size at 800×600, 1920×1080 and 3840×2160")
    func blockScales() async throws {
        let base = try await Self.blockExtent(window: "1280x720")
        #expect(abs(base.width - 100) <= 2, "\(base)")
        for (window, factor) in [("800x600", 1.0), ("1920x1080", 1.5), ("3840x2160", 3.0)] {
            let size = try await Self.blockExtent(window: window)
            #expect(abs(Double(size.width) - factor * Double(base.width)) <= 2, "\(window): \(size) vs \(base)")
            #expect(abs(Double(size.height) - factor * Double(base.height)) <= 2, "\(window): \(size) vs \(base)")
        }
    }

    @Test("--scale 2 overrides auto: twice the block at 1280×720, and 2× (not 3×) at 3840×2160")
    func fixedOverrides() async throws {
        let base = try await Self.blockExtent(window: "1280x720", extra: ["--scale", "1"])
        let doubled = try await Self.blockExtent(window: "1280x720", extra: ["--scale", "2"])
        let big = try await Self.blockExtent(window: "3840x2160", extra: ["--scale", "2"])
        #expect(abs(doubled.width - 2 * base.width) <= 2, "\(doubled) vs \(base)")
        #expect(abs(big.width - 2 * base.width) <= 2, "\(big) vs \(base)")
    }
}
