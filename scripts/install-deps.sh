#!/usr/bin/env bash
# Installs the Debian packages Elastic needs (SDL2, SDL2_image, SDL2_ttf, a font, ffmpeg) when missing.
# Used by scripts/demo.sh, scripts/test.sh and CI. Safe to run again: it installs nothing twice.
set -euo pipefail

packages=(libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev fonts-dejavu-core pkg-config)
# --xvfb: a virtual X server and real X11 input; --tests: those, ffmpeg (the Xvfb drag test and
# the video export tests) and the packaging tools (scripts/package-check.sh); --windowed: also a compositor nested in the X server, ffmpeg to grab and
# decode frames and python3 to compare them (scripts/windowed-check.sh).
for flag in "$@"; do
  case "$flag" in
    --xvfb) packages+=(xvfb xauth xdotool) ;;
    --tests) packages+=(xvfb xauth xdotool ffmpeg dpkg-dev desktop-file-utils man-db) ;;
    --windowed) packages+=(xvfb xauth xdotool weston ffmpeg python3) ;;
    *) echo "install-deps: unknown option $flag" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "elastic: installing ${missing[*]} (apt-get)…" >&2
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null; then sudo_cmd=(sudo); else
    echo "elastic: need root to install ${missing[*]}: run as root or install them yourself" >&2; exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
