import ElasticCore

/// What a key does. The driver takes the scene switches, hands the app's keys back (`appKeys`) and
/// passes the rest to the scene.
public enum KeyAction: Sendable, Equatable {
    /// The scene's own (Space presses its main control; sticky-refresh's s and f).
    case scene
    /// Switches to the scene at this index (1–5), or the next one (Tab).
    case switchScene(Int), nextScene
    case quit, toggleHud
    /// Live spring tuning: one step down (−1) or up (+1) of the main spring's duration or damping ratio.
    case springDuration(Double), springDamping(Double)
    /// Writes the tuned springs to their file.
    case writeSprings

    /// Whether the app handles it (the driver hands it back in `appKeys`).
    public var isApp: Bool {
        switch self {
        case .quit, .toggleHud, .springDuration, .springDamping, .writeSprings: true
        case .scene, .switchScene, .nextScene: false
        }
    }
}

/// One row of the key table: keys that share a purpose, written one way for the hint, `--help`
/// and the README.
public struct KeyBinding: Sendable {
    /// Where the key hint shows the row: nowhere, only in its full line, or in its short one too.
    public enum HintLine: Sendable { case none, full, short }

    public let keys: [(key: Key, action: KeyAction)]
    /// The keys as written: "Esc", "1–5", "[ ]".
    public let label: String
    /// What they do in a word or two, for the hint ("scenes").
    public let brief: String
    /// What they do, for `--help` and the README.
    public let help: String
    public let hint: HintLine
}

/// Every key the app understands, in the order `--help` and the README list them: the one table
/// the driver, the loop, the key hint, `--help` and the README's controls follow.
public enum KeyTable {
    /// The step the tuning keys move a spring's duration or damping ratio by.
    public static let tuningStep = 0.05

    public static let bindings: [KeyBinding] = [
        KeyBinding(keys: [(.space, .scene)], label: "Space", brief: "the main control",
                   help: "presses the scene's main control", hint: .none),
        KeyBinding(keys: [(.one, .switchScene(0)), (.two, .switchScene(1)), (.three, .switchScene(2)), (.four, .switchScene(3)),
                          (.five, .switchScene(4))],
                   label: "1–5", brief: "scenes", help: "switches to that scene: " + SceneCatalog.names.joined(separator: ", "), hint: .full),
        KeyBinding(keys: [(.tab, .nextScene)], label: "Tab", brief: "scenes", help: "switches to the next scene", hint: .short),
        KeyBinding(keys: [(.f1, .toggleHud)], label: "F1", brief: "HUD", help: "shows or hides the HUD", hint: .full),
        KeyBinding(keys: [(.escape, .quit)], label: "Esc", brief: "quit", help: "quits", hint: .short),
        KeyBinding(keys: [(.leftBracket, .springDuration(-1)), (.rightBracket, .springDuration(1))], label: "[ ]",
                   brief: "duration", help: "live tuning: the scene's main spring's duration −/+ \(tuningStep) s", hint: .none),
        KeyBinding(keys: [(.minus, .springDamping(-1)), (.equals, .springDamping(1))], label: "- =",
                   brief: "damping", help: "live tuning: the main spring's damping ratio −/+ \(tuningStep)", hint: .none),
        KeyBinding(keys: [(.w, .writeSprings)], label: "w", brief: "write springs",
                   help: "writes the tuned springs to --springs FILE (springs.json when none was given)", hint: .none),
        KeyBinding(keys: [(.s, .scene), (.f, .scene)], label: "s f", brief: "refresh outcome",
                   help: "sticky-refresh: the next refresh succeeds (s) or fails (f)", hint: .none),
    ]

    /// What `key` does; keys not in the table are the scene's.
    public static func action(for key: Key) -> KeyAction {
        for binding in bindings {
            if let found = binding.keys.first(where: { $0.key == key }) { return found.action }
        }
        return .scene
    }

    /// The key hint's line: rows on it with the same purpose joined ("1–5 / Tab: scenes"), then
    /// separated by three spaces.
    public static func hintLine(short: Bool) -> String {
        var parts: [(labels: [String], brief: String)] = []
        for binding in bindings where binding.hint == .short || (!short && binding.hint == .full) {
            if parts.last?.brief == binding.brief { parts[parts.count - 1].labels.append(binding.label) }
            else { parts.append(([binding.label], binding.brief)) }
        }
        return parts.map { $0.labels.joined(separator: " / ") + ": " + $0.brief }.joined(separator: "   ")
    }

    /// One line per row, as the README's controls list them: `- **Esc**: quits`.
    public static var markdownLines: [String] {
        bindings.map { "- **\($0.label)**: \($0.help)" }
    }

    /// The rows for `--help`, aligned.
    public static var helpText: String {
        let width = bindings.map(\.label.count).max() ?? 0
        return bindings.map { "  " + $0.label + String(repeating: " ", count: width - $0.label.count) + "  " + $0.help }
            .joined(separator: "\n")
    }
}
