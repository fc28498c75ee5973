/// Whose vsync paces the presents, as the pacing decision needs to know it. The renderer that
/// draws is not always the one that presents: on Wayland the software renderer draws into a canvas
/// that an OpenGL (ES) renderer shows (`StreamingPresenter`), and that one's swap waits for the
/// compositor.
public enum VsyncSource {
    /// Whether the vsync SDL reports is only its imitation (whole-millisecond delays), so the
    /// display does not pace the presents: headless drivers; SDL's software renderer presenting
    /// itself; an OpenGL swap whose interval could not be set (`swapInterval` 0). A software
    /// frame shown through an accelerated `presenter` is paced by that presenter's swap.
    public static func isSimulated(drawing renderer: String, videoDriver: String, presenter: String?, swapInterval: Int32) -> Bool {
        if ["dummy", "offscreen"].contains(videoDriver) { return true }
        let presenting = presenter ?? renderer
        if presenting == "software" { return true }
        return presenting.hasPrefix("opengl") && swapInterval == 0
    }
}
