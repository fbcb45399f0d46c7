#!/usr/bin/env bash
# Regenerates tests/golden/expected.jsonl, the recorded output of every spot
# in tests/golden/corpus.txt, from a given `rangestove` binary.
#
# Use it ONLY when a behaviour change is intended (or after adding spots to
# the corpus): the golden test exists to show that refactors and speed-ups
# change nothing, and regenerating the file to make it pass defeats it.
# Review the diff of expected.jsonl before committing it.
#
#   scripts/golden.sh [BINARY]
#
# BINARY defaults to the release build of this tree. The recording runs the
# golden test itself (GOLDEN_BLESS=1 GOLDEN_BIN=BINARY), so the output is
# normalised exactly as the test compares it: only the wall-clock fields
# (elapsed_ms, samples_per_s) are dropped.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
binary=""
if [ $# -gt 0 ]; then
    binary="$(realpath "$1")"
    [ -x "$binary" ] || { echo "not an executable: $1" >&2; exit 2; }
fi
GOLDEN_BLESS=1 GOLDEN_BIN="$binary" cargo test --release --test tests -- \
    --exact cli::golden::golden_outputs_are_unchanged --nocapture
git diff --stat -- tests/golden/expected.jsonl || true
