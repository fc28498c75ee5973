import ElasticCore
import ElasticScenes
import Foundation

/// `play --tour`: every scene in turn, driven by the scripts in `assets/tour/` (replay files, one
/// per stop, in file-name order), each with a caption naming the scene and what to try.
///
/// Live, the tour loops and hands control to the person the moment they press, touch, scroll or
/// press a key (the script stops and lets go of what it held); after `resumeAfter` seconds with
/// no input it carries on with the next stop. Headless it plays once, so it exports as a clip.
final class Tour {
    struct Stop {
        var name: String
        var caption: String
        /// Seconds the stop lasts (its `# length:` line).
        var length: Double
        /// Times from the stop's start, in the 1280×720 design's window coordinates.
        var events: [TimedInput]
    }

    static let resumeAfter = 30.0
    static let design = Size(1280, 720)
    static let handOverCaption = "Your turn: the tour carries on after 30 s without input"
    let stops: [Stop]
    let loops: Bool
    /// Whether the person has control (the script stopped).
    private(set) var personInControl = false
    /// The stop playing, by index (nil before the first frame and while the person has control).
    private(set) var currentStop: Int?
    /// Stops shown so far, in order (the tests read it).
    private(set) var visited: [String] = []
    private var passStart = 0.0
    private var firstStop = 0
    private var started = false
    private var lastInput = 0.0
    /// The last stop shown before the person took over: a resumed tour carries on after it.
    private var currentStopBeforeHandOver: Int?
    private var caption = TourCaption()
    /// The overlays whose key hint the caption keeps clear of (nil: no hint shown).
    weak var overlays: Overlays?

    init(stops: [Stop], loops: Bool) {
        self.stops = stops
        self.loops = loops
    }

    /// The whole tour's length in seconds.
    var length: Double { stops.reduce(0) { $0 + $1.length } }

    /// Loads `directory`'s `*.jsonl` stops, sorted by name; each needs `# caption:` and `# length:` lines.
    static func load(directory: String, loops: Bool) throws -> Tour {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".jsonl") }.sorted() } catch {
            throw ValidationFailure("--tour: cannot read the tour's folder \(quoted(directory)) (run from the repository, or give --tour-dir)")
        }
        guard !names.isEmpty else { throw ValidationFailure("--tour: no .jsonl stops in \(quoted(directory))") }
        return Tour(stops: try names.map { try loadStop(directory + "/" + $0) }, loops: loops)
    }

    static func loadStop(_ path: String) throws -> Stop {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let events: [TimedInput]
        do { events = try ReplayScript.parse(contentsOf: path) } catch {
            throw ValidationFailure("--tour: bad stop \(quoted(path)): \(error)")
        }
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        func header(_ key: String) -> String? {
            text.split(separator: "\n").first { $0.hasPrefix("# \(key):") }
                .map { $0.dropFirst(key.count + 3).trimmingCharacters(in: .whitespaces) }
        }
        guard let caption = header("caption"), !caption.isEmpty else { throw ValidationFailure("--tour: \(quoted(path)) has no '# caption:' line") }
        guard let length = header("length").flatMap(Double.init), length.isFinite, length > 0, length <= 600,
              length >= events.last?.time ?? 0 else {
            throw ValidationFailure("--tour: \(quoted(path)) needs a '# length:' line: seconds, at least its last event's time")
        }
        return Stop(name: name, caption: caption, length: length, events: events)
    }

    /// The stops from `first` on as one script, stretched from the design's size to `window`.
    func script(from first: Int, window: Size) -> [TimedInput] {
        let sx = window.width / Tour.design.width, sy = window.height / Tour.design.height
        func stretch(_ p: Vec2) -> Vec2 { Vec2(p.x * sx, p.y * sy) }
        var out: [TimedInput] = []
        var offset = 0.0
        for stop in stops[first...] {
            for queued in stop.events {
                let event: InputEvent
                switch queued.event {
                case let .pointerDown(id, p): event = .pointerDown(id, stretch(p))
                case let .pointerMove(id, p): event = .pointerMove(id, stretch(p))
                case let .pointerUp(id, p): event = .pointerUp(id, stretch(p))
                default: event = queued.event
                }
                out.append(TimedInput(time: queued.time + offset, event: event))
            }
            offset += stop.length
        }
        return out
    }

    /// Before a frame's input reaches the driver: a press, touch, scroll or key hands control to
    /// the person; any input (motion too) restarts the 30 s wait.
    func noteInput(_ events: [PlatformEvent], driver: FrameDriver, now: Double) {
        for case let .input(input) in events {
            lastInput = now
            switch input {
            case .pointerDown, .wheel, .key:
                if !personInControl {
                    personInControl = true
                    currentStop = nil
                    driver.stopScript()
                }
            case .pointerMove, .pointerUp, .pointerCancel: break
            }
        }
    }

    /// After the driver advanced: starts the tour, resumes it after 30 s without input, loops it,
    /// and returns the caption of a stop that just began (for the scene report and toast).
    func update(driver: FrameDriver, window: Size, now: Double) -> String? {
        let t = driver.scriptTime
        if !started || (personInControl && now - lastInput >= Tour.resumeAfter) {
            // The first pass starts at the first stop; a resumed one at the stop after the one left.
            firstStop = started ? ((currentStopBeforeHandOver ?? -1) + 1) % stops.count : 0
            started = true
            personInControl = false
            passStart = t
            driver.playScript(script(from: firstStop, window: window), from: t)
            currentStop = nil
        }
        guard !personInControl else { return nil }
        var end = passStart
        var index = firstStop
        while index < stops.count, t >= end + stops[index].length { end += stops[index].length; index += 1 }
        if index == stops.count {
            guard loops else { return nil }
            firstStop = 0
            passStart = t
            driver.playScript(script(from: 0, window: window), from: t)
            index = 0
        }
        guard index != currentStop else { return nil }
        currentStop = index
        currentStopBeforeHandOver = index
        visited.append(stops[index].name)
        return "tour \(index + 1)/\(stops.count): \(stops[index].caption)"
    }

    /// The caption (the stop's, or the hand-over note while the person has control), clear of the
    /// scene's content and of `hint`; returns its pill, nil when none shows.
    @discardableResult
    func draw(into list: inout DrawList, tessellator: inout Tessellator, scene: any Scene, size: Size,
              measure: TextMeasure, hint: Rect? = nil) -> Rect? {
        let text = personInControl ? Tour.handOverCaption : currentStop.map { stops[$0].caption }
        guard let text else { return nil }
        return caption.draw(text, into: &list, tessellator: &tessellator, scene: scene, size: size, measure: measure, hint: hint)
    }
}
