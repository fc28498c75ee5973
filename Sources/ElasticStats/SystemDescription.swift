import Foundation

/// The machine, as MangoHud's log describes it on its second line (unknown values are empty).
struct SystemDescription {
    var os = "", cpu = "", ram = "", kernel = "", cpuScheduler = ""

    static func current() -> SystemDescription {
        var d = SystemDescription()
        if let text = read("/etc/os-release"),
           let line = text.split(separator: "\n").first(where: { $0.hasPrefix("PRETTY_NAME=") }) {
            d.os = line.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        if let text = read("/proc/cpuinfo"),
           let line = text.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
           let colon = line.firstIndex(of: ":") {
            d.cpu = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        if let text = read("/proc/meminfo"),
           let line = text.split(separator: "\n").first(where: { $0.hasPrefix("MemTotal:") }),
           let kb = Double(line.split(separator: " ").dropFirst().first ?? "") {
            d.ram = "\(Int((kb / 1_048_576).rounded())) GB"
        }
        if let text = read("/proc/sys/kernel/osrelease") { d.kernel = text.trimmingCharacters(in: .whitespacesAndNewlines) }
        if let text = read("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor") {
            d.cpuScheduler = text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return d
    }

    private static func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).flatMap { String(data: $0, encoding: .utf8) }
    }
}
