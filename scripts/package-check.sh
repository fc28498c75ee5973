#!/usr/bin/env bash
# Checks the Debian package as a user would get it: builds it with scripts/package-deb.sh (or
# takes the .deb given), extracts it with dpkg-deb -x and runs the extracted binary from another
# folder in a minimal environment (no toolchain on PATH, no display, no repository around), then
# checks its man pages, completions, desktop entry, icons, control fields and libraries; then
# scripts/install.sh into a temporary prefix and --uninstall, which must leave only what was there.
# Usage: scripts/package-check.sh [elastic_VERSION_ARCH.deb]. Needs dpkg-dev, desktop-file-utils and man-db.
# Ends with "package-check: N passed, M failed"; exits 1 when anything failed.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/layout.sh

for tool in dpkg-deb dpkg-shlibdeps desktop-file-validate python3 lexgrog mandb whatis man; do
  command -v "$tool" >/dev/null || { echo "package-check: $tool is missing (apt-get install dpkg-dev desktop-file-utils man-db python3)" >&2; exit 1; }
done
if [ $# -gt 1 ]; then echo "usage: scripts/package-check.sh [PACKAGE.deb]" >&2; exit 2; fi
if [ $# -eq 1 ]; then
  deb="$(realpath -- "$1")"
  [ -f "$deb" ] || { echo "package-check: no package at $1" >&2; exit 2; }
else
  deb="$(scripts/package-deb.sh | tail -n 1)"
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
pass() { passed=$((passed + 1)); echo "ok   $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1${2:+: $2}"; }
# check NAME COMMAND...: passes when the command succeeds.
check() { local name="$1"; shift; if "$@" >"$tmp/check.out" 2>&1; then pass "$name"; else fail "$name" "$(tail -c 600 "$tmp/check.out")"; fi; }
# The program as a stranger runs it: another folder, no inherited environment, no display.
stranger() { (cd "$tmp/elsewhere" && env -i HOME="$tmp/home" PATH=/usr/bin:/bin SDL_VIDEODRIVER=dummy "$@"); }

root="$tmp/root"
mkdir -p "$root" "$tmp/elsewhere" "$tmp/home"
dpkg-deb -x "$deb" "$root"
bin="$root/usr/bin/elastic"
field() { dpkg-deb -f "$deb" "$1"; }
# Whether the Depends list $1 names package $2 (with or without a version).
names_package() { tr ',' '\n' <<<"$1" | awk '{ print $1 }' | grep -qxF -- "$2"; }

# Runs, and finds its data beside itself: <root>/usr/share/elastic is the only tour around.
version_matches() { [ "$(stranger "$bin" --version)" = "$(field Version)" ]; }
check "--version prints the control file's Version ($(field Version))" version_matches
tour_plays() {
  stranger "$bin" play --headless --tour --seconds 3 >"$tmp/tour.out" 2>"$tmp/tour.err" || { cat "$tmp/tour.err"; return 1; }
  grep -q "^tour 1/$(ls "$root/usr/share/elastic/tour" | grep -c '\.jsonl$'): wave-pull:" "$tmp/tour.out" || { cat "$tmp/tour.out" "$tmp/tour.err"; return 1; }
}
check "the extracted binary plays the extracted tour headless for 3 s, from another folder, env -i" tour_plays
springs_load() {
  local file
  for file in "$root"/usr/share/elastic/springs/*.json; do
    stranger "$bin" play --headless --seconds 0.5 --springs "$file" || return 1
  done
}
check "each example springs file plays" springs_load
# The benchmark from the package: its default set, scored, and its frames against the packaged references.
bench_runs() {
  stranger "$bin" bench --off-screen >"$tmp/bench.out" 2>"$tmp/bench.err" || { cat "$tmp/bench.err"; return 1; }
  grep -q '^elastic bench Score: [0-9]' "$tmp/bench.out" || { cat "$tmp/bench.out"; return 1; }
  stranger "$bin" bench --off-screen --validate >"$tmp/validate.out" 2>"$tmp/validate.err" || { cat "$tmp/validate.out" "$tmp/validate.err"; return 1; }
  [ "$(grep -c 'Validation: Success' "$tmp/validate.out")" -eq 11 ] || { cat "$tmp/validate.out"; return 1; }
}
check "elastic bench --off-screen scores the default set, and --validate matches the packaged references" bench_runs
same_data() { local d; for d in tour replays springs bench; do diff -r "assets/$d" "$root/usr/share/elastic/$d" || return 1; done; }
check "usr/share/elastic holds the repository's tour, replays, springs and bench references" same_data

# No library from the Swift toolchain, and every library the binary loads is in a package Depends names.
check "ldd shows nothing from the Swift toolchain" elastic_check_runtime "$bin"
depends_cover_libraries() {
  local depends lib path owner
  depends="$(field Depends)"
  for lib in $(readelf -d "$bin" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
    path="$(ldd "$bin" | awk -v lib="$lib" '$1 == lib && $3 ~ /^\// { print $3 } $1 ~ "/" lib "$" { print $1 }' | head -n 1)"
    [ -n "$path" ] || { echo "ldd does not resolve $lib"; return 1; }
    owner="$(dpkg -S "$path" 2>/dev/null || dpkg -S "$(readlink -f "$path")" 2>/dev/null || dpkg -S "${path#/usr}" 2>/dev/null || true)"
    owner="${owner%%:*}"
    [ -n "$owner" ] || { echo "no package owns $path"; return 1; }
    names_package "$depends" "$owner" || { echo "$lib is $owner's, not in Depends: $depends"; return 1; }
  done
}
check "Depends names the package of every library the binary links (readelf NEEDED, owners by dpkg -S)" depends_cover_libraries
depends_named() {
  local depends name
  depends="$(field Depends)"
  for name in libsdl2-2.0-0 libsdl2-image-2.0-0 libsdl2-ttf-2.0-0 fonts-dejavu-core libc6 libstdc++6; do
    names_package "$depends" "$name" || { echo "Depends lacks $name: $depends"; return 1; }
  done
}
check "Depends names SDL2, SDL2_image, SDL2_ttf, the DejaVu font, libc6, libstdc++6" depends_named
control_fields() {
  [ "$(field Package)" = elastic ] && [ "$(field Architecture)" = "$(dpkg --print-architecture)" ] \
    && [ "$(field Recommends)" = ffmpeg ] && [ -n "$(field Maintainer)" ] && [ -n "$(field Description)" ] \
    && [ -s "$root/usr/share/doc/elastic/copyright" ]
}
check "control: Package, Architecture, Recommends ffmpeg, Maintainer, Description; a copyright file" control_fields

# A man page for the program and each subcommand its --help lists, named as Debian names a
# command's subcommands (elastic-play(1), as git-commit(1)), with a NAME line whatis reads.
man1="$root/usr/share/man/man1"
manuals() {
  local page name
  for name in elastic $(stranger "$bin" --help | sed -n '/^SUBCOMMANDS:/,/^$/p' | awk '/^  [a-z]/ { print "elastic-" $1 }'); do
    page="$man1/$name.1.gz"
    gzip -t "$page" || return 1
    zcat "$page" | grep -qx "\.Dt ${name^^} 1" || { echo "$page is not the page $name(1)"; return 1; }
    # lexgrog reads NAME as mandb does for whatis and apropos.
    lexgrog "$page" | grep -qF ": \"$name - " || { lexgrog "$page"; echo "whatis would not name $name"; return 1; }
  done
  [ "$(ls "$man1" | wc -l)" -ge 5 ]
}
check "man pages elastic-SUB.1 for elastic and each subcommand, gzipped, NAME lines lexgrog parses" manuals
found_by_whatis() {
  mkdir -p "$tmp/manpath/man1"
  cp "$man1"/*.gz "$tmp/manpath/man1/"
  local found
  mandb -q "$tmp/manpath" || return 1
  found="$(whatis -M "$tmp/manpath" elastic-play elastic-stats)" || { echo "$found"; return 1; }
  [ "$(grep -c '^elastic-\(play\|stats\) (1) *- [A-Z]' <<<"$found")" -eq 2 ] || { echo "$found"; return 1; }
}
check "whatis names elastic-play and elastic-stats from the packaged pages" found_by_whatis
# The pages keep the help's characters beyond ASCII (generate-manual alone drops them).
keeps_characters() {
  local play elastic
  play="$(LC_ALL=C.UTF-8 MANWIDTH=80 man -l "$man1/elastic-play.1.gz")" || return 1
  elastic="$(LC_ALL=C.UTF-8 MANWIDTH=80 man -l "$man1/elastic.1.gz")" || return 1
  grep -q '1–5 ' <<<"$play" && grep -q 'duration −/+ 0.05 s' <<<"$play" && grep -q 'Elastic Bézier' <<<"$elastic" \
    || { grep -n 'switches to that scene\|duration' <<<"$play"; grep -n 'Elastic B' <<<"$elastic"; return 1; }
}
check "man shows elastic-play's 1–5 and −/+, and elastic's Bézier" keeps_characters
completions() {
  local f
  for f in bash-completion/completions/elastic zsh/vendor-completions/_elastic fish/vendor_completions.d/elastic.fish; do
    grep -q 'play' "$root/usr/share/$f" || { echo "$f is missing or names no play"; return 1; }
  done
  bash -n "$root/usr/share/bash-completion/completions/elastic" || return 1
  if command -v zsh >/dev/null; then zsh -n "$root/usr/share/zsh/vendor-completions/_elastic" || return 1; fi
  if command -v fish >/dev/null; then fish -n "$root/usr/share/fish/vendor_completions.d/elastic.fish"; fi
}
check "bash, zsh and fish completions (bash's parses)" completions
check "desktop-file-validate accepts the desktop entry" desktop-file-validate "$root/usr/share/applications/elastic.desktop"
desktop_runs_elastic() { grep -qx 'Exec=elastic play --tour' "$root/usr/share/applications/elastic.desktop" && grep -qx 'Icon=elastic' "$root/usr/share/applications/elastic.desktop"; }
check "the desktop entry runs elastic's tour with the elastic icon" desktop_runs_elastic
icons() {
  local size
  grep -q '<svg' "$root/usr/share/icons/hicolor/scalable/apps/elastic.svg" || return 1
  for size in 16 24 32 48 64 128 256 512; do
    python3 - "$root/usr/share/icons/hicolor/${size}x${size}/apps/elastic.png" "$size" <<'EOF' || return 1
import struct, sys
data = open(sys.argv[1], "rb").read(24)
size = int(sys.argv[2])
if data[:8] != b"\x89PNG\r\n\x1a\n" or struct.unpack(">II", data[16:24]) != (size, size):
    sys.exit(f"{sys.argv[1]} is not a {size}x{size} PNG")
EOF
  done
}
check "hicolor icons: scalable SVG and PNGs 16..512 of their folder's size" icons

# install.sh: the package's layout under a prefix, and --uninstall takes back exactly that.
prefix="$tmp/prefix"
mkdir -p "$prefix/share/man/man1"
echo "someone else's" >"$prefix/share/man/man1/other.1"
install_layout() {
  scripts/install.sh --prefix "$prefix" >"$tmp/install.out" 2>&1 || { tail -20 "$tmp/install.out"; return 1; }
  diff <(cd "$root/usr" && find . -type f | sort) \
       <(cd "$prefix" && find . -type f ! -path ./share/elastic/install-manifest ! -path ./share/man/man1/other.1 | sort)
}
check "install.sh --prefix lays out the package's files" install_layout
installed_plays() { stranger "$prefix/bin/elastic" play --headless --tour --seconds 1 | grep -q '^tour 1/'; }
check "the installed binary plays its prefix's tour" installed_plays
uninstall_clean() {
  scripts/install.sh --prefix "$prefix" --uninstall || return 1
  [ "$(cd "$prefix" && find . -mindepth 1 | sort | tr '\n' ' ')" = "./share ./share/man ./share/man/man1 ./share/man/man1/other.1 " ] \
    || { (cd "$prefix" && find . -mindepth 1); return 1; }
}
check "install.sh --uninstall leaves only what was there before" uninstall_clean

echo "package: $deb"
echo "package-check: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
