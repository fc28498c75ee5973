#!/usr/bin/env bash
# Runs the whole test suite: unit tests of the core, scene tests, and end-to-end tests of the
# real binary run headless (SDL's dummy video driver, software renderer; no display needed) and one
# in a real window under Xvfb dragged with xdotool (installed by --tests, with ffmpeg for the video tests); then, when run without
# arguments, the windowed checks (real windows on X11 and Wayland, each on a virtual display of its
# own: scripts/windowed-check.sh), and the .deb built, unpacked and run from elsewhere
# (scripts/package-check.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --tests
# The end-to-end tests run the binary, so build it first; then the tests.
swift build
swift test "$@"
if [ $# -eq 0 ]; then
  scripts/windowed-check.sh
  scripts/package-check.sh
fi
