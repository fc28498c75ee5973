/// A counting semaphore for async tests: `acquire` suspends (holding no thread) until its slots are
/// free. Waiters are served in order, so one asking for every slot is not starved by single ones.
actor ChildSlots {
    let count: Int
    private var free: Int
    private var waiting: [(slots: Int, resume: CheckedContinuation<Void, Never>)] = []

    init(_ count: Int) { self.count = count; free = count }

    func acquire(_ slots: Int = 1) async {
        if waiting.isEmpty && free >= slots { free -= slots; return }
        await withCheckedContinuation { waiting.append((slots, $0)) }
    }

    func release(_ slots: Int = 1) {
        free += slots
        while let first = waiting.first, free >= first.slots {
            free -= first.slots
            waiting.removeFirst().resume.resume()
        }
    }

    /// Runs `body` holding `slots` slots, released however it ends.
    func holding<T: Sendable>(_ slots: Int = 1, _ body: @Sendable () async throws -> T) async rethrows -> T {
        await acquire(slots)
        defer { release(slots) }
        return try await body()
    }

    /// Runs `body` holding every slot (no other child starts meanwhile): for a test that measures
    /// real time.
    func withAll<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        try await holding(count, body)
    }
}
