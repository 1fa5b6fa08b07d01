#!/usr/bin/env bash
# Every shell test (tests/*-test.sh) in turn, after `mvn -B verify` has built the jars: the fast tier (what the
# README's test command runs, .ci/run), or with --full every check (the nightly workflow). Prints each test's output,
# then a table of each test's time and counts, and the closing line `N passed, N failed, N skipped`; fails when any
# test failed or did not end with its closing line.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
case ${1:-} in
    "") tier=fast ;;
    --full) tier=full ;;
    *)
        echo "usage: tests/all.sh [--full]" >&2
        exit 2
        ;;
esac
export RPCBENCH_TEST_TIER=$tier

status=0
passed=0
failed=0
skipped=0
rows=()
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for test in "$root"/tests/*-test.sh; do
    name=$(basename "$test")
    echo "== $name ($tier tier)"
    start=$SECONDS
    "$test" 2>&1 | tee "$log"
    test_status=${PIPESTATUS[0]}
    seconds=$((SECONDS - start))
    closing=$(tail -n 1 "$log")
    if [[ $closing =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed,\ ([0-9]+)\ skipped$ ]]; then
        passed=$((passed + BASH_REMATCH[1]))
        failed=$((failed + BASH_REMATCH[2]))
        skipped=$((skipped + BASH_REMATCH[3]))
        rows+=("| $name | $seconds | ${BASH_REMATCH[1]} | ${BASH_REMATCH[2]} | ${BASH_REMATCH[3]} |")
    else
        failed=$((failed + 1))
        rows+=("| $name | $seconds | no closing line (exit $test_status) | | |")
    fi
    [ "$test_status" -eq 0 ] || status=1
    echo "== $name: $seconds s"
done

echo
echo "| test ($tier tier) | s | passed | failed | skipped |"
echo "| --- | --- | --- | --- | --- |"
printf '%s\n' "${rows[@]}"
echo
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ] || status=1
exit "$status"
