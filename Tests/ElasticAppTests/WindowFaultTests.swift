import CSDL2
import ElasticCore
import ElasticStats
@testable import ElasticSDL
import Foundation
import Testing
@testable import elastic

/// Window-system faults through the real SDL front end (headless: SDL's dummy driver) and the real
/// game loop, in-process: resizes by SDL_SetWindowSize, minimise / restore / display changes, focus
/// loss, ten fingers and 1 kHz motion by SDL_PushEvent. One SDL at a time: serialized.
@Suite("window faults through SDL (in-process)", .serialized)
struct WindowFaultTests {
    static func frontEnd() throws -> SDLFrontEnd {
        try SDLFrontEnd(FrontEndOptions(windowSize: (1280, 720), headless: true, renderer: .software, vsync: false))
    }

    /// A front end whose window was resized to `width`×`height` (and the resize taken in).
    static func frontEnd(sized width: Int32, _ height: Int32) throws -> SDLFrontEnd {
        let front = try frontEnd()
        SDL_SetWindowSize(front.window, width, height)
        var ignored: [PlatformEvent] = []
        front.pollEvents(into: &ignored)
        return front
    }

    /// A game loop on `front` (1280×720, software, 240 Hz steps) recording stats to `stats`.
    /// `headless: false` runs the live path (monotonic time, idle and hidden-window waits) on top
    /// of a front end that really is SDL's dummy driver.
    static func loop(on front: SDLFrontEnd, scene: String, headless: Bool, frameLimit: Int, timeLimit: Double? = nil,
                     showHint: Bool = false, tracePath: String? = nil, stats: String) throws -> (GameLoop, FrameStatsRecorder) {
        let config = RunConfiguration(
            sceneName: scene, frontEnd: FrontEndOptions(windowSize: (1280, 720), headless: headless, renderer: .software, vsync: false),
            uiScale: 1, stepRate: 240, tolerance: 0.25, antialias: true, showHint: showHint, fps: 60, frameLimit: frameLimit,
            timeLimit: timeLimit, replay: [], screenshotPath: nil, screenshotTimes: [])
        let run = RunInfo(renderer: front.rendererName, videoDriver: front.videoDriver, vsyncRequested: false, vsyncInEffect: false,
                          refreshRate: nil, windowWidth: 1280, windowHeight: 720, outputWidth: 1280, outputHeight: 720,
                          stepRate: 240, build: "test", headless: headless, simulatedFPS: headless ? 60 : nil, version: "test")
        let recorder = try FrameStatsRecorder(path: stats, format: .elastic, run: run, targetRefreshRate: 60)
        let trace = try tracePath.map { try TraceWriter(path: $0) }
        return (try GameLoop(config: config, frontEnd: front, outputs: RunOutputs([trace as (any RunOutput)?, StatsOutput(recorder)].compactMap { $0 })), recorder)
    }

    static func push(window event: SDL_WindowEventID, in front: SDLFrontEnd, _ data1: Int32 = 0, _ data2: Int32 = 0) {
        var e = SDL_Event()
        e.window.type = SDL_WINDOWEVENT.rawValue
        e.window.windowID = SDL_GetWindowID(front.window)
        e.window.event = UInt8(event.rawValue)
        e.window.data1 = data1
        e.window.data2 = data2
        SDL_PushEvent(&e)
    }

    static func push(mouse type: SDL_EventType, x: Int32, y: Int32) {
        var e = SDL_Event()
        if type == SDL_MOUSEMOTION {
            e.motion.type = type.rawValue; e.motion.x = x; e.motion.y = y; e.motion.state = 1  // SDL_BUTTON_LMASK
        } else {
            e.button.type = type.rawValue; e.button.button = UInt8(SDL_BUTTON_LEFT); e.button.x = x; e.button.y = y
            e.button.state = UInt8(type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED); e.button.clicks = 1
        }
        SDL_PushEvent(&e)
    }

    static func push(finger type: SDL_EventType, id: Int64, x: Float, y: Float) {
        var e = SDL_Event()
        e.tfinger.type = type.rawValue; e.tfinger.touchId = 1; e.tfinger.fingerId = id
        e.tfinger.x = x; e.tfinger.y = y; e.tfinger.pressure = 1
        SDL_PushEvent(&e)
    }

    @Test("the front end reports resizes to 1×1 and 4K, minimise/restore, display moves, focus loss, 10 fingers, 1 kHz motion")
    func translation() throws {
        let front = try WindowFaultTests.frontEnd()
        var events: [PlatformEvent] = []
        front.pollEvents(into: &events)
        for (w, h) in [(1, 1), (3840, 2160), (1280, 720)] {
            events.removeAll()
            SDL_SetWindowSize(front.window, Int32(w), Int32(h))
            front.pollEvents(into: &events)
            #expect(events.contains(.resized(width: w, height: h)), "\(w)×\(h): \(events)")
            #expect(front.windowSize == (w, h) && front.pixelScale == 1)
        }
        events.removeAll()
        WindowFaultTests.push(window: SDL_WINDOWEVENT_MINIMIZED, in: front)
        WindowFaultTests.push(window: SDL_WINDOWEVENT_RESTORED, in: front)
        WindowFaultTests.push(window: SDL_WINDOWEVENT_DISPLAY_CHANGED, in: front, 1)
        front.pollEvents(into: &events)
        #expect(events == [.hidden, .shown, .resized(width: 1280, height: 720)])

        // A button held when focus goes: released as a cancel; the late up is dropped.
        events.removeAll()
        WindowFaultTests.push(mouse: SDL_MOUSEBUTTONDOWN, x: 640, y: 10)
        WindowFaultTests.push(window: SDL_WINDOWEVENT_FOCUS_LOST, in: front)
        WindowFaultTests.push(mouse: SDL_MOUSEBUTTONUP, x: 640, y: 300)
        front.pollEvents(into: &events)
        #expect(events == [.input(.pointerDown(.mouse, Vec2(640, 10))), .input(.pointerCancel(.mouse)), .focusLost])

        // Ten fingers down, then moved and lifted; non-finite coordinates are dropped.
        events.removeAll()
        for i in 0..<10 { WindowFaultTests.push(finger: SDL_FINGERDOWN, id: Int64(i), x: Float(i) / 10, y: 0.1) }
        WindowFaultTests.push(finger: SDL_FINGERMOTION, id: 3, x: .nan, y: 0.5)
        for i in 0..<10 { WindowFaultTests.push(finger: SDL_FINGERUP, id: Int64(i), x: 0.5, y: 0.5) }
        front.pollEvents(into: &events)
        let downs = events.filter { if case .input(.pointerDown(let id, _)) = $0 { return id.device == .touch }; return false }
        let ups = events.filter { if case .input(.pointerUp) = $0 { return true }; return false }
        #expect(downs.count == 10 && ups.count == 10 && events.count == 20, "\(events)")

        // One second of motion at 1 kHz arrives whole.
        events.removeAll()
        WindowFaultTests.push(mouse: SDL_MOUSEBUTTONDOWN, x: 0, y: 0)
        for i in 0..<1000 { WindowFaultTests.push(mouse: SDL_MOUSEMOTION, x: Int32(i), y: Int32(i % 720)) }
        front.pollEvents(into: &events)
        #expect(events.count == 1001)
    }

    @Test("the game loop keeps running through resizes, minimise, a lost pointer, 10 fingers and 1 kHz input, and keeps its stats rows")
    func gameLoop() throws {
        let dir = try ElasticBinary.scratch("window-faults")
        let front = try WindowFaultTests.frontEnd()
        let frames = 400
        for scene in ["wave-pull", "jelly-block", "wave-balls"] {
            let trace = dir.appendingPathComponent("\(scene)-trace.csv").path
            let stats = dir.appendingPathComponent("\(scene)-stats.csv").path
            SDL_SetWindowSize(front.window, 1280, 720)
            var ignored: [PlatformEvent] = []
            front.pollEvents(into: &ignored)
            let (loop, recorder) = try WindowFaultTests.loop(on: front, scene: scene, headless: true, frameLimit: frames,
                                                             showHint: true, tracePath: trace, stats: stats)
            loop.beforeFrame = { f in
                switch f {
                case 20: WindowFaultTests.push(mouse: SDL_MOUSEBUTTONDOWN, x: 640, y: 10)
                case 21..<60: WindowFaultTests.push(mouse: SDL_MOUSEMOTION, x: 640, y: Int32(10 + (f - 20) * 8))
                case 60: SDL_SetWindowSize(front.window, 1, 1)
                case 90: SDL_SetWindowSize(front.window, 3840, 2160)
                case 120: WindowFaultTests.push(window: SDL_WINDOWEVENT_MINIMIZED, in: front)
                case 150: WindowFaultTests.push(window: SDL_WINDOWEVENT_RESTORED, in: front)
                case 160: SDL_SetWindowSize(front.window, 1280, 720)
                case 170: WindowFaultTests.push(window: SDL_WINDOWEVENT_FOCUS_LOST, in: front)  // pointer still down
                case 200:
                    for i in 0..<10 { WindowFaultTests.push(finger: SDL_FINGERDOWN, id: Int64(i), x: 0.05 + Float(i) / 11, y: 0.02) }
                case 201..<260:
                    for i in 0..<10 { WindowFaultTests.push(finger: SDL_FINGERMOTION, id: Int64(i), x: 0.05 + Float(i) / 11, y: 0.02 + Float(f - 200) / 80) }
                case 260:
                    for i in 0..<10 { WindowFaultTests.push(finger: SDL_FINGERUP, id: Int64(i), x: 0.5, y: 0.5) }
                case 280: WindowFaultTests.push(mouse: SDL_MOUSEBUTTONDOWN, x: 100, y: 10)
                case 281..<340:
                    for k in 0..<17 { WindowFaultTests.push(mouse: SDL_MOUSEMOTION, x: Int32(100 + (f - 280) * 10 + k), y: Int32(10 + (f - 280) * 5)) }
                case 340: WindowFaultTests.push(mouse: SDL_MOUSEBUTTONUP, x: 700, y: 300)
                default: break
                }
            }
            let reason = loop.run()
            #expect(reason == "reached \(frames) frames", "\(scene)")
            #expect(recorder.writeError == nil)
            let summary = try #require(recorder.summary)
            // The first present is the start-up: in the header, not a row or a frame of the figures.
            #expect(summary.frames == frames - 1, "\(scene)")
            let statsText = try String(contentsOfFile: stats, encoding: .utf8)
            #expect(statsText.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.hasPrefix("frame,") }.count == frames - 1)
            let rows = try TraceRow.load(URL(fileURLWithPath: trace))
            #expect(Set(rows.map(\.frame)).count == frames, "\(scene)")
            for row in rows { #expect(row.x.isFinite && row.y.isFinite && row.targetX.isFinite && row.targetY.isFinite, "\(scene): \(row)") }
        }
    }

    @Test("the live loop (monotonic clock, dummy driver): a 1-s stall costs 60 steps, a minimise pauses stats and resyncs")
    func liveStallAndMinimise() throws {
        let dir = try ElasticBinary.scratch("live-faults")
        let front = try WindowFaultTests.frontEnd()
        let stats = dir.appendingPathComponent("live.csv").path
        let frames = 300
        let (loop, recorder) = try WindowFaultTests.loop(on: front, scene: "wave-pull", headless: false, frameLimit: frames,
                                                         timeLimit: 60, stats: stats)
        var hiddenCalls = 0
        var stalledFrame = -1
        // When each frame's `beforeFrame` (its last call, for a frame called again while hidden)
        // returned: the frame samples the step clock after it, before the next one's returns.
        var handedOver: [Int: UInt64] = [:]
        loop.beforeFrame = { f in
            defer { handedOver[f] = DispatchTime.now().uptimeNanoseconds }
            // Pace the loop near 120 Hz so ordinary frames take a step or a few.
            Thread.sleep(forTimeInterval: 1.0 / 120)
            switch f {
            case 20: WindowFaultTests.push(mouse: SDL_MOUSEBUTTONDOWN, x: 640, y: 10)
            case 21..<80: WindowFaultTests.push(mouse: SDL_MOUSEMOTION, x: 640, y: Int32(10 + (f - 20) * 4))
            case 100:
                // The stall: four times the 0.25-s clamp is as good a test of it as any longer one.
                if stalledFrame < 0 { stalledFrame = f; Thread.sleep(forTimeInterval: 1) }
            case 150:
                hiddenCalls += 1
                if hiddenCalls == 1 { WindowFaultTests.push(window: SDL_WINDOWEVENT_MINIMIZED, in: front) }
                if hiddenCalls == 10 { WindowFaultTests.push(window: SDL_WINDOWEVENT_RESTORED, in: front) }  // ≈ 1 s hidden
            case 200: WindowFaultTests.push(mouse: SDL_MOUSEBUTTONUP, x: 640, y: 250)
            default: break
            }
            // An idle live loop stops drawing until an event comes (idle frames are not frames),
            // so frame numbers would stall at rest: an expose event each frame keeps it drawing.
            if f != 150 { WindowFaultTests.push(window: SDL_WINDOWEVENT_EXPOSED, in: front) }
        }
        let reason = loop.run()
        #expect(reason == "reached \(frames) frames")
        let summary = try #require(recorder.summary)
        #expect(summary.pauses == 1)
        #expect(summary.pausedSeconds >= 0.5, "\(summary.pausedSeconds)")
        // frame,t_ms,frame_ms,input_ms,update_ms,steps,…: steps per recorded frame.
        let rows = try String(contentsOfFile: stats, encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("#") && !$0.hasPrefix("frame,") }
            .map { $0.split(separator: ",") }
        let steps = Dictionary(uniqueKeysWithValues: rows.map { (Int($0[0])!, Int($0[5])!) })
        // The stalled frame: 1 s clamped to 0.25 s = 60 steps at 240 Hz (240 unclamped).
        #expect(steps[100] == 60, "frame 100 took \(String(describing: steps[100])) steps")
        // After it, and after the hidden second, steps follow the wall clock (240 per second)
        // instead of repaying the lost time (240 steps each). Frames a..<b take the steps
        // between frame a − 1's clock sample and frame b − 1's, which lie after `beforeFrame`
        // returned for a − 1 and before it returned for b: bounded by that time, plus one step of
        // remainder, however slow a loaded machine makes a frame's work.
        func stepsFollowTheClock(_ window: Range<Int>) {
            let taken = window.compactMap { steps[$0] }.reduce(0, +)
            let seconds = Double(handedOver[window.upperBound]! - handedOver[window.lowerBound - 1]!) / 1e9
            #expect(Double(taken) <= 240 * seconds + 1, "frames \(window): \(taken) steps in \(seconds) s")
        }
        stepsFollowTheClock(101..<110)
        // Frame 150, whose time spans the hidden second, is left out of the file.
        stepsFollowTheClock(151..<160)
        #expect(steps.values.max() == 60)
        let frameTimes = rows.map { Double($0[2])! }
        #expect(frameTimes.max()! > 990, "the stalled frame's time is in the file")
    }

    @Test("the live loop at rest draws nothing: an idle second costs a frame or two, and stats say they paused")
    func idleLiveLoopDoesNotRedraw() throws {
        let dir = try ElasticBinary.scratch("live-idle")
        let front = try WindowFaultTests.frontEnd()
        let stats = dir.appendingPathComponent("idle.csv").path
        let (loop, recorder) = try WindowFaultTests.loop(on: front, scene: "wave-pull", headless: false, frameLimit: 1000,
                                                         timeLimit: 1, stats: stats)
        var calls = 0
        loop.beforeFrame = { _ in calls += 1 }
        let reason = loop.run()
        #expect(reason == "reached 1 s")
        // Without the idle wait (50 ms) an unpaced loop would draw thousands of frames a second.
        let summary = try #require(recorder.summary)
        #expect(summary.frames <= 3, "\(summary.frames) frames drawn at rest")
        #expect(calls >= 5 && calls <= 40, "\(calls) loop turns in 1 s")
        let text = try String(contentsOfFile: stats, encoding: .utf8)
        #expect(text.contains("# paused: idle"), "\(text)")
    }
}
