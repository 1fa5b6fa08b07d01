#!/usr/bin/env bash
# Runs two-hosts.sh as a user would: bad inputs, one pair over ssh across two namespace hosts on a shaped link with
# a one-second run, a SIGTERM in the middle of a run, and --teardown after a SIGKILL. The runs are skipped (SKIP)
# where namespaces or sshd cannot be had (not root, no iproute2, no kernel support, no openssh-server). Ends with
# "N passed, N failed, N skipped".
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d)
# a namespace run builds and shapes a link first: more time than the shared default
EXITS_WITH_TIMEOUT=300
# shellcheck source=tests/lib.sh
. "$root/tests/lib.sh"
trap 'rm -rf "$work"' EXIT

# nothing of a run is left: no rpcb- namespace, no rpcb- interface here, no hosts' keys
torn_down() {
    ! ip netns list | grep -q '^rpcb-' && ! ip -o link show | grep -q ': rpcb-' && [ ! -e /run/rpcbench-hosts/rpcb-two ]
}

check "unknown option: exit 2" \
    exits_with 2 "unknown option --bogus" "$work/out" -- "$root/two-hosts.sh" --bogus dubbo-kryo
check "bad link rate: exit 2, names the option" \
    exits_with 2 "option --link: 'fast'" "$work/out" -- "$root/two-hosts.sh" --link fast dubbo-kryo
check "unknown pair: exit 2, lists the pairs" \
    exits_with 2 "unknown pair 'dubbo-nope'; pairs: .*dubbo-kryo" "$work/out" -- "$root/two-hosts.sh" dubbo-nope

probe=rpcb-probe-$$
if [ "$(id -u)" -ne 0 ] || ! command -v ip >/dev/null || ! ip netns add "$probe" 2>"$work/probe"; then
    skip "the two-host runs" "network namespaces cannot be created here ($([ "$(id -u)" -ne 0 ] && echo "not root" ||
        cat "$work/probe" 2>/dev/null || echo "no ip command"))"
    finish
    exit
fi
ip netns delete "$probe"
if ! [ -x /usr/sbin/sshd ]; then
    skip "the two-host runs" "no sshd here (.ci/run installs Debian's openssh-server)"
    finish
    exit
fi

tiny_run="--warmupIterations 0 --measurementIterations 1 --measurementTime 1 --modes thrpt --scenario user --threads 4"
# one call in the fast tier, the four in the full tier
[ "$tier" = full ] || tiny_run+=" --benchmarks getUser"
port=18080
result=$work/result.json
# rate and delay where the kernel has netem; where it has not, --delay must be refused clearly, and the run goes on
# with the rate alone
status=0
timeout 300 "$root/two-hosts.sh" --link 1gbit --delay 0.1ms -p "$port" -f "$result" -a "$tiny_run" dubbo-kryo \
    >"$work/run.out" 2>&1 || status=$?
if [ "$status" -eq 1 ] && grep -q "this kernel has no netem qdisc" "$work/run.out"; then
    echo "  (no netem in this kernel: --delay refused as it should be; running with --link alone)"
    check "no netem: --delay refused before anything starts" torn_down
    status=0
    timeout 300 "$root/two-hosts.sh" --link 1gbit -p "$port" -f "$result" -a "$tiny_run" dubbo-kryo \
        >"$work/run.out" 2>&1 || status=$?
fi
check "a run across the namespaces exits 0" test "$status" -eq 0
check "the link is shaped to 1 Gbit/s each way" \
    grep -Eq "shaping each host's egress: qdisc (tbf|netem) .*rate 1Gbit" "$work/run.out"
check "the link was checked and its round trip printed" grep -Eq "^link: .*(rtt|round trip)" "$work/run.out"
check "the server bound 10.231.0.1 on its host" \
    grep -q "rpcbench server ready: host=10.231.0.1 port=$port" "$work/run.out"
check "the client's wire check saw the server's and its own host's address" \
    grep -Eq "wire check passed: .* server=10.231.0.1:$port, client=10.231.0.2:" "$work/run.out"
check "the client's result has positive scores" positive_scores "$result"
check "the server stopped cleanly" grep -q "rpcbench server stopped; calls served by serialization: {kryo=" \
    "$work/run.out"
check "no namespace or veth left after the run" torn_down
[ "$status" -eq 0 ] || sed 's/^/  | /' "$work/run.out" | tail -30

# SIGTERM while the client measures (its JMH fork runs on the client's host): the trap stops both ends and
# removes the hosts, within a minute
"$root/two-hosts.sh" -p "$port" -a "--warmupIterations 1 --warmupTime 60 --modes thrpt --threads 4 --benchmarks getUser" \
    dubbo-kryo >"$work/term.out" 2>&1 &
run=$!
measuring() {
    for _ in $(seq 1 240); do
        pgrep -f -- "-Drpcbench\.port=$port .*ForkedMain" >/dev/null && return 0
        kill -0 "$run" 2>/dev/null || break
        sleep 0.5
    done
    echo "  the client's JMH fork never ran:" && sed 's/^/  | /' "$work/term.out" | tail -20
    return 1
}
check "the run reaches its measurement" measuring
kill -TERM "$run"
status=0
for _ in $(seq 1 120); do
    kill -0 "$run" 2>/dev/null || break
    sleep 0.5
done
if kill -0 "$run" 2>/dev/null; then
    kill -KILL "$run"
    status=124
fi
wait "$run" || status=$?
check "SIGTERM during a run: exit 143 within a minute" test "$status" -eq 143
check "SIGTERM during a run: no namespace or veth left" torn_down
check "SIGTERM during a run: no process of the run left" \
    test -z "$(pgrep -af -- "--host 10.231.0.1 --port $port" || true)"

# SIGKILL once the hosts are up leaves them (and the runner fails without them): --teardown removes everything
"$root/two-hosts.sh" -p "$port" -a "$tiny_run" dubbo-kryo >"$work/kill.out" 2>&1 &
run=$!
hosts_up() {
    for _ in $(seq 1 240); do
        grep -q "^host 2: root@10.231.0.2" "$work/kill.out" && return 0
        sleep 0.5
    done
    sed 's/^/  | /' "$work/kill.out" | tail -20
    return 1
}
check "SIGKILL once the hosts are up: the hosts come up first" hosts_up
kill -KILL "$run"
{ wait "$run"; } 2>/dev/null
check "SIGKILL once the hosts are up: the hosts are left" test -e /run/rpcbench-hosts/rpcb-two/hosts
check "--teardown after a SIGKILL: exit 0" \
    exits_with 0 "no rpcb-two1/rpcb-two2 host left" "$work/teardown.out" -- "$root/two-hosts.sh" --teardown
check "--teardown after a SIGKILL: no namespace, veth or key left" torn_down
runner_gone() {
    for _ in $(seq 1 120); do
        pgrep -f -- "--server-hosts root@10.231.0.1" >/dev/null || return 0
        sleep 0.5
    done
    pgrep -af -- "--server-hosts root@10.231.0.1" | cut -c1-150 | sed 's/^/  | /'
    return 1
}
check "--teardown after a SIGKILL: the runner, left without hosts, ends within a minute" runner_gone

finish
