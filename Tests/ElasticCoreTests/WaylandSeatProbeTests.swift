import ElasticCore
import Testing

/// When the Wayland seat check runs: only where SDL would start its Wayland driver (the windowed
/// check, scripts/windowed-check.sh, runs the check itself under a nested Weston).
@Suite("Wayland seat probe: where SDL would use Wayland")
struct WaylandSeatProbeTests {
    @Test("the seat is checked only where SDL would start its Wayland driver")
    func seatCheckScope() {
        #expect(WaylandSeatProbe.sdlWouldUseWayland(["SDL_VIDEODRIVER": "wayland", "DISPLAY": ":1"]))
        #expect(WaylandSeatProbe.sdlWouldUseWayland(["SDL_VIDEODRIVER": "Wayland,x11"]))
        #expect(!WaylandSeatProbe.sdlWouldUseWayland(["SDL_VIDEODRIVER": "x11,wayland"]))
        #expect(!WaylandSeatProbe.sdlWouldUseWayland(["DISPLAY": ":1", "WAYLAND_DISPLAY": "wayland-0"]))  // SDL 2 tries X11 first
        #expect(WaylandSeatProbe.sdlWouldUseWayland(["WAYLAND_DISPLAY": "wayland-0"]))
    }
}
