import ArgumentParser
import ElasticCore
import ElasticStats
import Foundation

/// `elastic stats`: the summary of a frame-stats file written by `elastic play --stats` (or a
/// MangoHud log), two runs side by side, or the picture of a run.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Summarise a frame-stats file, compare up to 8 runs, or plot them.",
        discussion: """
            Reads files written by `elastic play --stats FILE.csv` in any format (elastic, \
            mangohud, presentmon, capframex), MangoHud's own per-frame logs and PresentMon CSVs. Figures are \
            named after the tool whose definition they use: P1/P0.1 FPS as MangoHud's percentiles \
            and as CapFrameX's quantiles, "1% low average" and "1% low integral" are CapFrameX's, \
            stutter is CapFrameX's (> 2.5 × its moving average of round(10·√mean) frames, the \
            frame included).
            Examples:
              elastic stats run.csv
              elastic stats before.csv --compare after.csv other.csv
              elastic stats run.csv --plot run.svg
            """
    )

    @Argument(help: "A stats file (elastic, MangoHud, PresentMon or CapFrameX format).")
    var file: String

    @Option(parsing: .upToNextOption,
            help: ArgumentHelp("Other runs (up to 7, repeatable) side by side, each with its ratio to FILE.", valueName: "other.csv"))
    var compare: [String] = []

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
        if json, !compare.isEmpty { throw ValidationError("--json shows one run; leave out --compare") }
        if compare.count + 1 > FrameSummary.maxComparedRuns {
            throw ValidationError("--compare takes up to \(FrameSummary.maxComparedRuns - 1) other runs (got \(compare.count))")
        }
    }

    func run() throws {
        do {
            let a = try load(file)
            var runs = [a]
            if !compare.isEmpty {
                runs += try compare.map(load)
                let names = labels([file] + compare)
                for i in runs.indices { runs[i].label = names[i] }
                print(FrameSummary.comparison(runs.map(\.summary), labels: names), terminator: "")
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

    /// The file names, or the whole paths when two names are the same.
    private func labels(_ paths: [String]) -> [String] {
        let names = paths.map { ($0 as NSString).lastPathComponent }
        return Set(names).count == names.count ? names : paths
    }

    private func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.3f", value)
    }
}
