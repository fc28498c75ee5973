#!/usr/bin/env bash
# Sets up and runs the demo: installs SDL2 when missing, builds a release binary and starts
# `elastic play` (full-screen; Esc quits). Extra arguments go to `elastic play`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
echo "elastic: building (release)…" >&2
swift build -c release
bin=.build/release/elastic
if [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [[ " $* " != *" --headless "* ]]; then
  source scripts/lib/scenes.sh
  cat >&2 <<MSG
elastic: no display found (neither DISPLAY nor WAYLAND_DISPLAY is set).
  Run it headless instead, e.g.:
    $bin play --headless --replay $(scene_replay wave-pull) --screenshot out/wave.png
  or in a virtual display (the real window, screenshots saved to out/xvfb/):
    scripts/xvfb-smoke.sh
MSG
  exit 1
fi
exec "$bin" play "$@"
