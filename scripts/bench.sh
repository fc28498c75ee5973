#!/usr/bin/env bash
# Runs Elastic's benchmarks (package-benchmark, in the separate package Benchmarks/, so the main
# build and CI never build it): spring steps/s against a Euler baseline and memcpy, tessellation of
# the wave path, and one frame of app CPU work per scene with its heap allocations.
#
#   scripts/bench.sh                     all benchmarks, release build, a table per benchmark target
#   scripts/bench.sh --filter "spring.*" extra arguments go to `swift package benchmark`
#   scripts/bench.sh --cairo             then also scripts/compare-cairo.py (whole frames vs Cairo)
#
# package-benchmark builds the benchmark targets in release itself. Its malloc counters come from
# its MallocInterposer trait (no jemalloc needed). Installs Debian's SDL2 packages when missing
# (the root package declares them) and python3-cairo for --cairo.
set -euo pipefail
cd "$(dirname "$0")/.."

cairo=0
args=()
for a in "$@"; do
  if [ "$a" = "--cairo" ]; then cairo=1; else args+=("$a"); fi
done

scripts/install-deps.sh

echo "bench: building and running the benchmarks in Benchmarks/ (release; the first build takes a few minutes)…" >&2
echo "bench: machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
swift package --package-path Benchmarks benchmark "${args[@]}"

if [ "$cairo" = 1 ]; then
  if ! /usr/bin/python3 -c 'import cairo' 2>/dev/null && ! python3 -c 'import cairo' 2>/dev/null; then
    echo "bench: installing python3-cairo (apt-get)…" >&2
    sudo_cmd=(); [ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends python3-cairo >/dev/null
  fi
  echo "bench: building the app in release and comparing whole frames with Cairo…" >&2
  swift build -c release
  scripts/compare-cairo.py
fi
