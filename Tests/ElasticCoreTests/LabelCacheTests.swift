import ElasticCore
import Testing

/// The label cache's policy, counted by hand: what is rendered, what is kept, what is released when.
@Suite("label cache: one rendering per text, size and colour; unused labels released")
struct LabelCacheTests {
    private func item(_ text: String, alpha: UInt8 = 255) -> TextItem {
        TextItem(text, at: Vec2(0, 0), size: 16, color: RGBA(10, 20, 30, alpha))
    }

    @Test("a label drawn every frame is rendered once; another size, text or colour is another label")
    func rendersOnce() {
        var cache = LabelCache<Int>()
        var renders = 0
        func draw(_ item: TextItem, px: Int = 16) -> Int? {
            cache.label(for: .init(item, pixelSize: px)) { renders += 1; return renders }
        }
        for _ in 0..<300 {
            cache.beginFrame()
            #expect(draw(item("Pull")) == 1)
            cache.endFrame { _ in Issue.record("a label in use was released") }
        }
        #expect(renders == 1)
        _ = draw(item("Pull"), px: 24)
        _ = draw(item("Release"))
        _ = draw(TextItem("Pull", at: Vec2(0, 0), size: 16, color: RGBA(10, 20, 31, 255)))
        #expect(renders == 4 && cache.count == 4)
    }

    @Test("a fading label keeps its one rendering: alpha is not part of the key")
    func alphaShares() {
        var cache = LabelCache<String>()
        var renders = 0
        for alpha in stride(from: 255, through: 0, by: -15) {
            cache.beginFrame()
            _ = cache.label(for: .init(item("Done", alpha: UInt8(alpha)), pixelSize: 16)) { renders += 1; return "t" }
        }
        #expect(renders == 1)
        #expect(LabelCache<String>.Key(item("Done", alpha: 7), pixelSize: 16).color == RGBA(10, 20, 30, 255))
    }

    @Test("a label unused for more than the lifetime is released at the next sweep, once; used ones stay")
    func releasesUnused() {
        var cache = LabelCache<String>(lifetime: 4)
        var released: [(frame: Int, label: String)] = []
        for frame in 1...16 {
            cache.beginFrame()
            if frame == 1 { _ = cache.label(for: .init(item("old"), pixelSize: 16)) { "old" } }
            _ = cache.label(for: .init(item("kept"), pixelSize: 16)) { "kept" }
            cache.endFrame { released.append((frame, $0)) }
        }
        // Last used on frame 1; sweeps on frames 4, 8, 12 and 16; unused for more than 4 first at 8.
        #expect(released.map(\.frame) == [8])
        #expect(released.map(\.label) == ["old"])
        #expect(cache.count == 1)
    }

    @Test("a label that cannot be rendered is not kept, and is tried again")
    func failedRenderIsNotKept() {
        var cache = LabelCache<Int>()
        var tries = 0
        cache.beginFrame()
        #expect(cache.label(for: .init(item("x"), pixelSize: 16)) { tries += 1; return nil } == nil)
        #expect(cache.label(for: .init(item("x"), pixelSize: 16)) { tries += 1; return 5 } == 5)
        #expect(tries == 2 && cache.count == 1)
    }

    @Test("removing all hands every label to release")
    func removeAll() {
        var cache = LabelCache<String>()
        cache.beginFrame()
        for text in ["a", "b", "c"] { _ = cache.label(for: .init(item(text), pixelSize: 16)) { text } }
        var released: [String] = []
        cache.removeAll { released.append($0) }
        #expect(released.sorted() == ["a", "b", "c"] && cache.count == 0)
    }
}
