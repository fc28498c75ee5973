import ArgumentParser
import ElasticCore
import ElasticStats
import Foundation

/// One `elastic bench` run, every input read and every output checked before the first benchmark:
/// the benchmarks, their replays, the references, the results file, the stats folder, the report.
struct BenchPlan {
    let benchmarks: [Benchmark]
    let settings: BenchSettings
    let runForever: Bool
    let resultsFile: String?
    let report: String?

    init(_ command: BenchCommand) throws {
        var list = try command.benchmark.map { try Benchmark(parsing: $0) }
        if let file = command.benchmarkFile { list += try Benchmark.read(file: file) }
        benchmarks = list.isEmpty ? Benchmark.defaultSet : list
        for benchmark in benchmarks { try Self.checkReplay(benchmark) }

        var files = RunFiles()
        if let file = command.benchmarkFile { try files.add("--benchmark-file", "the benchmark file", file, use: .input) }
        for benchmark in benchmarks { try files.add("the replay of \(benchmark)", "the replay", benchmark.replayPath(), use: .input) }
        if let path = command.resultsFile { try files.add("--results-file", "the results", path, use: .screenshot) }
        if let path = command.report { try files.add("--report", "the report", path, use: .screenshot) }
        try files.check()
        // Folders last: one is made only when everything else passed.
        let locator = AssetLocator.current
        let referenceDir = command.referenceDir ?? locator.folder("bench") ?? locator.candidates("bench")[0]
        if command.validateFrames { try Self.checkFolder(referenceDir, what: "reference folder", create: command.saveReferences) }
        if let dir = command.statsDir { try Self.checkFolder(dir, what: "stats folder", create: true) }
        settings = BenchSettings(offScreen: command.offScreen, fullscreen: command.fullscreen, window: command.window,
                                 renderer: command.renderer, paced: command.paced, statsDir: command.statsDir,
                                 statsFormats: try command.formats(),
                                 validation: command.validateFrames ? (command.saveReferences ? .save : .compare) : nil,
                                 referenceDir: referenceDir)
        runForever = command.runForever
        resultsFile = command.resultsFile
        report = command.report
    }

    /// The replay exists and reads as a replay (its events are scaled once the window is open).
    private static func checkReplay(_ benchmark: Benchmark) throws {
        _ = try benchmark.loadReplay(width: Int(UIScaleChoice.designWidth), height: Int(UIScaleChoice.designHeight))
    }

    private static func checkFolder(_ path: String, what: String, create: Bool) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw BenchError("the \(what) \(quoted(path)) is not a folder") }
        } else if create {
            do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
                throw BenchError("cannot make the \(what) \(quoted(path)): \(error.localizedDescription)")
            }
        } else {
            throw BenchError("no \(what) \(quoted(path))")
        }
        if create, access(path, W_OK) != 0 { throw BenchError("cannot write into the \(what) \(quoted(path)): \(errnoText())") }
    }

    /// Runs every benchmark (again and again with --run-forever), printing a line each, then the
    /// score; writes the results and the report. Exit 1: a frame did not validate or an output failed.
    func run() throws {
        var results: [BenchResults.Benchmark] = []
        var frameTimes: [[Double]] = []
        var machine: BenchResults.Machine?
        var failed = false, number = 0
        var stoppedBy: String?
        pass: repeat {
            for benchmark in benchmarks {
                number += 1
                printError("elastic bench: \(number)\(runForever ? "" : "/\(benchmarks.count)") \(benchmark)…")
                let outcome: BenchOutcome
                do { outcome = try BenchRunner.run(benchmark, number: number, settings: settings) } catch {
                    printError("elastic bench: \(error)")
                    throw ExitCode(2)
                }
                machine = machine ?? outcome.machine
                if let stopped = outcome.stopped { stoppedBy = stopped; break pass }
                if settings.validation != nil {
                    failed = !say(validation: outcome, of: benchmark) || failed
                    continue
                }
                for problem in outcome.problems { printError("elastic bench: \(problem)"); failed = true }
                if let result = outcome.result {
                    results.append(result)
                    frameTimes.append(outcome.frameTimesMs)
                    printNow(BenchPlan.line(result, paced: settings.paced))
                }
            }
        } while runForever
        if let stoppedBy { printError("elastic bench: \(stoppedBy); the benchmark it cut is left out") }
        if settings.validation == nil {
            printNow("elastic bench Score: \(BenchPlan.printedScore(results))")
            try write(results, frameTimes: frameTimes, machine: machine)
        }
        if failed { throw ExitCode(1) }
        if stoppedBy != nil, results.isEmpty, settings.validation == nil { throw ExitCode(1) }
    }

    /// The benchmark's validation line; whether its frames matched.
    private func say(validation outcome: BenchOutcome, of benchmark: Benchmark) -> Bool {
        let head = outcome.label
        if case .save = settings.validation {
            printNow("\(head): saved frames \(outcome.matched.map(String.init).joined(separator: ", ")) in \(settings.referenceDir)")
        } else if outcome.problems.isEmpty {
            printNow("\(head): Validation: Success (frames \(outcome.matched.map(String.init).joined(separator: ", ")), \(outcome.tolerance.text))")
        } else {
            printNow("\(head): Validation: Failure")
        }
        for problem in outcome.problems { printError("elastic bench: \(benchmark): \(problem)") }
        return outcome.problems.isEmpty
    }

    /// `[scene] window=… redraw=…: FPS: N FrameTime: p50 X ms p99 Y ms` (paced: and late frames, latency).
    static func line(_ r: BenchResults.Benchmark, paced: Bool) -> String {
        var text = "\(r.label): FPS: \(Int(r.fps.rounded())) FrameTime: p50 \(ms(r.frameMsP50)) ms p99 \(ms(r.frameMsP99)) ms"
        if paced {
            text += " late frames: \(r.lateFrames ?? 0)"
            if let p50 = r.inputLatencyP50Ms, let p99 = r.inputLatencyP99Ms { text += " input-to-present: p50 \(ms(p50)) ms p99 \(ms(p99)) ms" }
        }
        return text
    }

    /// The mean of the FPS as the lines print them, rounded: what a reader can check by hand.
    static func printedScore(_ results: [BenchResults.Benchmark]) -> Int {
        guard !results.isEmpty else { return 0 }
        return Int((Double(results.map { Int($0.fps.rounded()) }.reduce(0, +)) / Double(results.count)).rounded())
    }

    static func ms(_ value: Double) -> String { String(format: value < 10 ? "%.3f" : "%.1f", value) }

    private func write(_ results: [BenchResults.Benchmark], frameTimes: [[Double]], machine: BenchResults.Machine?) throws {
        guard let machine else { return }
        var failures: [String] = []
        if let path = resultsFile {
            let all = BenchResults(elastic: .init(version: Elastic.version, build: RunInfo.currentBuild), machine: machine,
                                   mode: settings.paced ? "paced" : "unpaced", benchmarks: results, score: BenchResults.score(of: results))
            do { try AtomicFile.write(try all.jsonData(), to: path, purpose: "results"); printError("results: \(path)") } catch {
                failures.append("\(error)")
            }
        }
        if let path = report {
            do { try AtomicFile.write(BenchReport.svg(results, frameTimes: frameTimes, machine: machine), to: path, purpose: "report"); printError("report: \(path)") } catch {
                failures.append("\(error)")
            }
        }
        for failure in failures { printError("elastic bench: \(failure)") }
        if !failures.isEmpty { throw ExitCode(1) }
    }
}
