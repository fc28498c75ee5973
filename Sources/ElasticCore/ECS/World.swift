/// The entity-component store: spring entities in struct-of-arrays form.
///
/// Every component lives in its own contiguous array, indexed by a dense row; entities map to rows
/// through a sparse slot table (EnTT's sparse set). Removing swaps the last row into the hole, so
/// rows stay packed and systems run straight down the arrays with no holes and no allocation.
/// Spring parameters are shared: each row names a row of `springs`, and the spring system keeps one
/// precomputed step map per parameter set.
public struct World: Sendable {
    // MARK: Components (dense rows)
    public internal(set) var name: [String] = []
    public var positionX: [Double] = []
    public var positionY: [Double] = []
    public var velocityX: [Double] = []
    public var velocityY: [Double] = []
    public var targetX: [Double] = []
    public var targetY: [Double] = []
    /// Positions before the last fixed step, for interpolating between steps when rendering.
    public var previousX: [Double] = []
    public var previousY: [Double] = []
    /// Row of `springs` (and of the spring system's step maps) each entity follows.
    public var springIndex: [Int32] = []
    public var motion: [Motion] = []
    /// Set by the spring system when the entity has settled and was snapped to its target.
    public var atRest: [Bool] = []

    /// Distinct spring parameter sets in use (never shrinks: scenes use a handful).
    public private(set) var springs: [SpringParameters] = []

    // MARK: Entity bookkeeping
    private var rowOfSlot: [Int32] = []       // -1 for a free slot
    private var generationOfSlot: [UInt32] = []
    private var slotOfRow: [UInt32] = []
    private var freeSlots: [UInt32] = []

    public init() {}

    public var count: Int { positionX.count }

    /// Creates an entity at rest at `position` (its target), following `spring`.
    @discardableResult
    public mutating func spawn(_ name: String, at position: Vec2, spring: SpringParameters) -> Entity {
        let p = position.isFinite ? position : .zero
        let slot: UInt32
        if let reused = freeSlots.popLast() {
            slot = reused
        } else {
            slot = UInt32(rowOfSlot.count)
            rowOfSlot.append(-1)
            generationOfSlot.append(0)
        }
        rowOfSlot[Int(slot)] = Int32(count)
        slotOfRow.append(slot)
        self.name.append(name)
        positionX.append(p.x); positionY.append(p.y)
        velocityX.append(0); velocityY.append(0)
        targetX.append(p.x); targetY.append(p.y)
        previousX.append(p.x); previousY.append(p.y)
        springIndex.append(springID(spring))
        motion.append(.spring)
        atRest.append(true)
        return Entity(slot: slot, generation: generationOfSlot[Int(slot)])
    }

    /// Removes `entity` by moving the last row into its place. Stale handles are ignored.
    public mutating func despawn(_ entity: Entity) {
        guard let row = row(of: entity) else { return }
        let last = count - 1
        if row != last {
            name.swapAt(row, last)
            positionX.swapAt(row, last); positionY.swapAt(row, last)
            velocityX.swapAt(row, last); velocityY.swapAt(row, last)
            targetX.swapAt(row, last); targetY.swapAt(row, last)
            previousX.swapAt(row, last); previousY.swapAt(row, last)
            springIndex.swapAt(row, last); motion.swapAt(row, last); atRest.swapAt(row, last)
            slotOfRow.swapAt(row, last)
            rowOfSlot[Int(slotOfRow[row])] = Int32(row)
        }
        name.removeLast()
        positionX.removeLast(); positionY.removeLast()
        velocityX.removeLast(); velocityY.removeLast()
        targetX.removeLast(); targetY.removeLast()
        previousX.removeLast(); previousY.removeLast()
        springIndex.removeLast(); motion.removeLast(); atRest.removeLast()
        slotOfRow.removeLast()
        rowOfSlot[Int(entity.slot)] = -1
        generationOfSlot[Int(entity.slot)] &+= 1
        freeSlots.append(entity.slot)
    }

    /// The dense row of a live entity, or nil for a stale or foreign handle.
    @inlinable
    public func row(of entity: Entity) -> Int? {
        let s = Int(entity.slot)
        guard s < rowOfSlotCount, generation(ofSlot: s) == entity.generation else { return nil }
        let r = rowOf(slot: s)
        return r >= 0 ? r : nil
    }

    public func contains(_ entity: Entity) -> Bool { row(of: entity) != nil }

    /// The entity stored in `row` (for iterating rows and reporting by handle).
    public func entity(atRow row: Int) -> Entity {
        let slot = slotOfRow[row]
        return Entity(slot: slot, generation: generationOfSlot[Int(slot)])
    }

    @usableFromInline var rowOfSlotCount: Int { rowOfSlot.count }
    @usableFromInline func generation(ofSlot s: Int) -> UInt32 { generationOfSlot[s] }
    @usableFromInline func rowOf(slot s: Int) -> Int { Int(rowOfSlot[s]) }

    /// The row of `springs` holding `parameters`, adding it when new.
    public mutating func springID(_ parameters: SpringParameters) -> Int32 {
        if let i = springs.firstIndex(of: parameters) { return Int32(i) }
        springs.append(parameters)
        return Int32(springs.count - 1)
    }
}
