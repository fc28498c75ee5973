#!/usr/bin/env bash
# What presenting costs in a real window: the windowed app (X11 driver) under Xvfb, vsync off,
# per scene and window size, with the mean present_ms, submit_ms and damaged pixels per frame from
# the stats. Pass a second binary to compare it with in the same session:
#   scripts/present-xvfb.sh [ELASTIC_BIN [OTHER_BIN]]
# Scenes run their replay at --scale 1, so the moving content is the same size at every window size.
# Columns: frames (after the first 5), mean present_ms and submit_ms over all of them, mean
# damaged_px, how many frames changed something, and the mean present_ms of those.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --xvfb
bins=("${1:-.build/release/elastic}")
[ -n "${2:-}" ] && bins+=("$2")
[ -x "${bins[0]}" ] || swift build -c release --product elastic >&2
source scripts/lib/scenes.sh
source scripts/lib/displays.sh
displays_init
out=$(mktemp -d "$DISPLAYS_DIR/present.XXXXXX")
start_xvfb 3840x2160
printf '%-14s %-10s %-24s %7s %9s %9s %11s %8s %9s\n' scene window binary frames present submit damaged_px changed "present*"
for name in $(scenes_list); do
  replay=$(scene_replay "$name")
  for size in 1280x720 1920x1080 3840x2160; do
    for bin in "${bins[@]}"; do
      csv="$out/$name-$size.csv"
      rm -f "$csv" "${csv%.csv}.summary.json"
      on_xvfb "$bin" play --scene "$name" --replay "$replay" --window "$size" \
        --scale 1 --no-vsync --no-hint --seconds 4 --stats "$csv" >/dev/null 2>&1 || { echo "present-xvfb: $bin failed" >&2; exit 1; }
      python3 - "$csv" "$name" "$size" "$bin" <<'PY'
import csv, sys, statistics
path, name, size, binary = sys.argv[1:]
rows = [r for r in csv.DictReader(l for l in open(path) if not l.startswith("#"))][5:]
def mean(key, rs): return statistics.mean(float(r[key]) for r in rs) if rs and key in rs[0] else float("nan")
# "changed": frames that redrew something; "present*": their mean present (a whole-frame
# renderer redraws every frame, so there it is every frame's).
changed = [r for r in rows if float(r.get("damaged_px", "1") or 1) > 0]
print(f"{name:<14} {size:<10} {binary[-24:]:<24} {len(rows):>7} {mean('present_ms', rows):>9.3f} {mean('submit_ms', rows):>9.3f} "
      f"{mean('damaged_px', rows):>11.0f} {len(changed):>8} {mean('present_ms', changed):>9.3f}")
PY
    done
  done
done
