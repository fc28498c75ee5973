import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension OutputFile {
    /// write(2) with SIGPIPE held off in this thread: a reader closing the FIFO gives EPIPE
    /// instead of killing the process. A SIGPIPE this write raised is taken back, one that was
    /// already pending is left alone.
    func writeWithoutSIGPIPE(_ base: UnsafeRawPointer, _ count: Int) -> (Int, Int32) {
        var pipeSignal = sigset_t(), old = sigset_t(), pending = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        sigpending(&pending)
        let wasPending = sigismember(&pending, SIGPIPE) == 1
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &old)
        let n = systemWrite(fd, base, count)
        let code = n < 0 ? errno : 0
        if code == EPIPE, !wasPending {
            var zero = timespec(tv_sec: 0, tv_nsec: 0)
            _ = sigtimedwait(&pipeSignal, nil, &zero)
        }
        pthread_sigmask(SIG_SETMASK, &old, nil)
        return (n, code)
    }

    func setBlocking() {
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
    }

    /// The system's reason, or a clearer one for a FIFO nobody reads and a socket (both ENXIO).
    static func whyOpenFailed(_ path: String, _ code: Int32) -> String {
        var info = stat()
        if code == ENXIO, stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFIFO:
                return "it is a FIFO that no process has open for reading (start the reader first, "
                    + "e.g. `cat \(path) > copy &`)"
            case S_IFSOCK:
                return "it is a socket; write stats to a regular file, a FIFO or /dev/null"
            case S_IFBLK:
                return "it is a block device; write stats to a regular file, a FIFO or /dev/null"
            default: break
            }
        }
        return String(cString: strerror(code))
    }


    static func nowNs() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }
}

/// close(2) and write(2), named apart from the class's own `close` and `write`.
func systemClose(_ fd: Int32) -> Int32 { close(fd) }
func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }
