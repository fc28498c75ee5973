import ElasticCore
import ElasticScenes
import Foundation
import Testing
@testable import elastic

/// The tour's caption follows the hint's rule: never over content. The oracle is each scene's own
/// layout (the rectangles it declares for its status bar, title, rows, cards and controls), read
/// straight from the scene, not from the placement code.
@Suite("the tour's caption keeps off every scene's content")
struct TourCaptionTests {
    static let captions: [String] = {
        let tour = try? Tour.load(directory: TourTests.directory, loops: false)
        return (tour?.stops.map(\.caption) ?? []) + [Tour.handOverCaption]
    }()

    /// Scene sizes in points: the 1280×720 design, a 4:3 window at scale 1, a wide and a tall one.
    static let sizes = [Size(1280, 720), Size(800, 600), Size(1920, 1080), Size(720, 1280)]

    static func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        a.x < b.maxX && b.x < a.maxX && a.y < b.maxY && b.y < a.maxY
    }

    @Test("in every scene, at every size, the caption's pill meets none of the scene's content rectangles",
          arguments: SceneCatalog.names)
    func captionClearOfContent(scene name: String) throws {
        try #require(Self.captions.count == 6, "the shipped tour's five captions and the hand-over note")
        let measure = TextMeasure(frontEnd: NullFrontEnd(width: 1, height: 1), uiScale: 1)
        for size in Self.sizes {
            let driver = try FrameDriver(scene: name, windowSize: size)
            // Some motion first: a scene's layout may follow its state.
            driver.input(.key(.space))
            for i in 0...30 { _ = driver.frame(now: Double(i) / 30) }
            var content: [Rect] = []
            driver.scene.appendContentAreas(to: &content)
            try #require(!content.isEmpty, "\(name) declares its content")
            // A hint pill at the bottom left, as the key hint would sit.
            let hint = Rect(x: 6, y: size.height - 24, width: 300, height: 20)
            for text in Self.captions {
                var caption = TourCaption()
                var list = DrawList(), tessellator = Tessellator()
                let pill = caption.draw(text, into: &list, tessellator: &tessellator, scene: driver.scene, size: size,
                                        measure: measure, hint: hint)
                if size == Size(1280, 720), text.hasPrefix(name + ":") || text == Tour.handOverCaption {
                    // At the design size a caption the tour shows in this scene (its own stop's, the
                    // hand-over note) always finds room: a test that never places proves nothing.
                    try #require(pill != nil, "\(name) \(size): no caption for \(quoted(text))")
                }
                guard let pill else {
                    #expect(list.triangleCount == 0, "a hidden caption draws nothing")
                    continue
                }
                for area in content {
                    #expect(!Self.overlaps(pill, area), "\(name) \(size): caption \(pill) over content \(area) (\(quoted(text)))")
                }
                #expect(!Self.overlaps(pill, hint), "\(name) \(size): caption over the hint")
                #expect(pill.x >= 0 && pill.y >= 0 && pill.maxX <= size.width && pill.maxY <= size.height, "\(name) \(size): \(pill)")
            }
        }
    }
}
