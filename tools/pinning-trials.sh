#!/usr/bin/env bash
# Does pinning lower the spread between JVMs? Runs one pair as one side of an ab trial does (run-all --length trial),
# each run a fresh server and client, alternately pinned (the server on CPU 1, the client and its JMH fork on CPU 0,
# by run-all's --server-cpus and --client-cpus) and not, in a trial order that starts with either. Then prints
# tools/ab-levels.py's table, whose two sides are the unpinned ("baseline") and the pinned ("candidate") runs.
# Usage: tools/pinning-trials.sh <out-dir> [pair] [trials] [port]     (a trial is one pinned and one unpinned run)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

out=${1:?usage: tools/pinning-trials.sh <out-dir> [pair] [trials] [port]}
pair=${2:-dubbo-kryo}
trials=${3:-8}
port=${4:-19980}
[[ -e $out ]] && { echo "pinning-trials: $out exists" >&2; exit 2; }
mkdir -p "$out"

start=$(date +%s)
for (( trial = 1; trial <= trials; trial++ )); do
    name=$(printf 'trial-%02d' "$trial")
    if (( trial % 2 )); then
        order=(baseline candidate)
    else
        order=(candidate baseline)
    fi
    for side in "${order[@]}"; do
        pinning=()
        [[ $side == candidate ]] && pinning=(--server-cpus 1 --client-cpus 0)
        if ! ./benchmark.sh run-all --length trial --pairs "$pair" -p "$port" --out "$out/$name-$side" \
                "${pinning[@]}" > "$out/$name-$side.out" 2>&1; then
            echo "pinning-trials: $name-$side failed:" >&2
            tail -5 "$out/$name-$side.out" >&2
            exit 1
        fi
        echo "pinning-trials: $name-$side done, $(( $(date +%s) - start )) s in"
    done
done
python3 tools/ab-levels.py "$out" unpinned pinned
