#!/usr/bin/env bash
# Private displays for windowed runs: an Xvfb on a display number it picks itself (-displayfd), and
# a weston nested in it on its own socket and runtime directory, so parallel runs never collide.
# Every script that needs a virtual display starts it here, in one of two ways:
#   - sourced: call `displays_init`, then `start_xvfb WxH` and `start_weston WxH [SCALE]`, and run
#     programs under `on_xvfb CMD…` or `on_weston CMD…`; everything started is stopped by
#     `displays_cleanup` (set as an EXIT trap by displays_init);
#   - run: `scripts/lib/displays.sh x11|wayland WxH [SCALE] -- CMD [ARGS…]` runs CMD on a display
#     of its own and stops the display after, with CMD's exit status. x11 is an Xvfb; wayland a
#     weston nested in an Xvfb of the same size (SDL_VIDEODRIVER=wayland is set, as SDL 2 prefers
#     X11 when both are there). XVFB_PID is the X server's process id (for its CPU time).

displays_init() {
  DISPLAYS_DIR=$(mktemp -d "${TMPDIR:-/tmp}/elastic-displays.XXXXXX")
  chmod 700 "$DISPLAYS_DIR"
  DISPLAYS_PIDS=()
  trap displays_cleanup EXIT
  trap 'exit 130' INT TERM
}

displays_cleanup() {
  local pid
  for pid in "${DISPLAYS_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${DISPLAYS_PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  DISPLAYS_PIDS=()
  [ -n "${DISPLAYS_DIR:-}" ] && rm -rf "$DISPLAYS_DIR"
}

# Waits up to 10 s for a condition (a command) to hold.
displays_wait() {
  local i
  for i in $(seq 100); do "$@" && return 0; sleep 0.1; done
  return 1
}

_displays_has_line() { [ -s "$1" ] && grep -q '^[0-9]' "$1"; }

# start_xvfb WxH: sets XVFB_DISPLAY (":N") and XVFB_PID; `on_xvfb` runs a program on it.
start_xvfb() {
  local fdfile="$DISPLAYS_DIR/xvfb-display.$RANDOM"
  : > "$fdfile"
  Xvfb -displayfd 9 -screen 0 "${1}x24" -nolisten tcp -noreset 9>"$fdfile" 2>"$DISPLAYS_DIR/xvfb.log" &
  XVFB_PID=$!
  DISPLAYS_PIDS+=($XVFB_PID)
  displays_wait _displays_has_line "$fdfile" || { echo "Xvfb did not start:" >&2; cat "$DISPLAYS_DIR/xvfb.log" >&2; return 1; }
  XVFB_DISPLAY=":$(head -n1 "$fdfile")"
}

# park_pointer X Y: moves the X pointer of $XVFB_DISPLAY (through libX11, no extra tool), e.g. off
# weston's window so the compositor draws no cursor over what is checked.
park_pointer() {
  DISPLAY=$XVFB_DISPLAY python3 - "$1" "$2" <<'PY'
import ctypes, ctypes.util, sys
x11 = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
x11.XOpenDisplay.restype = ctypes.c_void_p
x11.XDefaultRootWindow.restype = ctypes.c_ulong
x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
x11.XWarpPointer.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong] + [ctypes.c_int] * 2 + [ctypes.c_uint] * 2 + [ctypes.c_int] * 2
d = x11.XOpenDisplay(None)
if not d:
    sys.exit("cannot open the X display to move the pointer")
x11.XWarpPointer(d, 0, x11.XDefaultRootWindow(d), 0, 0, 0, 0, int(sys.argv[1]), int(sys.argv[2]))
x11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
x11.XSync(d, 0)
PY
}

# start_seatless_weston: weston's headless backend, which has no seat (no input devices at all);
# sets WESTON_SOCKET and WESTON_RUNTIME_DIR.
start_seatless_weston() {
  WESTON_RUNTIME_DIR="$DISPLAYS_DIR/run-$RANDOM"
  mkdir -m 700 "$WESTON_RUNTIME_DIR"
  WESTON_SOCKET="elastic-$$-$RANDOM"
  XDG_RUNTIME_DIR=$WESTON_RUNTIME_DIR weston --backend=headless-backend.so --shell=kiosk-shell.so --no-config \
    --idle-time=0 --socket="$WESTON_SOCKET" >"$WESTON_RUNTIME_DIR/weston.log" 2>&1 &
  DISPLAYS_PIDS+=($!)
  displays_wait test -S "$WESTON_RUNTIME_DIR/$WESTON_SOCKET" || { cat "$WESTON_RUNTIME_DIR/weston.log" >&2; return 1; }
}

# start_weston WxH [SCALE]: weston's X11 backend with the pixman renderer inside $XVFB_DISPLAY,
# kiosk shell (every window full-screen, no panel); sets WESTON_SOCKET and WESTON_RUNTIME_DIR.
start_weston() {
  local size=$1 scale=${2:-1}
  WESTON_RUNTIME_DIR="$DISPLAYS_DIR/run-$RANDOM"
  mkdir -m 700 "$WESTON_RUNTIME_DIR"
  WESTON_SOCKET="elastic-$$-$RANDOM"
  DISPLAY=$XVFB_DISPLAY XDG_RUNTIME_DIR=$WESTON_RUNTIME_DIR \
    weston --backend=x11-backend.so --use-pixman --shell=kiosk-shell.so --no-config --idle-time=0 \
      --socket="$WESTON_SOCKET" --width="${size%x*}" --height="${size#*x}" --scale="$scale" \
      >"$WESTON_RUNTIME_DIR/weston.log" 2>&1 &
  DISPLAYS_PIDS+=($!)
  if ! displays_wait test -S "$WESTON_RUNTIME_DIR/$WESTON_SOCKET"; then
    echo "weston did not start:" >&2; cat "$WESTON_RUNTIME_DIR/weston.log" >&2; return 1
  fi
}

# on_xvfb CMD…, on_weston CMD…: CMD (a program or a shell function) with the environment of the
# last display started.
on_xvfb() { DISPLAY=$XVFB_DISPLAY "$@"; }
on_weston() { DISPLAY=$XVFB_DISPLAY XDG_RUNTIME_DIR=$WESTON_RUNTIME_DIR WAYLAND_DISPLAY=$WESTON_SOCKET "$@"; }

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  usage="usage: scripts/lib/displays.sh x11|wayland WxH [SCALE] -- COMMAND [ARGS…]"
  kind=${1:-}; size=${2:-}; scale=1
  [ $# -ge 2 ] && shift 2 || { echo "$usage" >&2; exit 2; }
  if [ "${1:-}" != "--" ]; then scale=${1:-}; shift || true; fi
  [ "${1:-}" = "--" ] && [ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }
  shift
  [[ $size =~ ^[1-9][0-9]*x[1-9][0-9]*$ ]] || { echo "displays: WxH wanted, got '$size'" >&2; exit 2; }
  [[ $scale =~ ^[1-9]$ ]] || { echo "displays: the scale is a whole number 1–9, got '$scale'" >&2; exit 2; }
  displays_init
  status=0
  case $kind in
    x11) start_xvfb "$size"; export XVFB_PID; on_xvfb "$@" || status=$? ;;
    wayland)
      start_xvfb "$size"; start_weston "$size" "$scale"; export XVFB_PID
      SDL_VIDEODRIVER=wayland on_weston "$@" || status=$? ;;
    *) echo "$usage" >&2; exit 2 ;;
  esac
  exit $status
fi
