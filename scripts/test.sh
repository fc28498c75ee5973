#!/usr/bin/env bash
# Runs the whole test suite: unit tests of the core, scene tests, and end-to-end tests of the
# real binary run headless (SDL's dummy video driver, software renderer; no display needed) and one
# in a real window under Xvfb dragged with xdotool (installed by --tests, with ffmpeg for the video tests); then, when run without
# arguments, the windowed checks (real windows on X11 and Wayland, each on a virtual display of its
# own: scripts/windowed-check.sh) with the .deb's release build beside them, and the .deb
# unpacked and run from elsewhere (scripts/package-check.sh). Ends with each phase's time.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s) last=$(date +%s) phases=()
phase() { local now; now=$(date +%s); phases+=("$1 $((now - last)) s"); last=$now; }
report() { echo "test.sh: $(printf '%s, ' "${phases[@]}" | sed 's/, $//'); total $(( $(date +%s) - started )) s" >&2; }

# Without arguments the windowed checks run too: their packages are installed here, up front.
scripts/install-deps.sh --tests $([ $# -eq 0 ] && echo --windowed)
phase set-up
# The end-to-end tests run the binary: one build makes it and the tests.
swift build --build-tests
phase build
swift test --skip-build "$@"
phase "swift test"
if [ $# -eq 0 ]; then
  # The windowed runs mostly wait on real time: the package's release build (its own scratch
  # path) uses the cores meanwhile, niced so that the windows keep their pace.
  mkdir -p out
  nice -n 10 scripts/package-deb.sh >out/package-deb.log 2>&1 &
  package=$!
  trap 'kill $(jobs -p) 2>/dev/null || true' EXIT
  windowed=0 built=0
  scripts/windowed-check.sh || windowed=$?
  wait "$package" || built=$?
  phase "windowed checks beside the package build"
  if [ "$built" -ne 0 ]; then
    tail -n 40 out/package-deb.log >&2
    echo "test.sh: the package build failed (out/package-deb.log)" >&2
    report; exit 1
  fi
  checked=0
  scripts/package-check.sh "$(tail -n 1 out/package-deb.log)" || checked=$?
  phase "package check"
  report
  [ "$windowed" -eq 0 ] && [ "$checked" -eq 0 ]
else
  report
fi
