import ElasticStats
import Foundation

/// The trace and the recorded input go through ElasticStats' `OutputFile`, as the stats rows do:
/// emptied only when the run starts, removed if the run never starts, a signal ends a wait for a
/// FIFO's reader, and a reader that takes nothing for 10 s costs that output only.
extension OutputFile {
    convenience init(path: String, purpose: String, resolvedPath: String? = nil) throws {
        OutputFile.interruption = {
            SignalTrap.received != 0 ? "stopped by \(SignalTrap.signalName ?? "a signal") while its reader was not reading" : nil
        }
        try self.init(path: path, openAt: resolvedPath, policy: Policy(
            what: "the \(purpose)", displayPath: quoted(path), lockAndEmptyAtOpen: false,
            stallLimitNs: 10_000_000_000, error: { ValidationFailure($0) }))
    }

    /// What went wrong and what it cost, for the end-of-run message.
    var errorReport: String? {
        guard let error else { return nil }
        let kept = isRegular ? "; the file keeps the \(keptLines) whole lines (\(keptBytes) bytes) written before" : ""
        return "\(error) (\(lostLines) lines, \(lostBytes) bytes lost\(kept))"
    }
}
