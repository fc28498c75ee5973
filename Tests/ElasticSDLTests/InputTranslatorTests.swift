import CSDL2
import ElasticCore
@testable import ElasticSDL
import Testing

/// SDL's key codes as the scenes' keys, against SDL's own constants for each key.
@Suite("input translator: SDL key codes")
struct InputTranslatorTests {
    @Test("every key the scenes take comes from its SDL key code; other keys give none")
    func keys() {
        let codes: [(SDL_KeyCode, Key)] = [
            (SDLK_SPACE, .space), (SDLK_TAB, .tab), (SDLK_ESCAPE, .escape), (SDLK_F1, .f1),
            (SDLK_1, .one), (SDLK_2, .two), (SDLK_3, .three), (SDLK_4, .four), (SDLK_5, .five),
            (SDLK_LEFT, .left), (SDLK_RIGHT, .right), (SDLK_UP, .up), (SDLK_DOWN, .down),
            (SDLK_s, .s), (SDLK_f, .f), (SDLK_r, .r), (SDLK_w, .w),
            (SDLK_LEFTBRACKET, .leftBracket), (SDLK_RIGHTBRACKET, .rightBracket), (SDLK_MINUS, .minus), (SDLK_EQUALS, .equals),
        ]
        #expect(Set(codes.map(\.1)) == Set(Key.allCases))
        for (code, key) in codes { #expect(SDLInputTranslator.key(for: SDL_Keycode(bitPattern: code.rawValue)) == key, "\(key)") }
        for other in [SDLK_a, SDLK_6, SDLK_RETURN, SDLK_F2, SDLK_LSHIFT, SDLK_KP_1] {
            #expect(SDLInputTranslator.key(for: SDL_Keycode(bitPattern: other.rawValue)) == nil, "\(other.rawValue)")
        }
    }
}
