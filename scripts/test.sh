#!/usr/bin/env bash
# Runs the whole test suite: unit tests of the core, scene tests, and end-to-end tests of the
# real binary run headless (SDL's dummy video driver, software renderer; no display needed), and
# one in a real window under Xvfb dragged with xdotool (both installed by --xvfb).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --xvfb
# The end-to-end tests run the binary, so build it first; then the tests.
swift build
swift test "$@"
