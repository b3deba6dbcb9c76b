#!/usr/bin/env bash
# Builds the tour as another package would (depending on Decor by path), runs it on two sample images, checks that
# it wrote every image and that each decodes, then runs its tests (golden images included). Exit 0 when all hold.
set -euo pipefail
cd "$(dirname "$0")"
export -n DECOR_RECORD 2>/dev/null || true
output=$(mktemp -d)
trap 'rm -rf "$output"' EXIT

swift build >/dev/null
swift run -q decor-tour ../../SampleImages/chelsea.png ../../SampleImages/horse-cutout.png "$output" | tee tour.log
grep -q 'step 2: unknown filter "blurr"; did you mean "blur"?' tour.log \
  || { echo "check: the tour's error example did not say what went wrong"; exit 1; }
for image in framed framed-from-steps card drawing poster posterized card-1 card-2 card-3; do
  [ -s "$output/$image.png" ] || { echo "check: the tour did not write $image.png"; exit 1; }
done
[ -s "$output/card.json" ] || { echo "check: the tour did not write card.json"; exit 1; }
rm -f tour.log
swift test 2>&1 | tail -5
echo "check: the tour ran every example and its tests passed"
