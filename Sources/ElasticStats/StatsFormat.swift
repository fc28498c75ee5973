/// The layout of a stats file (`--stats-format`). Each has one type that writes and reads it
/// (`StatsLayout`), in `Formats/`.
public enum StatsFormat: String, CaseIterable, Sendable {
    /// Our own: `# key: value` preamble, then every part of the frame in ms.
    case elastic
    /// MangoHud's per-frame log (two preamble lines, then fps,frametime,…,elapsed), so MangoHud's
    /// own viewers (mangoplot, FlightlessSomething) read our files.
    case mangohud
    /// PresentMon 1.x's CSV with its display columns, which CapFrameX, PresentMon's own tools and
    /// FrameView-style scripts read.
    case presentmon
    /// CapFrameX's Linux session: NAME.csv (four times a frame) beside NAME.json (the run).
    case capframex

    /// The type that writes and reads this format.
    var layout: any StatsLayout.Type {
        switch self {
        case .elastic: ElasticLayout.self
        case .mangohud: MangoHudLayout.self
        case .presentmon: PresentMonLayout.self
        case .capframex: CapFrameXLayout.self
        }
    }
}
