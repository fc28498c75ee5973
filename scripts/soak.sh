#!/usr/bin/env bash
# Soak: every scene for one simulated hour (216,000 frames at 60 Hz) headless, no SDL, with
# random drags from a seeded generator. Fails when a vertex or position is ever non-finite,
# resident memory grows more than 1 MiB after warm-up (the first minute), or the entity count grows.
#   scripts/soak.sh [FRAMES] [SEED]      (defaults: 216000, 1)
# Builds release first (in ELASTIC_SCRATCH when set, e.g. .build-h; else .build), unless
# ELASTIC_BIN names a binary already built (CI passes the package's). The test suite runs a short
# version (3,000 frames per scene).
set -euo pipefail
cd "$(dirname "$0")/.."
frames="${1:-216000}"; seed="${2:-1}"
scratch=(); [ -n "${ELASTIC_SCRATCH:-}" ] && scratch=(--scratch-path "$ELASTIC_SCRATCH")
if [ -n "${ELASTIC_BIN:-}" ]; then
    bin=$ELASTIC_BIN
else
    swift build -c release "${scratch[@]}" --product elastic
    bin="$(swift build -c release "${scratch[@]}" --show-bin-path)/elastic"
fi
source scripts/lib/scenes.sh
status=0
for scene in $(scenes_list); do
    "$bin" soak --scene "$scene" --frames "$frames" --seed "$seed" --max-rss-growth-kib 1024 || status=1
done
exit $status
