import Foundation
import Testing

/// Every path option of the real binary, given something that is not a plain file: a folder, a
/// FIFO with no process on the other end, a device, an unreadable file, a file too large, a file
/// used as a folder. Each gets a message saying what is wrong, exit 2 (1 for `stats` and
/// `spring`, as their other errors), within seconds (never a hang), and nothing is written or
/// replaced.
@Suite("special files for every path option", .serialized)
struct SpecialPathTests {
    /// A folder with one of each kind of special file.
    struct Fixture {
        let dir: URL
        func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

        init(_ name: String) throws {
            dir = try ElasticBinary.scratch("special-\(name)")
            try FileManager.default.createDirectory(atPath: dir.appendingPathComponent("folder").path, withIntermediateDirectories: false)
            #expect(mkfifo(dir.appendingPathComponent("fifo").path, 0o644) == 0)
            try "{}\n".write(toFile: dir.appendingPathComponent("unreadable").path, atomically: false, encoding: .utf8)
            #expect(chmod(dir.appendingPathComponent("unreadable").path, 0) == 0)
            try "x\n".write(toFile: dir.appendingPathComponent("plain").path, atomically: false, encoding: .utf8)
            // Sparse: its size is what counts, and it costs no disk.
            let big = open(dir.appendingPathComponent("big").path, O_WRONLY | O_CREAT, 0o644)
            #expect(big >= 0 && ftruncate(big, 65 << 20) == 0)
            close(big)
        }

        /// What is in the folder now, with each entry's kind: nothing may be added or replaced.
        func listing() -> [String] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            return names.sorted().map { name in
                var st = stat()
                lstat(path(name), &st)
                return "\(name):\(st.st_mode & S_IFMT):\(st.st_size)"
            }
        }
    }

    /// Runs the binary; as root, under the `nobody` user so that permissions apply (root reads
    /// a mode-000 file).
    static func run(_ arguments: [String], asUnprivileged: Bool = false) async throws -> ElasticBinary.Result {
        if asUnprivileged, geteuid() == 0 {
            return try await ElasticBinary.run(["--reuid=65534", "--regid=65534", "--clear-groups", ElasticBinary.url.path] + arguments,
                                         timeout: 30, executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
        }
        return try await ElasticBinary.run(arguments, timeout: 30)
    }

    static let inputCases: [(name: String, reason: String)] = [
        ("folder", "it is a directory (a folder), not a"),
        ("/dev/zero", "it is a device (a character device"),
        ("/dev/null", "it is /dev/null, the null device, which is always empty"),
        ("fifo", "it is a named pipe (FIFO), not a"),
        ("unreadable", "permission denied: it cannot be read by this user (its mode is 000"),
        ("plain/x", "a part of the path before the name is a file, not a folder"),
    ]

    @Test("--springs and --replay: each special file named for what it is, exit 2, nothing written",
          arguments: ["--springs", "--replay"])
    func inputs(option: String) async throws {
        let fixture = try Fixture(String(option.dropFirst(2)))
        let cases = Self.inputCases + [("big", option == "--springs" ? "it is 65.0 MiB, more than any springs file needs (at most 64 KiB)"
                                                                     : "it is 65.0 MiB, more than any replay file needs (at most 64.0 MiB)")]
        for (name, reason) in cases {
            let path = name.hasPrefix("/") ? name : fixture.path(name)
            let before = fixture.listing()
            let outputs = ["--trace", fixture.path("t.csv"), "--record-input", fixture.path("r.jsonl"), "--screenshot", fixture.path("s.png")]
            let r = try await Self.run(["play", "--headless", "--frames", "2", option, path] + outputs, asUnprivileged: name == "unreadable")
            #expect(r.status == 2, "\(option) \(name): exit \(r.status), \(r.stderr)")
            let lead = option == "--springs" ? "elastic: cannot read the springs file \(path): " : "elastic: bad replay file \(path): "
            #expect(r.stderr.contains(lead + reason), "\(option) \(name): \(r.stderr)")
            #expect(fixture.listing() == before, "\(option) \(name): the folder changed")
        }
    }

    @Test("--trace, --record-input, --stats, --screenshot: folders, FIFOs with no reader, unwritable files, files as folders")
    func outputs() async throws {
        let fixture = try Fixture("outputs")
        #expect(chmod(fixture.path("plain"), 0o644) == 0)
        let cases: [(name: String, reasons: [String])] = [
            ("folder", ["Is a directory (give a file name)"]),
            ("fifo", ["no process is reading it (start the reader first)", "no process has open for reading", "it is a FIFO; the PNG writer needs a regular file"]),
            ("plain", ["Permission denied"]),
            ("plain/x", ["is not a folder"]),
        ]
        for option in ["--trace", "--record-input", "--stats"] {
            for (name, reasons) in cases {
                let path = fixture.path(name)
                let before = fixture.listing()
                let r = try await Self.run(["play", "--headless", "--frames", "2", option, path], asUnprivileged: name == "plain")
                #expect(r.status == 2, "\(option) \(name): exit \(r.status), \(r.stderr)")
                #expect(reasons.contains { r.stderr.contains($0) } && r.stderr.contains(path), "\(option) \(name): \(r.stderr)")
                #expect(fixture.listing() == before, "\(option) \(name): the folder changed")
            }
        }
        // Screenshots need a .png name: a folder and a FIFO so named.
        try FileManager.default.createDirectory(atPath: fixture.path("shot.png"), withIntermediateDirectories: false)
        #expect(mkfifo(fixture.path("pipe.png"), 0o644) == 0)
        for (name, reason) in [("shot.png", "Is a directory (give a file name)"), ("pipe.png", "it is a FIFO; the PNG writer needs a regular file")] {
            let before = fixture.listing()
            let r = try await Self.run(["play", "--headless", "--frames", "2", "--screenshot", fixture.path(name)])
            #expect(r.status == 2 && r.stderr.contains(reason), "--screenshot \(name): \(r.stderr)")
            #expect(fixture.listing() == before, "--screenshot \(name): the folder changed")
        }
    }

    @Test("elastic stats FILE and --compare: a folder, a device, a FIFO with no writer (no hang), an unreadable file")
    func statsInputs() async throws {
        let fixture = try Fixture("stats")
        let cases: [(name: String, reason: String)] = [
            ("folder", "it is a directory"), ("/dev/zero", "it is not a regular file or a FIFO"),
            ("fifo", "is empty"), ("unreadable", "permission denied or unreadable"), ("plain/x", "Not a directory"),
        ]
        // A good run to compare the special files against.
        let good = fixture.path("good.csv")
        let made = try await Self.run(["play", "--headless", "--frames", "5", "--stats", good])
        #expect(made.status == 0, "\(made.stderr)")
        await #expect(try Self.run(["stats", good, "--compare", good]).status == 0)
        for (name, reason) in cases {
            let path = name.hasPrefix("/") ? name : fixture.path(name)
            let r = try await Self.run(["stats", path], asUnprivileged: name == "unreadable")
            #expect(r.status == 1 && r.stderr.contains(path) && r.stderr.contains(reason), "stats \(name): \(r.stderr)")
            let compared = try await Self.run(["stats", good, "--compare", path], asUnprivileged: name == "unreadable")
            #expect(compared.status == 1 && compared.stderr.contains(path) && compared.stderr.contains(reason),
                    "stats --compare \(name): \(compared.stderr)")
        }
    }

    @Test("elastic spring --plot: a folder, a FIFO (not replaced by a file), a device, a file as a folder")
    func springPlot() async throws {
        let fixture = try Fixture("spring")
        #expect(mkfifo(fixture.path("pipe.svg"), 0o644) == 0)
        try FileManager.default.createDirectory(atPath: fixture.path("dir.svg"), withIntermediateDirectories: false)
        let cases: [(path: String, reason: String)] = [
            (fixture.path("dir.svg"), "it is a directory"),
            (fixture.path("pipe.svg"), "it is a named pipe (FIFO); the plot is written whole by replacing the file, which would destroy it"),
            ("/dev/null", "it is a character device"),
            (fixture.path("plain/x.svg"), "no folder"),
        ]
        for (path, reason) in cases {
            let before = fixture.listing()
            let r = try await Self.run(["spring", "--duration", "1", "--damping", "0.5", "--plot", path])
            #expect(r.status == 1 && r.stderr.contains("cannot write the plot to \(path)") && r.stderr.contains(reason), "--plot \(path): \(r.stderr)")
            #expect(fixture.listing() == before, "--plot \(path): the folder changed")
        }
    }
}
