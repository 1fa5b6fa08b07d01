#!/usr/bin/env bash
# Every shell test (tests/*-test.sh) in turn, after `mvn -B verify` has built the jars, each with its time; fails if
# any failed.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
status=0
for test in "$root"/tests/*-test.sh; do
    echo "== $(basename "$test")"
    start=$SECONDS
    "$test" || status=1
    echo "== $(basename "$test"): $((SECONDS - start)) s"
done
exit "$status"
