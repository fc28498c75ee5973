import CSDL2
import ElasticCore
import ElasticRaster

extension SDLFrontEnd {
    /// Shows the frame: through the presenter, or only the rectangles the compositor redrew
    /// (`SDL_RenderPresent` would upload the whole window surface), or the ordinary way when it
    /// redrew everything.
    public func present() {
        SDL_RenderFlush(renderer)
        if let presenter {
            presenter.present(compositor.presentRegion)
        } else if let region = compositor.presentRegion {
            uploadRects.removeAll(keepingCapacity: true)
            region.forEachRect { uploadRects.append(SDL_Rect($0)) }
            if !uploadRects.isEmpty {
                _ = uploadRects.withUnsafeBufferPointer { SDL_UpdateWindowSurfaceRects(window, $0.baseAddress, Int32($0.count)) }
            }
        } else {
            SDL_RenderPresent(renderer)
        }
        glFinish?()
    }
}
