import ElasticStats
import Foundation

/// What `elastic bench --results-file` writes and `--compare` reads: the machine, each
/// benchmark's figures and the score. Keys are snake_case, units in their names, and each figure
/// named after the tool whose definition it uses.
struct BenchResults: Codable, Equatable {
    struct Program: Codable, Equatable {
        var version: String
        /// debug or release.
        var build: String
    }

    struct Machine: Codable, Equatable {
        /// /proc/cpuinfo's model name (as MangoHud reads it).
        var cpu: String
        /// Online processors (sysconf).
        var cores: Int
        /// MemTotal from /proc/meminfo.
        var memoryKib: Int
        /// PRETTY_NAME from /etc/os-release.
        var os: String
        var kernel: String
        /// XDG_CURRENT_DESKTOP and XDG_SESSION_TYPE, or "none (off-screen)".
        var desktop: String
        /// SDL's video driver (x11, wayland, dummy, offscreen).
        var videoDriver: String
        /// The desktop's size and refresh rate as SDL reports them (off-screen: SDL's dummy display).
        var displayWidth: Int
        var displayHeight: Int
        var displayRefreshHz: Double?
        /// SDL's renderer (software, opengl, …).
        var renderer: String
        var rendererReason: String

        enum CodingKeys: String, CodingKey {
            case cpu, cores, memoryKib = "memory_kib", os, kernel, desktop, videoDriver = "video_driver"
            case displayWidth = "display_width", displayHeight = "display_height", displayRefreshHz = "display_refresh_hz"
            case renderer, rendererReason = "renderer_reason"
        }

        /// As synthesised, but an unknown refresh rate is written as null, not left out: every
        /// results file has every machine field.
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(cpu, forKey: .cpu); try c.encode(cores, forKey: .cores); try c.encode(memoryKib, forKey: .memoryKib)
            try c.encode(os, forKey: .os); try c.encode(kernel, forKey: .kernel); try c.encode(desktop, forKey: .desktop)
            try c.encode(videoDriver, forKey: .videoDriver); try c.encode(displayWidth, forKey: .displayWidth)
            try c.encode(displayHeight, forKey: .displayHeight); try c.encode(displayRefreshHz, forKey: .displayRefreshHz)
            try c.encode(renderer, forKey: .renderer); try c.encode(rendererReason, forKey: .rendererReason)
        }
    }

    struct Benchmark: Codable, Equatable {
        /// The description as given (`-b`), which reads back as the same benchmark.
        var description: String
        /// The report line's head: `[scene] window=… redraw=…`.
        var label: String
        var scene: String
        var window: String
        /// Output pixels (larger than the window on HiDPI).
        var output: String
        var scale: Double
        var redraw: String
        var replay: String
        /// Frames measured: the run's frames but its first (start-up), as the stats files count them.
        var frames: Int
        /// frames ÷ the sum of their frame times.
        var fps: Double
        var frameMsP50: Double
        var frameMsP99: Double
        var frameMsMax: Double
        /// CapFrameX's P1 and P0.1: 1000 ÷ the frame time at that quantile (R8), as its app shows them.
        var p1Fps: Double
        var p0_1Fps: Double
        /// Process CPU time (user + system, getrusage) over the run ÷ its frames.
        var cpuMsPerFrame: Double
        /// Mean drawing time (`submit_ms`: rasterising, damage, blending).
        var submitMsMean: Double
        /// Mean output pixels redrawn a frame (`damaged_px`).
        var damagedPixelsMean: Double
        /// Paced runs only: frames later than 1.5 refresh periods, and input-to-present latency.
        var lateFrames: Int?
        var inputLatencyP50Ms: Double?
        var inputLatencyP99Ms: Double?
        /// The frame-time files written for it (--stats-dir).
        var statsFiles: [String]

        enum CodingKeys: String, CodingKey {
            case description, label, scene, window, output, scale, redraw, replay, frames, fps
            case frameMsP50 = "frame_ms_p50", frameMsP99 = "frame_ms_p99", frameMsMax = "frame_ms_max"
            case p1Fps = "p1_fps_capframex", p0_1Fps = "p0_1_fps_capframex", cpuMsPerFrame = "cpu_ms_per_frame"
            case submitMsMean = "submit_ms_mean", damagedPixelsMean = "damaged_px_mean", lateFrames = "late_frames"
            case inputLatencyP50Ms = "input_latency_p50_ms", inputLatencyP99Ms = "input_latency_p99_ms", statsFiles = "stats_files"
        }
    }

    var elastic: Program
    var machine: Machine
    /// "unpaced" (throughput) or "paced" (at the display's rate).
    var mode: String
    var benchmarks: [Benchmark]
    /// The mean of the benchmarks' FPS, as glmark2 defines its score.
    var score: Double

    /// glmark2's score: the mean of the benchmarks' FPS (0 with none).
    static func score(of benchmarks: [Benchmark]) -> Double {
        benchmarks.isEmpty ? 0 : benchmarks.map(\.fps).reduce(0, +) / Double(benchmarks.count)
    }

    func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }
}

extension BenchResults.Machine {
    /// This machine, with what the first benchmark's front end reported.
    init(videoDriver: String, display: (width: Int, height: Int), refreshHz: Double?, renderer: String, rendererReason: String,
         offScreen: Bool) {
        let system = SystemDescription.current()
        let env = ProcessInfo.processInfo.environment
        let desktop = [env["XDG_CURRENT_DESKTOP"], env["XDG_SESSION_TYPE"]].compactMap { $0 }.filter { !$0.isEmpty }
        self.init(cpu: system.cpu, cores: ProcessInfo.processInfo.activeProcessorCount, memoryKib: Int(system.ram) ?? 0,
                  os: system.os, kernel: system.kernel,
                  desktop: offScreen ? "none (off-screen)" : (desktop.isEmpty ? "unknown (\(videoDriver))" : desktop.joined(separator: ", ")),
                  videoDriver: videoDriver, displayWidth: display.width, displayHeight: display.height,
                  displayRefreshHz: refreshHz, renderer: renderer, rendererReason: rendererReason)
    }
}
