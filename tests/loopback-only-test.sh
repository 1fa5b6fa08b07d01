#!/usr/bin/env bash
# A pair on a host whose only interface is loopback (a CI container, a network namespace), as `unshare -n` makes
# one: Dubbo's per-call local-host lookup must not flood the server's log or sink the throughput. The same short run
# on this host is the yardstick. Skipped (SKIP) where a network namespace cannot be made. Ends with
# "N passed, N failed, N skipped".
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d)
# shellcheck source=tests/lib.sh
. "$root/tests/lib.sh"
trap 'rm -rf "$work"' EXIT

if ! command -v ip >/dev/null; then
    skip "the loopback-only host" "no ip command to bring up a namespace's loopback (iproute2)"
    finish
    exit
fi
if ! unshare -n true 2>"$work/probe"; then
    skip "the loopback-only host" "a loopback-only network namespace cannot be made here ($(cat "$work/probe"))"
    finish
    exit
fi

# the fast tier: existUser, the smallest call (where a per-call lookup weighs most), and listUser, the largest
# answer; the full tier: the four calls
short_run="--warmupIterations 1 --warmupTime 2 --measurementIterations 1 --measurementTime 2 --modes thrpt"
if [ "$tier" = full ]; then
    short_run+=" --benchmarks existUser,createUser,getUser,listUser"
else
    short_run+=" --benchmarks existUser,listUser"
fi

# run_pair NAME [unshare -n]: the kryo pair with the short run, in this host's network or, with unshare -n, in a new
# namespace whose only interface is its loopback, brought up first
run_pair() {
    local name=$1 inner=
    shift
    [ $# -gt 0 ] && inner="ip link set lo up && "
    inner+="exec \"$root/benchmark.sh\" -p $(free_port) -f \"$work/$name.json\" -a \"$short_run\" dubbo-kryo"
    timeout 300 "$@" bash -c "$inner" >"$work/$name.out" 2>&1
}

# the server log named in the ready line is under 1 MB (a lookup failing on every call writes hundreds of MB)
small_server_log() {
    local log
    log=$(grep -o 'log=[^ ]*' "$work/$1.out" | head -1 | cut -d= -f2)
    if [ ! -f "$log" ] || [ "$(stat -c %s "$log")" -ge 1000000 ]; then
        echo "  server log ${log:-not named}: $(stat -c %s "$log" 2>/dev/null || echo missing) bytes"
        return 1
    fi
}

# the loopback-only run's calls per second, summed over the four calls, are at least half this host's
comparable_throughput() {
    results "$work/host.json" "$work/loopback.json" | awk -F'\t' '
        NR > 1 && $4 == "thrpt" && $7 == "primary" { sum[$1] += $8 }
        END {
            printf "  loopback-only / host throughput: %.2f\n", sum["loopback"] / sum["host"]
            exit !(sum["loopback"] >= 0.5 * sum["host"])
        }'
}

check "the kryo pair on this host" run_pair host
check "the kryo pair in a loopback-only network namespace" run_pair loopback unshare -n
check "loopback-only: the ready line says Dubbo's simple profiler is off, and why" \
    grep -q "simple-profiler=off(loopback-only-host)" "$work/loopback.out"
if [ -n "$(ip -o addr show scope global 2>/dev/null)" ]; then
    check "this host: the simple profiler stays on, as users run Dubbo" grep -q "simple-profiler=on" "$work/host.out"
fi
check "loopback-only: the server log stays small" small_server_log loopback
check "loopback-only: throughput comparable with this host's" comparable_throughput

finish
