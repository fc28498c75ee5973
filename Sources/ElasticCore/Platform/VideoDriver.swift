/// Which SDL video driver the app asks for, and which it refuses, decided without SDL (the shell,
/// `SDLVideo`, starts it).
public enum VideoDriver {
    /// The headless driver that draws with `choice`: dummy has no GL; offscreen renders GL through
    /// EGL without a display (and lets `--renderer auto` probe it).
    public static func headless(for choice: RendererChoice) -> String { choice == .software ? "dummy" : "offscreen" }

    /// Why a windowed run must not go on with `driver`, or nil: SDL falls back to an invisible
    /// driver when there is no display, and a window nobody can see is an error unless the user
    /// asked for that driver (`SDL_VIDEODRIVER` in `environment`).
    public static func invisibleFallback(_ driver: String, environment: [String: String]) -> String? {
        guard ["offscreen", "dummy"].contains(driver), environment["SDL_VIDEODRIVER"] == nil else { return nil }
        return "no display found (SDL fell back to its \(driver) driver; DISPLAY and WAYLAND_DISPLAY are unset?)"
    }
}
