import Foundation
import Testing
@testable import ElasticStats

/// A result handed from one thread to another (the semaphore orders the accesses).
final class ResultBox: @unchecked Sendable { var value: String? }

/// Runs `body` on another thread; nil when it has not returned within `seconds` (a hang).
func withinSeconds(_ seconds: Double, _ body: @escaping @Sendable () -> String) -> String? {
    let box = ResultBox()
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        box.value = body()
        done.signal()
    }
    return done.wait(timeout: .now() + seconds) == .success ? box.value : nil
}

func makeFIFO(_ dir: String) throws -> String {
    let path = dir + "/rows.fifo"
    guard mkfifo(path, 0o600) == 0 else { throw StatsError("mkfifo: \(String(cString: strerror(errno)))") }
    return path
}

/// Reads whatever the FIFO holds now, without waiting.
func drain(_ fd: Int32) -> [UInt8] {
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = read(fd, &chunk, chunk.count)
        if n <= 0 { break }
        out += chunk[0..<n]
    }
    return out
}

func dataRows(_ text: String) -> [Substring] {
    text.split(separator: "\n").filter { $0.first?.isNumber == true }
}

@Suite("Stats output: locks and special files", .serialized)
struct StatsOutputTests {
    @Test func aSecondRecorderOnTheSameFileIsRefusedAndTouchesNothing() throws {
        let path = try statsTemporaryDirectory() + "/run.csv"
        let first = try FrameStatsRecorder(path: path, format: .elastic, run: statsTestRun, targetRefreshRate: 60)
        first.record(statsStartUp)   // the start-up: not a row
        for i in 0..<10 { first.record(statsTestFrame(i)) }
        first.flush()
        let before = FileManager.default.contents(atPath: path)
        #expect {
            try FrameStatsRecorder(path: path, format: .mangohud, run: statsTestRun, targetRefreshRate: 60)
        } throws: { error in
            "\(error)" == "cannot write stats to \(path): another recorder is writing it (the file is locked); "
                + "wait for that run to end or choose another path"
        }
        #expect(FileManager.default.contents(atPath: path) == before)
        for i in 10..<20 { first.record(statsTestFrame(i)) }
        first.finish()
        let log = try FrameStatsReader.read(path: path)
        #expect(log.records.map(\.frame) == Array(0..<20))
        // Once the first has finished, the file can be recorded again.
        let again = try FrameStatsRecorder(path: path, format: .elastic, run: statsTestRun, targetRefreshRate: 60)
        again.record(statsStartUp)   // the start-up: not a row
        again.finish()
    }

    @Test func aLockHeldByAnotherProgramIsRespected() throws {
        let path = try statsTemporaryDirectory() + "/run.csv"
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: path))
        let holder = open(path, O_RDONLY)
        defer { close(holder) }
        #expect(flock(holder, LOCK_EX | LOCK_NB) == 0)
        #expect(throws: StatsError.self) {
            try FrameStatsRecorder(path: path, format: .elastic, run: statsTestRun, targetRefreshRate: 60)
        }
        #expect(statsFileText(path) == "precious\n")
    }

    @Test func aFIFOWithoutAReaderIsAnErrorNotAHang() throws {
        let fifo = try makeFIFO(try statsTemporaryDirectory())
        let message = withinSeconds(10) { () -> String in
            do {
                _ = try FrameStatsRecorder(path: fifo, format: .elastic, run: statsTestRun, targetRefreshRate: 60)
                return "opened"
            } catch {
                return "\(error)"
            }
        }
        if message == nil {
            // Let the blocked open go, so the thread ends.
            let reader = open(fifo, O_RDONLY | O_NONBLOCK)
            close(reader)
        }
        #expect(message == "cannot write stats to \(fifo): it is a FIFO that no process has open for reading "
            + "(start the reader first, e.g. `cat \(fifo) > copy &`)")
    }

    @Test func aFIFOGetsWholeRowsAndNoSummaryFile() throws {
        let dir = try statsTemporaryDirectory()
        let fifo = try makeFIFO(dir)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        defer { close(reader) }
        let recorder = try FrameStatsRecorder(path: fifo, format: .mangohud, run: statsTestRun, targetRefreshRate: 60)
        recorder.record(statsStartUp)   // the start-up: not a row
        #expect(recorder.summaryPath == "" && !recorder.writesSummaryFile)
        for i in 0..<100 { recorder.record(statsTestFrame(i)) }
        let summary = try #require(recorder.finish())
        #expect(summary.frames == 100)
        #expect(recorder.writeError == nil && recorder.summaryError == nil)
        let text = String(decoding: drain(reader), as: UTF8.self)
        #expect(try FrameStatsReader.parse(text, name: "fifo").records.count == 100)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["rows.fifo"])
    }

    @Test func aFIFOWhoseReaderStopsReadingEndsTheWritingNotTheRun() throws {
        let fifo = try makeFIFO(try statsTemporaryDirectory())
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        defer { close(reader) }
        let recorder = try FrameStatsRecorder(path: fifo, format: .elastic, run: statsTestRun, targetRefreshRate: 60)
        recorder.record(statsStartUp)   // the start-up: not a row
        recorder.output.fifoStallLimitNs = 200_000_000
        // 5000 rows are ~400 KB: far more than a pipe holds, and nothing reads them.
        let started = OutputFile.nowNs()
        for i in 0..<5000 { recorder.record(statsTestFrame(i)) }
        let summary = try #require(recorder.finish())
        #expect(Double(OutputFile.nowNs() - started) / 1e9 < 5)
        #expect(recorder.writeError?.hasPrefix("cannot write stats to \(fifo): its reader has taken nothing for 0.") == true)
        #expect(summary.frames == 5000)
        // What got through ends at a whole row, and the rest are counted as lost.
        let bytes = drain(reader)
        #expect(bytes.last == UInt8(ascii: "\n"))
        let rows = try FrameStatsReader.parse(String(decoding: bytes, as: UTF8.self), name: "fifo").records
        #expect(rows.map(\.frame) == Array(0..<rows.count))
        #expect(rows.count > 0 && rows.count + summary.lostRows == 5000)
    }

    @Test func aFIFOWhoseReaderGoesAwayIsReportedNotFatal() throws {
        let fifo = try makeFIFO(try statsTemporaryDirectory())
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        let recorder = try FrameStatsRecorder(path: fifo, format: .elastic, run: statsTestRun, targetRefreshRate: 60)
        recorder.record(statsStartUp)   // the start-up: not a row
        close(reader)
        for i in 0..<100 { recorder.record(statsTestFrame(i)) }
        let summary = try #require(recorder.finish())   // SIGPIPE would have ended this process
        #expect(recorder.writeError == "cannot write stats to \(fifo): its reader closed it; the rest is left out")
        #expect(summary.lostRows == 100)
        var pending = sigset_t()
        sigpending(&pending)
        #expect(sigismember(&pending, SIGPIPE) == 0)    // the signal was taken back, not left pending
    }

    @Test func devNullTakesTheRowsAndGetsNoSummaryFile() throws {
        let beside = "/dev/null.summary.json"
        // Left by older builds on some machines: then it must not change.
        let before = try? FileManager.default.attributesOfItem(atPath: beside)[.modificationDate] as? Date
        // Two at once: a device is not locked.
        let a = try FrameStatsRecorder(path: "/dev/null", format: .elastic, run: statsTestRun, targetRefreshRate: 60)
        a.record(statsStartUp)   // the start-up: not a row
        let b = try FrameStatsRecorder(path: "/dev/null", format: .mangohud, run: statsTestRun, targetRefreshRate: 60)
        b.record(statsStartUp)   // the start-up: not a row
        for i in 0..<200 { a.record(statsTestFrame(i)); b.record(statsTestFrame(i)) }
        #expect(a.finish()?.frames == 200 && b.finish()?.frames == 200)
        #expect(a.writeError == nil && a.summaryError == nil && a.summaryPath == "")
        #expect((try? FileManager.default.attributesOfItem(atPath: beside)[.modificationDate] as? Date) == before)
    }

    @Test func aSocketIsRefusedWithTheReason() throws {
        let path = try statsTemporaryDirectory() + "/s.sock"
        let sock = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(sock) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(sock, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0)
        #expect {
            try FrameStatsRecorder(path: path, format: .elastic, run: statsTestRun, targetRefreshRate: 60)
        } throws: { error in
            "\(error)" == "cannot write stats to \(path): it is a socket; write stats to a regular file, a FIFO or /dev/null"
        }
    }

    /// A block device with nothing behind it to write to: a node made here (major 7, the loop
    /// driver; minor 250, which nothing sets up), or where mknod is refused a loop device in /dev
    /// with no backing file that this user may open. Nil when there is neither.
    static func blockDevice(in dir: String) -> String? {
        let made = dir + "/block"
        if mknod(made, S_IFBLK | 0o600, dev_t(7 << 8 | 250)) == 0 { return made }   // makedev(7, 250), by hand
        for n in 0..<8 {
            let path = "/dev/loop\(n)"
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFBLK, access(path, W_OK) == 0,
                  !FileManager.default.fileExists(atPath: "/sys/block/loop\(n)/loop/backing_file") else { continue }
            return path
        }
        return nil
    }

    @Test func aBlockDeviceIsRefused() throws {
        guard let path = Self.blockDevice(in: try statsTemporaryDirectory()) else {
            try Test.cancel("no block device to offer: mknod is refused here and /dev has no free loop device this user may open")
        }
        #expect {
            try FrameStatsRecorder(path: path, format: .elastic, run: statsTestRun, targetRefreshRate: 60)
        } throws: { error in
            "\(error)".hasPrefix("cannot write stats to \(path): ") && "\(error)".contains("block device")
        }
    }

    @Test func aSummaryOrPlotPathThatIsAFIFOIsAnErrorNotAHang() throws {
        let fifo = try makeFIFO(try statsTemporaryDirectory())
        let message = withinSeconds(10) { () -> String in
            do { try AtomicFile.write("{}", to: fifo, purpose: "summary"); return "written" } catch { return "\(error)" }
        }
        if message == nil { close(open(fifo, O_RDONLY | O_NONBLOCK)) }
        #expect(message?.hasPrefix("cannot write the summary to \(fifo): ") == true)
    }

    @Test func readingAFIFOWithoutAWriterIsAnErrorNotAHang() throws {
        let fifo = try makeFIFO(try statsTemporaryDirectory())
        let message = withinSeconds(10) { () -> String in
            do { _ = try FrameStatsReader.read(path: fifo); return "read" } catch { return "\(error)" }
        }
        if message == nil { close(open(fifo, O_WRONLY | O_NONBLOCK)) }
        #expect(message == "\(fifo) is empty")
    }

    @Test func readingAFIFOTakesWhatItsWriterSends() throws {
        let fifo = try makeFIFO(try statsTemporaryDirectory())
        let text = "frame,t_ms,frame_ms,scene\n0,10,10,a\n1,20,10,a\n"
        let placeholder = open(fifo, O_RDONLY | O_NONBLOCK)   // lets the writer open without waiting
        let writer = open(fifo, O_WRONLY | O_NONBLOCK)
        #expect(text.withCString { write(writer, $0, strlen($0)) } == text.utf8.count)
        close(placeholder)
        let result = ResultBox()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            do { result.value = "\(try FrameStatsReader.read(path: fifo).records.count) rows" } catch { result.value = "\(error)" }
            done.signal()
        }
        // Once the reader has taken the bytes, the writer leaves: that is its end of file.
        var waiting: Int32 = 1
        for _ in 0..<500 where waiting > 0 {
            _ = ioctl(writer, UInt(FIONREAD), &waiting)
            if waiting > 0 { usleep(10_000) }
        }
        close(writer)
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(result.value == "2 rows")
    }

    @Test func readingADeviceIsRefused() {
        #expect(throws: StatsError("cannot read /dev/zero: it is not a regular file or a FIFO")) {
            try FrameStatsReader.read(path: "/dev/zero")
        }
    }

    @Test func wholeLineChunksFitAtomicPipeWrites() {
        let text = Array((String(repeating: "a", count: 99) + "\n").utf8) + Array((String(repeating: "b", count: 5000) + "\n").utf8)
        text.withUnsafeBytes { raw in
            #expect(OutputFile.wholeLines(raw.baseAddress!, raw.count, upTo: 4096) == 100)
            #expect(OutputFile.wholeLines(raw.baseAddress! + 100, raw.count - 100, upTo: 4096) == 5001)
            #expect(OutputFile.wholeLines(raw.baseAddress!, 100, upTo: 4096) == 100)
        }
    }
}
