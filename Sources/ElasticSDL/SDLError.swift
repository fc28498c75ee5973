import CSDL2

/// A failed SDL call, with SDL's own message.
public struct SDLError: Error, CustomStringConvertible {
    public let message: String
    public init(_ what: String) {
        let detail = String(cString: SDL_GetError())
        message = detail.isEmpty ? what : "\(what): \(detail)"
    }
    public init(message: String) { self.message = message }
    public var description: String { message }
    func adding(_ advice: String) -> SDLError { SDLError(message: message + advice) }
}
