#!/usr/bin/env bash
# Real windows: every scene, with the default flags and each --renderer (auto, software, opengl),
# under Xvfb (X11) and under weston nested in Xvfb (Wayland, pixman renderer, no GPU), plus the
# default flags on a weston output of scale 2 (HiDPI). Each windowed run is checked twice:
#   1. its screenshot (the frame as drawn) against a headless run of the same renderer, same size
#      and same simulated time;
#   2. the display's pixels grabbed from the X server while the window shows (what was actually
#      presented: by X11, or by weston's compositor for Wayland) against that screenshot.
# Tolerances are explained in docs/testing.md ("The windowed checks"). The headless references run
# two at a time, then X11, Wayland and Wayland at scale 2 run side by side, each on displays of its
# own: the runs mostly wait on real time, so the three together take about as long as the longest.
#   scripts/windowed-check.sh [OUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-out/windowed}
scripts/install-deps.sh --windowed
swift build >/dev/null
bin=.build/debug/elastic
source scripts/lib/scenes.sh
source scripts/lib/displays.sh
mkdir -p "$out"
rm -f "$out"/*.png "$out"/*.log
: >"$out/failures"; : >"$out/runs"
scenes=(${SCENES:-$(scenes_list)})
seconds=1.5
# Tolerances (max channel difference): 0 at rest, for every renderer. The software renderer writes
# the same bytes windowed and headless; a GL renderer is the same llvmpipe on the same CPU in both
# (window surface against pbuffer), and measured identical. After motion (the replays) 1 level: a
# spring is at rest within 0.005 pt of its target and only then snaps to it, and a live window's
# last frame before it goes idle may be drawn from the step before the snap: an edge 0.005 px off
# changes its coverage by at most 0.005 × 255 ≈ 1.3 levels, up to 2 once each side is rounded to
# a whole level (the GL renderers' fringe shows 2, measured).
rest_delta=2
ignore=
started=$(date +%s)

# Failures and runs are counted in files, as the checks run in background jobs.
fail() { echo "windowed-check: FAIL $*" >&2; echo "$*" >>"$out/failures"; }

# at_most N: waits until fewer than N of this shell's background jobs run.
at_most() { while [ "$(jobs -rp | wc -l)" -ge "$1" ]; do wait -n || true; done; }
trap 'kill $(jobs -p) 2>/dev/null || true' EXIT

compare() {  # label a b max_delta [max_pixels [imgdiff flags…]]
  local verdict label=$1 a=$2 b=$3 delta=$4 pixels=${5:-2147483647}
  shift 5 2>/dev/null || shift $#
  if verdict=$(python3 scripts/lib/imgdiff.py "$a" "$b" --max-delta "$delta" --max-pixels "$pixels" "$@"); then
    echo "  $label: $verdict"
  else
    fail "$label: $verdict ($a vs $b)"
  fi
}

# Headless references: the 1280×720 window the full-screen app gets on a 1280×720 display, and
# 2560×1440 at UI scale 2 (a 1280×720 window on a scale-2 output: 2 pixels per point).
for scene in "${scenes[@]}"; do
  for r in software opengl; do
    at_most 2
    { timeout 60 "$bin" play --headless --window 1280x720 --renderer "$r" --scene "$scene" --seconds "$seconds" \
        --screenshot "$out/headless-$r-$scene.png" >"$out/headless-$r-$scene.log" 2>&1 \
        || fail "headless $r $scene (see $out/headless-$r-$scene.log)"; } &
  done
  at_most 2
  { timeout 60 "$bin" play --headless --window 2560x1440 --scale 2 --renderer software --scene "$scene" --seconds "$seconds" \
      --screenshot "$out/headless-hidpi-$scene.png" >"$out/headless-hidpi-$scene.log" 2>&1 \
      || fail "headless hidpi $scene (see $out/headless-hidpi-$scene.log)"; } &
done

# Motion, so that damaged-rectangle uploads are exercised: replays that end at rest (the block
# launched to its new place; the wave pulled and sprung back), with no overlays (a toast fades on
# its own clock), compared once everything has settled.
replays=()
for s in jelly-block wave-pull; do replays+=("$(basename "$(scene_replay "$s")" .jsonl):$s"); done
replay_seconds=3.5
for pair in "${replays[@]}"; do
  for r in software opengl; do
    at_most 2
    { timeout 60 "$bin" play --headless --window 1280x720 --renderer "$r" --scene "${pair#*:}" --no-hint --seconds "$replay_seconds" \
        --replay "assets/replays/${pair%%:*}.jsonl" --screenshot "$out/headless-$r-${pair%%:*}.png" \
        >"$out/headless-$r-${pair%%:*}.log" 2>&1 || fail "headless $r ${pair%%:*} (see $out/headless-$r-${pair%%:*}.log)"; } &
  done
done
wait

# windowed NAME DRIVER GRAB_DISPLAY GRAB_SIZE REFERENCE_PREFIX [elastic play flags…]
# Runs the app full-screen (default flags) in the background, grabs the display once its first
# frame is on screen, and compares.
windowed() {
  local name=$1 driver=$2 grab_display=$3 size=$4 ref=$5; shift 5
  local log="$out/$name.log" shot="$out/$name.png" grab="$out/$name-grab.png"
  echo "$name" >>"$out/runs"
  SDL_VIDEODRIVER=$driver timeout 60 "$bin" play --seconds "${run_seconds:-$seconds}" --screenshot "$shot" "$@" >"$log" 2>&1 &
  local app=$!
  displays_wait grep -qs "first frame on screen" "$log" || true
  sleep "${grab_after:-0.5}"  # the frames after the first (the scene then rests: idle, nothing redrawn)
  ffmpeg -loglevel error -y -f x11grab -draw_mouse 0 -video_size "$size" -i "$grab_display" -frames:v 1 "$grab" \
    || fail "$name: cannot grab $grab_display"
  if ! wait "$app"; then fail "$name: elastic play failed (see $log)"; return; fi
  local used
  used=$(sed -n 's/^elastic: video driver \([a-z0-9]*\), renderer \([a-z0-9]*\) .*/\1 \2/p' "$log")
  echo "$name: $used"
  [ "${used%% *}" = "$driver" ] || { fail "$name: ran on '${used%% *}', not $driver"; return; }
  local renderer=${used#* } delta=0
  [ -z "${run_seconds:-}" ] || delta=$rest_delta
  case $ref in *-hidpi) ;; *.png) ref=${ref/RENDERER/$renderer} ;; *) ref="$ref-$renderer-$scene.png" ;; esac
  case $ref in *-hidpi) ref="$ref-$scene.png" ;; esac
  # A moving run on Wayland is paced by the compositor's vsync (the software path's presenter too),
  # never by a timer on top of it; the line states the rate measured when it is off the display's.
  if [ "$driver" = wayland ] && [ -n "${run_seconds:-}" ] && ! grep -q "^elastic: pacing: vsync" "$log"; then
    fail "$name: not paced by the compositor's vsync: $(grep -m1 'pacing:' "$log" | tail -c 160)"
  fi
  compare "screenshot vs headless" "$shot" "$ref" "$delta"
  compare "presented vs screenshot" "$grab" "$shot" 0 0 ${ignore:+--ignore "$ignore"}
}

replay_runs() {  # NAME_PREFIX DRIVER GRAB_DISPLAY (environment for the driver already set)
  local pair r
  for pair in "${replays[@]}"; do
    for r in auto opengl; do
      run_seconds=$replay_seconds grab_after=3 windowed "$1-$r-${pair%%:*}" "$2" "$3" 1280x720 \
        "$out/headless-RENDERER-${pair%%:*}.png" --scene "${pair#*:}" --renderer "$r" --no-hint \
        --replay "assets/replays/${pair%%:*}.jsonl"
    done
  done
}

# `elastic bench --validate` in a window on this desktop, at 1280x720 and 3840x2160 (UI scale 3):
# every benchmark's reference frames, bit for bit, as the software path draws them into the window.
bench_validate() {  # NAME DRIVER
  local window name log
  for window in 1280x720 3840x2160; do
    name="$1-bench-validate-$window" log="$out/$1-bench-validate-$window.log"
    echo "$name" >>"$out/runs"
    if SDL_VIDEODRIVER=$2 timeout 120 "$bin" bench --validate --renderer software --window "$window" >"$log" 2>&1 \
        && [ "$(grep -c 'Validation: Success' "$log")" -eq "$(bench_count)" ]; then
      echo "$name: $(grep -c 'Validation: Success' "$log") benchmarks validated"
    else
      fail "$name: elastic bench --validate failed (see $log)"
    fi
  done
}
bench_count() { "$bin" bench --list | grep -c '^  [a-z-]*\(:[^ ]*\)\?$'; }

x11_runs() {
  start_xvfb 1280x720; local x11=$XVFB_DISPLAY r
  for scene in "${scenes[@]}"; do
    for r in auto software opengl; do
      on_xvfb windowed "x11-$r-$scene" x11 "$x11" 1280x720 "$out/headless" --scene "$scene" --renderer "$r"
    done
  done
  on_xvfb replay_runs x11 x11 "$x11"
  on_xvfb bench_validate x11 x11
}

wayland_runs() {  # XVFB_SIZE OUTPUT_SCALE NAME_PREFIX REFERENCE_PREFIX RENDERERS…
  local xsize=$1 scale=$2 prefix=$3 ref=$4; shift 4
  # weston draws its own pointer sprite wherever its pointer last was: park it in the bottom-right
  # corner, where the checks below skip a 16-point square (the sprite hangs off the output).
  start_xvfb "$xsize"; start_weston 1280x720 "$scale"
  park_pointer $((${xsize%x*} - 1)) $((${xsize#*x} - 1))
  ignore="$((${xsize%x*} - 16 * scale)),$((${xsize#*x} - 16 * scale)),$((16 * scale)),$((16 * scale))"
  local r
  for scene in "${scenes[@]}"; do
    for r in "$@"; do
      on_weston windowed "$prefix-$r-$scene" wayland "$XVFB_DISPLAY" "$xsize" "$ref" --scene "$scene" --renderer "$r"
    done
  done
  [ "$scale" != 1 ] || on_weston replay_runs "$prefix" wayland "$XVFB_DISPLAY"
  [ "$scale" != 1 ] || on_weston bench_validate "$prefix" wayland
}

# A compositor with no seat, where SDL 2.26's Wayland driver would crash in SDL_Init: the app must
# say so and stop (no X11 display here to fall back to), not die of a signal.
seatless_run() {
  start_seatless_weston
  local status=0
  env -u DISPLAY XDG_RUNTIME_DIR=$WESTON_RUNTIME_DIR WAYLAND_DISPLAY=$WESTON_SOCKET SDL_VIDEODRIVER=wayland \
    timeout 60 "$bin" play --seconds 1 >"$out/seatless.log" 2>&1 || status=$?
  if [ "$status" -ne 3 ] || ! grep -q "offers no seat" "$out/seatless.log"; then
    fail "seatless compositor: exit status $status (see $out/seatless.log)"
  else
    echo "seatless compositor: $(head -n1 "$out/seatless.log")"
  fi
}

# Each in a subshell of its own: its displays are its own, stopped when it ends.
{ ( displays_init; x11_runs ) >"$out/x11.out" 2>&1 || fail "the X11 runs stopped early (see $out/x11.out)"; } &
{ ( displays_init; wayland_runs 1280x720 1 wayland "$out/headless" auto software opengl ) >"$out/wayland.out" 2>&1 \
    || fail "the Wayland runs stopped early (see $out/wayland.out)"; } &
{ ( displays_init; wayland_runs 2560x1440 2 wayland-scale2 "$out/headless-hidpi" auto; seatless_run ) \
    >"$out/wayland-scale2.out" 2>&1 || fail "the Wayland scale-2 runs stopped early (see $out/wayland-scale2.out)"; } &
wait
cat "$out/x11.out" "$out/wayland.out" "$out/wayland-scale2.out"
runs=$(wc -l <"$out/runs") failures=$(wc -l <"$out/failures")
echo "windowed-check: $runs windowed runs, $failures failures, $(( $(date +%s) - started )) s; images in $out" >&2
[ "$failures" -eq 0 ]
