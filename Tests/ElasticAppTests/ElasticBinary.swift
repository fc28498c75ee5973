import Foundation
import Testing

/// Runs the real `elastic` binary (built next to the test bundle) and captures its output.
enum ElasticBinary {
    static var url: URL {
        let dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [dir, dir.deletingLastPathComponent()] {
            let u = candidate.appendingPathComponent("elastic")
            if FileManager.default.isExecutableFile(atPath: u.path) { return u }
        }
        return dir.appendingPathComponent("elastic")
    }

    /// The repository root (for assets/).
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.currentDirectoryURL = root
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "DISPLAY")
        for (k, v) in environment { env[k] = v }
        process.environment = env
        // Output goes to files, not pipes, so a chatty child can never block on a full pipe.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("elastic-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let outURL = dir.appendingPathComponent("out"), errURL = dir.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close(); try err.close()
        return Result(status: process.terminationStatus,
                      stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
                      stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
    }

    /// A fresh scratch folder for one test's outputs.
    static func scratch(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("elastic-tests-\(getpid())/\(name)")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }
}

/// One row of a `--trace` CSV.
struct TraceRow: Equatable {
    var frame: Int, time: Double, entity: String, x: Double, y: Double, targetX: Double, targetY: Double

    static func load(_ url: URL) throws -> [TraceRow] {
        let text = try String(contentsOf: url, encoding: .utf8)
        var lines = text.split(separator: "\n")
        #expect(lines.first == "frame,time,entity,x,y,target_x,target_y")
        lines.removeFirst()
        return lines.map { line in
            let f = line.split(separator: ",").map(String.init)
            return TraceRow(frame: Int(f[0])!, time: Double(f[1])!, entity: f[2], x: Double(f[3])!, y: Double(f[4])!,
                            targetX: Double(f[5])!, targetY: Double(f[6])!)
        }
    }
}
