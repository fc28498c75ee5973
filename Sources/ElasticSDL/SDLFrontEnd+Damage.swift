import CSDL2
import ElasticCore

extension SDLFrontEnd {
    /// Shows a partly redrawn frame: uploads only its damaged rectangles of the window surface.
    /// `SDL_RenderPresent` would upload the whole surface. The game loop paces frames itself
    /// (`FramePacer`) wherever vsync does not.
    func presentDamage() {
        SDL_RenderFlush(renderer)
        if !frameRects.isEmpty {
            uploadRects.removeAll(keepingCapacity: true)
            for r in frameRects { uploadRects.append(SDL_Rect(x: Int32(r.x0), y: Int32(r.y0), w: Int32(r.width), h: Int32(r.height))) }
            _ = uploadRects.withUnsafeBufferPointer { SDL_UpdateWindowSurfaceRects(window, $0.baseAddress, Int32($0.count)) }
        }
    }
}
