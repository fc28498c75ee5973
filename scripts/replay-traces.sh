#!/usr/bin/env bash
# Plays every replay in assets/replays headless and writes its --trace CSV and last-frame
# screenshot to DIR; with --compare REF, then compares them byte for byte with an earlier run.
# Used to show that a refactor of the frame path changes no output:
#   scripts/replay-traces.sh /tmp/before            # before the change
#   scripts/replay-traces.sh /tmp/after --compare /tmp/before
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: scripts/replay-traces.sh DIR [--compare REF]}
ref=""
if [ "${2:-}" = "--compare" ]; then ref=${3:?--compare needs a folder}; fi
bin=${ELASTIC_BIN:-.build/debug/elastic}
[ -x "$bin" ] || swift build >/dev/null
source scripts/lib/scenes.sh
mkdir -p "$out"
for replay in assets/replays/*.jsonl; do
  name=$(basename "$replay" .jsonl)
  scene=$(scene_of_replay "$replay")
  "$bin" play --headless --scene "$scene" --window 1280x720 --replay "$replay" \
    --trace "$out/$name.csv" --screenshot "$out/$name.png" \
    --screenshot-at 0.6 --screenshot-at 1.2 --screenshot-at 2.5 >"$out/$name.out" 2>/dev/null
done
if [ -n "$ref" ]; then
  status=0
  for f in "$ref"/*.csv "$ref"/*.png "$ref"/*.out; do
    if ! cmp -s "$f" "$out/$(basename "$f")"; then echo "differs: $(basename "$f")"; status=1; fi
  done
  [ $status -eq 0 ] && echo "all $(ls "$ref" | wc -l) files identical"
  exit $status
fi
