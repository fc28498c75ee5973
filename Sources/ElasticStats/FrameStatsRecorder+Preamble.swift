import Foundation

extension FrameStatsRecorder {
    /// What is written when the file is opened (so a path that cannot take it fails at once).
    func preambleBeforeFirstPresent() -> String {
        switch format {
        case .elastic: return elasticPreamble()
        case .mangohud: return Self.mangoHudSystemHeader + "\n"
        case .presentmon: return Self.presentMonHeader + "\n"
        }
    }

    /// What follows once the first present's time is known (or at the end of a run without frames).
    func preambleAtFirstPresent() -> String {
        let firstPresent = firstPresentNs.map { Self.milliseconds($0) }
        switch format {
        case .elastic:
            return (firstPresent.map { "# first_present_ms: \($0)\n" } ?? "") + Self.elasticHeader + "\n"
        case .mangohud:
            let full = Self.mangoHudPreamble(system: SystemDescription.current(), run: run,
                                             targetRefreshRate: targetRefreshRate, firstPresentMs: firstPresent)
            return String(full.dropFirst(Self.mangoHudSystemHeader.utf8.count + 1))
        case .presentmon: return ""
        }
    }

    /// A number as Swift prints it shortest, so it reads back to the same double ("144", "59.94").
    static func exact(_ value: Double) -> String {
        value == value.rounded() && value.magnitude < 1e15 ? String(Int64(value)) : "\(value)"
    }

    /// Whole nanoseconds as milliseconds with 6 decimals (exact).
    static func milliseconds(_ ns: UInt64) -> String {
        let fraction = String(ns % 1_000_000)
        return "\(ns / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    private func elasticPreamble() -> String {
        func number(_ value: Double?) -> String { value.map { FrameSummary.format($0, 3) } ?? "unknown" }
        let lines: [(String, String)] = [
            ("renderer", run.renderer),
            ("video_driver", run.videoDriver),
            ("vsync_requested", run.vsyncRequested ? "true" : "false"),
            ("vsync_in_effect", run.vsyncInEffect.map { $0 ? "true" : "false" } ?? "unknown"),
            ("display_refresh_hz", number(run.refreshRate)),
            ("window_size", "\(run.windowWidth)x\(run.windowHeight)"),
            ("output_size", "\(run.outputWidth)x\(run.outputHeight)"),
            ("step_rate_hz", number(run.stepRate)),
            ("build", run.build),
            ("headless", run.headless ? "true" : "false"),
            ("simulated_fps", run.simulatedFPS.map { number($0) } ?? "none"),
            ("version", run.version),
            ("gpu", run.gpuName ?? "unknown"),
            ("graphics_driver", run.graphicsDriver ?? "unknown"),
            ("pacing", run.pacing ?? "unknown"),
            ("target_refresh_hz", Self.exact(targetRefreshRate)),
            ("budget_ms", FrameSummary.format(1000 / targetRefreshRate, 4)),
            ("sensors", "cpu_load %, cpu_power W, cpu_temp °C, cpu_mhz, ram_used/swap_used/process_rss GiB: MangoHud's, read at most once a second (0: not readable here)"),
            ("started", ISO8601DateFormatter().string(from: Date())),
            ("clock", "CLOCK_MONOTONIC; frame_ms is present to present; t_ms is this frame's present since the start; times in ms to the ns; the start-up (first present) is not a row"),
        ]
        var text = Self.elasticMagic + ", format 1\n"
        for (key, value) in lines {
            text += "# \(key): \(value.replacingOccurrences(of: "\n", with: " "))\n"
        }
        return text
    }

    /// As MangoHud cleaned the OpenGL version for `driver`: `sed 's/([^)]*)//g;s/  / /g'`.
    static func cleanDriver(_ text: String) -> String {
        SystemDescription.removeParentheses(text).replacingOccurrences(of: "  ", with: " ")
    }

    /// MangoHud's two system lines and its header. The values are MangoHud's own (see
    /// `SystemDescription`); `gpu` is the GPU's name with parenthesised parts removed, as MangoHud
    /// cleans GL_RENDERER, `driver` is cleaned as MangoHud cleaned the OpenGL version, and `gpu` and `driver` are empty when unknown (the software renderer
    /// has no GPU). Commas, quotes and line breaks are taken out of the values: MangoHud's readers
    /// split the line on commas without quoting (CapFrameX), or with quoting (mangoplot's csv).
    /// After MangoHud's seven values, two more that its readers skip (CapFrameX and
    /// FlightlessSomething take the values by position, mangoplot skips the line), named in the
    /// value so the file keeps them: `target_refresh_hz=144`, `first_present_ms=…`.
    static func mangoHudPreamble(system: SystemDescription, run: RunInfo, targetRefreshRate: Double? = nil,
                                 firstPresentMs: String? = nil) -> String {
        let values = [system.os, system.cpu, run.gpuName.map(SystemDescription.removeParentheses) ?? "",
                      system.ram, system.kernel, run.graphicsDriver.map(cleanDriver) ?? "", system.cpuScheduler]
            .map { value in
                value.replacingOccurrences(of: ",", with: " ").replacingOccurrences(of: "\"", with: "")
                    .replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
            }
        var extras: [String] = []
        if let targetRefreshRate { extras.append("target_refresh_hz=\(Self.exact(targetRefreshRate))") }
        if let firstPresentMs { extras.append("first_present_ms=\(firstPresentMs)") }
        return mangoHudSystemHeader + "\n" + (values + extras).joined(separator: ",") + "\n" + mangoHudHeader + "\n"
    }
}
