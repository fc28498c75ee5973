import ElasticCore
import ElasticScenes
import Foundation

/// One benchmark of `elastic bench`: a scene playing a replay for a fixed number of frames, each
/// frame one frame period of simulated time after the last, so every run draws the same frames.
/// Written `SCENE[:KEY=VALUE]...`, as glmark2 writes its `-b scene:option=value`.
struct Benchmark: Equatable, CustomStringConvertible {
    var scene: String
    /// Window coordinates; nil: the run's window (its --window, else 1280×720; the desktop with --fullscreen).
    var window: WindowSize?
    var scale: UIScaleChoice = .auto
    var redraw: RedrawChoice = .damage
    /// A replay's name in the shipped replays (`wave-pull-moving`), or a file path.
    var replay: String
    /// Simulated seconds; nil: the replay's last event, rounded up to a whole second.
    var seconds: Double?
    /// How many times the frames are run, each round a fresh scene (nil: 10 unpaced, 1 paced).
    var rounds: Int?

    /// The keys a description may set, each with what it takes (`elastic bench --list`).
    static let keys: [(key: String, value: String, help: String)] = [
        ("window", "WxH", "window size in window coordinates (default: --window, else 1280x720; the desktop with --fullscreen)"),
        ("scale", "auto|S", "UI scale: auto fits the 1280x720 design to the window; or 0.25 to 8 (default auto)"),
        ("redraw", "damage|all", "what changed, as play draws, or every pixel every frame (default damage)"),
        ("replay", "NAME|FILE", "a shipped replay (assets/replays/NAME.jsonl) or a file, in 1280x720 coordinates, scaled to the window (default SCENE-moving)"),
        ("seconds", "N", "simulated seconds, 60 frames each (default: the replay's last event, rounded up)"),
        ("rounds", "N", "times the frames run, each round a fresh scene drawing the same frames (default 10; with --paced 1)"),
    ]

    /// The frames of simulated time each second holds: unpaced runs step 1/60 s a frame.
    static let framesPerSecond = 60.0

    init(scene: String, window: WindowSize? = nil, scale: UIScaleChoice = .auto, redraw: RedrawChoice = .damage,
         replay: String? = nil, seconds: Double? = nil) {
        self.scene = scene
        self.window = window
        self.scale = scale
        self.redraw = redraw
        self.replay = replay ?? Benchmark.movingReplay(of: scene)
        self.seconds = seconds
    }

    /// Rounds run: as given, else enough unpaced for steady figures (one round of a moving replay
    /// is a few hundred frames, too short a time to measure), one paced (a round takes seconds).
    func rounds(paced: Bool) -> Int { rounds ?? (paced ? 1 : 10) }

    /// The scene's replay in which every frame changes (scripts/lib/scenes.tsv's `moving` column).
    static func movingReplay(of scene: String) -> String { scene + "-moving" }

    /// Parses `SCENE[:KEY=VALUE]...`; the error names what is wrong and what would be right.
    init(parsing text: String) throws {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let scene = parts[0]
        guard SceneCatalog.entry(named: scene) != nil else {
            throw BenchError("unknown scene '\(scene)' in '\(text)'; choose one of: \(SceneCatalog.names.joined(separator: ", "))")
        }
        self.init(scene: scene)
        var seen = Set<String>()
        for option in parts.dropFirst() {
            guard let eq = option.firstIndex(of: "="), eq != option.startIndex else {
                throw BenchError("'\(option)' in '\(text)' is not KEY=VALUE")
            }
            let key = String(option[..<eq]), value = String(option[option.index(after: eq)...])
            guard seen.insert(key).inserted else { throw BenchError("\(key) is given twice in '\(text)'") }
            try set(key, value, in: text)
        }
    }

    private mutating func set(_ key: String, _ value: String, in text: String) throws {
        func bad(_ what: String) -> BenchError { BenchError("\(key)=\(value) in '\(text)': \(what)") }
        switch key {
        case "window":
            guard let size = WindowSize(argument: value) else { throw bad("must be WIDTHxHEIGHT, each side from 1 to \(WindowSize.maxSide)") }
            window = size
        case "scale":
            guard let choice = UIScaleChoice(argument: value) else { throw bad("must be auto or a number from 0.25 to 8") }
            if choice.problem != nil { throw bad("must be auto or a number from 0.25 to 8") }
            scale = choice
        case "redraw":
            guard let choice = RedrawChoice(rawValue: value) else { throw bad("must be damage or all") }
            redraw = choice
        case "replay":
            guard !value.isEmpty else { throw bad("names no replay") }
            replay = value
        case "seconds":
            guard let s = Double(value), s.isFinite, s > 0, s <= 3600 else { throw bad("must be a number of seconds from above 0 to 3600") }
            seconds = s
        case "rounds":
            guard let n = Int(value), (1...1000).contains(n) else { throw bad("must be a whole number from 1 to 1000") }
            rounds = n
        default:
            throw BenchError("unknown key '\(key)' in '\(text)'; keys: \(Benchmark.keys.map(\.key).joined(separator: ", "))")
        }
    }

    /// The keys that differ from the defaults, as the report lines show them (the window always).
    func label(window resolved: (width: Int, height: Int)) -> String {
        var parts = ["window=\(resolved.width)x\(resolved.height)"]
        if scale != .auto { parts.append("scale=\(ReplayScript.format(scale.resolve(width: 1, height: 1)))") }
        parts.append("redraw=\(redraw.rawValue)")
        if replay != Benchmark.movingReplay(of: scene) { parts.append("replay=\(replay)") }
        if let seconds { parts.append("seconds=\(ReplayScript.format(seconds))") }
        if let rounds { parts.append("rounds=\(rounds)") }
        return "[\(scene)] " + parts.joined(separator: " ")
    }

    /// The description that reads back as this benchmark.
    var description: String {
        var text = scene
        if let window { text += ":window=\(window.width)x\(window.height)" }
        if scale != .auto { text += ":scale=\(ReplayScript.format(scale.resolve(width: 1, height: 1)))" }
        if redraw != .damage { text += ":redraw=\(redraw.rawValue)" }
        if replay != Benchmark.movingReplay(of: scene) { text += ":replay=\(replay)" }
        if let seconds { text += ":seconds=\(ReplayScript.format(seconds))" }
        if let rounds { text += ":rounds=\(rounds)" }
        return text
    }

    /// The default set: each scene's moving replay, then the wave sweep, then each scene redrawn whole.
    static var defaultSet: [Benchmark] {
        SceneCatalog.names.map { Benchmark(scene: $0) }
            + [Benchmark(scene: WavePull.name, replay: "wave-pull-sweep")]
            + SceneCatalog.names.map { Benchmark(scene: $0, redraw: .all) }
    }
}

/// A bad benchmark description, file or result: said before anything runs.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
