#!/usr/bin/env bash
# Runs the tests under the address and/or thread sanitizer, each in its own scratch path
# (.build-asan, .build-tsan), and prints how long each took.
#   scripts/sanitize.sh [address] [thread]      (default: both)
#   SANITIZE_ALL=1 scripts/sanitize.sh …        (the whole suite, not the sample below)
# The library targets' tests run whole. Of the app's tests, which mostly drive the binary, a sample
# chosen by the code it reaches runs (below): under ASan, every part of Sources/elastic and
# ElasticSDL is reached by one of them, and the suites left out drive the same code again at other
# sizes or times; under TSan, which finds races, the suites that reach the code running on more
# than one thread (the compositor's band worker, the signal trap, the video frame pipe).
# The end-to-end tests run the sanitized binary too. LeakSanitizer is on, with suppressions for
# leaks inside the toolchain's libraries (scripts/lsan.supp). ELASTIC_SANITIZER (address or thread)
# tells the soak test not to hold resident memory to 1 MiB (ASan's quarantine keeps freed memory
# resident) and skips the ulimit -f test under TSan (its runtime dies of SIGBUS at start there).
set -euo pipefail
cd "$(dirname "$0")/.."
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export TSAN_OPTIONS="halt_on_error=0${TSAN_OPTIONS:+:$TSAN_OPTIONS}"
libraries=(ElasticCoreTests ElasticRasterTests ElasticScenesTests ElasticStatsTests ElasticSDLTests)
address_app=(
    WindowFaultTests      # in-process: SDLFrontEnd, the game loop, damage and coverage through SDL, labels
    PlayHeadlessTests     # play's command line, headless runs, stats, trace and screenshot outputs
    MovingReplayTests     # every scene moving in the binary
    SignalStopTests       # the signal trap and stopping with the summary written
    RobustnessTests       # bad flags and files, full disks, the spring inspector's extremes
    OutputSafetyTests     # run files: nothing half-written, inputs never clobbered
    SpecialPathTests      # special files for every path option
    AssetLocatorTests     # finding the assets from the binary's place
    TourTests             # the tour and its captions
    OverlayTests          # the key hint and toasts
    VideoExportTests      # video: the frame pipe to ffmpeg and its checks
    SpringCommandTests    # elastic spring: milestones and plots
    StatsRecordingTests   # play --stats: locks, fifos, formats
    SoakTests             # soak: random input in every scene
    OpenGLCoverageTests   # the OpenGL renderer through EGL
    DrawTraceTests        # --draw-trace
)
thread_app=(
    WindowFaultTests      # the band worker beside the game loop, in-process (1920x1080 frames)
    MovingReplayTests     # every scene moving in the binary
    SignalStopTests       # signals arriving while frames run
    VideoExportTests      # the frame pipe's writer thread
)
# filter APP_SUITES…: the library targets' tests and those of the app's suites.
filter() { echo "^($(IFS='|'; echo "${libraries[*]}"))\.|^ElasticAppTests\.($(IFS='|'; echo "$*"))[/.]"; }
sanitizers=("$@"); [ ${#sanitizers[@]} -eq 0 ] && sanitizers=(address thread)
for s in "${sanitizers[@]}"; do
    case "$s" in
        address) dir=.build-asan; sample=$(filter "${address_app[@]}") ;;
        thread) dir=.build-tsan; sample=$(filter "${thread_app[@]}") ;;
        *) echo "unknown sanitizer $s" >&2; exit 2 ;;
    esac
    [ -n "${SANITIZE_ALL:-}" ] && sample=.
    export ELASTIC_SANITIZER="$s"
    start=$(date +%s)
    swift build --scratch-path "$dir" --sanitize="$s" --build-tests
    built=$(date +%s)
    swift test --scratch-path "$dir" --sanitize="$s" --skip-build --filter "$sample"
    echo "sanitize $s: build $((built - start)) s, tests $(( $(date +%s) - built )) s" >&2
done
