import ElasticStats

/// The files a run writes, opened by `play` before the loop starts (so a path that cannot be
/// written stops the run before anything else is created) and closed by the loop at its end.
struct RunOutputs {
    var trace: TraceWriter?
    var inputRecorder: OutputFile?
    var stats: FrameStatsRecorder?
}
