/// A handle to an entity of a `World`: a slot index plus the slot's generation, so a handle to a
/// removed entity is recognised as stale instead of aliasing whoever reuses the slot.
public struct Entity: Hashable, Sendable, CustomStringConvertible {
    public let slot: UInt32
    public let generation: UInt32

    public init(slot: UInt32, generation: UInt32) { self.slot = slot; self.generation = generation }

    public var description: String { "Entity(\(slot)v\(generation))" }
}

/// How the spring system moves an entity.
public enum Motion: UInt8, Sendable {
    /// Follows its spring towards the target.
    case spring = 0
    /// Held at its target (a point under the finger): moved by the scene, not by the spring.
    case pinned = 1
}
