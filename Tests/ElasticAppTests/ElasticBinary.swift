import Foundation
import TestScratch
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

    /// A child still running when its time was up (it was killed): fails that test alone.
    struct TimedOut: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs the binary to its end (through `/bin/sh -c "<shell> exec …"` when `shell` is given);
    /// stdout and stderr go to files, not pipes, so a chatty child can never block on a full pipe.
    /// A child still running after `timeout` seconds is killed and `TimedOut` thrown.
    /// `executable` runs another program instead (a copy of the binary, xdotool, mount).
    /// The child waits for one of `slots` first (`queued: false` starts it at once: xdotool driving
    /// an app that holds the slots), and its exit is awaited without holding a thread, so the test
    /// pool's threads run in-process tests while children run.
    static func run(_ arguments: [String], environment: [String: String] = [:], shell: String? = nil,
                    timeout: Double = 120, executable: URL? = nil, queued: Bool = true) async throws -> Result {
        guard queued else {
            return try await runHoldingSlot(arguments, environment: environment, shell: shell, timeout: timeout, executable: executable)
        }
        return try await slots.holding {
            try await runHoldingSlot(arguments, environment: environment, shell: shell, timeout: timeout, executable: executable)
        }
    }

    /// How many children `run` lets run at once: one per core keeps the cores busy beside the
    /// in-process tests, and a child's timeout measures its own run, not a queue of siblings.
    static let slots = ChildSlots(max(2, ProcessInfo.processInfo.activeProcessorCount))

    private static func runHoldingSlot(_ arguments: [String], environment: [String: String], shell: String?,
                                       timeout: Double, executable: URL?) async throws -> Result {
        let dir = try TestScratch.folder("run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let outPath = dir.appendingPathComponent("out").path, errPath = dir.appendingPathComponent("err").path
        let pid = try spawn(arguments, environment: environment, shell: shell, stdout: outPath, stderr: errPath,
                            executable: executable ?? url)
        let status = await wait(pid, timeout: timeout)
        let stderr = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        guard let status else {
            throw TimedOut(description: "elastic \(arguments.joined(separator: " ")) was still running after \(timeout) s and was killed; "
                           + "its stderr ended: \(stderr.suffix(500))")
        }
        return Result(status: status, stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "", stderr: stderr)
    }

    /// Starts the binary (through `/bin/sh -c "<shell> exec …"` when `shell` is given, e.g. to set
    /// a ulimit) with posix_spawn. (Foundation's Process, with many tests spawning at once beside
    /// in-process SDL tests, was seen to miss a child's exit and wait forever.)
    static func spawn(_ arguments: [String], environment: [String: String] = [:], shell: String? = nil,
                      stdout: String, stderr: String, executable: URL = url) throws -> pid_t {
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "DISPLAY")
        // Tests that start SDL in this process set it; the binary picks its own driver.
        env.removeValue(forKey: "SDL_VIDEODRIVER")
        for (k, v) in environment { env[k] = v }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // The child starts with no signals blocked, whatever this thread has blocked.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))

        let program = shell == nil ? executable.path : "/bin/sh"
        let args = shell.map { ["/bin/sh", "-c", $0 + " exec \"$0\" \"$@\"", executable.path] + arguments } ?? [executable.path] + arguments
        let argv = args.map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in argv + envp { free(p) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, program, &actions, &attributes, argv, envp)
        guard rc == 0 else { throw POSIXError(POSIXErrorCode(rawValue: rc) ?? .EIO) }
        ChildLog.started(pid: pid, arguments: Array(args.dropFirst()))
        return pid
    }

    /// Waits for `pid` and returns its exit status (128 + the signal if a signal ended it), or nil
    /// when `timeout` seconds pass first; the child is then killed and reaped. It polls with
    /// `Task.sleep`, which suspends the test instead of blocking one of the pool's threads.
    static func wait(_ pid: pid_t, timeout: Double?) async -> Int32? {
        let deadline = timeout.map { ContinuousClock.now + .milliseconds(Int($0 * 1000)) }
        var pause = Duration.milliseconds(1)
        while true {
            if let status = reaped(pid, block: false) { return status }
            if let deadline, ContinuousClock.now >= deadline {
                kill(pid, SIGKILL)
                _ = reaped(pid, block: true)
                return nil
            }
            try? await Task.sleep(for: pause)
            pause = min(pause * 2, .milliseconds(20))
        }
    }

    /// Sends `signal` to `pid` and reaps it, killing it if it is still there after `grace` seconds:
    /// clean-up where nothing can be awaited (a `defer`), so it blocks, briefly.
    static func stop(_ pid: pid_t, signal: Int32 = SIGKILL, grace: Double = 5) {
        kill(pid, signal)
        let deadline = ContinuousClock.now + .milliseconds(Int(grace * 1000))
        while reaped(pid, block: false) == nil {
            if ContinuousClock.now >= deadline {
                kill(pid, SIGKILL)
                _ = reaped(pid, block: true)
                return
            }
            usleep(2_000)
        }
    }

    /// The child's exit status once it has exited (nil while it runs; -1 if it is not ours to reap);
    /// its CPU time goes to the children's log when `ELASTIC_TEST_CHILD_LOG` names one.
    private static func reaped(_ pid: pid_t, block: Bool) -> Int32? {
        var status: Int32 = 0
        var usage = rusage()
        var r: pid_t
        repeat { r = wait4(pid, &status, block ? 0 : WNOHANG, &usage) } while r < 0 && errno == EINTR
        guard r == pid else { return r < 0 ? -1 : nil }
        ChildLog.record(pid: pid, usage: usage)
        // WIFEXITED / WEXITSTATUS / WTERMSIG by hand (the macros do not import).
        let exited = status & 0x7f == 0
        return exited ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// A fresh scratch folder for one test's outputs (`TestScratch`).
    static func scratch(_ name: String) throws -> URL { try TestScratch.folder(name) }
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
