import ElasticCore
import ElasticSDL
import ElasticStats

extension RunInfo {
    /// What a stats file's preamble says of a run on `frontEnd`, paced as `pacing` decided so far.
    init(frontEnd: SDLFrontEnd, pacing: Pacing, vsyncRequested: Bool, stepRate: Double, headless: Bool, simulatedFPS: Double?) {
        // In effect only when measured: a vsync not yet confirmed by the first presents is unknown.
        let vsyncInEffect: Bool? = switch pacing {
        case .vsync, .vsyncAtMeasuredRate: true
        case .vsyncUnconfirmed: nil
        case .timer, .unpaced: false
        }
        self.init(
            renderer: frontEnd.rendererName, videoDriver: frontEnd.videoDriver,
            vsyncRequested: vsyncRequested, vsyncInEffect: vsyncInEffect, refreshRate: frontEnd.refreshRate,
            windowWidth: frontEnd.windowSize.width, windowHeight: frontEnd.windowSize.height,
            outputWidth: frontEnd.outputSize.width, outputHeight: frontEnd.outputSize.height,
            stepRate: stepRate, build: RunInfo.currentBuild, headless: headless,
            simulatedFPS: simulatedFPS, version: Elastic.version, pacing: pacing.description)
    }
}
