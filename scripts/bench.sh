#!/usr/bin/env bash
# Runs Elastic's benchmarks (package-benchmark, in the separate package Benchmarks/, so the main
# build and CI never build it): spring steps/s against a Euler baseline and memcpy, tessellation of
# the wave path, and one frame of app CPU work per scene with its heap allocations.
#
#   scripts/bench.sh                     all benchmarks, release build, a table per benchmark target
#   scripts/bench.sh --filter "spring.*" extra arguments go to `swift package benchmark`
#   scripts/bench.sh --peers             then also scripts/compare-peers.py (Elastic's frames drawn by
#                                        Cairo, Skia, Blend2D, ThorVG; --cairo is the old name)
#
# package-benchmark builds the benchmark targets in release itself. Its malloc counters come from
# its MallocInterposer trait (no jemalloc needed). Installs Debian's SDL2 packages when missing
# (the root package declares them); compare-peers.py sets up its own virtual environment.
set -euo pipefail
cd "$(dirname "$0")/.."

peers=0
args=()
for a in "$@"; do
  if [ "$a" = "--peers" ] || [ "$a" = "--cairo" ]; then peers=1; else args+=("$a"); fi
done

scripts/install-deps.sh

echo "bench: building and running the benchmarks in Benchmarks/ (release; the first build takes a few minutes)…" >&2
echo "bench: machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
swift package --package-path Benchmarks benchmark "${args[@]}"

if [ "$peers" = 1 ]; then
  echo "bench: building the app in release and drawing its frames with the peers…" >&2
  swift build -c release
  scripts/compare-peers.py
fi
