import Foundation

extension FrameStatsRecorder {
    func preamble() -> String {
        switch format {
        case .elastic: return elasticPreamble()
        case .mangohud: return Self.mangoHudPreamble(system: SystemDescription.current(), run: run)
        }
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
            ("target_refresh_hz", number(targetRefreshRate)),
            ("budget_ms", FrameSummary.format(1000 / targetRefreshRate, 4)),
            ("started", ISO8601DateFormatter().string(from: Date())),
            ("clock", "CLOCK_MONOTONIC; frame_ms is present to present; t_ms is this frame's present since the start; times in ms"),
        ]
        var text = Self.elasticMagic + ", format 1\n"
        for (key, value) in lines {
            text += "# \(key): \(value.replacingOccurrences(of: "\n", with: " "))\n"
        }
        return text + Self.elasticHeader + "\n"
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
    static func mangoHudPreamble(system: SystemDescription, run: RunInfo) -> String {
        let values = [system.os, system.cpu, run.gpuName.map(SystemDescription.removeParentheses) ?? "",
                      system.ram, system.kernel, run.graphicsDriver.map(cleanDriver) ?? "", system.cpuScheduler]
            .map { value in
                value.replacingOccurrences(of: ",", with: " ").replacingOccurrences(of: "\"", with: "")
                    .replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
            }
        return mangoHudSystemHeader + "\n" + values.joined(separator: ",") + "\n" + mangoHudHeader + "\n"
    }
}
