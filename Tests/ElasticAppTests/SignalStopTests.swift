import Foundation
import Testing

/// How `play` stops on SIGINT and SIGTERM: `timeout` and process-group kills deliver one stop
/// twice within microseconds, which must count once and still leave the summary; a second
/// signal that comes later (a person pressing Ctrl-C again) exits at once.
@Suite("elastic play: stopping by signal", .serialized)
struct SignalStopTests {
    @Test("six timeout stops (INT and TERM, three each) all leave a stats summary")
    func timeoutStopsLeaveSummary() async throws {
        let dir = try ElasticBinary.scratch("signal-timeout")
        for (run, signal) in ["INT", "TERM", "INT", "TERM", "INT", "TERM"].enumerated() {
            let stats = dir.appendingPathComponent("s\(run).csv")
            // timeout signals the app, then its own process group, the app in it: the same stop twice.
            let r = try await ElasticBinary.run(["-s", signal, "3", ElasticBinary.url.path, "play", "--headless", "--seconds", "100000",
                                           "--stats", stats.path],
                                          timeout: 60, executable: URL(fileURLWithPath: "/usr/bin/timeout"))
            // 124: timeout's status when it had to stop its command.
            #expect(r.status == 124, "run \(run) (\(signal)): status \(r.status): \(r.stderr)")
            #expect(r.stderr.contains("stopped by SIG\(signal)"), "run \(run) (\(signal)): \(r.stderr)")
            let summary = dir.appendingPathComponent("s\(run).summary.json")
            #expect(FileManager.default.fileExists(atPath: summary.path), "run \(run) (\(signal)): no summary; \(r.stderr)")
        }
    }

    @Test("a second signal more than a second after the first exits at once (status 128 + signal)")
    func laterSecondSignalExits() async throws {
        let dir = try ElasticBinary.scratch("signal-second")
        let stuck = try StuckRun(stats: dir.appendingPathComponent("s.csv"))
        defer { stuck.end() }
        kill(stuck.pid, SIGINT)
        try await Task.sleep(for: .milliseconds(1500))
        #expect(stuck.isRunning, "the first signal alone must wait for the run to finish, not exit")
        kill(stuck.pid, SIGINT)
        // Nobody drains its stderr: only the second signal can end it.
        #expect(await ElasticBinary.wait(stuck.pid, timeout: 10) == 128 + SIGINT)
    }

    @Test("a repeat within the second counts once: the run finishes and writes its summary")
    func duplicateSignalCountsOnce() async throws {
        let dir = try ElasticBinary.scratch("signal-duplicate")
        let stats = dir.appendingPathComponent("s.csv")
        let stuck = try StuckRun(stats: stats)
        defer { stuck.end() }
        kill(stuck.pid, SIGTERM)
        // Apart enough to be delivered as two signals (back to back, the kernel may merge them),
        // and well within the second: usleep holds this thread, where a suspended test could
        // resume late behind busy pool threads.
        usleep(50_000)
        kill(stuck.pid, SIGTERM)
        usleep(300_000)
        #expect(stuck.isRunning, "the repeated signal exited at once")
        let stderr = stuck.drainUntilExit()
        #expect(await ElasticBinary.wait(stuck.pid, timeout: 30) == 0, "\(stderr)")
        #expect(stderr.contains("stopped by SIGTERM"), "\(stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("s.summary.json").path), "\(stderr)")
    }
}

/// A recording run held in its first write to stderr (a full pipe nobody reads), with its signal
/// handlers installed: it cannot reach its end by itself, so how it exits shows how it took the
/// signals sent to it.
private struct StuckRun {
    let pid: pid_t
    private let readEnd: Int32

    init(stats: URL) throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw POSIXError(.EIO) }
        // Not inherited by other tests' children (which would hold the pipe open past this child's exit).
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        readEnd = fds[0]
        // Fill the pipe so the child's first message blocks.
        let flags = fcntl(fds[1], F_GETFL)
        _ = fcntl(fds[1], F_SETFL, flags | O_NONBLOCK)
        let block = [UInt8](repeating: 0x2e, count: 4096)
        while write(fds[1], block, block.count) > 0 {}
        _ = fcntl(fds[1], F_SETFL, flags)
        pid = try ElasticBinary.spawn(["play", "--headless", "--seconds", "100000", "--stats", stats.path],
                                      stdout: "/dev/null", stderr: "/dev/fd/\(fds[1])")
        close(fds[1])
        // SigCgt lists the caught signals: both bits set once the trap is installed.
        let deadline = Date().addingTimeInterval(30)
        while !StuckRun.catches(pid, [SIGINT, SIGTERM]) {
            guard Date() < deadline else { kill(pid, SIGKILL); throw POSIXError(.ETIMEDOUT) }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    var isRunning: Bool {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == 0
    }

    /// Reads the child's stderr until it closes (the child exited); the text after the filler.
    func drainUntilExit() -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(readEnd, &buffer, buffer.count)
            if n > 0 { bytes += buffer[..<n] } else if n < 0, errno == EINTR { continue } else { break }
        }
        return String(decoding: bytes.drop { $0 == 0x2e }, as: UTF8.self)
    }

    func end() {
        ElasticBinary.stop(pid)
        close(readEnd)
    }

    static func catches(_ pid: pid_t, _ signals: [Int32]) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
              let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16) else { return false }
        return signals.allSatisfy { mask & (1 << UInt64($0 - 1)) != 0 }
    }
}
