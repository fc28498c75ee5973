import ArgumentParser
import ElasticCore
import ElasticStats
import Foundation

/// `elastic stats`: the summary of a frame-stats file written by `elastic play --stats` (or a
/// MangoHud log), two runs side by side, or the picture of a run.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Summarise a frame-stats file, compare two runs, or plot one.",
        discussion: """
            Reads files written by `elastic play --stats FILE.csv` in either format (elastic or \
            mangohud) and MangoHud's own per-frame logs. Figures are named after the tool whose \
            definition they use: P1/P0.1 FPS are MangoHud's percentiles, "1% low average" and \
            "1% low integral" are CapFrameX's, stutter is CapFrameX's (> 2.5 × the moving average \
            of the preceding 500 ms).
            Examples:
              elastic stats run.csv
              elastic stats before.csv --compare after.csv
              elastic stats run.csv --plot run.svg
            """
    )

    @Argument(help: "A stats file (elastic or MangoHud format).")
    var file: String

    @Option(help: ArgumentHelp("Another run to show side by side, with ratios other ÷ FILE.", valueName: "other.csv"))
    var compare: String?

    @Option(help: ArgumentHelp("Draw frame time over time and the percentile curve (.svg, or .png with rsvg-convert).",
                               valueName: "out.svg"))
    var plot: String?

    @Option(name: .customLong("budget-hz"),
            help: "Target refresh rate for the frame budget (default: the file's target, else 60).")
    var budgetHz: Double?

    @Flag(help: "Print the summary as JSON (the keys of FILE.summary.json) instead of a table.")
    var json = false

    func validate() throws {
        if let budgetHz, !(budgetHz.isFinite && budgetHz > 0 && budgetHz <= 10_000) {
            throw ValidationError("--budget-hz must be in (0, 10000] (got \(budgetHz))")
        }
        if let plot, !(plot.lowercased().hasSuffix(".svg") || plot.lowercased().hasSuffix(".png")) {
            throw ValidationError("--plot must name a .svg or .png file (got \(plot))")
        }
        if json, compare != nil { throw ValidationError("--json shows one run; leave out --compare") }
    }

    func run() throws {
        do {
            let a = try load(file)
            var runs = [a]
            if let compare {
                let b = try load(compare)
                runs.append(b)
                let (la, lb) = labels(file, compare)
                print(FrameSummary.comparison(a.summary, b.summary, labels: (la, lb)), terminator: "")
                runs[0].label = la
                runs[1].label = lb
            } else if json {
                print(String(decoding: try a.summary.jsonData(), as: UTF8.self))
            } else {
                print("\(file) (\(a.log.format.rawValue) format, budget at \(format(a.summary.targetRefreshHz)) Hz)")
                print(a.summary.table(), terminator: "")
            }
            if let plot {
                let title = "Frame times: " + runs.map { ($0.label as NSString).lastPathComponent }.joined(separator: " vs ")
                try FramePlot.write(runs, title: title, to: plot)
                printError("wrote \(plot)")
            }
        } catch let error as StatsError {
            printError("elastic stats: \(error)")
            throw ExitCode.failure
        }
    }

    private func load(_ path: String) throws -> FramePlot.Run {
        let log = try FrameStatsReader.read(path: path)
        do {
            return FramePlot.Run(label: path, log: log, summary: try log.summary(targetRefreshRate: budgetHz))
        } catch let error as StatsError {
            throw StatsError("\(path): \(error)")
        }
    }

    /// The file names, or the whole paths when the names are the same.
    private func labels(_ a: String, _ b: String) -> (String, String) {
        let na = (a as NSString).lastPathComponent, nb = (b as NSString).lastPathComponent
        return na == nb ? (a, b) : (na, nb)
    }

    private func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.3f", value)
    }
}
