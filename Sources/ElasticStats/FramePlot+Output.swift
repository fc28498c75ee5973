import Foundation

extension FramePlot {
    // MARK: Output

    static func writeText(_ text: String, to path: String) throws {
        try AtomicFile.write(text, to: path, purpose: "plot")
    }

    static func writePNG(svg text: String, to path: String) throws {
        let tools: [(String, (String, String) -> [String])] = [
            ("rsvg-convert", { input, output in ["-b", "white", "-o", output, input] }),
            ("convert", { input, output in ["-density", "96", input, output] }),
        ]
        guard let (tool, arguments) = tools.lazy.compactMap({ name, args in findExecutable(name).map { ($0, args) } }).first else {
            throw StatsError("cannot write \(path): PNG needs rsvg-convert (apt-get install librsvg2-bin) or ImageMagick; "
                + "or write .svg instead")
        }
        let svgPath = path + ".tmp-\(getpid()).svg"
        try writeText(text, to: svgPath)
        defer { try? FileManager.default.removeItem(atPath: svgPath) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments(svgPath, path)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw StatsError("cannot write \(path): could not run \(tool): \(error)")
        }
        let message = String(data: errors.fileHandleForReading.readDataToEndOfFile(), encoding: .utf8) ?? ""
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw StatsError("cannot write \(path): \(tool) failed: \(message.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
    }

    static func findExecutable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    static func f(_ v: Double, _ decimals: Int = 1) -> String { FrameSummary.format(v, decimals) }

    /// A label's width at most, in the plot's font (DejaVu Sans: digits advance 0.636 em, every
    /// ASCII letter but m and w at most that), so labels placed by it do not meet.
    static func textWidth(_ text: String, size: Double) -> Double {
        text.unicodeScalars.reduce(0) { width, c in width + size * ("mwMW%".unicodeScalars.contains(c) ? 1.0 : 0.64) }
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// A tiny SVG text builder.
    struct SVG {
        var body: String
        init(width: Double, height: Double) {
            body = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(width, 0))\" height=\"\(f(height, 0))\" "
                + "viewBox=\"0 0 \(f(width, 0)) \(f(height, 0))\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n"
        }
        mutating func raw(_ element: String) { body += element + "\n" }
        /// A label; `backdrop` sets it on white (its box as `textWidth` bounds it) so no line
        /// drawn before it runs through it.
        mutating func text(_ content: String, x: Double, y: Double, size: Double, anchor: String = "start",
                           fill: String = "#111", weight: String = "normal", backdrop: Bool = false) {
            if backdrop {
                let width = FramePlot.textWidth(content, size: size)
                let left = anchor == "end" ? x - width : anchor == "middle" ? x - width / 2 : x
                body += "<rect x=\"\(f(left - 1))\" y=\"\(f(y - size))\" width=\"\(f(width + 2))\" height=\"\(f(size * 1.2))\" "
                    + "fill=\"white\" fill-opacity=\"0.9\" class=\"label-backdrop\"/>\n"
            }
            body += "<text x=\"\(f(x))\" y=\"\(f(y))\" font-size=\"\(f(size, 0))\" text-anchor=\"\(anchor)\" "
                + "fill=\"\(fill)\" font-weight=\"\(weight)\">\(escape(content))</text>\n"
        }
        func finish() -> String { body + "</svg>\n" }
    }
}
