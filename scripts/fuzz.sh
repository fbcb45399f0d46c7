#!/usr/bin/env bash
# The long fuzz run: the same seeded generators as tests/cli/fuzz.rs, with many
# more inputs. Nothing may panic and every error must be one line.
#
#   scripts/fuzz.sh [CASES] [SEED] [BINARY_CASES] [REPORT_CASES]
#
# CASES (default 1000000) inputs each to the range and card parsers, one in
# four of them also as a request (validation; one in 32 a tiny Monte Carlo
# run); BINARY_CASES (default 300) `calc` argument lists at the binary;
# REPORT_CASES (default 40) `next` and `flops` argument lists.
# The figures are printed at the end.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
FUZZ_CASES="${1:-1000000}" FUZZ_SEED="${2:-17}" FUZZ_BIN_CASES="${3:-300}" \
    FUZZ_REPORT_CASES="${4:-40}" \
    cargo test --release --test tests -- cli::fuzz:: --nocapture --test-threads 1
