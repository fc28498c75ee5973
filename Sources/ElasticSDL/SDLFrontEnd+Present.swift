import CSDL2
import ElasticCore

extension SDLFrontEnd {
    /// Shows the frame: through the presenter, or only the rectangles the compositor redrew
    /// (`Compositor.presentRects`), or the ordinary way when it redrew everything.
    public func present() {
        if let presenter {
            SDL_RenderFlush(renderer)
            presenter.present(compositor.presentRects)
        } else if let rects = compositor.presentRects {
            presentDamage(rects)
        } else {
            SDL_RenderPresent(renderer)
        }
        glFinish?()
    }

    /// Shows a partly redrawn frame: uploads only `rects` of the window surface.
    /// `SDL_RenderPresent` would upload the whole surface. The game loop paces frames itself
    /// (`FramePacer`) wherever vsync does not.
    private func presentDamage(_ rects: [PixelRect]) {
        SDL_RenderFlush(renderer)
        if !rects.isEmpty {
            uploadRects.removeAll(keepingCapacity: true)
            for r in rects { uploadRects.append(SDL_Rect(r)) }
            _ = uploadRects.withUnsafeBufferPointer { SDL_UpdateWindowSurfaceRects(window, $0.baseAddress, Int32($0.count)) }
        }
    }
}
