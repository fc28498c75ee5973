import Foundation
import Testing
@testable import ElasticStats

/// Runs a shell command and returns its standard output (MangoHud's own commands are the oracle).
func shellOutput(_ command: String) -> String? {
    guard let pipe = popen(command, "r") else { return nil }
    var output = [UInt8]()
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = fread(&chunk, 1, chunk.count, pipe)
        if n <= 0 { break }
        output += chunk[0..<n]
    }
    guard pclose(pipe) == 0 else { return nil }
    return String(decoding: output, as: UTF8.self)
}

/// `%.6g` as glibc's printf formats it: the independent implementation GeneralFormat must match.
func printfG(_ value: Double) -> String { String(format: "%.6g", value) }

func generalFormat(_ value: Double) -> String {
    var bytes: [UInt8] = []
    GeneralFormat.append(value, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
}

@Suite("MangoHud compatibility")
struct MangoHudCompatibilityTests {
    @Test func sixSignificantDigitsByHand() {
        #expect(generalFormat(50) == "50")
        #expect(generalFormat(16.666667) == "16.6667")
        #expect(generalFormat(59.9999988) == "60")
        #expect(generalFormat(123456.5) == "123456")         // a tie: to even
        #expect(generalFormat(123457.5) == "123458")
        #expect(generalFormat(999999.5) == "1e+06")           // rounds into a 7th digit
        #expect(generalFormat(1234567) == "1.23457e+06")
        #expect(generalFormat(0.0001) == "0.0001")
        #expect(generalFormat(0.00001234) == "1.234e-05")
        #expect(generalFormat(0.5) == "0.5")
        #expect(generalFormat(0) == "0")
        #expect(generalFormat(1e100) == "1e+100")
    }

    @Test func matchesPrintfOnFrameTimesAndRates() {
        // Every frame time a run can write, from 1 ns to minutes, and its FPS.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var mismatches: [String] = []
        for i in 0..<60_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let magnitude = UInt64(1) << UInt64(i % 40)
            let frameNs = 1 + (state >> 11) % magnitude
            for value in [Double(frameNs) / 1e6, 1e9 / Double(frameNs)] where generalFormat(value) != printfG(value) {
                mismatches.append("\(value): \(generalFormat(value)) vs printf \(printfG(value))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test func matchesPrintfOnExactTiesAndArbitraryDoubles() {
        var values: [Double] = []
        // Halves at the 7th significant digit are exact in binary for these: to even.
        for n in stride(from: 100_000.5, to: 100_100, by: 1) { values.append(n); values.append(n * 8) }
        var state: UInt64 = 42
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let bits = (state >> 12) | (UInt64(1023 - 40 + Int(state % 80)) << 52)   // 2^-40 … 2^40
            values.append(Double(bitPattern: bits))
        }
        let mismatches = values.filter { generalFormat($0) != printfG($0) }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5).map { "\($0): \(generalFormat($0)) vs \(printfG($0))" })")
    }

    @Test func cpuNameAsMangoHudsSedCleansIt() {
        let cpuinfo = """
            processor\t: 0
            model name\t: Intel(R) Core(TM) i7-8700 CPU @ 3.20GHz
            processor\t: 1
            model name\t: Intel(R) Core(TM) i7-8700 CPU @ 3.20GHz (engineering: sample)

            """
        // The last line; after its last ": "; "(R)", "(TM)" and "(engineering: " … ")" removed; trimmed.
        #expect(SystemDescription.cpuName(fromCPUInfo: cpuinfo) == "sample)")
        #expect(SystemDescription.cpuName(fromCPUInfo: "model name\t: AMD Ryzen 7 5800X 8-Core Processor\n")
            == "AMD Ryzen 7 5800X 8-Core Processor")
        #expect(SystemDescription.cpuName(fromCPUInfo: "Processor\t: ARMv7\n") == "")
        #expect(SystemDescription.removeParentheses("a (b) c (d") == "a  c (d")
    }

    @Test func osAndMemoryAsMangoHudReadsThem() {
        #expect(SystemDescription.osName(fromOSRelease: "NAME=\"Debian\"\nPRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\n")
            == "Debian GNU/Linux 12 (bookworm)")
        #expect(SystemDescription.memTotalKB(fromMeminfo: "MemTotal:       24684092 kB\nMemFree: 1 kB\n") == "24684092")
        #expect(SystemDescription.memTotalKB(fromMeminfo: "MemFree: 1 kB\n") == nil)
    }

    /// MangoHud's own commands from init_system_info, run here, give the same fields.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/meminfo") && shellOutput("command -v sed") != nil))
    func systemLineMatchesMangoHudsCommands() throws {
        let d = SystemDescription.current()
        let ram = try #require(shellOutput("sed -n 's/^MemTotal: *\\([0-9]*\\).*/\\1/p' /proc/meminfo"))
        #expect(d.ram == SystemDescription.trim(ram))
        let cpu = try #require(shellOutput("sed -n 's/^model name.*: \\(.*\\)/\\1/p' /proc/cpuinfo | sed 's/([^)]*)//g' | tail -n1"))
        #expect(d.cpu == SystemDescription.trim(cpu))
        let kernel = try #require(shellOutput("uname -r"))
        #expect(d.kernel == SystemDescription.trim(kernel))
        if FileManager.default.fileExists(atPath: "/etc/os-release") {
            let os = try #require(shellOutput("sed -n 's/PRETTY_NAME=\\(.*\\)/\\1/p' /etc/os-release"))
            #expect(d.os == SystemDescription.trim(os.replacingOccurrences(of: "\"", with: "")))
        }
    }

    /// CapFrameX (FileRecordInfo.cs) splits line 2 on commas, takes the fields by the names on
    /// line 1 and runs Convert.ToDouble on `ram`; our line must survive that, whatever the names.
    @Test func systemLineSurvivesCapFrameXsSplit() {
        let system = SystemDescription(os: "Some \"OS\", 1", cpu: "CPU, with comma", ram: "24684092",
                                       kernel: "6.1.0\n", cpuScheduler: "performance")
        var run = statsTestRun
        run.gpuName = "llvmpipe (LLVM 15.0.6, 256 bits)"
        run.graphicsDriver = "4.5 (Core Profile) Mesa 22.3.6"
        let lines = MangoHudLayout.preamble(system: system, run: run).split(separator: "\n")
        #expect(lines.count == 3)
        let names = lines[0].split(separator: ",", omittingEmptySubsequences: false)
        let values = lines[1].split(separator: ",", omittingEmptySubsequences: false)
        #expect(names.count == values.count)
        let field = { (name: String) in String(values[names.firstIndex(of: Substring(name))!]) }
        #expect(Double(field("ram")).map { ($0 / 1_048_576 * 10).rounded() / 10 } == 23.5)   // CapFrameX's "23.5GB"
        #expect(field("os") == "Some OS  1")
        #expect(field("gpu") == "llvmpipe ")
        #expect(field("driver") == "4.5 Mesa 22.3.6")
        #expect(field("kernel") == "6.1.0 ")
        #expect(field("cpuscheduler") == "performance")
    }
}
