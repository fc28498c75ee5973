import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The machine, as MangoHud's log describes it on its second line, field by field as MangoHud
/// works each one out (src/overlay.cpp, init_system_info), so that readers of MangoHud logs take
/// ours: CapFrameX converts `ram` with Convert.ToDouble and divides it by 1048576 (kB → GB).
public struct SystemDescription: Equatable, Sendable {
    public var os = "", cpu = "", ram = "", kernel = "", cpuScheduler = ""

    public static func current() -> SystemDescription {
        var d = SystemDescription()
        d.os = read("/etc/os-release").map(osName(fromOSRelease:)) ?? ""
        d.cpu = read("/proc/cpuinfo").map(cpuName(fromCPUInfo:)) ?? ""
        d.ram = read("/proc/meminfo").flatMap(memTotalKB(fromMeminfo:)) ?? physicalMemoryKB() ?? "0"
        var names = utsname()
        uname(&names)
        d.kernel = withUnsafeBytes(of: &names.release) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }.trimmingCharacters(in: .whitespacesAndNewlines)
        d.cpuScheduler = read("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor")
            .map { String($0.prefix { $0 != "\n" }) } ?? ""
        return d
    }

    /// `sed -n 's/PRETTY_NAME=\(.*\)/\1/p' /etc/os-release`, quotes removed, trimmed.
    static func osName(fromOSRelease text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line -> String? in
            guard let r = line.range(of: "PRETTY_NAME=") else { return nil }
            return String(line[..<r.lowerBound] + line[r.upperBound...])
        }
        return trim(lines.joined(separator: "\n").replacingOccurrences(of: "\"", with: ""))
    }

    /// `sed -n 's/^model name.*: \(.*\)/\1/p' /proc/cpuinfo | sed 's/([^)]*)//g' | tail -n1`,
    /// trimmed: the last "model name" line, after its last ": ", without "(R)", "(TM)"….
    static func cpuName(fromCPUInfo text: String) -> String {
        let names = text.split(separator: "\n").compactMap { line -> Substring? in
            guard line.hasPrefix("model name"),
                  let r = line.dropFirst("model name".count).range(of: ": ", options: .backwards) else { return nil }
            return line[r.upperBound...]
        }
        return names.last.map { trim(removeParentheses(String($0))) } ?? ""
    }

    /// MemTotal in kB, as `sed -n 's/^MemTotal: *\([0-9]*\).*/\1/p' /proc/meminfo` prints it;
    /// nil when the line or its digits are missing.
    static func memTotalKB(fromMeminfo text: String) -> String? {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("MemTotal:") }) else { return nil }
        let digits = line.dropFirst("MemTotal:".count).drop { $0 == " " }.prefix { $0.isASCII && $0.isNumber }
        return digits.isEmpty ? nil : String(digits)
    }

    /// What sysconf says, in kB (when /proc/meminfo cannot be read).
    static func physicalMemoryKB() -> String? {
        let pages = sysconf(Int32(_SC_PHYS_PAGES)), size = sysconf(Int32(_SC_PAGESIZE))
        guard pages > 0, size > 0 else { return nil }
        return String(pages / 1024 * size + pages % 1024 * size / 1024)
    }

    /// Text between parentheses removed with them, as MangoHud's `remove_parentheses` and
    /// `sed 's/([^)]*)//g'` do: "(" up to the next ")"; an unclosed "(" stays.
    static func removeParentheses(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") {
            out += rest[..<open]
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    /// Whitespace off both ends (MangoHud's `trim`).
    static func trim(_ text: String) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines) }

    private static func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).flatMap { String(data: $0, encoding: .utf8) }
    }
}
