import ElasticCore
import Testing

/// The video driver asked for headless, and the invisible fallback a windowed run refuses.
@Suite("video driver: the headless driver for each renderer, and no window nobody can see")
struct VideoDriverTests {
    @Test("headless software draws on dummy (no GL); the GL renderers and auto's probe need offscreen (EGL)")
    func headless() {
        #expect(VideoDriver.headless(for: .software) == "dummy")
        #expect(VideoDriver.headless(for: .opengl) == "offscreen")
        #expect(VideoDriver.headless(for: .opengles2) == "offscreen")
        #expect(VideoDriver.headless(for: .auto) == "offscreen")
    }

    @Test("a windowed run on SDL's invisible fallback is refused, unless SDL_VIDEODRIVER asked for it")
    func invisibleFallback() {
        for driver in ["dummy", "offscreen"] {
            let message = VideoDriver.invisibleFallback(driver, environment: ["DISPLAY": ""])
            #expect(message?.hasPrefix("no display found (SDL fell back to its \(driver) driver") == true)
            #expect(VideoDriver.invisibleFallback(driver, environment: ["SDL_VIDEODRIVER": driver]) == nil)
        }
        for driver in ["x11", "wayland", "kmsdrm"] { #expect(VideoDriver.invisibleFallback(driver, environment: [:]) == nil) }
    }
}
