#!/usr/bin/env bash
# The SSH executor against real sshd servers: four "hosts", each a network namespace with its own sshd (its own
# config, host key and authorized keys, from tools/namespace-hosts.sh), joined by a bridge to this machine, where
# the runner and its ssh run. Bad options; a 1x2 run-all across two hosts with the wire check across them; a 1x2
# with each consumer on a client host of its own, in lockstep across them; a soak across two hosts, the server's
# series read over the network; a 2x2 through the run's ZooKeeper across three; a key refused; a host without Java; a
# SIGTERM to the runner while its client measures; a host whose sshd dies mid-run (the full tier adds a 1x1 pair
# from the command line, a 2x1 through an external ZooKeeper and an ab run across two hosts). After each: no JVM,
# session or wrapper left on any host. SKIP where namespaces or sshd cannot be had (not root, no iproute2, no
# openssh-server). Ends with "N passed, N failed, N skipped".
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d)
# a run over ssh copies jars and starts JVMs on the hosts: more time than the shared default
EXITS_WITH_TIMEOUT=240
# shellcheck source=tests/lib.sh
. "$root/tests/lib.sh"

# the hosts: tools/namespace-hosts.sh's, named and numbered apart from two-hosts.sh's
name=rpcb-ssh
prefix=10.233.0
hosts=(1 2 3 4)
hosts_dir=/run/rpcbench-hosts/$name
declare -A sshd_pid=()

check "--on ssh without hosts: exit 2, one line" \
    exits_with 2 "^benchmark.sh: option --on ssh: give the hosts with --server-hosts and --client-hosts" \
    "$work/out" -- "$root/benchmark.sh" --on ssh dubbo-kryo
check "hosts without --on ssh: exit 2" \
    exits_with 2 "options --server-hosts, --client-hosts, --ssh-identity and --ssh-known-hosts apply with --on ssh" \
    "$work/out" -- "$root/benchmark.sh" --server-hosts 10.233.0.1 --client-hosts 10.233.0.2 dubbo-kryo
check "--on elsewhere: exit 2" \
    exits_with 2 "option --on: 'k9s' is not local, ssh or k8s" "$work/out" -- "$root/benchmark.sh" --on k9s dubbo-kryo
check "ab --duet on hosts: exit 2, one line" \
    exits_with 2 "error: --duet runs both sides at once on this machine; on hosts each side runs alone" \
    "$work/out" -- "$root/benchmark.sh" ab --duet --on ssh --server-hosts 10.233.0.1 --client-hosts 10.233.0.2 \
    "$root" "$root"

if [ "$(id -u)" -ne 0 ] || ! command -v ip >/dev/null; then
    skip "the ssh hosts" "network namespaces need root and iproute2"
    finish
    exit
fi
if ! [ -x /usr/sbin/sshd ] || ! command -v ssh-keygen >/dev/null; then
    skip "the ssh hosts" "no sshd here (.ci/run installs Debian's openssh-server)"
    finish
    exit
fi

teardown() {
    # a runner a failed check left: it stops what it started first
    if [ -n "${runner:-}" ] && kill -0 "$runner" 2>/dev/null; then
        kill -TERM "$runner"
        wait_for_exit "$runner" 60
    fi
    "$root/tools/namespace-hosts.sh" down --name "$name"
    rm -rf "$work"
}
trap teardown EXIT

probe=rpcb-probe-$$
if ! ip netns add "$probe" 2>"$work/probe"; then
    skip "the ssh hosts" "network namespaces cannot be created here ($(cat "$work/probe"))"
    finish
    exit
fi
ip netns delete "$probe"

# four hosts, each with its sshd; host 3's sessions have no java on their PATH
check "four hosts, each with its sshd listening" \
    exits_with 0 "^host 3: root@$prefix.3, namespace ${name}3, sshd listening" "$work/up.out" -- \
    "$root/tools/namespace-hosts.sh" up --name "$name" --subnet "$prefix" --without-java 3 "${#hosts[@]}"
for n in "${hosts[@]}"; do
    sshd_pid[$n]=$(cat "$hosts_dir/host$n.pid" 2>/dev/null)
done
ssh_options=(--ssh-identity "$hosts_dir/key" --ssh-known-hosts "$hosts_dir/known_hosts")
# a key no host takes
ssh-keygen -q -t ed25519 -N "" -f "$work/stranger_key"

# nothing of a run left on any host: in each namespace only its sshd's listener (a session's sshd, the wrapper, a
# JVM or a JMH fork would be more); waits a little for the last session to close
nothing_left() {
    local n pids
    for _ in $(seq 1 20); do
        pids=""
        for n in "${hosts[@]}"; do
            pids+=$(ip netns pids "rpcb-ssh$n" | grep -vx "${sshd_pid[$n]:-none}" | tr '\n' ' ')
        done
        [ -z "$pids" ] && ! pgrep -f "ControlPath=/tmp/rpcbench-ssh-" >/dev/null && return 0
        sleep 0.5
    done
    echo "  still running:"
    for pid in $pids $(pgrep -f "ControlPath=/tmp/rpcbench-ssh-"); do
        ps -o pid=,args= -p "$pid" | cut -c1-150 | sed 's/^/  | /'
    done
    return 1
}

tiny="--warmupIterations 0 --measurementIterations 1 --measurementTime 1 --modes thrpt --threads 2"
tiny+=" --benchmarks getUser"
# 1x2: one server, two consumers on one client host (JMH consumers meet there before each iteration)
run=$work/run-1x2
check "run-all 1x2 across two hosts: exit 0" \
    exits_with 0 "dubbo-kryo \| passed" "$work/1x2.out" -- "$root/benchmark.sh" run-all --on ssh \
    --server-hosts "root@$prefix.1" --client-hosts "root@$prefix.2" "${ssh_options[@]}" --topology 1x2 \
    --pairs dubbo-kryo -p "$(free_port)" -a "$tiny" --out "$run"
server_host="root@$prefix.1" client_host="root@$prefix.2"
placed="pair['providers'][0]['machine']['host'] == '$server_host' and len(pair['consumers']) == 2"
placed+=" and all(c['machine']['host'] == '$client_host' and c['machine']['cores'] > 0 for c in pair['consumers'])"
check "run-all 1x2: run.json says where each JVM ran, with its CPU and cores" run_json "$run/run.json" "$placed"
across="all(c['proofs'] and all(p['server'].startswith('$prefix.1:') for p in c['proofs'])"
across+=" for c in pair['consumers'])"
check "run-all 1x2: both consumers proved the wire across hosts" run_json "$run/run.json" "$across"
came_back() {
    local file
    for file in "$@"; do
        [ -e "$run/$file" ] || { echo "  no $file in the run directory:" && ls "$run" | sed 's/^/  | /'; return 1; }
    done
}
check "run-all 1x2: the server's log and stop record, each client's result and table came back" \
    came_back dubbo-kryo-server.log dubbo-kryo-server.stop.json dubbo-kryo-consumer1.json dubbo-kryo-consumer2.json.md
check "run-all 1x2: nothing left on the hosts" nothing_left

# a soak across hosts: the client on host 2 judges the server on host 1 from the series that server serves at its
# address, not from a file (each host's run directory is its own); both series come back to the run directory
soak_across() {
    local run=$work/run-soak judged
    check "run-all --soak across two hosts: exit 0, both JVMs judged" \
        exits_with 0 "soak verdict: passed" "$work/soak.out" -- "$root/benchmark.sh" run-all --on ssh \
        --server-hosts "root@$prefix.1" --client-hosts "root@$prefix.2" "${ssh_options[@]}" --pairs dubbo-kryo \
        -p "$(free_port)" --soak 8s -a "--soak-warmup 2s --sample-every 1s" --out "$run"
    judged="(lambda s: [j['jvm'] for j in s['jvms']] == ['client', 'server'] and s['answered'] > 0"
    judged+=" and s['errors'] == 0 and all(j['samples'] >= 3 and j['checks'] for j in s['jvms'])"
    judged+=" and '-$prefix.1/' in s['jvms'][1]['samplesFile'])(pair['consumers'][0]['soak'])"
    check "run-all --soak across hosts: the server's series judged as its host served it" \
        run_json "$run/run.json" "$judged"
    check "run-all --soak across hosts: the server served it at its host's address" \
        grep -rqE "served at http://$prefix\.1:[0-9]+/" "$run"
    check "run-all --soak across hosts: the server's series came back, a sample a second" \
        record_check --as jvm-samples "$run/dubbo-kryo-server.jvm.jsonl" 'len(r) >= 6'
    check "run-all --soak across hosts: the client's series came back, with its calls" \
        record_check --as jvm-samples "$run/dubbo-kryo-client.jvm.jsonl" 'sum(x["load"]["calls"] for x in r) > 0'
    check "run-all --soak across hosts: nothing left on the hosts" nothing_left
}
soak_across

# ab across hosts (full tier: six run-alls over ssh, about a minute each here): the shortest trials
# tests/ab-test.sh runs (three saturated trials of getUser, no confirmation), the servers on host 1 and the clients
# on host 2, each side's runner copying its own jars there; the candidate's servers spend 2 ms more in each getUser,
# which the gate flags from what came back
ab_across() {
    local ab=$work/ab
    EXITS_WITH_TIMEOUT=900 check "ab across two hosts: the candidate's 2 ms more per getUser is a regression, exit 1" \
        exits_with 1 "\*\*Gate: failed\*\*" "$work/ab.out" -- "$root/benchmark.sh" ab --saturated --on ssh \
        --server-hosts "root@$prefix.1" --client-hosts "root@$prefix.2" "${ssh_options[@]}" -p "$(free_port)" \
        --trials 3 --confirm-trials 0 --pairs dubbo-kryo --seed 7 --out "$ab" --threshold 60 --cpu-threshold 200 \
        --alloc-threshold 10 --candidate-server-args "--inject-cost getUser:2ms" \
        -a "--benchmarks getUser --warmupIterations 0 --measurementIterations 1 --measurementTime 1" "$root" "$root"
    check "ab across hosts: getUser's throughput regressed, judged on three trials" \
        record_check --names 'regressed = {(l["benchmark"].rsplit(".", 1)[-1], l["metric"]) for l in r["lines"] if l["verdict"] == "regression"}' \
        "$ab/verdict.json" '("getUser", "score") in regressed and not r["passed"] and r["trials"] == 3'
    check "ab across hosts: every trial's server ran on host 1 and its client on host 2" \
        env PYTHONPATH="$root/tests" python3 - "$ab" "root@$prefix.1" "root@$prefix.2" <<'PY'
import sys
import record
ab, server, client = sys.argv[1:]
r = record.read(ab + "/ab.json")
assert len(r["trials"]) == 3, r["trials"]
for t in r["trials"]:
    for side in ("baseline", "candidate"):
        pair = record.read(ab + "/" + t[side + "Run"] + "/run.json")["pairs"][0]
        assert [p["machine"]["host"] for p in pair["providers"]] == [server], (t, side)
        assert [c["machine"]["host"] for c in pair["consumers"]] == [client], (t, side)
PY
    check "ab across hosts: nothing left on the hosts" nothing_left
}
if in_full_tier "ab across two hosts"; then
    ab_across
fi

# 2x2 through the run's ZooKeeper: it runs on the first server host (.1), provider i on server host i (.1, .2),
# consumer i on client host i (.2, .4; host 3 has no java). The consumers reach ZooKeeper and the providers across
# hosts and meet in lockstep across them. Each provider registers the address it binds, and each consumer's wire
# check proves that it reached each provider at exactly that address (it refuses a provider the registry lists that
# it reached elsewhere).
registry_across_hosts() {
    local run=$work/run-2x2 port placed proven
    local settings="--warmupIterations 0 --measurementIterations 3 --measurementTime 1 --modes thrpt --threads 2"
    port=$(free_port)
    check "run-all 2x2 through ZooKeeper across hosts: exit 0" \
        exits_with 0 "dubbo-kryo \| passed" "$work/2x2.out" -- "$root/benchmark.sh" run-all --on ssh \
        --server-hosts "root@$prefix.1,root@$prefix.2" --client-hosts "root@$prefix.2,root@$prefix.4" \
        "${ssh_options[@]}" -r zookeeper --topology 2x2 --pairs dubbo-kryo -p "$port" \
        -a "$settings --benchmarks getUser" --out "$run"
    check "run-all 2x2: ZooKeeper ran on the first server host, bound to its address" \
        grep -q "^rpcbench zookeeper ready: zookeeper://$prefix.1:[0-9]* " "$work/2x2.out"
    placed="[p['machine']['host'] for p in pair['providers']] == ['root@$prefix.1', 'root@$prefix.2']"
    placed+=" and [(p['ready']['host'], p['ready']['port']) for p in pair['providers']]"
    placed+=" == [('$prefix.1', $port), ('$prefix.2', $port + 1)]"
    placed+=" and all(p['ready']['registry'].startswith('zookeeper://$prefix.1:') for p in pair['providers'])"
    placed+=" and [c['machine']['host'] for c in pair['consumers']] == ['root@$prefix.2', 'root@$prefix.4']"
    check "run-all 2x2: run.json has each provider and consumer on its host, the providers registered there" \
        run_json "$run/run.json" "$placed"
    proven="all(sorted({p['server'] for p in c['proofs']})"
    proven+=" == ['$prefix.1:$port', '$prefix.2:$(( port + 1 ))'] for c in pair['consumers'])"
    check "run-all 2x2: each consumer's wire check reached both providers at their hosts' addresses" \
        run_json "$run/run.json" "$proven"
    check "run-all 2x2: the consumers met in lockstep across their hosts" \
        grep -Eq "merged 2x2: getUser thrpt .*, [23] of 3 iterations with every consumer measuring" "$work/2x2.out"
    check "run-all 2x2: nothing left on the hosts" nothing_left
}
registry_across_hosts

# registered DATA ADDRESS...: ZooKeeper's transaction log (in its data directory DATA) holds a provider node for each
# ADDRESS (host:port), the URL as Dubbo registers it (URL-encoded): what consumers were given
registered() {
    local data=$1 address
    shift
    for address in "$@"; do
        grep -raq "/providers/dubbo%3A%2F%2F${address/:/%3A}%2F" "$data" || {
            echo "  no provider node for $address; the registry holds:"
            grep -raoh "/providers/dubbo%3A%2F%2F[^%]*%3A[0-9]*" "$data" | sort -u | sed 's/^/  | /'
            return 1
        }
    done
}

# the same through a ZooKeeper of the test's own on this machine (-r zookeeper://...): what it holds is read from its
# transaction log once the run has passed
external_registry() {
    local run=$work/run-external port zookeeper_port zookeeper data
    port=$(free_port)
    zookeeper_port=$(free_port)
    "$root/benchmark.sh" zookeeper -s "$prefix.254" -p "$zookeeper_port" -a "--log $work/zookeeper.log" \
        >"$work/zookeeper.out" 2>&1 &
    zookeeper=$!
    for _ in $(seq 1 120); do
        grep -q "^rpcbench zookeeper ready: " "$work/zookeeper.out" && break
        sleep 0.5
    done
    data=$(sed -n 's/^rpcbench zookeeper ready: .* data=\([^ ]*\) .*/\1/p' "$work/zookeeper.out")
    check "run-all 2x1 through an external ZooKeeper: exit 0" \
        exits_with 0 "dubbo-kryo \| passed" "$work/external.out" -- "$root/benchmark.sh" run-all --on ssh \
        --server-hosts "root@$prefix.1,root@$prefix.2" --client-hosts "root@$prefix.2" "${ssh_options[@]}" \
        -r "zookeeper://$prefix.254:$zookeeper_port" --topology 2x1 --pairs dubbo-kryo -p "$port" -a "$tiny" \
        --out "$run"
    check "the external ZooKeeper held each provider at its host's address" \
        registered "$data" "$prefix.1:$port" "$prefix.2:$(( port + 1 ))"
    kill -TERM "$zookeeper"
    wait_for_exit "$zookeeper" 30
    check "the external ZooKeeper: nothing left on the hosts" nothing_left
}
if in_full_tier "a 2x1 through an external ZooKeeper"; then
    external_registry
fi

# 1x2 with a consumer on each of two client hosts: the first hosts the consumers' meeting point on its host's
# address, the other meets it there, across the bridge, before every iteration (warmup included); the merge keeps
# the iterations both measured at once
lockstep_apart() {
    local run=$work/run-apart out=$work/apart.out first="root@$prefix.2" second="root@$prefix.4" apart wire
    local settings="--warmupIterations 1 --warmupTime 1 --measurementIterations 3 --measurementTime 1 --modes thrpt"
    settings+=" --threads 2 --benchmarks getUser"
    check "lockstep across hosts: run-all 1x2, a consumer on each of two client hosts: exit 0" \
        exits_with 0 "dubbo-kryo \| passed" "$out" -- "$root/benchmark.sh" run-all --on ssh \
        --server-hosts "root@$prefix.1" --client-hosts "$first,$second" "${ssh_options[@]}" --topology 1x2 \
        --pairs dubbo-kryo -p "$(free_port)" -a "$settings" --out "$run"
    apart="[c['machine']['host'] for c in pair['consumers']] == ['$first', '$second']"
    wire="all(c['proofs'] for c in pair['consumers'])"
    wire+=" and all(p['server'].startswith('$prefix.1:') and p['client'].startswith('$prefix.' + n + ':')"
    wire+=" for c, n in zip(pair['consumers'], '24') for p in c['proofs'])"
    check "lockstep across hosts: each consumer ran on its own host and proved the wire from there" \
        run_json "$run/run.json" "$apart and $wire"
    check "lockstep across hosts: the first consumer hosted the meeting point on its host's address" \
        grep -Eq "^lockstep: the 2 consumers meet at $prefix.2:[0-9]+$" "$run/dubbo-kryo-client1.out"
    check "lockstep across hosts: both consumers measured (nearly) every iteration at once, the merge says so" \
        grep -Eq "merged 1x2: getUser thrpt [0-9.]+ ± [0-9.NaN]+ ops/ms, [23] of 3 iterations with every consumer"\
" measuring" "$out"
    check "lockstep across hosts: it never ended" sh -c "! grep -h 'lockstep ended' '$out' '$run'/*.out"
    check "lockstep across hosts: nothing left on the hosts" nothing_left
}
lockstep_apart

if in_full_tier "a 1x1 pair from the command line"; then
    port=$(free_port)
    check "a pair across two hosts: exit 0" \
        exits_with 0 "wire check passed: .* server=$prefix.1:$port, client=$prefix.2:" "$work/pair.out" -- \
        "$root/benchmark.sh" --on ssh --server-hosts "root@$prefix.1" --client-hosts "root@$prefix.2" \
        "${ssh_options[@]}" -p "$port" -f "$work/pair.json" -a "$tiny" dubbo-kryo
    check "the pair: the server bound its host's address" \
        grep -q "rpcbench server ready: host=$prefix.1 port=$port" "$work/pair.out"
    check "the pair: each host's CPU and cores said" grep -Eq "^host root@$prefix.2: .*[0-9]+ cores$" "$work/pair.out"
    check "the pair: the client's result came back, with a positive score" positive_scores "$work/pair.json"
    check "the pair: nothing left on the hosts" nothing_left
fi

check "a host that refuses the key: exit 1, one line naming it" \
    exits_with 1 "^benchmark.sh: cannot reach root@$prefix.1 over ssh: .*Permission denied \(publickey\)" \
    "$work/refused.out" -- "$root/benchmark.sh" --on ssh --server-hosts "root@$prefix.1" \
    --client-hosts "root@$prefix.2" --ssh-identity "$work/stranger_key" --ssh-known-hosts "$hosts_dir/known_hosts" \
    -p "$(free_port)" -a "$tiny" dubbo-kryo
check "a host that refuses the key: one line of output" test "$(wc -l <"$work/refused.out")" -eq 1
check "a host that refuses the key: nothing left" nothing_left

check "a host without java: exit 1, one line naming it" \
    exits_with 1 "^benchmark.sh: root@$prefix.3 has no java on its PATH for ssh sessions" "$work/nojava.out" -- \
    "$root/benchmark.sh" --on ssh --server-hosts "root@$prefix.1" --client-hosts "root@$prefix.3" \
    "${ssh_options[@]}" -p "$(free_port)" -a "$tiny" dubbo-kryo
check "a host without java: nothing left" nothing_left

# a pair whose client measures on host 2 for a minute, its output in FILE; $runner is its pid
start_long_pair() {
    "$root/benchmark.sh" --on ssh --server-hosts "root@$prefix.1" --client-hosts "root@$prefix.2" \
        "${ssh_options[@]}" -p "$(free_port)" \
        -a "--warmupIterations 1 --warmupTime 60 --modes thrpt --threads 2 --benchmarks getUser" dubbo-kryo \
        >"$1" 2>&1 &
    runner=$!
}
# the client's JMH fork runs on host 2
measuring() {
    for _ in $(seq 1 240); do
        ip netns pids rpcb-ssh2 | xargs -r ps -o args= -p 2>/dev/null | grep -q ForkedMain && return 0
        kill -0 "$runner" 2>/dev/null || break
        sleep 0.5
    done
    echo "  the client's JMH fork never ran on host 2:" && sed 's/^/  | /' "$1" | tail -20
    return 1
}

# SIGTERM to the runner (as Ctrl-C) while the client measures: both hosts' JVMs stopped, within a minute
start_long_pair "$work/term.out"
check "SIGTERM to the runner: the client measures on its host first" measuring "$work/term.out"
kill -TERM "$runner"
status=0
wait_for_exit "$runner" 60 || status=$?
check "SIGTERM to the runner: it ends within a minute, non-zero" test "$status" -ne 0 -a "$status" -ne 124
check "SIGTERM to the runner: nothing left on any host" nothing_left

# the client host's sshd dies (listener and sessions) while its client measures: the run fails, naming the client
# and its host, and nothing is left on either host
start_long_pair "$work/gone.out"
check "a host that disappears: the client measures there first" measuring "$work/gone.out"
for pid in $(ip netns pids rpcb-ssh2); do
    [ "$(ps -o comm= -p "$pid")" = sshd ] && kill -KILL "$pid"
done
status=0
wait_for_exit "$runner" 60 || status=$?
check "a host that disappears: the run fails within a minute" test "$status" -ne 0 -a "$status" -ne 124
check "a host that disappears: the failure names the client and its host" \
    grep -q "^benchmark.sh: dubbo-kryo-client on root@$prefix.2 exited 255" "$work/gone.out" ||
    sed 's/^/  | /' "$work/gone.out" | tail -20
sshd_pid[2]=gone
check "a host that disappears: nothing left on any host" nothing_left
[ "$status" -ne 124 ] || sed 's/^/  | /' "$work/gone.out" | tail -20

finish
