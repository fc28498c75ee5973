#!/usr/bin/env bash
# Runs the real windowed app (X11 video driver, no --headless) once under a virtual display and
# saves what it showed: the check that the SDL window path works without a physical screen.
#   scripts/xvfb-smoke.sh [OUT_DIR] [extra elastic play flags…]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-out/xvfb}; shift || true
scripts/install-deps.sh --xvfb
swift build
source scripts/lib/scenes.sh
source scripts/lib/displays.sh
displays_init
start_xvfb 1280x720
mkdir -p "$out"
for scene in wave-pull gooey-menu; do
  echo "xvfb: $scene" >&2
  on_xvfb .build/debug/elastic play --scene "$scene" --replay "$(scene_replay "$scene")" --seconds 1.3 \
      --screenshot "$out/$scene.png" --stats "$out/$scene.csv" "$@"
done
echo "xvfb: screenshots in $out" >&2
