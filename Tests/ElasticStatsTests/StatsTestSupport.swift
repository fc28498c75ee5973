import Foundation
@testable import ElasticStats
import TestScratch

/// A fresh directory for one test's files (`TestScratch`).
func statsTemporaryDirectory() throws -> String {
    try TestScratch.folder("stats-\(UUID().uuidString)").path
}

let statsTestRun = RunInfo(
    renderer: "opengl", videoDriver: "x11", vsyncRequested: true, vsyncInEffect: nil, refreshRate: 60,
    windowWidth: 1280, windowHeight: 720, outputWidth: 2560, outputHeight: 1440, stepRate: 120,
    build: "debug", headless: false, simulatedFPS: nil, version: "0.1.0")

/// The first present (the recorder keeps it out of the rows and figures as the start-up).
let statsStartUp = FrameRecord(frame: -1, timeNs: 5_000_000, frameNs: 5_000_000)

/// Frame i presented at (i + 1) × frameNs.
func statsTestFrame(_ i: Int, frameNs: UInt64 = 16_666_667) -> FrameRecord {
    FrameRecord(frame: i, timeNs: UInt64(i + 1) * frameNs, frameNs: frameNs, inputNs: 100_000, updateNs: 2_000_000,
                steps: 2, tessellateNs: 3_000_000, submitNs: 1_000_000, presentNs: 10_000_000, hudNs: 0,
                vertices: 1200, triangles: 400, damagedPixels: 3072 + i, scene: "wave-pull")
}

func statsFileText(_ path: String) -> String {
    (FileManager.default.contents(atPath: path).flatMap { String(data: $0, encoding: .utf8) }) ?? ""
}

func statsFileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? -1
}

/// The file context the layouts are made with in tests.
let statsTestContext = StatsFileContext(run: statsTestRun, targetRefreshRate: 60, processID: 4242, opened: Date())

extension StatsRowBuffer {
    /// A row as the elastic and MangoHud formats write it.
    mutating func appendElasticRow(_ r: FrameRecord, sensors: SystemSensors.Reading) {
        ElasticLayout(statsTestContext).appendRow(r, sensors: sensors, to: &self)
    }

    mutating func appendMangoHudRow(_ r: FrameRecord, sensors: SystemSensors.Reading) {
        MangoHudLayout(statsTestContext).appendRow(r, sensors: sensors, to: &self)
    }
}
