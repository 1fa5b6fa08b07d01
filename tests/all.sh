#!/usr/bin/env bash
# Every shell test (tests/*-test.sh) in turn, after `mvn -B verify` has built the jars; fails if any failed.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
status=0
for test in "$root"/tests/*-test.sh; do
    echo "== $(basename "$test")"
    "$test" || status=1
done
exit "$status"
