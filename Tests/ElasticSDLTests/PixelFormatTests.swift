import CSDL2
import ElasticCore
import ElasticRaster
@testable import ElasticSDL
import Testing

/// The compositor maps colours to pixels itself; SDL_MapRGBA is the oracle for what SDL would store.
@Suite("pixel formats: the compositor's pixels are SDL_MapRGBA's")
struct PixelFormatTests {
    static let formats: [SDL_PixelFormatEnum] = [
        SDL_PIXELFORMAT_XRGB8888, SDL_PIXELFORMAT_ARGB8888, SDL_PIXELFORMAT_XBGR8888, SDL_PIXELFORMAT_ABGR8888,
        SDL_PIXELFORMAT_RGBX8888, SDL_PIXELFORMAT_BGRX8888, SDL_PIXELFORMAT_BGRA8888, SDL_PIXELFORMAT_RGBA8888,
        SDL_PIXELFORMAT_ARGB2101010,
    ]

    @Test("every 32-bit format window surfaces use, and one of no byte order, maps colours as SDL_MapRGBA")
    func mapsAsSDL() throws {
        let colors = [RGBA(0, 0, 0, 0), RGBA(255, 255, 255, 255), RGBA(1, 2, 3, 4), RGBA(200, 100, 50, 128), RGBA(17, 250, 9, 255)]
        for format in Self.formats {
            let sdl = try #require(SDL_AllocFormat(format.rawValue))
            defer { SDL_FreeFormat(sdl) }
            let ours = PixelFormat(sdl.pointee)
            for c in colors {
                #expect(ours.pixel(c) == SDL_MapRGBA(sdl, c.r, c.g, c.b, c.a), "\(String(cString: SDL_GetPixelFormatName(format.rawValue))) \(c)")
            }
            // Exact coverage only for the eight byte-order layouts.
            #expect((ours.layout != nil) == (format != SDL_PIXELFORMAT_ARGB2101010))
        }
    }

    @Test("each layout is the one SDL's format is named for; formats of other sizes or channel widths have none")
    func layoutsAsNamed() throws {
        let named: [(SDL_PixelFormatEnum, PixelFormat.Layout?)] = [
            (SDL_PIXELFORMAT_XRGB8888, .xrgb8888), (SDL_PIXELFORMAT_ARGB8888, .argb8888), (SDL_PIXELFORMAT_XBGR8888, .xbgr8888),
            (SDL_PIXELFORMAT_ABGR8888, .abgr8888), (SDL_PIXELFORMAT_RGBX8888, .rgbx8888), (SDL_PIXELFORMAT_BGRX8888, .bgrx8888),
            (SDL_PIXELFORMAT_BGRA8888, .bgra8888), (SDL_PIXELFORMAT_RGBA8888, .rgba8888), (SDL_PIXELFORMAT_ARGB2101010, nil),
            (SDL_PIXELFORMAT_RGB888, .xrgb8888), (SDL_PIXELFORMAT_RGB24, nil), (SDL_PIXELFORMAT_BGR24, nil),
            (SDL_PIXELFORMAT_RGB565, nil), (SDL_PIXELFORMAT_ARGB4444, nil), (SDL_PIXELFORMAT_RGB332, nil),
        ]
        for (format, layout) in named {
            let sdl = try #require(SDL_AllocFormat(format.rawValue))
            defer { SDL_FreeFormat(sdl) }
            #expect(PixelFormat(sdl.pointee).layout == layout, "\(String(cString: SDL_GetPixelFormatName(format.rawValue)))")
        }
    }
}
