import ElasticCore
import ElasticSDL

/// Everything `play` was asked to do, validated.
struct RunConfiguration {
    var sceneName: String
    var frontEnd: FrontEndOptions
    /// UI scale: scene points per window coordinate is 1 / uiScale (auto: from the window's size).
    var uiScale: UIScaleChoice
    var stepRate: Double
    var tolerance: Double
    var antialias: Bool
    var showHint: Bool
    /// Start with the F1 overlay shown.
    var showHud: Bool = false
    /// Headless: frames per simulated second of the simulated display.
    var fps: Double
    /// Stop after this many frames (headless default comes from the replay or 5 s).
    var frameLimit: Int?
    /// Live runs: stop after this many seconds of wall time.
    var timeLimit: Double? = nil
    var replay: [TimedInput]
    /// The rest of a long replay, read as the run reaches it.
    var replayRest: ReplayStream? = nil
    var screenshotPath: String?
    var screenshotTimes: [Double]
    /// Main springs as loaded by `--springs` (nil: the scenes' own, saved to springs.json).
    var tuning: SpringTuning? = nil
    /// `--tour`: plays the scenes in turn (the loop's tour hooks).
    var tour: Tour? = nil
}
