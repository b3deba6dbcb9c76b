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
  # DECOR_SANITIZER tells the tests to run the lighter numeric sweeps (Tests/DecorTestSupport/SanitizerRun.swift):
  # under a sanitizer they look for memory errors and races, not numbers.
  DECOR_SANITIZER="$sanitizer" \
    ASAN_OPTIONS="$asan${ASAN_OPTIONS:+:$ASAN_OPTIONS}" \
    LSAN_OPTIONS="$lsan${LSAN_OPTIONS:+:$LSAN_OPTIONS}" \
    TSAN_OPTIONS="$tsan${TSAN_OPTIONS:+:$TSAN_OPTIONS}" \
    run_suites "$(swift build --show-bin-path --sanitize="$sanitizer" --scratch-path "$scratch")" "$scratch" \
    || status=$?
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

# Suites that take longest under a sanitizer (measured: the render combinations, the async renders, the streamed
# files, the scaler against its reference, the CLI's killed and out-of-memory runs, the 100,000-deep graphs),
# started first so that no long one is left to run alone at the end. An order only: every suite runs whatever this
# list says.
first_suites=(
  DecorCoreTests.RenderCombinationTests DecorFilesTests.MemoryEncodingTests DecorCLITests.ResourceLimitCLITests
  DecorCoreTests.StreamedImageTests DecorCoreTests.ScalerReferenceTests DecorCoreTests.RendererTests
  DecorCoreTests.BlurEdgeTests DecorCLITests.HostileCLITests DecorCoreTests.GaussianBlurTests
  DecorCLITests.WorkflowCLITests DecorCoreTests.BandedRenderTests DecorCoreTests.BlendModeTests
  DecorCoreTests.DeepGraphTests DecorCLITests.DeepChainCLITests DecorFilesTests.AsyncEncodingCancellationTests
)

# Runs every suite of the test binary in BIN (Swift Testing; the package has no XCTest cases), one process per suite,
# `jobs` processes side by side (default 3, DECOR_TEST_JOBS to change). In one process Swift Testing's parallelism is
# bounded by the cooperative pool (a thread per core), and a sanitizer's slow async tests and `decor` processes
# leave it idle at times; separate processes keep both cores busy. Each suite's output goes to
# SCRATCH/test-logs/SUITE.log; a failing suite's log is printed. Returns 1 if any suite failed.
run_suites() {
  local bin=$1 scratch=$2 jobs=${DECOR_TEST_JOBS:-3}
  local binary="$bin/DecorPackageTests.xctest" logs="$root/$scratch/test-logs"
  rm -rf "$logs"
  mkdir -p "$logs" || return 1
  local listed all total suites
  listed=$("$binary" --testing-library swift-testing --list-tests) || return 1
  total=$(printf '%s\n' "$listed" | wc -l)
  all=$(printf '%s\n' "$listed" | sed 's#/.*##' | awk '!seen[$0]++')
  # first_suites that still exist, then the rest, each once.
  suites=$( { printf '%s\n' "${first_suites[@]}" | grep -Fx -f <(printf '%s\n' "$all"); printf '%s\n' "$all"; } \
    | awk '!seen[$0]++')
  echo "sanitizers: $(printf '%s\n' "$suites" | wc -l) suites, $total tests, $jobs at a time"
  export binary logs
  printf '%s\n' "$suites" | xargs -P "$jobs" -I{} bash -c '
    if "$binary" --testing-library swift-testing --filter "^${1//./\\.}/" >"$logs/$1.log" 2>&1; then
      echo "  $1: $(grep -Eo "[0-9]+ tests? in [0-9]+ suites? passed after [0-9.]+ seconds" "$logs/$1.log" | tail -1)"
    else
      echo "  $1: FAILED"; exit 1
    fi' _ {} || {
    for log in "$logs"/*.log; do
      grep -q "Test run with .* passed" "$log" || { echo "----- $log"; cat "$log"; }
    done
    return 1
  }
  # Every listed test ran: the suites' own counts add up to the list's.
  local ran
  ran=$(cat "$logs"/*.log | grep -Eo "Test run with [0-9]+ tests?" | awk '{ n += $4 } END { print n + 0 }')
  if [ "$ran" -ne "$total" ]; then
    echo "sanitizers: $ran tests ran of $total listed" >&2
    return 1
  fi
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
