import Foundation
import ElasticCore

extension ListView {
    // MARK: Input

    /// Applies an input event at scene time `time`; true when the list used it.
    @discardableResult
    public mutating func handle(_ event: InputEvent, world: inout World, time: Double) -> Bool {
        switch event {
        case let .pointerDown(id, p) where pointer != nil:
            addWaitingFinger(id, y: p.y)
            return false
        case let .pointerDown(id, p):
            guard pointer == nil, scrollEnabled, p.y.isFinite else { return false }
            pointer = id
            mode = .dragging
            let y = offset(in: world)
            grabRaw = raw(forOffset: y)
            grabPointerY = p.y
            lastPointerY = p.y
            lastRaw = grabRaw
            sampleTimes.removeAll(keepingCapacity: true)
            sampleRaws.removeAll(keepingCapacity: true)
            addSample(time: time, raw: grabRaw)
            // Catch the list where it is: its motion stops under the finger.
            world.pin(entity, at: Vec2(0, y))
            return true
        case let .pointerMove(id, p) where id == pointer:
            guard p.y.isFinite else { return true }
            lastPointerY = p.y
            lastRaw = grabRaw + (p.y - grabPointerY)
            addSample(time: time, raw: lastRaw)
            world.pin(entity, at: Vec2(0, offset(forRaw: lastRaw)))
            return true
        case let .pointerUp(id, _) where id == pointer, let .pointerCancel(id) where id == pointer:
            if !handOver(world: &world, time: time) { release(world: &world, time: time) }
            return true
        case let .pointerMove(id, p) where waitingFingers.contains(id):
            if let i = waitingFingers.firstIndex(of: id), p.y.isFinite { waitingFingerY[i] = p.y }
            return false
        case let .pointerUp(id, _) where waitingFingers.contains(id), let .pointerCancel(id) where waitingFingers.contains(id):
            removeWaitingFinger(id)
            return false
        case let .pointerUp(id, _) where id == ignoredPointer, let .pointerCancel(id) where id == ignoredPointer:
            ignoredPointer = nil
            return true
        case let .pointerMove(id, _) where id == ignoredPointer:
            return true
        case let .wheel(d):
            guard scrollEnabled, mode != .dragging, d.y.isFinite, d.y != 0 else { return false }
            if mode != .wheeling {
                wheelRaw = raw(forOffset: mode == .springing ? world.target(entity).y : offset(in: world))
                mode = .wheeling
            }
            // Past an edge the wheel's own travel is capped so the rubber band stays in reach.
            wheelRaw = min(max(wheelRaw + d.y, -maxScroll - 4 * rubberBandDimension), topInset + 4 * rubberBandDimension)
            lastWheelTime = time
            world.animate(entity, to: Vec2(0, offset(forRaw: wheelRaw)), with: ListView.wheelSpring)
            return true
        default:
            return false
        }
    }

    private mutating func addWaitingFinger(_ id: PointerID, y: Double) {
        guard id != pointer, !waitingFingers.contains(id), y.isFinite,
              waitingFingers.count < ListView.maxWaitingFingers else { return }
        waitingFingers.append(id)
        waitingFingerY.append(y)
    }

    private mutating func removeWaitingFinger(_ id: PointerID) {
        guard let i = waitingFingers.firstIndex(of: id) else { return }
        waitingFingers.remove(at: i)
        waitingFingerY.remove(at: i)
    }

    /// The dragging finger lifted: the earliest waiting finger takes the drag over, re-anchored so
    /// the list stays exactly where it is. False when no finger is waiting.
    private mutating func handOver(world: inout World, time: Double) -> Bool {
        guard !waitingFingers.isEmpty else { return false }
        let next = waitingFingers.removeFirst()
        let y = waitingFingerY.removeFirst()
        pointer = next
        grabRaw = lastRaw
        grabPointerY = y
        lastPointerY = y
        // The velocity samples carry on: the raw position continues from the same value.
        addSample(time: time, raw: lastRaw)
        return true
    }

    private mutating func addSample(time: Double, raw: Double) {
        if sampleTimes.count >= 32 {
            sampleTimes.removeFirst(16)
            sampleRaws.removeFirst(16)
        }
        sampleTimes.append(time)
        sampleRaws.append(raw)
    }

    /// Finger velocity (raw points per second) over the last `velocityWindow` before `time`.
    private func releaseVelocity(at time: Double) -> Double {
        guard let lastT = sampleTimes.last, let lastX = sampleRaws.last else { return 0 }
        var i = sampleTimes.count - 1
        while i > 0, sampleTimes[i - 1] >= time - ListView.velocityWindow { i -= 1 }
        let dt = lastT - sampleTimes[i]
        guard dt > 1e-6 else { return 0 }
        let v = (lastX - sampleRaws[i]) / dt
        return v.isFinite ? v : 0
    }

    private mutating func release(world: inout World, time: Double) {
        addSample(time: time, raw: lastRaw)
        let v = releaseVelocity(at: time)
        pointer = nil
        let y = offset(in: world)
        if y > topInset || y < -maxScroll {
            let edge = y > topInset ? topInset : -maxScroll
            world.setVelocity(entity, Vec2(0, v * slope(atRaw: lastRaw)))
            world.animate(entity, to: Vec2(0, edge), with: spring)
            mode = .springing
        } else if abs(v) > ListView.minimumFlingSpeed {
            flingStart = time
            flingFrom = y
            flingVelocity = v
            mode = .decelerating
        } else {
            mode = .idle
        }
    }

    // MARK: Scene control

    /// Ends the current drag or wheel scroll (a dragging pointer is ignored until lifted); the list
    /// stops where it is.
    public mutating func endDrag(world: inout World) {
        guard mode == .dragging || mode == .wheeling else { return }
        if mode == .dragging { ignoredPointer = pointer }
        pointer = nil
        // The scene ended this gesture: waiting fingers do not revive it.
        waitingFingers.removeAll(keepingCapacity: true)
        waitingFingerY.removeAll(keepingCapacity: true)
        world.pin(entity, at: Vec2(0, offset(in: world)))
        mode = .idle
    }

    /// Places the list at `offset` this step (the scene animates it). Call after the world stepped.
    public mutating func drive(to offset: Double, world: inout World) {
        guard offset.isFinite else { return }
        mode = .driven
        world.pin(entity, at: Vec2(0, offset))
    }

    /// Springs the list to `offset` on its spring, keeping its velocity.
    public mutating func settle(to offset: Double, world: inout World) {
        guard offset.isFinite, mode != .dragging else { return }
        mode = .springing
        world.animate(entity, to: Vec2(0, offset), with: spring)
    }

    /// Changes the resting top (a refresh holding its strip open). A held list keeps its place
    /// under the finger: the finger's raw position is re-based on the new edge.
    public mutating func setTopInset(_ inset: Double, world: inout World, time: Double) {
        guard inset.isFinite, inset != topInset else { return }
        let y = offset(in: world)
        topInset = inset
        switch mode {
        case .dragging:
            grabRaw = raw(forOffset: y)
            grabPointerY = lastPointerY
            lastRaw = grabRaw
            sampleTimes.removeAll(keepingCapacity: true)
            sampleRaws.removeAll(keepingCapacity: true)
            addSample(time: time, raw: grabRaw)
        case .wheeling:
            wheelRaw = raw(forOffset: y)
        default:
            break
        }
    }

    // MARK: Step

    /// Advances the list's own motion to scene time `time`. Call once per fixed step after the
    /// world's springs stepped.
    public mutating func step(world: inout World, time: Double) {
        switch mode {
        case .decelerating:
            let k = ListView.decelerationConstant
            let tau = max(time - flingStart, 0)
            let decay = exp(-k * tau)
            let v = flingVelocity * decay
            let y = flingFrom + flingVelocity / k * (1 - decay)
            if y > topInset || y < -maxScroll {
                // Hit an edge: bounce on the spring, carrying the fling's velocity.
                world.pin(entity, at: Vec2(0, y))
                world.setVelocity(entity, Vec2(0, v))
                world.animate(entity, to: Vec2(0, y > topInset ? topInset : -maxScroll), with: spring)
                mode = .springing
            } else {
                world.pin(entity, at: Vec2(0, y))
                if abs(v) < ListView.minimumFlingSpeed { mode = .idle }
            }
        case .wheeling:
            if time - lastWheelTime >= ListView.wheelReleaseDelay - 1e-9 {
                let target = world.target(entity).y
                if target > topInset || target < -maxScroll {
                    world.animate(entity, to: Vec2(0, target > topInset ? topInset : -maxScroll), with: spring)
                }
                mode = world.isAtRest(entity) ? .idle : .springing
            }
        case .springing:
            if world.isAtRest(entity) { mode = .idle }
        case .idle, .dragging, .driven:
            break
        }
    }
}
