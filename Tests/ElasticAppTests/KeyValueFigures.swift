import Testing

/// The `key=value` figures of one line a tool prints (the soak's summary, the SDL-calls shim's
/// counts). A figure a check reads must be there: one missing or not a number fails the test, so
/// a check on it cannot pass for want of the figure.
struct KeyValueFigures {
    var values: [String: String] = [:]
    /// What the line is, for the failure's message ("the soak's line").
    var source: String

    init(_ line: Substring, from source: String) {
        self.source = source
        for field in line.split(whereSeparator: \.isWhitespace) {
            let kv = field.split(separator: "=", maxSplits: 1)
            if kv.count == 2 { values[String(kv[0])] = String(kv[1]) }
        }
    }

    func int(_ key: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        try #require(values[key].flatMap { Int($0) }, "\(values["scene"] ?? "?"): no \(key)=<integer> in \(source)",
                     sourceLocation: sourceLocation)
    }
}
