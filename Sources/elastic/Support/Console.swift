import Foundation

/// Messages for the user on standard error (standard output carries data: CSV, summaries).
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// A line of data on standard output, written at once (not held in stdio's buffer), so a long
/// run's results appear as they come and in order with what goes to standard error.
func printNow(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
