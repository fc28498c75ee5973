import ElasticScenes
import Foundation
import Testing
@testable import elastic

/// Where the binary finds its shipped data: beside the executable when installed, in its
/// repository when built there, in the working folder last; and the example springs it ships.
@Suite("asset lookup")
struct AssetLocatorTests {
    /// Makes `paths` (folders) under `root`.
    static func make(_ root: URL, _ paths: [String]) throws {
        for path in paths { try FileManager.default.createDirectory(at: root.appendingPathComponent(path), withIntermediateDirectories: true) }
    }

    @Test("the roots are looked at in order: <exe>/../share/elastic, the repository beside .build, the working folder")
    func order() {
        let locator = AssetLocator(executable: "/src/elastic/.build/x86_64-unknown-linux-gnu/release/elastic", workingDirectory: "/home/me")
        #expect(locator.roots == ["/src/elastic/.build/x86_64-unknown-linux-gnu/share/elastic", "/src/elastic/assets", "/home/me/assets"])
        let installed = AssetLocator(executable: "/usr/bin/elastic", workingDirectory: "/tmp")
        #expect(installed.roots == ["/usr/share/elastic", "/tmp/assets"])
        #expect(installed.candidates("tour") == ["/usr/share/elastic/tour", "/tmp/assets/tour"])
        // A package's own scratch path (.build-deb) is a build folder too.
        #expect(AssetLocator.repository(holding: URL(fileURLWithPath: "/r/.build-deb/release"))?.path == "/r")
        #expect(AssetLocator(executable: nil, workingDirectory: "/w").roots == ["/w/assets"])
    }

    @Test("an installed tree's tour wins over the repository's and the working folder's")
    func installedFirst() throws {
        let dir = try ElasticBinary.scratch("assets-installed")
        try Self.make(dir, ["root/usr/bin", "root/usr/share/elastic/tour", "cwd/assets/tour"])
        let locator = AssetLocator(executable: dir.path + "/root/usr/bin/elastic", workingDirectory: dir.path + "/cwd")
        #expect(locator.folder("tour") == dir.path + "/root/usr/share/elastic/tour")
        #expect(try TourOptions.defaultDirectory(locator) == dir.path + "/root/usr/share/elastic/tour")
    }

    @Test("a development build finds its repository's assets from any working folder")
    func repositoryBuild() throws {
        let dir = try ElasticBinary.scratch("assets-repository")
        try Self.make(dir, ["repo/.build/x86_64-unknown-linux-gnu/debug", "repo/assets/tour", "cwd/assets/tour"])
        let locator = AssetLocator(executable: dir.path + "/repo/.build/x86_64-unknown-linux-gnu/debug/elastic",
                                   workingDirectory: dir.path + "/cwd")
        #expect(locator.folder("tour") == dir.path + "/repo/assets/tour")
    }

    @Test("with nothing beside the binary the working folder's assets are used; a file named like the folder is not")
    func workingFolder() throws {
        let dir = try ElasticBinary.scratch("assets-cwd")
        try Self.make(dir, ["bin", "share/elastic", "cwd/assets/tour"])
        try Data().write(to: dir.appendingPathComponent("share/elastic/tour"))
        let locator = AssetLocator(executable: dir.path + "/bin/elastic", workingDirectory: dir.path + "/cwd")
        #expect(locator.folder("tour") == dir.path + "/cwd/assets/tour")
    }

    @Test("no tour anywhere: the error names every place looked at and --tour-dir")
    func nothingFound() throws {
        let dir = try ElasticBinary.scratch("assets-none")
        let locator = AssetLocator(executable: dir.path + "/bin/elastic", workingDirectory: dir.path + "/cwd")
        #expect {
            try TourOptions.defaultDirectory(locator)
        } throws: { error in
            let text = "\(error)"
            return text.contains(dir.path + "/share/elastic/tour") && text.contains(dir.path + "/cwd/assets/tour") && text.contains("--tour-dir")
        }
    }

    /// The built binary copied to `<root>/usr/bin` of a scratch tree, with `stops` of the repository's tour as its installed tour.
    static func installedCopy(_ name: String, stops: [String]) throws -> (dir: URL, binary: URL) {
        let dir = try ElasticBinary.scratch(name)
        try make(dir, ["root/usr/bin", "elsewhere"])
        let binary = dir.appendingPathComponent("root/usr/bin/elastic")
        // A hard link, or a copy made by cp(1): never a file this process holds open for writing,
        // which a child forked meanwhile by another test would inherit ("Text file busy" at exec).
        if link(ElasticBinary.url.path, binary.path) != 0 {
            let cp = Process()
            cp.executableURL = URL(fileURLWithPath: "/bin/cp")
            cp.arguments = [ElasticBinary.url.path, binary.path]
            try cp.run()
            cp.waitUntilExit()
            try #require(cp.terminationStatus == 0, "cp \(ElasticBinary.url.path) \(binary.path)")
        }
        if !stops.isEmpty {
            let tour = dir.appendingPathComponent("root/usr/share/elastic/tour")
            try FileManager.default.createDirectory(at: tour, withIntermediateDirectories: true)
            for stop in stops {
                try FileManager.default.copyItem(at: ElasticBinary.root.appendingPathComponent("assets/tour/" + stop), to: tour.appendingPathComponent(stop))
            }
        }
        return (dir, binary)
    }

    @Test("a copy of the binary in <root>/usr/bin plays <root>/usr/share/elastic's tour, run from another folder")
    func copiedBinaryPlaysItsTour() async throws {
        // One stop only, so the output tells the installed tour from the repository's five.
        let (dir, binary) = try Self.installedCopy("assets-copy", stops: ["1-wave-pull.jsonl"])
        let result = try await ElasticBinary.run(["play", "--headless", "--tour", "--window", "320x180", "--scale", "0.25", "--seconds", "0.5"],
                                           shell: "cd '\(dir.path)/elsewhere' &&", executable: binary)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("tour 1/1: wave-pull:"), "stdout: \(result.stdout)")
    }

    @Test("a copy of the binary with no tour beside it stops with the places it looked at")
    func copiedBinaryWithoutTour() async throws {
        let (dir, binary) = try Self.installedCopy("assets-copy-bare", stops: [])
        let result = try await ElasticBinary.run(["play", "--headless", "--tour", "--seconds", "0.5"],
                                           shell: "cd '\(dir.path)/elsewhere' &&", executable: binary)
        #expect(result.status != 0)
        #expect(result.stderr.contains(dir.path + "/root/usr/share/elastic/tour") && result.stderr.contains(dir.path + "/elsewhere/assets/tour"),
                "stderr: \(result.stderr)")
    }

    static let springsFolder = ElasticBinary.root.appendingPathComponent("assets/springs")

    @Test("every example springs file loads, names all five scenes, and sets exactly the values it holds")
    func exampleSprings() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.springsFolder.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(names.count >= 2, "\(names)")
        for name in names {
            let path = Self.springsFolder.appendingPathComponent(name).path
            let tuning = try SpringTuning(path: path)
            // The oracle: the file read as plain JSON, not through SpringTuning's decoder.
            let raw = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: [String: Double]])
            #expect(Set(raw.keys) == Set(SceneCatalog.names), "\(name)")
            for (scene, values) in raw {
                #expect(tuning.values[scene] == TunedSpring(duration: values["duration"] ?? .nan, dampingRatio: values["dampingRatio"] ?? .nan), "\(name) \(scene)")
            }
            #expect(tuning.values != SpringTuning.defaults, "\(name) repeats the scenes' own springs")
        }
    }
}
