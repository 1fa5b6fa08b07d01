#!/usr/bin/env bash
# Runs a pair across two emulated hosts on this machine with the runner's SSH executor, as across real machines: two
# network namespaces with an sshd each (tools/namespace-hosts.sh), optionally shaped to a link rate and delay; the
# runner reaches them over ssh, starts the server on one and the client on the other, and brings every file back.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
namespace_hosts=$root/tools/namespace-hosts.sh
hosts_name=rpcb-two subnet=10.231.0
hosts_dir=/run/rpcbench-hosts/$hosts_name
server_ns=${hosts_name}1 client_ns=${hosts_name}2
server_addr=$subnet.1 client_addr=$subnet.2
# held while a run is live, its runner included: a run that finds hosts and a free lock knows a killed run left them
lock_file=/run/lock/rpcbench-two-hosts.lock

usage() {
    cat <<USAGE
usage: two-hosts.sh [--link RATE] [--delay TIME] [-p port] [-f result-file] [-a "client args"] <pair>
       two-hosts.sh --teardown

Runs <pair>-server on root@$server_addr and <pair>-client on root@$client_addr with benchmark.sh --on ssh: two
hosts on this machine, network namespaces $server_ns and $client_ns with an sshd each, on a bridge here. Builds
first, checks the link, stops both ends and removes everything at the end. Needs root, iproute2 and openssh-server.

  --link RATE   shape both directions to RATE (kbit, mbit or gbit, e.g. 1gbit)
  --delay TIME  add TIME one way in each direction (us or ms, e.g. 0.1ms; needs the kernel's netem)
  -p port       server port (default 8080)
  -f file       client: JMH result file (default results/<pair>-client-<UTC time>.json)
  -a args       client arguments, as benchmark.sh -a
  --teardown    stop what a killed earlier run left on the $server_ns/$client_ns hosts and remove them
  -h            this help

pairs: $(pairs | tr '\n' ' ')
USAGE
}

fail() {
    local status=$1
    shift
    echo "two-hosts.sh: $*" >&2
    exit "$status"
}

# pairs: every <pair>-server module with its <pair>-client, whatever its stack
pairs() {
    local pom pair
    for pom in "$root"/*-server/pom.xml; do
        pair=$(basename "$(dirname "$pom")")
        pair=${pair%-server}
        [ -f "$root/$pair-client/pom.xml" ] && echo "$pair"
    done
}

# The runner stops what it started on the hosts (SIGTERM, then SIGKILL after 30 s; its JVMs stop when its ssh
# sessions end); the hosts go with everything still in them.
teardown() {
    if [ -n "${runner:-}" ] && kill -0 "$runner" 2>/dev/null; then
        kill -TERM "$runner" 2>/dev/null || true
        for _ in $(seq 1 60); do
            kill -0 "$runner" 2>/dev/null || break
            sleep 0.5
        done
        kill -KILL "$runner" 2>/dev/null || true
    fi
    "$namespace_hosts" down --name "$hosts_name"
}

# Ping when installed; otherwise TCP round trips to the benchmark's port, which also proves that port is reachable.
check_link() {
    if command -v ping >/dev/null; then
        ip netns exec "$client_ns" ping -q -c 5 -i 0.2 -W 2 "$server_addr" | tail -n 1 | sed 's/^/link: ping /' ||
            fail 1 "no answer from $server_addr across the link"
        return
    fi
    timeout 10 ip netns exec "$server_ns" python3 -c '
import socket, sys
with socket.create_server((sys.argv[1], int(sys.argv[2]))) as server:
    connection, _ = server.accept()
    while data := connection.recv(64):
        connection.sendall(data)' "$server_addr" "$port" &
    local echo_pid=$!
    timeout 10 ip netns exec "$client_ns" python3 -c '
import socket, statistics, sys, time
for _ in range(50):
    try:
        connection = socket.create_connection((sys.argv[1], int(sys.argv[2])), timeout=2)
        break
    except ConnectionRefusedError:
        time.sleep(0.1)
connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
rtts = []
for _ in range(20):
    start = time.perf_counter()
    connection.sendall(b"x")
    assert connection.recv(1) == b"x"
    rtts.append((time.perf_counter() - start) * 1000)
connection.close()
print("link: TCP round trip to %s:%s min/median/max = %.3f/%.3f/%.3f ms (no ping installed)"
      % (sys.argv[1], sys.argv[2], min(rtts), statistics.median(rtts), max(rtts)))' "$server_addr" "$port" ||
        { kill "$echo_pid" 2>/dev/null || true; fail 1 "no TCP answer from $server_addr:$port across the link"; }
    wait "$echo_pid" || true
}

link="" delay="" port=8080 result_file="" client_args="" teardown_only=false
while [ $# -gt 0 ]; do
    case $1 in
        --link | --delay | -p | -f | -a) [ $# -ge 2 ] || fail 2 "option $1 needs a value (see -h)" ;;&
        --link) link=$2; shift 2 ;;
        --delay) delay=$2; shift 2 ;;
        -p) port=$2; shift 2 ;;
        -f) result_file=$2; shift 2 ;;
        -a) client_args=$2; shift 2 ;;
        --teardown) teardown_only=true; shift ;;
        -h | --help) usage; exit 0 ;;
        -*) fail 2 "unknown option $1 (see -h)" ;;
        *) break ;;
    esac
done
[ -z "$link" ] || [[ $link =~ ^[1-9][0-9]*[kmg]bit$ ]] || fail 2 "option --link: '$link' is not a rate like 100mbit or 1gbit"
[ -z "$delay" ] || [[ $delay =~ ^[0-9]+(\.[0-9]+)?(us|ms)$ ]] || fail 2 "option --delay: '$delay' is not a time like 0.1ms"
if ! [[ $port =~ ^[0-9]+$ ]] || ((port < 1 || port > 65535)); then
    fail 2 "option -p: '$port' is not a port number"
fi
if ! $teardown_only; then
    [ $# -eq 1 ] || fail 2 "name one pair (see -h); pairs: $(pairs | tr '\n' ' ')"
    pair=$1
    pairs | grep -x -- "$pair" >/dev/null || fail 2 "unknown pair '$pair'; pairs: $(pairs | tr '\n' ' ')"
fi

[ "$(id -u)" -eq 0 ] || fail 1 "network namespaces need root: run it as root (e.g. sudo ./two-hosts.sh ...)"
command -v ip >/dev/null && command -v tc >/dev/null || fail 1 "needs iproute2 (ip and tc): apt-get install iproute2"
if $teardown_only; then
    "$namespace_hosts" down --name "$hosts_name"
    echo "two-hosts.sh: no $server_ns/$client_ns host left"
    exit 0
fi
command -v ssh >/dev/null && { command -v sshd >/dev/null || [ -x /usr/sbin/sshd ]; } ||
    fail 1 "the hosts need OpenSSH's ssh and sshd: apt-get install openssh-server"
exec {lock}>"$lock_file"
flock -n "$lock" || fail 1 "another two-hosts.sh run is live: wait for it, or stop it with two-hosts.sh --teardown"
if ip netns list | grep -Eq "^($server_ns|$client_ns)( |$)"; then
    echo "two-hosts.sh: removing the hosts a killed run left" >&2
    "$namespace_hosts" down --name "$hosts_name"
fi

# Built before the hosts are up, so that a failed build leaves nothing to remove.
"$root/benchmark.sh" -h "$pair" >/dev/null

trap teardown EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
"$namespace_hosts" up --name "$hosts_name" --subnet "$subnet" ${link:+--link "$link"} ${delay:+--delay "$delay"} 2
check_link

# The runner over ssh: the server on its host until its ready record, the client on the other, then the server
# stopped and every file back here. In the background, so that a SIGTERM to this script ends the wait at once and
# the trap tears down.
"$root/benchmark.sh" --on ssh --server-hosts "root@$server_addr" --client-hosts "root@$client_addr" \
    --ssh-identity "$hosts_dir/key" --ssh-known-hosts "$hosts_dir/known_hosts" -p "$port" \
    ${result_file:+-f "$result_file"} -a "$client_args" "$pair" &
runner=$!
status=0
wait "$runner" || status=$?
exit "$status"
