import ElasticRaster
import Testing

/// A format's byte order told from its channels' places, as a format table names them (each
/// channel's shift is 8 × its byte's place in the 32-bit value, counted from the low end).
@Suite("pixel format layouts: the byte order from the channels' shifts")
struct PixelFormatLayoutTests {
    typealias Layout = PixelFormat.Layout

    @Test("the eight byte orders of 8-bit channels, with alpha and with padding")
    func eightOrders() {
        let none: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0), padding: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 8)
        #expect(Layout(shifts: (16, 8, 0, 24), losses: none, alphaMask: 0xFF00_0000) == .argb8888)
        #expect(Layout(shifts: (16, 8, 0, 0), losses: padding, alphaMask: 0) == .xrgb8888)
        #expect(Layout(shifts: (0, 8, 16, 24), losses: none, alphaMask: 0xFF00_0000) == .abgr8888)
        #expect(Layout(shifts: (0, 8, 16, 0), losses: padding, alphaMask: 0) == .xbgr8888)
        #expect(Layout(shifts: (24, 16, 8, 0), losses: none, alphaMask: 0xFF) == .rgba8888)
        #expect(Layout(shifts: (24, 16, 8, 0), losses: padding, alphaMask: 0) == .rgbx8888)
        #expect(Layout(shifts: (8, 16, 24, 0), losses: none, alphaMask: 0xFF) == .bgra8888)
        #expect(Layout(shifts: (8, 16, 24, 0), losses: padding, alphaMask: 0) == .bgrx8888)
    }

    @Test("no layout for other channel widths, other orders, or an alpha over a colour's byte")
    func others() {
        // ARGB2101010: 10-bit colours (2 bits lost each when mapping 8-bit ones), 2-bit alpha.
        #expect(Layout(shifts: (20, 10, 0, 30), losses: (0, 0, 0, 6), alphaMask: 0xC000_0000) == nil)
        #expect(Layout(shifts: (22, 12, 2, 0), losses: (2, 2, 2, 8), alphaMask: 0) == nil)
        #expect(Layout(shifts: (8, 0, 16, 0), losses: (0, 0, 0, 8), alphaMask: 0) == nil)           // green lowest
        #expect(Layout(shifts: (16, 8, 0, 0), losses: (0, 0, 0, 0), alphaMask: 0xFF) == nil)        // alpha over blue
        #expect(Layout(shifts: (16, 8, 0, 24), losses: (0, 0, 0, 4), alphaMask: 0xF000_0000) == nil) // 4-bit alpha
    }
}
