#if canImport(Glibc)
import Glibc
#endif

/// SIGINT and SIGTERM end the run at the next frame boundary, so recordings are closed and
/// summarised instead of cut off. A second signal exits at once.
enum SignalTrap {
    nonisolated(unsafe) static var received: sig_atomic_t = 0

    static func install() {
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
