import Foundation

/// Where the shipped data (the tour, replays, example springs) is found, so a copy of the binary
/// works wherever it is installed, not only inside its checkout.
///
/// Roots, in order: `<exe>/../share/elastic` (an install: /usr/bin/elastic reads
/// /usr/share/elastic, and an extracted package reads its own tree), then `assets/` of the
/// repository whose `.build*/` folder holds the binary (a development build), then `assets/` in
/// the working folder. The executable is /proc/self/exe, symlinks resolved, so a link to the
/// binary from elsewhere on PATH still finds the binary's own tree.
struct AssetLocator {
    /// The running binary's path, symlinks resolved (nil when unknown).
    var executable: String?
    var workingDirectory: String

    static let installedFolder = "share/elastic"

    init(executable: String?, workingDirectory: String) {
        self.executable = executable
        self.workingDirectory = workingDirectory
    }

    /// The running process's locator.
    static var current: AssetLocator {
        AssetLocator(executable: runningExecutable(), workingDirectory: FileManager.default.currentDirectoryPath)
    }

    /// The folders that may hold the assets, most specific first (may not exist).
    var roots: [String] {
        var list: [String] = []
        if let executable {
            let bin = URL(fileURLWithPath: executable).deletingLastPathComponent()
            list.append(bin.deletingLastPathComponent().appendingPathComponent(AssetLocator.installedFolder).path)
            if let repository = AssetLocator.repository(holding: bin) { list.append(repository.appendingPathComponent("assets").path) }
        }
        list.append(URL(fileURLWithPath: workingDirectory).appendingPathComponent("assets").path)
        var seen = Set<String>()
        return list.filter { seen.insert($0).inserted }
    }

    /// Where `name` (e.g. "tour") would be, in the order looked at.
    func candidates(_ name: String) -> [String] { roots.map { $0 + "/" + name } }

    /// The first existing folder `name` under a root, or nil.
    func folder(_ name: String) -> String? {
        candidates(name).first { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
    }

    /// The repository a development build lives in: the parent of the nearest `.build` (or
    /// `--scratch-path .build-…`) folder above `bin`.
    static func repository(holding bin: URL) -> URL? {
        var dir = bin
        while dir.path != "/" && !dir.path.isEmpty {
            if dir.lastPathComponent.hasPrefix(".build") { return dir.deletingLastPathComponent() }
            dir.deleteLastPathComponent()
        }
        return nil
    }

    /// /proc/self/exe's target, else argv[0] made absolute; symlinks resolved.
    static func runningExecutable() -> String? {
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"), target.hasPrefix("/") {
            return target
        }
        guard let first = CommandLine.arguments.first, first.contains("/") else { return nil }
        return URL(fileURLWithPath: first).resolvingSymlinksInPath().path
    }
}
