#!/usr/bin/env bash
# Does pinning lower the spread between JVMs? Runs one pair's server and client the two-terminal way, each run a fresh
# server and client with ab's trial settings, alternately pinned (server on CPU 1, client and its JMH fork on CPU 0,
# with taskset) and not, in a trial order that starts with either. Then prints tools/ab-levels.py's table, whose two
# sides are the unpinned ("baseline") and the pinned ("candidate") runs.
# Usage: tools/pinning-trials.sh <out-dir> [pair] [trials] [port]     (a trial is one pinned and one unpinned run)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

out=${1:?usage: tools/pinning-trials.sh <out-dir> [pair] [trials] [port]}
pair=${2:-dubbo-kryo}
trials=${3:-8}
port=${4:-19980}
trial_args="--scenario user --warmupIterations 2 --warmupTime 5 --measurementIterations 3 --measurementTime 2"
trial_args+=" --forks 1 --modes thrpt"
[[ -e $out ]] && { echo "pinning-trials: $out exists" >&2; exit 2; }
mkdir -p "$out"

server_pid=
stop_server() {
    if [[ -n $server_pid ]]; then
        kill -TERM "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
        server_pid=
    fi
}
trap stop_server EXIT

# One run: a fresh server, ready within 2 minutes, the client, the server stopped. $1 the run directory, $2 the
# server's CPU list and $3 the client's ("all" leaves that JVM unpinned).
run() {
    local dir=$1 server_cpus=$2 client_cpus=$3
    local -a server_pin=() client_pin=()
    [[ $server_cpus != all ]] && server_pin=(taskset -c "$server_cpus")
    [[ $client_cpus != all ]] && client_pin=(taskset -c "$client_cpus")
    mkdir -p "$dir"
    "${server_pin[@]}" ./benchmark.sh -p "$port" "$pair-server" > "$dir/server.out" 2>&1 &
    server_pid=$!
    local waited=0
    until grep -q "rpcbench server ready" "$dir/server.out"; do
        if ! kill -0 "$server_pid" 2>/dev/null || (( waited++ >= 120 )); then
            echo "pinning-trials: the server of $dir did not get ready:" >&2
            tail -5 "$dir/server.out" >&2
            exit 1
        fi
        sleep 1
    done
    if ! "${client_pin[@]}" ./benchmark.sh -p "$port" -f "$dir/$pair.json" -a "$trial_args" "$pair-client" \
            > "$dir/client.out" 2>&1; then
        echo "pinning-trials: the client of $dir failed:" >&2
        tail -5 "$dir/client.out" >&2
        exit 1
    fi
    stop_server
}

start=$(date +%s)
for (( trial = 1; trial <= trials; trial++ )); do
    name=$(printf 'trial-%02d' "$trial")
    if (( trial % 2 )); then
        order=(baseline candidate)
    else
        order=(candidate baseline)
    fi
    for side in "${order[@]}"; do
        if [[ $side == baseline ]]; then
            run "$out/$name-baseline" all all
        else
            run "$out/$name-candidate" 1 0
        fi
        echo "pinning-trials: $name-$side done, $(( $(date +%s) - start )) s in"
    done
done
python3 tools/ab-levels.py "$out" unpinned pinned
