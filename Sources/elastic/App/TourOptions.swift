import ArgumentParser
import Foundation

/// `play`'s tour options: `--tour` and `--tour-dir`.
struct TourOptions: ParsableArguments {
    @Flag(help: "Play every scene in turn with scripted input and a caption; a click, touch or key hands control to you, 30 s without input resumes the tour (headless: plays it once, e.g. with --video).")
    var tour = false

    @Option(name: .customLong("tour-dir"), help: ArgumentHelp("The tour's stops, one replay file each (default: assets/tour).", valueName: "DIR"))
    var tourDir: String?

    func validate() throws {
        if tourDir != nil, !tour { throw ValidationError("--tour-dir needs --tour") }
    }

    /// The tour, or nil without `--tour`; refused beside `--replay` (both would script the input).
    func load(headless: Bool, replay: String?) throws -> Tour? {
        guard tour else { return nil }
        if replay != nil { throw ValidationFailure("--tour and --replay cannot be used together: the tour is a replay of its own") }
        return try Tour.load(directory: tourDir ?? TourOptions.defaultDirectory, loops: !headless)
    }

    /// assets/tour in the working directory, else beside the binary's checkout (.build/<config>/elastic).
    static var defaultDirectory: String {
        let relative = "assets/tour"
        if FileManager.default.fileExists(atPath: relative) { return relative }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent(relative).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            dir.deleteLastPathComponent()
        }
        return relative
    }
}
