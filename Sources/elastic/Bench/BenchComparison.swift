import Foundation

/// `elastic bench --compare A.json B.json...`: each benchmark's FPS and p99 frame time on each
/// machine, with its ratio to the first file's, then the scores. Benchmarks are matched by their
/// description, so runs at two window sizes (`--window`) compare benchmark by benchmark.
enum BenchComparison {
    /// Reads a results file; the error names the file and, for a syntax or field error, the line.
    static func load(_ path: String) throws -> BenchResults {
        let data: Data
        do { data = try InputFile.read(path, what: "results file", limit: 64 << 20) } catch {
            throw BenchError("cannot read the results file \(quoted(path)): \(error)")
        }
        do {
            return try JSONDecoder().decode(BenchResults.self, from: data)
        } catch let error as DecodingError {
            throw BenchError("\(path): \(describe(error, in: data))")
        } catch {
            throw BenchError("\(path): not a results file: \(error.localizedDescription)")
        }
    }

    /// "line N: …" for a decoding error: the line of the value at fault (the parser's own line
    /// for a syntax error; for a missing or wrong field, the line where its object starts).
    static func describe(_ error: DecodingError, in data: Data) -> String {
        switch error {
        case let .dataCorrupted(context) where context.codingPath.isEmpty:
            return syntaxError(in: data) ?? "not valid JSON: \(context.debugDescription)"
        case let .keyNotFound(key, context):
            return "\(lineOf(context.codingPath, in: data)): \(path(context.codingPath)) has no \"\(key.stringValue)\""
        case let .typeMismatch(_, context), let .valueNotFound(_, context), let .dataCorrupted(context):
            return "\(lineOf(context.codingPath, in: data)): \(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    /// Where the JSON parser stopped, as "line N: not valid JSON (its words)": it counts characters
    /// ("around character 812"), or says the file ended; nil if it finds no fault.
    static func syntaxError(in data: Data) -> String? {
        do { _ = try JSONSerialization.jsonObject(with: data); return nil } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            let lines = { (bytes: Data.SubSequence) in bytes.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) } }
            if let match = detail.firstMatch(of: /character (\d+)/), let offset = Int(match.1) {
                return "line \(lines(data.prefix(offset))): not valid JSON (\(detail))"
            }
            let end = data.last == UInt8(ascii: "\n") ? data.dropLast() : data[...]
            return "line \(lines(end)): not valid JSON (\(detail))"
        }
    }

    /// `benchmarks[2].fps`.
    static func path(_ codingPath: [any CodingKey]) -> String {
        let text = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return text.hasPrefix(".") ? String(text.dropFirst()) : (text.isEmpty ? "the file" : text)
    }

    /// The line where the value at `codingPath` (or, when it is missing, its nearest ancestor)
    /// starts, found by walking the JSON text the writer laid out: keys and array items in order.
    static func lineOf(_ codingPath: [any CodingKey], in data: Data) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: data) else { return "line ?" }
        let text = String(decoding: data, as: UTF8.self)
        var searchFrom = text.startIndex
        var current: Any = object
        for key in codingPath {
            if let index = key.intValue, let array = current as? [Any], index < array.count {
                // Items of the results' arrays are objects: the index-th "{" after the array's start.
                var found = 0, cursor = searchFrom
                while let brace = text[cursor...].firstIndex(of: "{") {
                    if found == index { searchFrom = brace; break }
                    found += 1
                    cursor = skipObject(text, from: brace)
                }
                current = array[index]
            } else if let dict = current as? [String: Any], let value = dict[key.stringValue],
                      let range = text.range(of: "\"\(key.stringValue)\"", range: searchFrom..<text.endIndex) {
                searchFrom = range.lowerBound
                current = value
            } else {
                break
            }
        }
        return "line \(text[..<searchFrom].filter { $0 == "\n" }.count + 1)"
    }

    /// Past the object whose "{" is at `start` (strings' braces skipped).
    private static func skipObject(_ text: String, from start: String.Index) -> String.Index {
        var depth = 0, inString = false, escaped = false
        var i = start
        while i < text.endIndex {
            let c = text[i]
            if inString {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
            } else if c == "\"" { inString = true } else if c == "{" { depth += 1 } else if c == "}" {
                depth -= 1
                if depth == 0 { return text.index(after: i) }
            }
            i = text.index(after: i)
        }
        return text.endIndex
    }

    /// The table: a row per benchmark (in the first file's order, then any the others add), FPS and
    /// p99 per file with ratios to the first; the scores; benchmarks missing from a file named.
    static func table(_ runs: [(path: String, results: BenchResults)]) -> String {
        let names = runs.map { ($0.path as NSString).lastPathComponent }
        var order: [String] = []
        for run in runs { for b in run.results.benchmarks where !order.contains(b.description) { order.append(b.description) } }
        var rows: [[String]] = [["benchmark"] + names.enumerated().flatMap { i, name in
            i == 0 ? ["\(name) FPS", "p99 ms"] : ["\(name) FPS", "×", "p99 ms", "×"]
        }]
        var missing: [String] = []
        for description in order {
            var row = [description]
            let first = runs[0].results.benchmarks.first { $0.description == description }
            for (i, run) in runs.enumerated() {
                guard let b = run.results.benchmarks.first(where: { $0.description == description }) else {
                    row += i == 0 ? ["-", "-"] : ["-", "", "-", ""]
                    missing.append("\(description) is not in \(names[i])")
                    continue
                }
                if i == 0 {
                    row += [String(format: "%.0f", b.fps), BenchPlan.ms(b.frameMsP99)]
                } else {
                    row += [String(format: "%.0f", b.fps), first.map { ratio(b.fps, $0.fps) } ?? "",
                            BenchPlan.ms(b.frameMsP99), first.map { ratio(b.frameMsP99, $0.frameMsP99) } ?? ""]
                }
            }
            rows.append(row)
        }
        var score = ["score"]
        for (i, run) in runs.enumerated() {
            score += i == 0 ? [String(format: "%.0f", run.results.score), ""]
                : [String(format: "%.0f", run.results.score), ratio(run.results.score, runs[0].results.score), "", ""]
        }
        rows.append(score)
        var out = ""
        for (i, run) in runs.enumerated() {
            let m = run.results.machine
            out += "\(names[i]): \(m.cpu), \(m.cores) cores, \(m.os), \(m.videoDriver) \(m.renderer), "
                + "\(run.results.benchmarks.first?.window ?? "?") window, \(run.results.mode)\n"
        }
        out += align(rows)
        for line in missing { out += "missing: \(line)\n" }
        return out
    }

    private static func ratio(_ a: Double, _ b: Double) -> String { b > 0 ? String(format: "%.2f", a / b) : "-" }

    /// Columns padded to their widest cell: the first left-aligned, the figures right-aligned.
    private static func align(_ rows: [[String]]) -> String {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { c in rows.map { c < $0.count ? $0[c].count : 0 }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { c, cell in
                let pad = String(repeating: " ", count: widths[c] - cell.count)
                return c == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}
