/// A stats file that cannot be written or read, or a summary that cannot be computed.
/// The description is the whole message for the user: it names the path and the reason.
public struct StatsError: Error, CustomStringConvertible, Equatable, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }

    /// The summary of zero frames.
    public static let noFrames = StatsError("no frames recorded")
}
