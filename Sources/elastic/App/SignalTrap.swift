#if canImport(Glibc)
import Glibc
#endif

/// SIGINT and SIGTERM end the run at the next frame boundary, so recordings are closed and
/// summarised instead of cut off. A second signal exits at once, unless it comes within
/// `duplicateWindow` of the first: `timeout`, supervisors and process-group kills signal the app
/// and then its group, so one stop arrives twice within microseconds and must count once, while a
/// person's second Ctrl-C comes later.
/// The signals are also unblocked: a parent that spawns the app with them blocked (Foundation's
/// Process from a thread that blocks them, some supervisors) would otherwise leave it deaf to
/// both, running forever with the recording never summarised.
/// SIGXFSZ (a file-size limit reached) is ignored: the write fails with EFBIG instead, and the
/// recording reports what it lost while the run goes on, as for a full disk.
/// SIGPIPE is ignored for the same reason: a FIFO output whose reader went away is a failed
/// write (EPIPE) to report, not a reason to die with the recordings unfinished.
enum SignalTrap {
    nonisolated(unsafe) static var received: sig_atomic_t = 0
    /// When the first signal came, in monotonic nanoseconds (read only by the handler).
    nonisolated(unsafe) static var receivedAtNs: Int64 = 0
    /// Seconds within which a repeated signal is the same stop delivered twice (computed: a
    /// lazily made global must not be first touched inside a handler).
    static var duplicateWindow: Double { 1.0 }

    static func install() {
        signal(SIGXFSZ, SIG_IGN)
        signal(SIGPIPE, SIG_IGN)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        // Made before any handler can run, so the handler only reads and writes them.
        received = 0
        receivedAtNs = 0
        for sig in [SIGINT, SIGTERM] {
            signal(sig) { number in
                // Only async-signal-safe calls here: clock_gettime and _exit.
                let now = SignalTrap.monotonicNs()
                if SignalTrap.received != 0 {
                    if SignalTrap.isDuplicate(firstNs: SignalTrap.receivedAtNs, nowNs: now) { return }
                    _exit(128 + number)
                }
                SignalTrap.receivedAtNs = now
                SignalTrap.received = number
            }
        }
    }

    /// Whether a signal at `nowNs` repeats the one at `firstNs` rather than asking again.
    static func isDuplicate(firstNs: Int64, nowNs: Int64) -> Bool {
        Double(nowNs - firstNs) < duplicateWindow * 1e9
    }

    private static func monotonicNs() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    static var signalName: String? {
        switch SignalTrap.received {
        case 0: return nil
        case SIGINT: return "SIGINT"
        case SIGTERM: return "SIGTERM"
        default: return "signal \(SignalTrap.received)"
        }
    }
}
