import ElasticCore
@testable import ElasticRaster
import Testing

/// The start-up check that a whole-buffer clear landed where the compositor writes.
@Suite("pixel buffer: a clear seen at both ends")
struct PixelBufferTests {
    @Test("true only when the first and the last pixel both hold the colour, as X8R8G8B8 stores it")
    func bothEnds() {
        let (w, h, pitch) = (5, 3, 6 * 4)  // padded rows: the last pixel is not at the end of the memory
        let memory = UnsafeMutableRawPointer.allocate(byteCount: h * pitch, alignment: 16)
        defer { memory.deallocate() }
        let buffer = PixelBuffer(base: memory, width: w, height: h, pitch: pitch, format: CompositorFrameTests.xrgb)
        let words = memory.bindMemory(to: UInt32.self, capacity: h * pitch / 4)
        for i in 0..<(h * pitch / 4) { words[i] = 0x0001_0203 }  // red 1, green 2, blue 3
        #expect(buffer.holdsAtBothEnds(RGBA(1, 2, 3, 255)))
        #expect(!buffer.holdsAtBothEnds(RGBA(3, 2, 1, 255)))
        words[(h - 1) * pitch / 4 + w - 1] = 0
        #expect(!buffer.holdsAtBothEnds(RGBA(1, 2, 3, 255)), "the last pixel missed the clear")
        words[(h - 1) * pitch / 4 + w - 1] = 0x0001_0203
        words[0] = 0
        #expect(!buffer.holdsAtBothEnds(RGBA(1, 2, 3, 255)), "the first pixel missed the clear")
        let empty = PixelBuffer(base: memory, width: 0, height: 3, pitch: pitch, format: CompositorFrameTests.xrgb)
        #expect(!empty.holdsAtBothEnds(RGBA(0, 0, 0, 255)))
    }
}
