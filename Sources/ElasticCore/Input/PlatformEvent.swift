/// What the window system told the app, besides input.
public enum PlatformEvent: Sendable, Hashable {
    case input(InputEvent)
    case quit
    /// The window's size in window coordinates changed (also after a HiDPI scale change).
    case resized(width: Int, height: Int)
    /// Minimised or hidden: stop drawing and recording until shown again.
    case hidden
    case shown
    /// Keyboard/mouse focus went away: pointers held down are released.
    case focusLost
}
