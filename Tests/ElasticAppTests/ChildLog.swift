import Foundation

/// When `ELASTIC_TEST_CHILD_LOG` names a file, every child the tests start appends a line there
/// when it starts (`start PID ARGS…`) and when it is reaped (`end PID CPU_SECONDS WALL_SECONDS`):
/// where the suite's CPU time goes, and which tests reach which code.
enum ChildLog {
    private static let path = ProcessInfo.processInfo.environment["ELASTIC_TEST_CHILD_LOG"]
    private static let lock = NSLock()
    nonisolated(unsafe) private static var started: [pid_t: ContinuousClock.Instant] = [:]

    static func started(pid: pid_t, arguments: [String]) {
        guard path != nil else { return }
        lock.withLock { started[pid] = .now }
        append("start \(pid) \(arguments.joined(separator: " "))")
    }

    static func record(pid: pid_t, usage: rusage) {
        guard path != nil else { return }
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        let wall = lock.withLock { started.removeValue(forKey: pid).map { ContinuousClock.now - $0 } }
        let seconds = wall.map { Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18 } ?? -1
        append("end \(pid) \(String(format: "%.3f", cpu)) \(String(format: "%.3f", seconds))")
    }

    private static func append(_ line: String) {
        guard let path else { return }
        lock.withLock {
            guard let handle = FileHandle(forWritingAtPath: path) ?? (FileManager.default.createFile(atPath: path, contents: nil)
                                                                       ? FileHandle(forWritingAtPath: path) : nil) else { return }
            defer { try? handle.close() }
            handle.seekToEndOfFile()
            handle.write(Data((line + "\n").utf8))
        }
    }
}
