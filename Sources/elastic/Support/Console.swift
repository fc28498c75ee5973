import Foundation

/// Messages for the user on standard error (standard output carries data: CSV, summaries).
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
