import CSDL2
import ElasticCore

extension SDLFrontEnd {
    /// Shows a partly redrawn frame: uploads only its damaged rectangles of the window surface.
    /// `SDL_RenderPresent` would upload the whole surface, and pace to the display when vsync is
    /// simulated; that pacing is kept here.
    func presentDamage() {
        SDL_RenderFlush(renderer)
        if !frameRects.isEmpty {
            uploadRects.removeAll(keepingCapacity: true)
            for r in frameRects { uploadRects.append(SDL_Rect(x: Int32(r.x0), y: Int32(r.y0), w: Int32(r.width), h: Int32(r.height))) }
            uploadRects.withUnsafeBufferPointer { SDL_UpdateWindowSurfaceRects(window, $0.baseAddress, Int32($0.count)) }
        }
        paceToDisplay()
    }

    /// With vsync in effect, waits out the rest of the display's refresh period since the last
    /// present, as SDL's simulated vsync does.
    private func paceToDisplay() {
        let now = MonotonicTimeSource.nanoseconds()
        defer { lastPresentNs = MonotonicTimeSource.nanoseconds() }
        guard vsyncInEffect, let hz = refreshRate, hz > 0, lastPresentNs > 0 else { return }
        let period = UInt64(1e9 / hz)
        let due = lastPresentNs + period
        if now < due { SDL_Delay(UInt32((due - now) / 1_000_000)) }
    }
}
