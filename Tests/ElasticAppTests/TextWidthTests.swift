import CSDL2
import ElasticCore
import ElasticScenes
@testable import ElasticSDL
import Foundation
import Testing

// In the window-fault suite because SDL is process-global: one front end at a time (serialized).
extension WindowFaultTests {
    /// The horizontal extent of dark (inked) pixels: where the glyphs really are.
    static func inkExtent(_ image: PNGImage) -> ClosedRange<Int>? {
        var minX = Int.max, maxX = -1
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixels[y * image.width + x].r < 160 {
                minX = min(minX, x); maxX = max(maxX, x)
            }
        }
        return maxX >= 0 ? minX...maxX : nil
    }

    @Test("textWidth measures what is drawn: the ink lies within the measured width, at UI scales 1, 1.5 and 3",
          arguments: ["Esc: quit", "jelly-block: Start (Space) launches; drag and fling the block", "W—1–5 ·  gooey"])
    func textWidthMatchesInk(text: String) throws {
        let dir = try ElasticBinary.scratch("text-width")
        let front = try WindowFaultTests.frontEnd()
        #expect(NullFrontEnd(width: 10, height: 10).textWidth(text, size: 13) == nil)
        for scale in [1.0, 1.5, 3.0] {
            // The UI scale multiplies the font size in window coordinates (this output is 1:1).
            let measured = try #require(front.textWidth(text, size: 13 * scale), "no font")
            var list = DrawList()
            list.clearColor = .white
            list.addText(TextItem(text, at: Vec2(20, 100), size: 13, color: RGBA(0, 0, 0), alignment: .leading))
            front.render(list, scale: scale)
            let path = dir.appendingPathComponent("text-\(scale).png").path
            try front.saveScreenshot(to: path)
            front.present()
            let ink = try #require(WindowFaultTests.inkExtent(try PNGImage.load(path)))
            let left = 20 * scale
            // The ink starts at or after the anchor and ends before the measured advance; the side
            // bearings of the first and last glyph are the only gap (well under a quarter em each).
            #expect(Double(ink.lowerBound) >= left - 1 && Double(ink.lowerBound) <= left + 13 * scale / 4, "\(text) ×\(scale): \(ink)")
            #expect(Double(ink.upperBound) <= left + measured, "\(text) ×\(scale): ink to \(ink.upperBound), measured \(left + measured)")
            #expect(Double(ink.upperBound) >= left + measured - 13 * scale / 4, "\(text) ×\(scale): ink to \(ink.upperBound), measured \(left + measured)")
        }
        #expect(front.textWidth("", size: 13) == 0)
        #expect(front.textWidth("x", size: .nan) == nil)
    }
}

extension WindowFaultTests {
    /// The labels whose widths are estimated somewhere when no font can measure them.
    static let estimatedLabels: [(text: String, size: Double)] = [
        ("Refreshed", 14), ("Refresh failed", 14), ("News", 18), ("Sticky Refresh", 17),
        ("Space: pluck · 1–5/Tab: scenes · F1: HUD · Esc: quit", 13), ("WWW mmm", 20), ("iii", 20),
    ]

    @Test("TextMetrics against the font as drawn: typical within 25 % of the scenes' labels, a content area's box wider than each, bounding above any")
    func textMetricsAgainstTheFont() throws {
        let front = try WindowFaultTests.frontEnd()
        for (text, size) in Self.estimatedLabels {
            let measured = try #require(front.textWidth(text, size: size), "no font")
            if text.first != "W", text.first != "i" {
                #expect(abs(TextMetrics.typicalWidth(text, size: size) - measured) <= 0.25 * measured, "\(text): \(measured)")
                let box = ContentArea.centredText(text, at: Vec2(0, 0), size: size)
                #expect(box.width >= measured, "\(text): \(measured) against a box \(box.width) wide")
            }
            #expect(TextMetrics.boundingWidth(text, size: size) >= measured, "\(text): \(measured)")
        }
    }
}
