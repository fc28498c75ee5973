#!/usr/bin/env bash
# SDL drawing calls the app makes per replay, counted by an LD_PRELOAD shim over SDL's exported
# drawing functions (scripts/lib/sdl-calls.c): geometry (SDL_RenderGeometry*), copies
# (SDL_RenderCopy*, labels SDL blits), fills (SDL_RenderFillRect*, SDL_FillRect), clears, blits
# (SDL_UpperBlit*), and the presents (SDL_RenderPresent, SDL_UpdateWindowSurface*). The first
# two frames are left out (start-up draws the whole window). SDL's own internal calls are not
# counted: only what the app asks of SDL. Headless (dummy driver, software renderer).
#   scripts/count-sdl-calls.sh [--window WxH] [--scale S] [--moving] [SCENE…]
#       (default: 1280x720, each scene's replay in scripts/lib/scenes.tsv; --moving: its moving replay)
#   ELASTIC_BIN=path/to/elastic scripts/count-sdl-calls.sh …   (default: the debug build)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/scenes.sh
window=1280x720 scale=auto pick=scene_replay
while [ $# -gt 0 ]; do
  case $1 in
    --window) window=$2; shift 2 ;;
    --scale) scale=$2; shift 2 ;;
    --moving) pick=scene_moving; shift ;;
    *) break ;;
  esac
done
bin=${ELASTIC_BIN:-.build/debug/elastic}
[ -n "${ELASTIC_BIN:-}" ] || swift build >&2
mkdir -p out
cc -shared -fPIC -O2 -o out/sdl-calls.so scripts/lib/sdl-calls.c -ldl
printf '%-16s %-32s %s\n' scene replay counts
for scene in ${@:-$(scenes_list)}; do
  replay=$($pick "$scene")
  SDL_CALLS_OUT=out/sdl-calls.txt LD_PRELOAD=$PWD/out/sdl-calls.so SDL_VIDEODRIVER=dummy \
    "$bin" play --headless --scene "$scene" --window "$window" --scale "$scale" --replay "$replay" >/dev/null 2>out/sdl-calls.log \
    || { cat out/sdl-calls.log >&2; exit 1; }
  printf '%-16s %-32s %s\n' "$scene" "$(basename "$replay" .jsonl)" "$(cat out/sdl-calls.txt)"
done
