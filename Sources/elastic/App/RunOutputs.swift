import ElasticCore
import ElasticScenes

/// The outputs a run writes, in the order they were opened (see `OutputRequest`); the loop tells
/// each of them every event at once.
struct RunOutputs {
    private(set) var all: [any RunOutput]

    init(_ outputs: [any RunOutput] = []) { all = outputs }

    mutating func append(_ output: any RunOutput) { all.append(output) }

    func attach(to driver: FrameDriver) { for output in all { output.attach(to: driver) } }
    func start() { for output in all { output.start() } }
    func queued(_ input: TimedInput) { for output in all { output.queued(input) } }
    func drawn(by frontEnd: any FrontEnd, at now: Double) { for output in all { output.drawn(by: frontEnd, at: now) } }
    func presented(_ frame: PresentedFrame) { for output in all { output.presented(frame) } }
    func pause(reason: String) { for output in all { output.pause(reason: reason) } }
    func resume() { for output in all { output.resume() } }
    func paced(_ pacing: Pacing) { for output in all { output.paced(pacing) } }

    /// Finishes every output; the failures, in order.
    func finish() -> [String] { all.compactMap { $0.finish() } }

    /// The run never began: every output removes what it created (a file that existed is left as it was).
    func discard() { for output in all { output.discard() } }
}
