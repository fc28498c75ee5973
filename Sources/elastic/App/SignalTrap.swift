#if canImport(Glibc)
import Glibc
#endif

/// SIGINT and SIGTERM end the run at the next frame boundary, so recordings are closed and
/// summarised instead of cut off. A second signal exits at once.
/// The signals are also unblocked: a parent that spawns the app with them blocked (Foundation's
/// Process from a thread that blocks them, some supervisors) would otherwise leave it deaf to
/// both, running forever with the recording never summarised.
/// SIGXFSZ (a file-size limit reached) is ignored: the write fails with EFBIG instead, and the
/// recording reports what it lost while the run goes on, as for a full disk.
/// SIGPIPE is ignored for the same reason: a FIFO output whose reader went away is a failed
/// write (EPIPE) to report, not a reason to die with the recordings unfinished.
enum SignalTrap {
    nonisolated(unsafe) static var received: sig_atomic_t = 0

    static func install() {
        signal(SIGXFSZ, SIG_IGN)
        signal(SIGPIPE, SIG_IGN)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        for sig in [SIGINT, SIGTERM] {
            signal(sig) { number in
                if SignalTrap.received != 0 { _exit(128 + number) }
                SignalTrap.received = number
            }
        }
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
