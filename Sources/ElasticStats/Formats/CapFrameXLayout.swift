import Foundation

/// CapFrameX's Linux session (its `SessionIO`): NAME.csv with four times a frame, beside NAME.json
/// with the run (camelCase keys, times in Unix seconds). Its app lists the pairs it finds in
/// `$XDG_DATA_HOME/capframex/sessions/` (`~/.local/share/capframex/sessions/`).
///
/// The times are ours (docs/frame-stats.md): `MsBetweenPresents` and `MsActualPresent` are present
/// to present; the frame counts as rendered and displayed when its present call returns
/// (`MsUntilRenderComplete` = `MsUntilDisplayed` = the present call's time). `timingMode` says so:
/// "App Timing", not CapFrameX's "Present Timing" (the display's own times).
struct CapFrameXLayout: StatsLayout {
    static let header = "MsBetweenPresents,MsUntilRenderComplete,MsUntilDisplayed,MsActualPresent"
    static let timingMode = "App Timing"

    private let context: StatsFileContext
    /// The scenes the rows were drawn from, in order: the session's `game`.
    private var scenes: [String] = []
    init(_ context: StatsFileContext) { self.context = context }

    func opening() -> String { Self.header + "\n" }
    func atFirstPresent(firstPresentMs: String?) -> String { "" }

    mutating func appendRow(_ r: FrameRecord, sensors: SystemSensors.Reading, to buffer: inout StatsRowBuffer) {
        if scenes.last != r.scene, !r.scene.isEmpty, !scenes.contains(r.scene) { scenes.append(r.scene) }
        buffer.appendFields(4) { f in
            f.ms(r.frameNs); f.comma()
            f.ms(r.presentNs); f.comma()
            f.ms(r.presentNs); f.comma()
            f.ms(r.frameNs)
        }
        buffer.endRow()
    }

    /// NAME.csv → NAME.json, as .NET's `Path.ChangeExtension` (a name without an extension gains one).
    static func metadataPath(forStatsAt path: String) -> String {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        if let dot = path[slash...].lastIndex(of: "."), dot > slash { return String(path[..<dot]) + ".json" }
        return path + ".json"
    }

    /// The session's JSON, with the keys CapFrameX's Linux app reads.
    struct Metadata: Codable, Equatable {
        var game: String
        var gpu: String
        var resolution: String
        var timingMode: String
        var startTime: Int64
        var endTime: Int64
        var durationSeconds: Int64
        var frameCount: Int
    }

    func companions(ofStatsAt path: String, finished: StatsRunEnd) -> [(path: String, data: Data)] {
        let run = context.run
        let metadata = Metadata(
            game: "Elastic" + (scenes.isEmpty ? "" : " (\(scenes.joined(separator: ", ")))"),
            gpu: run.gpuName ?? "none (\(run.renderer) renderer)",
            resolution: "\(run.outputWidth)x\(run.outputHeight)",
            timingMode: Self.timingMode,
            startTime: Int64(context.opened.timeIntervalSince1970.rounded(.down)),
            endTime: Int64(finished.closed.timeIntervalSince1970.rounded(.down)),
            durationSeconds: Int64(finished.durationSeconds.rounded(.down)),
            frameCount: finished.frames)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(metadata) else { return [] }
        return [(Self.metadataPath(forStatsAt: path), data + Data("\n".utf8))]
    }

    // MARK: Reading

    static func recognizes(firstLine line: Substring) -> Bool {
        line.trimmingCharacters(in: .whitespaces).hasPrefix(header)
    }

    /// The header, then four numbers a row; the frame's time is the sum of the frame times so far.
    static func parse(_ lines: [Substring], name: String) throws -> FrameLog {
        var records: [FrameRecord] = []
        records.reserveCapacity(lines.count)
        var timeNs: UInt64 = 0
        for index in 1..<lines.count {
            let line = lines[index]
            if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count >= 4 else {
                throw StatsError("\(name):\(index + 1): expected 4 fields, found \(fields.count)")
            }
            let frameNs = try FrameStatsReader.nanoseconds(fields[0], column: "MsBetweenPresents", line: index + 1, name: name)
            let presentNs = try FrameStatsReader.nanoseconds(fields[1], column: "MsUntilRenderComplete", line: index + 1, name: name)
            timeNs &+= frameNs
            records.append(FrameRecord(frame: records.count, timeNs: timeNs, frameNs: frameNs, presentNs: presentNs))
        }
        return FrameLog(format: .capframex, records: records, metadata: [:], hasParts: false,
                        pauses: 0, pausedSeconds: 0, firstPresentMs: nil)
    }

    /// The session's JSON beside the CSV, when there is one, as metadata (`game`, `resolution`, …).
    static func fillFromCompanions(_ log: inout FrameLog, statsPath: String) {
        guard let data = FileManager.default.contents(atPath: metadataPath(forStatsAt: statsPath)),
              let metadata = try? JSONDecoder().decode(Metadata.self, from: data) else { return }
        log.metadata["game"] = metadata.game
        log.metadata["gpu"] = metadata.gpu
        log.metadata["resolution"] = metadata.resolution
        log.metadata["timingMode"] = metadata.timingMode
        log.metadata["startTime"] = String(metadata.startTime)
        log.metadata["endTime"] = String(metadata.endTime)
    }
}
