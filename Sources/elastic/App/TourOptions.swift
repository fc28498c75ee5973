import ArgumentParser
import Foundation

/// `play`'s tour options: `--tour` and `--tour-dir`.
struct TourOptions: ParsableArguments {
    @Flag(help: "Play every scene in turn with scripted input and a caption; a click, touch or key hands control to you, 30 s without input resumes the tour (headless: plays it once, e.g. with --video).")
    var tour = false

    @Option(name: .customLong("tour-dir"), help: ArgumentHelp("The tour's stops, one replay file each (default: share/elastic/tour beside the installed binary, else assets/tour).", valueName: "DIR"))
    var tourDir: String?

    func validate() throws {
        if tourDir != nil, !tour { throw ValidationError("--tour-dir needs --tour") }
    }

    /// The tour, or nil without `--tour`; refused beside `--replay` (both would script the input).
    func load(headless: Bool, replay: String?, assets: AssetLocator = .current) throws -> Tour? {
        guard tour else { return nil }
        if replay != nil { throw ValidationFailure("--tour and --replay cannot be used together: the tour is a replay of its own") }
        return try Tour.load(directory: tourDir ?? TourOptions.defaultDirectory(assets), loops: !headless)
    }

    /// The shipped tour: the first `tour` folder the locator finds; none found names every place tried.
    static func defaultDirectory(_ assets: AssetLocator) throws -> String {
        if let found = assets.folder("tour") { return found }
        throw ValidationFailure("--tour: no tour found (looked in \(assets.candidates("tour").map(quoted).joined(separator: ", "))); give --tour-dir DIR")
    }
}
