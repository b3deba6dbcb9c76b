#!/usr/bin/env bash
# Builds the DecorSnapshotTesting package (which depends on the root package by path and on swift-snapshot-testing)
# and runs its tests, as CI does (`.ci/run`). Exit 0 when they pass.
set -euo pipefail
cd "$(dirname "$0")"
# A recorded reference must never be rewritten here: a missing or different one fails.
export -n SNAPSHOT_TESTING_RECORD 2>/dev/null || true

swift build --build-tests
swift test --skip-build
echo "check: DecorSnapshotTesting built and passed its tests"
