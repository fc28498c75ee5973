#!/usr/bin/env bash
# Builds a Debian package of Elastic: a release binary with the Swift runtime linked in (it runs
# without the toolchain), the tour, replays and example springs, a desktop entry and icons, man
# pages and shell completions. Usage: scripts/package-deb.sh [--output DIR] (default out/).
# Needs dpkg-dev (dpkg-shlibdeps) besides the build's own packages. The last line printed is
# the package's path.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/layout.sh

output=out
while [ $# -gt 0 ]; do
  case "$1" in
    --output) [ $# -ge 2 ] || { echo "package-deb: --output needs a folder" >&2; exit 2; }; output="$2"; shift 2 ;;
    -h|--help) sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "package-deb: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
for tool in dpkg-deb dpkg-shlibdeps; do
  command -v "$tool" >/dev/null || { echo "package-deb: $tool is missing (apt-get install dpkg-dev)" >&2; exit 1; }
done

elastic_build
elastic_check_runtime "$ELASTIC_BIN"
version="$("$ELASTIC_BIN" --version)"
arch="$(dpkg --print-architecture)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
root="$work/root"
mkdir -p "$root"
elastic_stage "$root" /usr >/dev/null

# The C and C++ libraries the binary links, with the versions its symbols need, from
# dpkg-shlibdeps (it wants a debian/control to read; a minimal one will do).
mkdir -p "$work/shlibs/debian"
printf 'Source: elastic\n\nPackage: elastic\nArchitecture: any\n' >"$work/shlibs/debian/control"
shlibs="$(cd "$work/shlibs" && dpkg-shlibdeps -O -e"$root/usr/bin/elastic" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')"
[ -n "$shlibs" ] || { echo "package-deb: dpkg-shlibdeps found no libraries for the binary" >&2; exit 1; }
# The libraries loaded at run time (fonts-dejavu-core: the labels' font) come first, by name;
# then whatever else dpkg-shlibdeps found (libc6, libstdc++6, libgcc-s1), with its versions.
depends="libsdl2-2.0-0, libsdl2-image-2.0-0, libsdl2-ttf-2.0-0, fonts-dejavu-core"
IFS=',' read -ra found <<<"$shlibs"
for dep in "${found[@]}"; do
  dep="$(sed 's/^ *//; s/ *$//' <<<"$dep")"
  name="${dep%% *}"
  case ", $depends," in *", $name,"*) ;; *) depends="$depends, $dep" ;; esac
done

mkdir -p "$root/DEBIAN"
cat >"$root/DEBIAN/control" <<EOF
Package: elastic
Version: $version
Architecture: $arch
Maintainer: Elastic maintainers <maintainers@users.noreply.a-seed-65b3fcc7.example>
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends
Recommends: ffmpeg
Section: graphics
Priority: optional
Description: elastic Bézier animations from iOS apps, as a real-time desktop demo
 Five spring-driven scenes (wave-pull, gooey-menu, jelly-block, sticky-refresh,
 wave-balls) to drag with the mouse or a finger, full-screen, with a guided tour,
 live spring tuning, frame-time statistics and video export (with ffmpeg).
EOF

mkdir -p "$output"
deb="$(cd "$output" && pwd)/elastic_${version}_${arch}.deb"
dpkg-deb --build --root-owner-group "$root" "$deb" >&2
echo "$deb"
