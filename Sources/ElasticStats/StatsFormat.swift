/// The layout of a stats file.
public enum StatsFormat: String, CaseIterable, Sendable {
    /// Our own: `# key: value` preamble, then every part of the frame in ms.
    case elastic
    /// MangoHud's per-frame log (two preamble lines, then fps,frametime,…,elapsed), so MangoHud's
    /// own viewers (mangoplot, FlightlessSomething) read our files.
    case mangohud
}
