import ElasticCore
@testable import ElasticRaster
import Testing

/// What the buffer's owner asks of a frame: which buffers it may draw into, what the frame
/// redrew, and what a present must show.
@Suite("a frame as the host asks for it")
struct CompositorFrameTests {
    /// X8R8G8B8, the format of X11 window surfaces: blue in the low byte, no alpha.
    static let xrgb = PixelFormat(layout: .xrgb8888, shifts: (16, 8, 0, 24), losses: (0, 0, 0, 8), alphaMask: 0)

    /// A 64×48 buffer of `format`, alive while `body` runs.
    static func withBuffer(_ format: PixelFormat = xrgb, _ body: (PixelBuffer) -> Void) {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 64 * 48 * 4, alignment: 16)
        defer { memory.deallocate() }
        body(PixelBuffer(base: memory, width: 64, height: 48, pitch: 64 * 4, format: format))
    }

    static func list(rectAt x: Double) -> DrawList {
        var list = DrawList()
        list.addRect(Rect(x: x, y: 4, width: 10, height: 8), color: RGBA(200, 30, 40, 255))
        return list
    }

    @Test("frames only into a buffer of a known byte order that labels blend into (XRGB8888)")
    func supportedTargets() {
        #expect(Compositor.supports(Self.xrgb))
        var noLayout = Self.xrgb
        noLayout.layout = nil
        #expect(!Compositor.supports(noLayout))
        Self.withBuffer(noLayout) { buffer in
            #expect(!Compositor().begin(Self.list(rectAt: 4), scale: 1, target: buffer), "nothing is drawn into it")
        }
    }

    @Test("a whole frame draws every pixel and presents the ordinary way; an unchanged damaged frame presents nothing")
    func drawnAndPresented() {
        let compositor = Compositor()
        Self.withBuffer { buffer in
            #expect(compositor.begin(Self.list(rectAt: 4), scale: 1, target: buffer))
            #expect(compositor.damagedPixels == 64 * 48)
            #expect(compositor.presentRegion == nil)

            compositor.partialUpdates = true
            compositor.invalidate()
            #expect(compositor.begin(Self.list(rectAt: 4), scale: 1, target: buffer))
            #expect(compositor.presentRegion == nil, "the first damaged frame redraws everything")
            #expect(!compositor.begin(Self.list(rectAt: 4), scale: 1, target: buffer))
            #expect(compositor.damagedPixels == 0)
            #expect(compositor.presentRegion?.isEmpty == true)

            // The rectangle moves 20 pixels: what it left and where it went, no more than both boxes.
            #expect(compositor.begin(Self.list(rectAt: 24), scale: 1, target: buffer))
            let rects = compositor.presentRegion.map { $0.rects() } ?? []
            #expect(!rects.isEmpty && rects == compositor.frame.rects())
            #expect(compositor.damagedPixels > 0 && compositor.damagedPixels <= 2 * (12 * 10))
            let moved = PixelRect(x0: 4, y0: 4, x1: 34, y1: 12)
            #expect(rects.allSatisfy { $0.intersection(moved) == $0 }, "\(rects)")

            // SDL's renderer draws a frame: all of it is shown, and the next frame is whole.
            let output = PixelRect(x0: 0, y0: 0, x1: 64, y1: 48)
            compositor.drawnElsewhere(output: output)
            #expect(compositor.presentRegion == nil && compositor.damagedPixels == 64 * 48)
            #expect(compositor.frame.rects() == [output])
            #expect(compositor.begin(Self.list(rectAt: 24), scale: 1, target: buffer))
            #expect(compositor.presentRegion == nil && compositor.damagedPixels == 64 * 48, "the buffer changed under it")
        }
    }

    @Test("a batch reaching past the index list, with an index past the vertices, draws its sound triangle and nothing else")
    func unsoundBatch() {
        var list = DrawList()
        list.clearColor = .white
        let red = RGBA(255, 0, 0)
        let a = list.mesh.add(Vertex(Vec2(2, 2), red)), b = list.mesh.add(Vertex(Vec2(30, 2), red))
        let c = list.mesh.add(Vertex(Vec2(2, 30), red))
        list.mesh.triangle(a, b, c)
        list.mesh.indices += [a, b, 99, c, b, 7]  // indices past the vertices
        list.commitTriangles(blend: .none)
        list.mesh.indices.removeLast(2)  // and the batch of 9 now reaches past the list's 7
        Self.withBuffer { buffer in
            let compositor = Compositor()
            #expect(compositor.begin(list, scale: 1, target: buffer))
            compositor.composite(list, host: CompositorHostTests.Labels())
            let pixels = UnsafeBufferPointer(start: buffer.base.assumingMemoryBound(to: UInt32.self), count: 64 * 48)
            #expect(pixels[5 * 64 + 5] & 0xFF_FFFF == 0xFF_0000, "the sound triangle")
            #expect(pixels[40 * 64 + 40] & 0xFF_FFFF == 0xFF_FFFF && pixels[20 * 64 + 25] & 0xFF_FFFF == 0xFF_FFFF, "nothing else")
        }
    }

    @Test("a scale that is not a positive number draws at 1")
    func badScale() {
        let compositor = Compositor()
        Self.withBuffer { buffer in
            for scale in [0, -2, .nan, .infinity] as [Double] {
                _ = compositor.begin(Self.list(rectAt: 4), scale: scale, target: buffer)
                #expect(compositor.scale == 1)
            }
        }
    }

    @Test("copyRows copies width × 4 bytes of each row, between pitches that differ")
    func copyRows() {
        let width = 3, height = 2, pitch = 16, outPitch = 12
        let source = UnsafeMutableRawPointer.allocate(byteCount: pitch * height, alignment: 4)
        defer { source.deallocate() }
        for i in 0..<pitch * height { source.storeBytes(of: UInt8(i), toByteOffset: i, as: UInt8.self) }
        var out = [UInt8](repeating: 0xEE, count: outPitch * height + 4)
        out.withUnsafeMutableBytes { out in
            PixelBuffer(base: source, width: width, height: height, pitch: pitch, format: Self.xrgb)
                .copyRows(to: out.baseAddress!, pitch: outPitch)
        }
        let rows: [[UInt8]] = [(0..<12).map(UInt8.init), (16..<28).map(UInt8.init)]
        #expect(Array(out[0..<12]) == rows[0])
        #expect(Array(out[12..<24]) == rows[1])
        #expect(Array(out[24...]) == [0xEE, 0xEE, 0xEE, 0xEE], "nothing past the last row")
    }
}
