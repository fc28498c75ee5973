/// The layout of a stats file.
public enum StatsFormat: String, CaseIterable, Sendable {
    /// Our own: `# key: value` preamble, then every part of the frame in ms.
    case elastic
    /// MangoHud's per-frame log (two preamble lines, then fps,frametime,…,elapsed), so MangoHud's
    /// own viewers (mangoplot, FlightlessSomething) read our files.
    case mangohud
    /// PresentMon 1.x's CSV (as 1.7–1.10 write it without display tracking), which CapFrameX,
    /// PresentMon's own tools and FrameView-style scripts read.
    case presentmon
}
