/// A user-facing error: printed as is.
struct ValidationFailure: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}
