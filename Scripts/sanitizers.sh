#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer (with LeakSanitizer) and under ThreadSanitizer, each built in its
# own scratch folder (.build-asan, .build-tsan), and fails on any sanitizer report, also one from a `decor` process a
# CLI test starts. `.ci/run` calls it after `swift test`.
#
#   bash Scripts/sanitizers.sh                  # both
#   bash Scripts/sanitizers.sh thread           # one of them: address or thread
#   TSAN_OPTIONS=halt_on_error=0 bash Scripts/sanitizers.sh thread   # every report, not just the first
#
# Options given in ASAN_OPTIONS, LSAN_OPTIONS or TSAN_OPTIONS come after (and so override) the ones set here.
# Reports are written to <scratch>/sanitizer-reports/ and printed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

sanitizers=("$@")
[ ${#sanitizers[@]} -gt 0 ] || sanitizers=(address thread)

# halt_on_error=1 stops a process at its first report, exitcode makes that a failure whatever the tests said, and
# log_path sends every process's reports (the test runner's and those of the `decor` processes CLI tests start,
# whose standard error the tests capture) to files this script checks.
run() {
  local sanitizer=$1 scratch
  case "$sanitizer" in
    address) scratch=.build-asan ;;
    thread) scratch=.build-tsan ;;
    *) echo "sanitizers: unknown sanitizer \"$sanitizer\" (address or thread)" >&2; return 2 ;;
  esac
  local reports="$root/$scratch/sanitizer-reports"
  rm -rf "$reports"
  mkdir -p "$reports" || return 1

  # LeakSanitizer is on (the default on x86-64 Linux, and the Swift 6.3 toolchain's ASan runtime includes it);
  # Scripts/lsan-suppressions.txt names the few toolchain-library leaks it reports.
  local asan="halt_on_error=1:exitcode=86:detect_leaks=1:log_path=$reports/asan"
  local lsan="suppressions=$root/Scripts/lsan-suppressions.txt:print_suppressions=0"
  local tsan="halt_on_error=1:exitcode=66:log_path=$reports/tsan"
  # No ThreadSanitizer suppressions are needed with Swift 6.3 (no reports from Dispatch or Foundation); should a
  # toolchain false positive appear, name it in Scripts/tsan-suppressions.txt, with why, and it is used.
  [ ! -s Scripts/tsan-suppressions.txt ] || tsan+=":suppressions=$root/Scripts/tsan-suppressions.txt"

  local start=$SECONDS
  echo "sanitizers: building with --sanitize=$sanitizer in $scratch"
  # (run is called with ||, where set -e does not apply: each failure returns by hand.)
  swift build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch" || return 1
  local built=$SECONDS
  echo "sanitizers: testing with --sanitize=$sanitizer"
  local status=0
  ASAN_OPTIONS="$asan${ASAN_OPTIONS:+:$ASAN_OPTIONS}" \
    LSAN_OPTIONS="$lsan${LSAN_OPTIONS:+:$LSAN_OPTIONS}" \
    TSAN_OPTIONS="$tsan${TSAN_OPTIONS:+:$TSAN_OPTIONS}" \
    swift test --skip-build --sanitize="$sanitizer" --scratch-path "$scratch" || status=$?
  echo "sanitizers: $sanitizer: build $((built - start)) s, tests $((SECONDS - built)) s, exit status $status"

  local found=()
  for file in "$reports"/*; do
    [ -s "$file" ] && found+=("$file")
  done
  if [ ${#found[@]} -gt 0 ]; then
    for file in "${found[@]}"; do
      echo "----- $file"
      cat "$file"
    done
    echo "sanitizers: $sanitizer: ${#found[@]} process(es) reported problems (above)" >&2
    return 1
  fi
  if [ "$status" -ne 0 ]; then
    echo "sanitizers: $sanitizer: the tests failed" >&2
    return 1
  fi
  echo "sanitizers: $sanitizer: clean"
}

failed=()
for sanitizer in "${sanitizers[@]}"; do
  run "$sanitizer" || failed+=("$sanitizer")
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "sanitizers: failed under: ${failed[*]}" >&2
  exit 1
fi
echo "sanitizers: the test suite is clean under: ${sanitizers[*]}"
