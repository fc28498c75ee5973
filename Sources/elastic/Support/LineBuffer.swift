import ElasticStats

/// Lines for an `OutputFile`, gathered and written 64 KiB at a time (a write that fails part-way
/// keeps every whole line that fitted). What `--trace` and `--trace-draw` write through.
final class LineBuffer {
    let file: OutputFile
    private var text = ""

    init(_ file: OutputFile) {
        self.file = file
        text.reserveCapacity(1 << 16)
    }

    func append(_ lines: String) {
        text += lines
        if text.utf8.count >= 1 << 16 { flush() }
    }

    func flush() {
        file.write(text)
        text.removeAll(keepingCapacity: true)
    }

    /// The run begins: a file that existed is emptied (see OutputFile.start).
    func start() { file.start() }

    /// The run never started: removes the file if this run created it.
    func discard() {
        text.removeAll()
        file.discard()
    }

    /// Writes what is left and closes the file.
    func close() {
        flush()
        file.close()
    }
}
