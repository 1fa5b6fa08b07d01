#!/usr/bin/env bash
# The SSH executor against real sshd servers: four "hosts", each a network namespace with its own sshd (its own
# config, host key and authorized keys, made here), joined by a bridge to this machine, where the runner and its ssh
# run. Bad options; a 1x2 run-all across two hosts with the wire check across them; a 1x2 with each consumer on a
# client host of its own, in lockstep across them; a key refused; a host without Java; a SIGTERM to the runner
# while its client measures; a host whose sshd dies mid-run (the full tier adds a 1x1 pair from the command line).
# After each: no JVM, session or wrapper left on any host. SKIP where namespaces or sshd cannot be had (not root, no
# iproute2, no openssh-server). Ends with "N passed, N failed, N skipped".
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d)
# a run over ssh copies jars and starts JVMs on the hosts: more time than the shared default
EXITS_WITH_TIMEOUT=240
# shellcheck source=tests/lib.sh
. "$root/tests/lib.sh"

bridge=rpcb-sshbr
# where root's ssh sessions start, and the runs keep their directories
root_home=$(getent passwd root | cut -d: -f6)
prefix=10.233.0
hosts=(1 2 3 4)
declare -A sshd_pid=()

check "--on ssh without hosts: exit 2, one line" \
    exits_with 2 "^benchmark.sh: option --on ssh: give the hosts with --server-hosts and --client-hosts" \
    "$work/out" -- "$root/benchmark.sh" --on ssh dubbo-kryo
check "hosts without --on ssh: exit 2" \
    exits_with 2 "options --server-hosts, --client-hosts, --ssh-identity and --ssh-known-hosts apply with --on ssh" \
    "$work/out" -- "$root/benchmark.sh" --server-hosts 10.233.0.1 --client-hosts 10.233.0.2 dubbo-kryo
check "--on elsewhere: exit 2" \
    exits_with 2 "option --on: 'k9s' is not local, ssh or k8s" "$work/out" -- "$root/benchmark.sh" --on k9s dubbo-kryo
check "--on ssh with two providers: exit 2, says why" \
    exits_with 2 "option --on ssh: runs one provider a pair" "$work/out" -- "$root/benchmark.sh" run-all --on ssh \
    --server-hosts 10.233.0.1 --client-hosts 10.233.0.2 --topology 2x1 --pairs dubbo-kryo

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
    local n pid
    # a runner a failed check left: it stops what it started first
    if [ -n "${runner:-}" ] && kill -0 "$runner" 2>/dev/null; then
        kill -TERM "$runner"
        wait_for_exit "$runner" 60
    fi
    for n in "${hosts[@]}"; do
        for pid in $(ip netns pids "rpcb-ssh$n" 2>/dev/null); do
            kill -KILL "$pid" 2>/dev/null
        done
        ip netns delete "rpcb-ssh$n" 2>/dev/null
    done
    ip link delete "$bridge" 2>/dev/null
    # the hosts share this machine's files: a run directory the lost host could not remove is removed here
    rm -rf "$root_home"/.rpcbench/*-"$prefix".[0-9]*
    rmdir "$root_home/.rpcbench" 2>/dev/null
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

# the hosts: a namespace each, a veth into the bridge here, an address on the bridge's network
ip link add "$bridge" type bridge
ip addr add "$prefix.254/24" dev "$bridge"
ip link set "$bridge" up
for n in "${hosts[@]}"; do
    ip netns add "rpcb-ssh$n"
    ip link add "rpcb-ssh$n" type veth peer name eth0 netns "rpcb-ssh$n"
    ip link set "rpcb-ssh$n" master "$bridge" up
    ip -n "rpcb-ssh$n" addr add "$prefix.$n/24" dev eth0
    ip -n "rpcb-ssh$n" link set lo up
    ip -n "rpcb-ssh$n" link set eth0 up
done

# keys: the runner's, one no host accepts, and each host's own, all known in one known-hosts file
ssh-keygen -q -t ed25519 -N "" -f "$work/runner_key"
ssh-keygen -q -t ed25519 -N "" -f "$work/stranger_key"
cp "$work/runner_key.pub" "$work/authorized_keys"
# host 3 has no java: its sessions' PATH is /usr/bin without java
mkdir "$work/nojava-bin"
for program in /usr/bin/*; do
    [ "$(basename "$program")" = java ] || ln -s "$program" "$work/nojava-bin/"
done
mkdir -p /run/sshd
for n in "${hosts[@]}"; do
    ssh-keygen -q -t ed25519 -N "" -f "$work/host$n"
    echo "$prefix.$n $(cat "$work/host$n.pub")" >>"$work/known_hosts"
    path=/usr/local/bin:/usr/bin:/bin
    [ "$n" -ne 3 ] || path=$work/nojava-bin
    cat >"$work/sshd$n.conf" <<CONF
ListenAddress $prefix.$n
HostKey $work/host$n
PidFile none
AuthorizedKeysFile $work/authorized_keys
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
SetEnv PATH=$path
Subsystem sftp /usr/lib/openssh/sftp-server
CONF
    ip netns exec "rpcb-ssh$n" /usr/sbin/sshd -D -f "$work/sshd$n.conf" -E "$work/sshd$n.log" &
    sshd_pid[$n]=$!
    # stopped through its namespace, not as a job of this script
    disown "$!"
done
ssh_options=(--ssh-identity "$work/runner_key" --ssh-known-hosts "$work/known_hosts")

listening() {
    local n
    for n in "${hosts[@]}"; do
        for _ in $(seq 1 20); do
            ip netns exec "rpcb-ssh$n" bash -c "exec 3<>/dev/tcp/$prefix.$n/22" 2>/dev/null && continue 2
            sleep 0.5
        done
        echo "  the sshd of host $n does not listen:" && sed 's/^/  | /' "$work/sshd$n.log"
        return 1
    done
}
check "four hosts, each with its sshd listening" listening

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
    --client-hosts "root@$prefix.2" --ssh-identity "$work/stranger_key" --ssh-known-hosts "$work/known_hosts" \
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
