#!/usr/bin/env bash
# Remakes the reference frames `elastic bench --validate` compares with (assets/bench/): the
# default benchmarks' frames 30, 120 and 210 drawn off-screen by the software path at 1280x720 and
# at 3840x2160 (UI scale 3). Run it when a change to the drawing is meant to change pixels, and
# say in the commit which pixels changed and why (docs/testing.md, "Reference frames").
#
#   scripts/make-bench-references.sh            with a release build (swift build -c release)
#   ELASTIC_BIN=path/to/elastic scripts/...     with that binary
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${ELASTIC_BIN:-}
if [ -z "$bin" ]; then
  swift build -c release >&2
  bin=$(swift build -c release --show-bin-path)/elastic
fi
out=assets/bench
rm -rf "$out.new"
mkdir -p "$out.new"
for window in 1280x720 3840x2160; do
  "$bin" bench --off-screen --validate --save-references --reference-dir "$out.new" --window "$window"
done
rm -rf "$out"
mv "$out.new" "$out"
echo "make-bench-references: $(ls "$out" | wc -l) frames in $out ($(du -sh "$out" | cut -f1))" >&2
