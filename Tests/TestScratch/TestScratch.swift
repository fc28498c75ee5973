import Foundation

/// One folder a test process for every test's files, removed when the process exits (set
/// ELASTIC_KEEP_TEST_FILES to keep it for a look after a failure).
public enum TestScratch {
    static let root = FileManager.default.temporaryDirectory.appendingPathComponent("elastic-tests-\(getpid())")

    private static let cleanup: Void = {
        guard ProcessInfo.processInfo.environment["ELASTIC_KEEP_TEST_FILES"] == nil else { return }
        atexit { try? FileManager.default.removeItem(at: TestScratch.root) }
    }()

    /// A fresh, empty folder `name` under the process's folder.
    public static func folder(_ name: String) throws -> URL {
        _ = cleanup
        let dir = root.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }
}
