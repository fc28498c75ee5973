import CSDL2
import ElasticCore

extension SDLFrontEnd {
    /// Shows the frame: through the presenter, or only the rectangles the compositor redrew
    /// (`SDL_RenderPresent` would upload the whole window surface), or the ordinary way when it
    /// redrew everything.
    public func present() {
        SDL_RenderFlush(renderer)
        if let presenter {
            presenter.present(presentRects)
        } else if let rects = presentRects {
            uploadRects.removeAll(keepingCapacity: true)
            for r in rects { uploadRects.append(SDL_Rect(r)) }
            if !rects.isEmpty {
                _ = uploadRects.withUnsafeBufferPointer { SDL_UpdateWindowSurfaceRects(window, $0.baseAddress, Int32($0.count)) }
            }
        } else {
            SDL_RenderPresent(renderer)
        }
        glFinish?()
    }
}
