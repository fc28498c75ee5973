import CSDL2
import ElasticCore

extension RendererPolicy {
    /// GL_RENDERER of an OpenGL context made on a hidden 1×1 window of the current video driver
    /// (headless: offscreen), or nil when there is none. SDL's video must be up.
    static func probeGLRenderer() -> String? {
        let flags = SDL_WINDOW_OPENGL.rawValue | SDL_WINDOW_HIDDEN.rawValue
        guard let window = SDL_CreateWindow("Elastic GL probe", 0, 0, 1, 1, flags) else { return nil }
        defer { SDL_DestroyWindow(window) }
        guard let context = SDL_GL_CreateContext(window) else { return nil }
        defer { SDL_GL_DeleteContext(context) }
        guard let symbol = SDL_GL_GetProcAddress("glGetString") else { return nil }
        let glGetString = unsafeBitCast(symbol, to: (@convention(c) (UInt32) -> UnsafePointer<UInt8>?).self)
        let GL_RENDERER: UInt32 = 0x1F01
        return glGetString(GL_RENDERER).map { String(cString: $0) }
    }
}
