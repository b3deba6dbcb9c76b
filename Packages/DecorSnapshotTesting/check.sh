#!/usr/bin/env bash
# Builds the DecorSnapshotTesting package (which depends on the root package by path and on swift-snapshot-testing)
# and runs its tests, as CI does (`.ci/run`). Exit 0 when they pass.
set -euo pipefail
cd "$(dirname "$0")"
# A recorded reference must never be rewritten here: a missing or different one fails.
export -n SNAPSHOT_TESTING_RECORD 2>/dev/null || true

rm -rf .golden-failures
swift build --build-tests
swift test --skip-build
# The two deliberately differing comparisons of the tests (8-bit, and 16-bit one level of 65535 apart) left their
# three images each, in a folder each, where the golden assertions put theirs.
[ "$(find .golden-failures/snapshots -name '*.png' | wc -l)" -eq 6 ] \
  || { echo "check: the failing snapshots did not leave actual, reference and diff images"; exit 1; }
rm -rf .golden-failures
echo "check: DecorSnapshotTesting built and passed its tests, and each failing comparison left its three images"
