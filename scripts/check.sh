#!/usr/bin/env bash
# Everything CI checks, plus formatting, lints and docs: run before pushing.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --release -- -D warnings
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --release
bash .ci/run
