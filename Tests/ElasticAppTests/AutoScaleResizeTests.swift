import ElasticCore
import ElasticScenes
import ElasticSDL
import Testing
@testable import elastic

/// `--scale auto` follows the window: a resize re-resolves the scale and lays the scene out again.
@Suite("auto scale follows resizes")
struct AutoScaleResizeTests {
    @Test("1280×720 → 3840×2160 → 800×600: scale 1, 3, 1; the scene stays 1280×720 points, then 800×600")
    func resizes() throws {
        let front = NullFrontEnd(width: 1280, height: 720)
        let config = RunConfiguration(
            sceneName: JellyBlock.name, frontEnd: FrontEndOptions(windowSize: (1280, 720), headless: true, renderer: .software, vsync: false),
            uiScale: .auto, stepRate: 240, tolerance: 0.25, antialias: true, showHint: true,
            fps: 60, frameLimit: nil, replay: [], screenshotPath: nil, screenshotTimes: [])
        let loop = try GameLoop(config: config, frontEnd: front, outputs: RunOutputs())
        loop.report = { _ in }
        loop.announceFirstFrame = false
        loop.runFrame()
        #expect(loop.driver.uiScale == 1 && loop.driver.sceneSize == Size(1280, 720))
        front.send([.resized(width: 3840, height: 2160)])
        loop.runFrame()
        #expect(loop.driver.uiScale == 3 && loop.driver.sceneSize == Size(1280, 720))
        front.send([.resized(width: 800, height: 600)])
        loop.runFrame()
        #expect(loop.driver.uiScale == 1 && loop.driver.sceneSize == Size(800, 600))
    }
}
