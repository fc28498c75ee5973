import CSDL2
import ElasticCore
@testable import ElasticSDL
import ElasticScenes
import Foundation
import Testing
@testable import elastic

/// A rectangle of pixels, inclusive.
struct PixelBox: CustomStringConvertible {
    var minX = Int.max, maxX = -1, minY = Int.max, maxY = -1
    var isEmpty: Bool { maxX < 0 }
    mutating func add(_ x: Int, _ y: Int) { minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y) }
    var description: String { isEmpty ? "empty" : "x \(minX)…\(maxX), y \(minY)…\(maxY)" }

    /// The box of the pixels in rows `rows` of `image` that pass `test`.
    static func of(_ image: PNGImage, rows: Range<Int>, columns: Range<Int>? = nil, _ test: (RGBA) -> Bool) -> PixelBox {
        var box = PixelBox()
        for y in rows.clamped(to: 0..<image.height) {
            for x in (columns ?? 0..<image.width).clamped(to: 0..<image.width) where test(image.pixels[y * image.width + x]) {
                box.add(x, y)
            }
        }
        return box
    }
}

// In the window-fault suite because SDL is process-global: one front end at a time (serialized).
extension WindowFaultTests {
    static func render(_ list: DrawList, on front: SDLFrontEnd, width: Int, height: Int, scale: Double, in dir: URL) throws -> PNGImage {
        if front.windowSize != (width, height) {
            SDL_SetWindowSize(front.window, Int32(width), Int32(height))
            var ignored: [PlatformEvent] = []
            front.pollEvents(into: &ignored)
        }
        front.render(list, scale: scale)
        let path = dir.appendingPathComponent("overlay-\(width)x\(height)-\(scale).png").path
        try front.saveScreenshot(to: path)
        front.present()
        return try PNGImage.load(path)
    }

    static let layouts: [(Int, Int, Double)] = [(800, 600, 1), (1280, 720, 1), (1920, 1080, 1.5), (3840, 2160, 3), (800, 600, 2.5), (320, 240, 1)]

    @Test("the key hint's text lies inside its pill, one padding (6 points) from each end, at every size and scale")
    func hintTextFitsPill() throws {
        let dir = try ElasticBinary.scratch("hint-fit")
        let front = try WindowFaultTests.frontEnd()
        for (w, h, s) in Self.layouts {
            for entry in SceneCatalog.all {
                let size = Size(Double(w) / s, Double(h) / s)
                var list = DrawList(), tess = Tessellator()
                tess.pixelScale = s
                list.clearColor = RGBA(0, 0, 0)   // the white pill shows on black; its grey text shows on the pill
                var hint = KeyHint()
                hint.draw(into: &list, tessellator: &tess, scene: entry.make(size), size: size, now: 1,
                          measure: TextMeasure(frontEnd: front, uiScale: s))
                let image = try Self.render(list, on: front, width: w, height: h, scale: s, in: dir)
                let band = (h - Int(40 * s))..<h
                let pill = PixelBox.of(image, rows: band) { $0.r > 20 }
                let context = "\(entry.name) at \(w)×\(h) ×\(s)"
                try #require(!pill.isEmpty, "\(context): no hint")
                // Text: the grey ink in the pill's middle rows, where the pill is white from end to
                // end but for its anti-aliased rim (a pixel or two, more at larger scales).
                let middle = (pill.minY + pill.maxY) / 2, rim = 2 + Int(s)
                let rows = (middle - Int(2 * s))..<(middle + Int(2 * s) + 1)
                let text = PixelBox.of(image, rows: rows, columns: (pill.minX + rim)..<(pill.maxX + 1 - rim)) { $0.r < 160 }
                try #require(!text.isEmpty, "\(context): no text")
                // Allowed beyond the padding: the first and last glyph's side bearing and the rim.
                let pad = 6 * s, bearing = 13 * s / 3 + 2
                #expect(Double(text.minX - pill.minX) >= pad - 1 && Double(text.minX - pill.minX) <= pad + bearing, "\(context): pill \(pill), text \(text)")
                #expect(Double(pill.maxX - text.maxX) >= pad - 1 && Double(pill.maxX - text.maxX) <= pad + bearing, "\(context): pill \(pill), text \(text)")
                #expect(text.minY > pill.minY && text.maxY < pill.maxY, "\(context): pill \(pill), text \(text)")
                #expect(pill.maxX < w - 1 && pill.minX >= 0, "\(context): pill \(pill) leaves the window")
            }
        }
    }

    @Test("a toast's text lies inside its pill, one padding (14 points) from each end; a long one is set smaller, then shortened, to fit")
    func toastTextFitsPill() throws {
        let dir = try ElasticBinary.scratch("toast-fit")
        let front = try WindowFaultTests.frontEnd()
        let lines = ["scene: wave-balls", "gooey-menu: button 2 \"Record video\" tapped",
                     "sticky-refresh: refreshes will fail; this report is long enough to need a smaller font on a small window"]
        for (w, h, s) in Self.layouts {
            for line in lines {
                let size = Size(Double(w) / s, Double(h) / s)
                var list = DrawList(), tess = Tessellator()
                tess.pixelScale = s
                list.clearColor = .white
                var toast = Toast()
                toast.show(line, at: 0)
                toast.draw(into: &list, tessellator: &tess, size: size, now: 1, measure: TextMeasure(frontEnd: front, uiScale: s))
                let image = try Self.render(list, on: front, width: w, height: h, scale: s, in: dir)
                let context = "\"\(line.prefix(20))…\" at \(w)×\(h) ×\(s)"
                let pill = PixelBox.of(image, rows: 0..<Int(60 * s)) { $0.r < 128 }
                try #require(!pill.isEmpty, "\(context): no toast")
                #expect(abs(Double(pill.minY) - 16 * s) <= 1 && abs(Double(pill.maxY + 1) - 44 * s) <= 1, "\(context): \(pill)")
                #expect(abs(Double(pill.minX + pill.maxX + 1) / 2 - Double(w) / 2) <= 1, "\(context): not centred: \(pill)")
                #expect(pill.minX >= Int(8 * s) - 1 && pill.maxX <= w - Int(8 * s), "\(context): \(pill) outside its margins")
                // Text: light ink in the pill's middle rows, where the pill is dark from end to end.
                let middle = (pill.minY + Int(9 * s))..<(pill.maxY - Int(9 * s)), rim = 2 + Int(s)
                let text = PixelBox.of(image, rows: middle, columns: (pill.minX + rim)..<(pill.maxX + 1 - rim)) { $0.r > 128 }
                try #require(!text.isEmpty, "\(context): no text")
                let pad = 14 * s, bearing = 14 * s / 3 + 2
                #expect(Double(text.minX - pill.minX) >= pad - 1 && Double(text.minX - pill.minX) <= pad + bearing, "\(context): pill \(pill), text \(text)")
                #expect(Double(pill.maxX - text.maxX) >= pad - 1 && Double(pill.maxX - text.maxX) <= pad + bearing, "\(context): pill \(pill), text \(text)")
            }
        }
    }
}
