import ElasticCore
import ElasticScenes

/// The loop's input: the front end's events, stamped and handed to the add-ons and the driver.
extension GameLoop {
    /// Polls the front end; live input is stamped with the oldest event's time (the window system's
    /// stamp where the front end has one, else now) as it is queued.
    func pollInput() {
        platformEvents.removeAll(keepingCapacity: true)
        var oldest: UInt64?
        if let inputTimes { inputTimes.pollEvents(into: &platformEvents, oldestInputNs: &oldest) } else { frontEnd.pollEvents(into: &platformEvents) }
        liveInputStampNs = oldest ?? MonotonicTimeSource.nanoseconds()
        for addOn in addOns { addOn.polled(platformEvents, driver: driver, now: lastDisplayTime) }
        for event in platformEvents { handle(event) }
        liveInputStampNs = nil
    }

    func handle(_ event: PlatformEvent) {
        switch event {
        case .quit:
            quitRequested = true
        case .resized:
            let (w, h) = frontEnd.windowSize
            let scale = config.uiScale.resolve(width: w, height: h)
            driver.setUIScale(scale, window: Size(Double(w), Double(h)))
            overlays.setUIScale(driver.uiScale)
        case .hidden:
            if !hidden, live { outputs.pause(reason: "window hidden or minimised") }
            hidden = true
            latency.reset()
        case .shown:
            if hidden {
                hidden = false
                // A simulated clock never stopped (and reading it moves it on a frame).
                if live { driver.resync(now: time.now() - origin) }
                outputs.resume()
            }
        case .focusLost:
            break
        case let .input(input):
            if takesLiveInput {
                driver.input(input)
            } else if case let .key(key) = input, KeyTable.action(for: key) == .quit {
                quitRequested = true
            }
        }
    }
}
