#!/usr/bin/env bash
# Fuzzes the replay parser with libFuzzer: builds Tests/Fuzz/ReplayFuzz.swift together with the
# ElasticCore sources (swiftc -sanitize=fuzzer,address) and runs RUNS inputs (default 100000),
# starting from Tests/Fuzz/corpus/. New interesting inputs go to a scratch corpus
# (.build-fuzz/corpus), not into the repository; crashes are written to .build-fuzz/.
#   scripts/fuzz-replay.sh [RUNS] [extra libFuzzer flags...]
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-100000}"; shift || true
out=.build-fuzz
mkdir -p "$out/corpus"
swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name ElasticCore \
    $(find Sources/ElasticCore -name '*.swift' | sort) Tests/Fuzz/ReplayFuzz.swift \
    -o "$out/replay-fuzz"
# -max_len 8192: two lines past the 4 KiB limit; -timeout 10: a hang is a bug.
"$out/replay-fuzz" -runs="$runs" -max_len=8192 -timeout=10 -artifact_prefix="$out/" \
    -dict=Tests/Fuzz/replay.dict "$@" "$out/corpus" Tests/Fuzz/corpus
