import Foundation

/// Which font labels are drawn with, and what to tell the user when it is not the one asked for.
public struct FontSearch: Sendable {
    /// The first readable candidate, or nil: labels are not drawn.
    public let path: String?
    /// Why the font is not the one asked for, or why there is none; nil when all is well.
    public let problem: String?

    /// Where fonts are looked for, in order: `ELASTIC_FONT`, the repository's assets, Debian's
    /// fonts-dejavu-core.
    public static func candidates(environment: [String: String], currentDirectory: String) -> [String] {
        var list: [String] = []
        if let wanted = environment["ELASTIC_FONT"], !wanted.isEmpty { list.append(wanted) }
        list.append(currentDirectory + "/assets/fonts/DejaVuSans.ttf")
        list.append("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        return list
    }

    public init(environment: [String: String] = ProcessInfo.processInfo.environment,
                currentDirectory: String = FileManager.default.currentDirectoryPath,
                isReadable: (String) -> Bool = { FileManager.default.isReadableFile(atPath: $0) }) {
        let candidates = Self.candidates(environment: environment, currentDirectory: currentDirectory)
        let found = candidates.first(where: isReadable)
        path = found
        if found == nil {
            problem = "no font found (looked at \(candidates.joined(separator: ", "))): labels are not drawn. "
                + "Install one with `apt-get install fonts-dejavu-core` or set ELASTIC_FONT to a .ttf file."
        } else if let found, let wanted = environment["ELASTIC_FONT"], !wanted.isEmpty, found != wanted {
            problem = "ELASTIC_FONT=\(wanted) cannot be read; using \(found) instead"
        } else {
            problem = nil
        }
    }
}
