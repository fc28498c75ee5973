#!/usr/bin/env bash
# Instructions per frame for each scene, counted by valgrind's callgrind: repeatable for the same
# binary and inputs whatever else the machine is doing (wall-clock benchmarks on a shared 2-core
# VM vary by ±40 % between runs). Runs the release binary headless (dummy driver, software
# renderer) on each scene's replay for 3 simulated seconds (181 frames) and prints, per frame:
#   draw   the scene's `draw` (tessellation and vertex building)
#   hint   the on-screen key hint (KeyHint.draw)
#   steps  the scene's fixed steps (4 per frame at 240 Hz)
#   own    draw + hint + steps: the app's own work
#   sdl    SDLFrontEnd.render (the compositor, or SDL's renderer)
#   frame  the whole frame
#
#   scripts/count-instructions.sh [--window WxH] [--moving | --replays DIR] [--seconds S] [SCENE…]
#       (default: 1280x720, each scene's replay in scripts/lib/scenes.tsv, 3 s, all five scenes;
#       about a minute each)
#       --moving plays each scene's moving replay (every frame changes) instead
#       --replays DIR plays DIR/SCENE.jsonl instead of each scene's replay
#   ELASTIC_BIN=path/to/elastic scripts/count-instructions.sh …   (another build, e.g. an older one)
set -euo pipefail
cd "$(dirname "$0")/.."

command -v valgrind >/dev/null || { echo "count-instructions: needs valgrind (apt-get install valgrind)" >&2; exit 1; }
scripts/install-deps.sh
bin=${ELASTIC_BIN:-.build/release/elastic}
if [ -z "${ELASTIC_BIN:-}" ]; then
  echo "count-instructions: building the release binary…" >&2
  swift build -c release >&2
fi

source scripts/lib/scenes.sh
window=1280x720 replays= seconds=3 pick=scene_replay
while [ $# -gt 0 ]; do
  case $1 in
    --window) window=$2; shift 2 ;;
    --replays) replays=$2; shift 2 ;;
    --moving) pick=scene_moving; shift ;;
    --seconds) seconds=$2; shift 2 ;;
    *) break ;;
  esac
done
[[ $window =~ ^[0-9]+x[0-9]+$ ]] || { echo "count-instructions: --window wants WxH, got '$window'" >&2; exit 2; }
[[ $seconds =~ ^[0-9]+$ ]] || { echo "count-instructions: --seconds wants whole seconds, got '$seconds'" >&2; exit 2; }
scenes=("$@")
[ ${#scenes[@]} -gt 0 ] || mapfile -t scenes < <(scenes_list)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

printf '%-15s %9s %9s %9s %9s %11s %11s\n' scene draw hint steps own sdl frame
for scene in "${scenes[@]}"; do
  script=$("$pick" "$scene") || exit 2
  [ -z "$replays" ] || script=$replays/$scene.jsonl
  [ -f "$script" ] || { echo "count-instructions: no replay $script" >&2; exit 2; }
  SDL_VIDEODRIVER=dummy valgrind --tool=callgrind --callgrind-out-file="$out/$scene.cg" \
    "$bin" play --headless --scene "$scene" --replay "$script" \
    --window "$window" --seconds "$seconds" >/dev/null 2>&1
  callgrind_annotate --inclusive=yes --threshold=100 --auto=no "$out/$scene.cg" > "$out/$scene.txt" 2>/dev/null
  # Inclusive counts of one function, by a pattern of its mangled name.
  count() { grep -m1 -E "$1" "$out/$scene.txt" | awk '{gsub(",", "", $1); print $1}'; }
  frames=$((seconds * 60 + 1))
  draw=$(count 'DP4draw4into.*TW'); hint=$(count '7KeyHintV4draw'); steps=$(count 'DP4step2dt.*TW')
  sdl=$(count 'SDLFrontEndC6render_5scale'); frame=$(count 'GameLoopC8runFrame')
  printf '%-15s %9d %9d %9d %9d %11d %11d\n' "$scene" $((draw / frames)) $((hint / frames)) $((steps / frames)) \
    $(((draw + hint + steps) / frames)) $((sdl / frames)) $((frame / frames))
done
