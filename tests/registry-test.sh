#!/usr/bin/env bash
# The ZooKeeper registry and topologies as a user meets them: bad input and an unreachable registry refused with
# the address named, the embedded ZooKeeper on its own, a pair found through the registry, the registry's own
# latency, and seed 004's server limit (two clients at once on one provider); in the full tier also the embedded
# ZooKeeper inside a server, run-all with two providers and two consumers (calls spread over both providers), and a
# provider killed or stopped while the consumers run. Ends with "N passed, N failed, N skipped".
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d)
# a run-all or a pair start and stop several JVMs each
EXITS_WITH_TIMEOUT=300
# shellcheck source=tests/lib.sh
. "$root/tests/lib.sh"
trap 'rm -rf "$work"' EXIT

smoke="--warmupIterations 0 --measurementIterations 1 --measurementTime 1 --modes thrpt"

no_zookeeper_left() {
    if pgrep -f -- "org.rpcbench.registry.ZooKeeperServer" >/dev/null; then
        echo "  still running:" && pgrep -af -- "org.rpcbench.registry.ZooKeeperServer" | sed 's/^/  | /'
        return 1
    fi
}

# one_positive_score JMH_JSON: the file holds one result, with a positive score
one_positive_score() {
    results "$1" | awk -F'\t' '
        NR > 1 && $7 == "primary" { n++; score = $8 }
        END { if (n != 1 || !(score > 0)) { print "  " n " results, score " score; exit 1 } }'
}

# merged_throughput RUN_DIR RUN_OUTPUT: dubbo-kryo's merged result has the first consumer's calls, each kept 2 or 3 of
# its 3 iterations (as the run printed it), and its throughput is near the consumers' summed; the exact merge is
# ConsumerMergeTest's, here: the windows went from the clients to the merge, which kept most
merged_throughput() {
    local kept
    kept=$(grep -Eo "merged 2x2: [A-Za-z]+ thrpt .*, [23] of 3 iterations with every consumer measuring" "$2" |
        awk '{print $3}' | sort -u | tr '\n' ' ')
    results "$1/dubbo-kryo.json" "$1/dubbo-kryo-consumer1.json" "$1/dubbo-kryo-consumer2.json" |
        awk -F'\t' -v kept="$kept" '
            NR > 1 && $4 == "thrpt" && $7 == "primary" { score[$1, $3] = $8; calls[$3] = 1; scores = scores " " $1 ":" $3 "=" $8 }
            END {
                for (call in calls) {
                    one = score["dubbo-kryo-consumer1", call]; two = score["dubbo-kryo-consumer2", call]
                    merged = score["dubbo-kryo", call]
                    if (merged == "" || one == "" || two == "" || index(" " kept, " " call " ") == 0 ||
                        merged / (one + two) < 0.7 || merged / (one + two) > 1.3) bad = 1
                }
                if (bad) { print "  scores:" scores "; kept 2 or 3 of 3: " kept; exit 1 }
            }'
}

dead=$(free_port)
check "bad registry: exit 2, names the option" \
    exits_with 2 "option -r: 'zk://x' is not zookeeper or zookeeper://host:port" "$work/out" -- \
    "$root/benchmark.sh" -r zk://x dubbo-kryo-client
check "a client told -r zookeeper: exit 2, asks for the address" \
    exits_with 2 "a client needs the registry's address" "$work/out" -- \
    "$root/benchmark.sh" -r zookeeper -p "$(free_port)" dubbo-kryo-client
check "server, registry unreachable: exit 1 within seconds, names the address" \
    exits_with 1 "ZooKeeper at zookeeper://127.0.0.1:$dead is unreachable" "$work/out" -- \
    timeout 60 "$root/benchmark.sh" -r "zookeeper://127.0.0.1:$dead" -p "$(free_port)" dubbo-kryo-server
check "client, registry unreachable: exit 1 within seconds, names the address" \
    exits_with 1 "ZooKeeper at zookeeper://127.0.0.1:$dead is unreachable" "$work/out" -- \
    timeout 60 "$root/benchmark.sh" -r "zookeeper://127.0.0.1:$dead" -a "$smoke" dubbo-kryo-client
check "run-all, registry unreachable: the pair fails naming it, exit 1" \
    exits_with 1 "ZooKeeper at zookeeper://127.0.0.1:$dead is unreachable" "$work/out" -- \
    "$root/benchmark.sh" run-all -r "zookeeper://127.0.0.1:$dead" -p "$(free_port)" --pairs dubbo-kryo \
    --length quick -a "$smoke" --out "$work/unreachable"

# something answers at the registry's address, but not ZooKeeper: named within seconds on both sides
silent=$(free_port)
python3 -c 'import socket, sys, time
s = socket.create_server(("127.0.0.1", int(sys.argv[1]))); print("listening", flush=True)
conns = []
end = time.time() + 120
while time.time() < end:
    s.settimeout(end - time.time())
    try:
        conns.append(s.accept()[0])
    except OSError:
        break' "$silent" >"$work/silent.out" &
listener=$!
wait_for_line "$work/silent.out" "listening" 10 >/dev/null
check "server, registry address answered by something else: exit 1 within 20 s, says it is not ZooKeeper" \
    exits_with 1 "something accepts connections at zookeeper://127.0.0.1:$silent but does not answer as ZooKeeper" \
    "$work/out" -- timeout 20 "$root/benchmark.sh" -r "zookeeper://127.0.0.1:$silent" -p "$(free_port)" dubbo-kryo-server
check "client, registry address answered by something else: exit 1 within 20 s, says it is not ZooKeeper" \
    exits_with 1 "something accepts connections at zookeeper://127.0.0.1:$silent but does not answer as ZooKeeper" \
    "$work/out" -- timeout 20 "$root/benchmark.sh" -r "zookeeper://127.0.0.1:$silent" -a "$smoke" dubbo-kryo-client
kill "$listener"
wait "$listener" 2>/dev/null || true

# The embedded ZooKeeper on its own, a server registered there, a client that finds it: the README's three terminals.
zk_port=$(free_port)
port=$(free_port)
"$root/benchmark.sh" -p "$zk_port" zookeeper >"$work/zookeeper.out" 2>&1 &
zookeeper=$!
check "benchmark.sh zookeeper: ready line with its address" \
    wait_for_line "$work/zookeeper.out" "^rpcbench zookeeper ready: zookeeper://127.0.0.1:$zk_port data=" 60
data_dir=$(grep -o 'data=[^ ]*' "$work/zookeeper.out" | cut -d= -f2)
"$root/benchmark.sh" -r "zookeeper://127.0.0.1:$zk_port" -p "$port" dubbo-kryo-server >"$work/server.out" 2>&1 &
server=$!
check "a server registered there: its ready line names the registry" \
    wait_for_line "$work/server.out" "^rpcbench server ready: host=127.0.0.1 port=$port .*registry=zookeeper://127.0.0.1:$zk_port " 120
check "a client finds it there, wire-checks it at its loopback bind address and measures" \
    exits_with 0 "wire check passed: serialization=kryo, wire=kryo, server=127.0.0.1:$port" "$work/client.out" -- \
    "$root/benchmark.sh" -r "zookeeper://127.0.0.1:$zk_port" -a "$smoke --benchmarks getUser" -f "$work/client.json" \
    dubbo-kryo-client
check "its result scored the call" one_positive_score "$work/client.json"
kill -TERM "$server"
status=0
wait_for_exit "$server" 60 || status=$?
check "the server stops on SIGTERM: exit 0" test "$status" -eq 0
kill -TERM "$zookeeper"
status=0
wait_for_exit "$zookeeper" 60 || status=$?
check "the embedded ZooKeeper stops on SIGTERM: exit 0, its data directory removed" \
    test "$status" -eq 0 -a -n "$data_dir" -a ! -e "$data_dir"

check "registry-latency: every register and unregister reached the consumer, a table" \
    exits_with 0 "^\| register \| 4 \| " "$work/latency.out" -- \
    "$root/benchmark.sh" -a "--providers 2 --rounds 2 --delay-notification 0" registry-latency
check "registry-latency, registry unreachable: exit 1, names it" \
    exits_with 1 "ZooKeeper at zookeeper://127.0.0.1:$dead is unreachable" "$work/out" -- \
    "$root/benchmark.sh" -r "zookeeper://127.0.0.1:$dead" registry-latency
check "no embedded ZooKeeper left" no_zookeeper_left

# Seed 004's server limit: the preset's two clients at once against one provider, over direct connections.
port=$(free_port)
status=0
# 3-s iterations: the merge keeps an iteration the other client measured through 90% of, and the clients' windows
# (each from its first thread's set-up to its tear-down) began up to 160 ms apart in a fork's first iteration and
# ended up to 70 ms apart here with two busy loops beside; 1-s iterations kept none on a slower CI machine
server_limit_args="--warmupIterations 0 --measurementIterations 2 --measurementTime 3 --modes thrpt"
timeout 600 "$root/benchmark.sh" run-all --scenario server-limit -p "$port" --pairs dubbo-kryo --length quick \
    -a "$server_limit_args" \
    --out "$work/server-limit" >"$work/server-limit.out" 2>&1 || status=$?
check "server-limit: two clients at once, exit 0" test "$status" -eq 0
check "server-limit: over direct connections" grep -q "^topology: 1x2, direct connections" "$work/server-limit.out"

# merged_payload PAYLOAD: the run printed the payload's merged throughput, or else what it printed of the merge
merged_payload() {
    grep -Eq "merged 1x2: echo \(payload=$1\) thrpt [0-9.]+ ± [0-9.NaN]+ ops/ms, [12] of 2 iterations" \
        "$work/server-limit.out" && return 0
    grep -E "merged 1x2: echo \(payload=$1\)" "$work/server-limit.out" | sed 's/^/  | /'
    return 1
}
for payload in empty 1k 5k; do
    check "server-limit: the $payload payload merged across both clients" merged_payload "$payload"
done
"$root/benchmark.sh" report "$work/server-limit" >/dev/null 2>&1 || true
check "server-limit: the report puts the seed's limit under each payload's table" \
    test "$(grep -c "^seed: its server's limit" "$work/server-limit/report.md" 2>/dev/null)" = 3
check "no process left after server-limit" no_process_on "$port"

if ! in_full_tier "a pair in one command through the server's ZooKeeper, 2x2, a provider stopped and one killed"; then
    finish
    exit
fi

port=$(free_port)
check "a pair in one command through an embedded ZooKeeper the server starts: the client is told its address" \
    exits_with 0 "wire check passed: serialization=fst, wire=fst, server=127.0.0.1:$port" "$work/pair.out" -- \
    "$root/benchmark.sh" -r zookeeper -p "$port" -a "$smoke" dubbo-fst
check "no process left after the pair" no_process_on "$port"

# Two providers and two consumers through the run's own ZooKeeper.
port=$(free_port)
status=0
# three iterations, which the consumers meet before (--lockstep): without it, they ran each benchmark apart here
timeout 600 "$root/benchmark.sh" run-all --topology 2x2 -p "$port" --pairs dubbo-kryo --length quick \
    -a "${smoke/--measurementIterations 1/--measurementIterations 3}" \
    --out "$work/topology" >"$work/topology.out" 2>&1 || status=$?
check "run-all --topology 2x2: exit 0" test "$status" -eq 0
check "2x2: both consumers scored, the merged result names the topology" \
    run_json "$work/topology/run.json" 'pair["status"] == "passed" and pair["topology"] == "2x2" and pair["result"] == "dubbo-kryo.json" and [c["exitCode"] for c in pair["consumers"]] == [0, 0]'
check "2x2: each provider served at least a third of its share of the calls, from its own counter" \
    run_json "$work/topology/run.json" 'len(pair["providers"]) == 2 and all(p["calls"] and p["calls"] >= sum(q["calls"] for q in pair["providers"]) / 6 for p in pair["providers"])'
check "2x2: the spread is printed" grep -Eq "calls per provider: $port [0-9.]+% \([0-9,]+\), $((port + 1)) " \
    "$work/topology.out"
check "2x2: in lockstep, the consumers measured (nearly) every iteration at once, and the merge says so" grep -Eq \
    "merged 2x2: getUser thrpt [0-9.]+ ± [0-9.NaN]+ ops/ms, [23] of 3 iterations with every consumer measuring" \
    "$work/topology.out"
check "2x2: the first consumer hosted the lockstep on the loopback" \
    grep -Eq "^lockstep: the 2 consumers meet at 127.0.0.1:[0-9]+$" "$work/topology/dubbo-kryo-client1.out"
check "2x2: the merged JMH result sums the consumers' throughput over their shared windows" \
    merged_throughput "$work/topology" "$work/topology.out"
check "no process left after 2x2, the run's ZooKeeper stopped" no_process_on "$port" $((port + 1))
check "no embedded ZooKeeper left" no_zookeeper_left

# A provider stopped (SIGTERM) or killed (SIGKILL) while two consumers run against two providers.
for fault in sigterm sigkill; do
    port=$(free_port)
    status=0
    timeout 600 "$root/benchmark.sh" run-all --fault "$fault" --topology 2x2 -p "$port" --pairs dubbo-kryo \
        --fault-after 5 --fault-load 12 --out "$work/$fault" >"$work/$fault.out" 2>&1 || status=$?
    check "$fault on a provider: the run passes (exit 0)" test "$status" -eq 0
    check "$fault: the signal went to the first provider, on the consumers' time axis" \
        run_json "$work/$fault/run.json" 'pair["fault"]["signal"] == "'"${fault#sig}"'".upper() and all(c["availability"]["faultOffsetMillis"] > 0 for c in pair["consumers"])'
    # a consumer exits 0 only when no answer was wrong and calls succeeded in its last second
    check "$fault: no answer was wrong, calls went on to the end, each consumer recovered" \
        run_json "$work/$fault/run.json" 'all(c["exitCode"] == 0 and c["availability"]["wrong"] == 0 and c["availability"]["recovered"] for c in pair["consumers"])'
    check "$fault: the other provider served the calls and stopped cleanly" \
        run_json "$work/$fault/run.json" 'pair["providers"][1]["calls"] > 0 and pair["providers"][1]["stopped"]'
    check "$fault: the failed calls and the disturbance are printed" \
        grep -Eq "availability[12]\.json: [0-9,]+ ok, [0-9,]+ failed, 0 wrong; ${fault^^} at" "$work/$fault.out"
    check "$fault: no process left" no_process_on "$port" $((port + 1))
done
check "sigterm: the stopped provider printed its stop line" \
    run_json "$work/sigterm/run.json" 'pair["providers"][0]["stopped"]'
check "sigkill: the killed provider printed none" run_json "$work/sigkill/run.json" 'pair["providers"][0]["stopped"] is None'
check "no embedded ZooKeeper left at the end" no_zookeeper_left

finish
