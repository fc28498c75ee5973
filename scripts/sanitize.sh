#!/usr/bin/env bash
# Runs the whole test suite under the address and/or thread sanitizer, each in its own scratch
# path (.build-asan, .build-tsan), and prints how long each took.
#   scripts/sanitize.sh [address] [thread]      (default: both)
# The end-to-end tests run the sanitized binary too. LeakSanitizer is on, with suppressions for
# leaks inside the toolchain's libraries (scripts/lsan.supp). ELASTIC_SANITIZER (address or thread)
# tells the soak test not to hold resident memory to 1 MiB (ASan's quarantine keeps freed memory
# resident) and skips the ulimit -f test under TSan (its runtime dies of SIGBUS at start there).
set -euo pipefail
cd "$(dirname "$0")/.."
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export TSAN_OPTIONS="halt_on_error=0${TSAN_OPTIONS:+:$TSAN_OPTIONS}"
sanitizers=("$@"); [ ${#sanitizers[@]} -eq 0 ] && sanitizers=(address thread)
for s in "${sanitizers[@]}"; do
    case "$s" in address) dir=.build-asan ;; thread) dir=.build-tsan ;; *) echo "unknown sanitizer $s" >&2; exit 2 ;; esac
    export ELASTIC_SANITIZER="$s"
    start=$(date +%s)
    swift build --scratch-path "$dir" --sanitize="$s" --build-tests
    built=$(date +%s)
    swift test --scratch-path "$dir" --sanitize="$s" --skip-build
    echo "sanitize $s: build $((built - start)) s, tests $(( $(date +%s) - built )) s" >&2
done
