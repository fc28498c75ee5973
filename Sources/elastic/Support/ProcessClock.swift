import Foundation

/// Time since this process started, from the kernel's record of its start (/proc/self/stat,
/// in clock ticks since boot): includes loading and linking, which a timer started in `main`
/// would miss. Nil where /proc is not available.
enum ProcessClock {
    static func secondsSinceStart() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // Fields after the command name (which may contain spaces): state is field 3, starttime 22.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        let hz = Double(sysconf(Int32(_SC_CLK_TCK)))
        var ts = timespec()
        clock_gettime(CLOCK_BOOTTIME, &ts)
        let now = Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
        let value = now - ticks / max(hz, 1)
        return value.isFinite && value >= 0 ? value : nil
    }
}
