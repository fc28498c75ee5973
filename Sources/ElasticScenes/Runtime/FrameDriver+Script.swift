import ElasticCore

/// Scripted input that can be swapped and stopped while the driver runs: the tour plays a script
/// from a moment of the run and stops it when a person takes over.
extension FrameDriver {
    /// The simulated time replay events are read on (see `advance(to:)`).
    public var scriptTime: Double { clock.time + clock.accumulator }

    /// Replaces the rest of the replay with `events` (times from 0), due from simulated time `start` on.
    public func playScript(_ events: [TimedInput], from start: Double) {
        replay = events.map { TimedInput(time: $0.time + start, event: $0.event) }
        replayHead = 0
        replayRest = nil
        scriptDown = []
    }

    /// Stops the replay: its events not yet queued are dropped, input queued and not yet applied
    /// too, and every pointer the script left down is cancelled, so the scene lets go of it
    /// before the person's own input arrives. Call it before queuing that input.
    public func stopScript() {
        let down = FrameDriver.pointersDown(after: replay[..<replayHead], from: scriptDown)
        replay.removeAll(keepingCapacity: true)
        replayHead = 0
        replayRest = nil
        scriptDown = []
        pending.removeSubrange(pendingHead...)
        for id in down { enqueue(.pointerCancel(id), at: FrameDriver.nanoseconds(clock.time)) }
    }
}
