#!/usr/bin/env bash
# Installs Elastic from source under a prefix, in the Debian package's layout: bin/elastic (the
# Swift runtime linked in), share/elastic (tour, replays, example springs), the desktop entry and
# icons, man pages, shell completions.
#   scripts/install.sh [--prefix DIR]              install (default prefix /usr/local)
#   scripts/install.sh [--prefix DIR] --uninstall  remove exactly what the install put there
# The install keeps a manifest, PREFIX/share/elastic/install-manifest: every file it wrote and
# every folder it made; --uninstall removes those files and then those folders if empty.
# Installing again first removes the previous install.
set -euo pipefail
cd "$(dirname "$0")/.."

prefix=/usr/local
uninstall=false
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) [ $# -ge 2 ] || { echo "install: --prefix needs a folder" >&2; exit 2; }; prefix="$2"; shift 2 ;;
    --uninstall) uninstall=true; shift ;;
    -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
case "$prefix" in
  "" | *$'\n'*) echo "install: --prefix must be a folder's path" >&2; exit 2 ;;
esac
prefix="$(realpath -m -- "$prefix")"
manifest="$prefix/share/elastic/install-manifest"

# Removes what the list $1 (a manifest's copy) names: files first, then the folders the install
# made, deepest first, each only when empty (what something else put there stays, and is said).
remove_installed() {
  local line
  while IFS= read -r line; do
    case "$line" in
      */) ;;
      "$prefix"/*) rm -f -- "$line" ;;
      *) echo "install: the manifest lists $line, outside $prefix: not removed" >&2 ;;
    esac
  done <"$1"
  rm -f -- "$manifest"
  while IFS= read -r line; do
    case "$line" in "$prefix"/*) ;; *) continue ;; esac
    [ -d "$line" ] || continue
    rmdir -- "$line" 2>/dev/null || echo "install: left $line: it holds files the install did not put there" >&2
  done < <(grep '/$' "$1" | awk '{ print length($0) "\t" $0 }' | sort -rn | cut -f2-)
}

if $uninstall; then
  [ -f "$manifest" ] || { echo "install: nothing to uninstall: no $manifest" >&2; exit 1; }
  listed="$(mktemp)"
  cp -- "$manifest" "$listed"
  remove_installed "$listed"
  rm -f -- "$listed"
  echo "install: removed Elastic from $prefix"
  exit 0
fi

. scripts/lib/layout.sh
elastic_build
elastic_check_runtime "$ELASTIC_BIN"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/root"
elastic_stage "$work/root" "$prefix" >"$work/files"

if [ -f "$manifest" ]; then
  cp -- "$manifest" "$work/previous"
  remove_installed "$work/previous"
fi
# The folders this install makes (not those already there), each ending in "/".
: >"$work/dirs"
while IFS= read -r file; do
  dir="$(dirname "$file")"
  while [ ! -d "$dir" ] && ! grep -qxF -- "$dir/" "$work/dirs"; do
    echo "$dir/" >>"$work/dirs"
    dir="$(dirname "$dir")"
  done
done < <(cat "$work/files"; echo "$manifest")
while IFS= read -r file; do
  install -D -m "$(stat -c %a "$work/root$file")" "$work/root$file" "$file"
done <"$work/files"
cat "$work/files" "$work/dirs" >"$manifest"
echo "install: installed Elastic under $prefix ($(wc -l <"$work/files") files; manifest $manifest)"
