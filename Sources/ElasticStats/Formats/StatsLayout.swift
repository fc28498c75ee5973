import Foundation

/// What a stats file's layout knows of the run it is written for.
struct StatsFileContext {
    var run: RunInfo
    var targetRefreshRate: Double
    var processID: Int32
    /// When the file was opened (wall clock).
    var opened: Date
}

/// One stats file format: what it writes before the rows, each row, what may go between them, what
/// it writes beside the file at the end, and how it is read back. A new format is one type.
protocol StatsLayout {
    init(_ context: StatsFileContext)
    /// Written when the file is opened, so a path that cannot take it fails before the run.
    func opening() -> String
    /// Written once the first present's time is known (or at the end of a run without frames);
    /// `firstPresentMs` is exact, as `FrameStatsRecorder.milliseconds` writes it.
    func atFirstPresent(firstPresentMs: String?) -> String
    /// One frame's row, formatted straight into the buffer (no allocation per row).
    mutating func appendRow(_ r: FrameRecord, sensors: SystemSensors.Reading, to buffer: inout StatsRowBuffer)
    /// Whether `# key: value` comment lines (pauses, notes, the end) may go between the rows.
    static var takesComments: Bool { get }
    /// Files written beside a regular stats file at the end (the summary aside): path and bytes.
    func companions(ofStatsAt path: String, finished: StatsRunEnd) -> [(path: String, data: Data)]

    /// Whether a file whose first non-blank line is `line` is in this format.
    static func recognizes(firstLine line: Substring) -> Bool
    /// The file's lines read back; errors name the file and the line.
    static func parse(_ lines: [Substring], name: String) throws -> FrameLog
    /// What the file has no place for, from the files written beside it.
    static func fillFromCompanions(_ log: inout FrameLog, statsPath: String)
}

/// What is known when a run's stats are finished.
struct StatsRunEnd {
    var frames: Int
    var durationSeconds: Double
    var closed: Date
}

extension StatsLayout {
    static var takesComments: Bool { false }
    func companions(ofStatsAt path: String, finished: StatsRunEnd) -> [(path: String, data: Data)] { [] }
    static func fillFromCompanions(_ log: inout FrameLog, statsPath: String) {}
}
