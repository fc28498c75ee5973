import Foundation

/// What MangoHud logs about the CPU and memory, measured as MangoHud measures it on Linux, without
/// privileges, in MangoHud's units (its src/cpu.cpp, src/memory.cpp, src/overlay.cpp):
/// - `cpuLoad` %: busy share of all CPUs between two reads of /proc/stat's `cpu` line (user − guest,
///   nice − guest_nice, system + irq + softirq, steal, guest + guest_nice over the total), clamped
///   to 0…100; 0 until the second read.
/// - `cpuPower` W: the change of RAPL's package energy (/sys/class/powercap/intel-rapl:0/energy_uj)
///   over the time between reads; 0 when it cannot be read (root-only on kernels since 5.10).
/// - `cpuTemp` °C (whole degrees): the hwmon sensor MangoHud picks (coretemp "Package id 0",
///   k10temp/zenpower Tdie else Tctl, cpuN_thermal temp1) or a `cpuss-` thermal zone; 0 without one.
/// - `cpuMHz`: the fastest core, cpufreq's scaling_cur_freq ÷ 1000, else /proc/cpuinfo's "MHz" lines
///   (their whole part, as MangoHud's `stoi`).
/// - `ramUsed`, `swapUsed` GiB: (MemTotal − MemAvailable) and (SwapTotal − SwapFree) kB ÷ 1024².
/// - `processRSS` GiB: /proc/self/statm's resident pages × page size ÷ 2³⁰.
///
/// `sample()` reads files opened once at start into one reused buffer: no allocation, a few
/// small reads of kernel files; the recorder calls it at most once a second, as MangoHud samples.
public final class SystemSensors {
    public struct Reading: Sendable, Equatable {
        public var cpuLoad: Float = 0, cpuPower: Float = 0
        public var cpuTemp = 0, cpuMHz = 0
        public var ramUsed: Float = 0, swapUsed: Float = 0, processRSS: Float = 0
        public init() {}
    }

    public private(set) var reading = Reading()

    private var stat: Int32, meminfo: Int32, statm: Int32, cpuinfo: Int32, energy: Int32, temp: Int32
    private var frequencies: [Int32]
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var lastBusy: UInt64 = 0, lastTotal: UInt64 = 0
    private var lastEnergy: UInt64 = 0, lastEnergyNs: UInt64 = 0
    private let pageSize: Double

    public init() {
        func openRead(_ path: String) -> Int32 { open(path, O_RDONLY | O_CLOEXEC) }
        stat = openRead("/proc/stat")
        meminfo = openRead("/proc/meminfo")
        statm = openRead("/proc/self/statm")
        energy = openRead("/sys/class/powercap/intel-rapl:0/energy_uj")
        temp = SystemSensors.temperatureFile().map(openRead) ?? -1
        var freqs: [Int32] = []
        for cpu in 0..<4096 {
            let fd = openRead("/sys/devices/system/cpu/cpu\(cpu)/cpufreq/scaling_cur_freq")
            if fd < 0 { break }
            freqs.append(fd)
        }
        frequencies = freqs
        cpuinfo = freqs.isEmpty ? openRead("/proc/cpuinfo") : -1
        let page = sysconf(Int32(_SC_PAGESIZE))
        pageSize = page > 0 ? Double(page) : 4096
        sample(nowNs: 0)
    }

    deinit {
        for fd in [stat, meminfo, statm, cpuinfo, energy, temp] + frequencies where fd >= 0 { close(fd) }
    }

    /// Reads every sensor again; `nowNs` is a monotonic time (for the power's time base).
    public func sample(nowNs: UInt64) {
        if read(stat) > 0 { cpuLoad() }
        if read(meminfo) > 0 {
            let gib = { (kb: UInt64) in Float(Double(kb) / 1024 / 1024) }
            let total = value(after: "MemTotal:"), available = value(after: "MemAvailable:")
            reading.ramUsed = gib(total &- min(total, available))
            let swap = value(after: "SwapTotal:"), free = value(after: "SwapFree:")
            reading.swapUsed = gib(swap &- min(swap, free))
        }
        if read(statm) > 0 {
            var i = 0
            _ = number(at: &i)
            reading.processRSS = Float(Double(number(at: &i)) * pageSize / Double(1 << 30))
        }
        if !frequencies.isEmpty {
            var fastest: UInt64 = 0
            for fd in frequencies where read(fd) > 0 { var i = 0; fastest = max(fastest, number(at: &i)) }
            reading.cpuMHz = Int(fastest / 1000)
        } else if read(cpuinfo) > 0 {
            reading.cpuMHz = Int(maxValue(after: "MHz"))
        }
        if read(temp) > 0 { var i = 0; reading.cpuTemp = Int(number(at: &i) / 1000) }
        if read(energy) > 0 {
            var i = 0
            let uj = number(at: &i)
            if lastEnergyNs > 0, nowNs > lastEnergyNs, uj >= lastEnergy {
                reading.cpuPower = Float(Double(uj - lastEnergy) / (Double(nowNs - lastEnergyNs) / 1000))
            }
            lastEnergy = uj; lastEnergyNs = max(nowNs, 1)
        }
    }

    private func cpuLoad() {
        // "cpu  user nice system idle iowait irq softirq steal guest guest_nice"
        var i = 3
        var v: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        v.0 = number(at: &i); v.1 = number(at: &i); v.2 = number(at: &i); v.3 = number(at: &i); v.4 = number(at: &i)
        v.5 = number(at: &i); v.6 = number(at: &i); v.7 = number(at: &i); v.8 = number(at: &i); v.9 = number(at: &i)
        let user = v.0 &- min(v.0, v.8), nice = v.1 &- min(v.1, v.9)
        let system = v.2 + v.5 + v.6, idle = v.3 + v.4, virt = v.8 + v.9
        let busy = user + nice + system + v.7 + virt
        let total = busy + idle
        if lastTotal > 0, total > lastTotal {
            let period = Float(total - lastTotal)
            reading.cpuLoad = min(max(Float(busy &- min(busy, lastBusy)) * 100 / period, 0), 100)
        }
        lastBusy = busy; lastTotal = total
    }

    // MARK: Reading kernel files without allocating

    private var length = 0

    /// Reads the whole file (from offset 0) into `buffer`; its length, or 0.
    private func read(_ fd: Int32) -> Int {
        guard fd >= 0 else { return 0 }
        let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        length = max(0, count)
        return length
    }

    /// The next unsigned integer at or after `i` (skipping other bytes); `i` moves past it.
    private func number(at i: inout Int) -> UInt64 {
        while i < length, !(48...57).contains(buffer[i]) { i += 1 }
        var value: UInt64 = 0
        while i < length, (48...57).contains(buffer[i]) { value = value &* 10 &+ UInt64(buffer[i] - 48); i += 1 }
        return value
    }

    /// The number after the first line starting with `key` (e.g. "MemTotal:").
    private func value(after key: StaticString) -> UInt64 {
        var i = 0
        while i < length {
            if matches(key, at: i) { var j = i + key.utf8CodeUnitCount; return number(at: &j) }
            while i < length, buffer[i] != 10 { i += 1 }
            i += 1
        }
        return 0
    }

    /// The largest number after `key` on any line containing it ("cpu MHz : 2596.144" → 2596).
    private func maxValue(after key: StaticString) -> UInt64 {
        var best: UInt64 = 0, i = 0
        while i < length {
            if matches(key, at: i) {
                var j = i + key.utf8CodeUnitCount
                best = max(best, number(at: &j))
                i = j
            }
            i += 1
        }
        return best
    }

    private func matches(_ key: StaticString, at i: Int) -> Bool {
        let n = key.utf8CodeUnitCount
        guard i + n <= length else { return false }
        let k = key.utf8Start
        for d in 0..<n where buffer[i + d] != k[d] { return false }
        return true
    }

    /// MangoHud's choice of CPU temperature input (`CPUStats::GetCpuFile`), the common sensors.
    static func temperatureFile() -> String? {
        let fm = FileManager.default
        func line(_ path: String) -> String {
            ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        }
        func input(_ dir: String, label: String) -> String? {
            for n in 1...32 where line("\(dir)/temp\(n)_label") == label { return "\(dir)/temp\(n)_input" }
            return nil
        }
        let hwmon = "/sys/class/hwmon"
        for entry in ((try? fm.contentsOfDirectory(atPath: hwmon)) ?? []).sorted() {
            let dir = "\(hwmon)/\(entry)"
            let name = line("\(dir)/name")
            switch name {
            case "coretemp": return input(dir, label: "Package id 0")
            case "zenpower", "k10temp": return input(dir, label: "Tdie") ?? input(dir, label: "Tctl")
            default:
                if name.hasPrefix("cpu"), name.hasSuffix("_thermal") || name.hasPrefix("cpuss0_") {
                    return fm.fileExists(atPath: "\(dir)/temp1_input") ? "\(dir)/temp1_input" : nil
                }
            }
        }
        let thermal = "/sys/class/thermal"
        for entry in ((try? fm.contentsOfDirectory(atPath: thermal)) ?? []).sorted() where entry.hasPrefix("thermal_zone") {
            if line("\(thermal)/\(entry)/type").hasPrefix("cpuss-") { return "\(thermal)/\(entry)/temp" }
        }
        return nil
    }
}
