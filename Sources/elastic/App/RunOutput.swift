import ElasticCore
import ElasticScenes
import ElasticStats

/// A frame as the outputs see it once it is presented.
struct PresentedFrame {
    let number: Int
    let driver: FrameDriver
    /// Its stats row (timings, counts, latency).
    let record: FrameRecord
    /// Scene points to output pixels.
    let scale: Double
}

/// One file a run writes. Its path is checked with every other before anything opens
/// (`OutputRequest`), it is opened before the loop starts, told of each frame, and finished at
/// the end, or discarded when the run never began. A new output is one type conforming to this.
/// Every step but `finish` and `discard` defaults to nothing.
protocol RunOutput: AnyObject {
    /// The loop is being built (before its first frame).
    func attach(to driver: FrameDriver)
    /// The run begins: a file that existed is emptied only now.
    func start()
    /// An input event was queued for the scene.
    func queued(_ input: TimedInput)
    /// The frame is drawn and not yet presented (a GL back buffer is undefined after).
    func drawn(by frontEnd: any FrontEnd, at now: Double)
    func presented(_ frame: PresentedFrame)
    /// Frames stop counting (idle, hidden window) until `resume`.
    func pause(reason: String)
    func resume()
    /// The first presents settled what paces the run (and so the frame budget).
    func paced(_ pacing: Pacing)
    /// Closes the output: what went wrong and fails the run (exit 1), if anything; it prints the rest.
    func finish() -> String?
    /// The run never began: closes and removes what this run created.
    func discard()
}

extension RunOutput {
    func attach(to driver: FrameDriver) {}
    func start() {}
    func queued(_ input: TimedInput) {}
    func drawn(by frontEnd: any FrontEnd, at now: Double) {}
    func presented(_ frame: PresentedFrame) {}
    func pause(reason: String) {}
    func resume() {}
    func paced(_ pacing: Pacing) {}
}
