import ArgumentParser

/// `--window WxH`.
struct WindowSize: ExpressibleByArgument, Equatable {
    var width: Int
    var height: Int
    static let maxSide = 16384

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1...WindowSize.maxSide).contains(w), (1...WindowSize.maxSide).contains(h) else { return nil }
        width = w; height = h
    }

    /// For `transform:`: a bad size gets our message (the parser's own would be a generic
    /// "invalid value", or for "-5x10" a "missing value", as it reads a leading dash as a flag).
    static func parse(_ argument: String) throws -> WindowSize {
        guard let size = WindowSize(argument: argument) else {
            throw ValidationError("--window must be WIDTHxHEIGHT with each side from 1 to \(maxSide), e.g. 1280x720 (got '\(argument)')")
        }
        return size
    }

    static var defaultValueDescription: String { "WIDTHxHEIGHT, e.g. 1280x720" }
}
