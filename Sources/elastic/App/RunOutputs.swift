import ElasticStats

/// The files a run writes, opened by `play` before the loop starts (after every path was checked,
/// see RunFiles) and closed by the loop at its end.
struct RunOutputs {
    var trace: TraceWriter?
    var inputRecorder: OutputFile?
    var stats: FrameStatsRecorder?
    var video: VideoEncoder?
    var drawTrace: DrawTraceWriter?

    /// The run begins: files that existed are emptied only now.
    func start() {
        trace?.start()
        inputRecorder?.start()
        drawTrace?.start()
    }

    /// The run never began: closes the streams and removes the files this run created (a file
    /// that existed is left as it was).
    func discard() {
        trace?.discard()
        inputRecorder?.discard()
        video?.discard()
        drawTrace?.discard()
    }
}
