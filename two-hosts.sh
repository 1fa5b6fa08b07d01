#!/usr/bin/env bash
# Runs a pair across two emulated hosts on this machine: a server and a client network namespace joined by a veth
# pair, optionally shaped to a link rate and delay; the runner starts the server in one and the client in the other.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
server_ns=rpcb-server client_ns=rpcb-client
server_if=rpcb-srv client_if=rpcb-cli
server_addr=10.231.0.1 client_addr=10.231.0.2

usage() {
    cat <<USAGE
usage: two-hosts.sh [--link RATE] [--delay TIME] [-p port] [-f result-file] [-a "client args"] <pair>
       two-hosts.sh --teardown

Runs <pair>-server on $server_addr in namespace $server_ns and <pair>-client in $client_ns ($client_addr),
joined by a veth pair; builds first, checks the link, stops the server and removes everything at the end.
Needs root and iproute2.

  --link RATE   shape both directions to RATE (kbit, mbit or gbit, e.g. 1gbit)
  --delay TIME  add TIME one way in each direction (us or ms, e.g. 0.1ms; needs the kernel's netem)
  -p port       server port (default 8080)
  -f file       client: JMH result file (default results/<pair>-client-<UTC time>.json)
  -a args       client arguments, as benchmark.sh -a
  --teardown    stop what a killed earlier run left in the $server_ns/$client_ns namespaces and remove them
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

namespaces() {
    ip netns list | awk -v a="$server_ns" -v b="$client_ns" '$1 == a || $1 == b { print $1 }'
}

alive() {
    local pid
    for pid in "$@"; do
        kill -0 "$pid" 2>/dev/null && return 0
    done
    return 1
}

# stop_pids SECONDS PID...: SIGTERM, then SIGKILL to those still running after SECONDS
stop_pids() {
    local seconds=$1
    shift
    [ $# -gt 0 ] || return 0
    kill -TERM "$@" 2>/dev/null || true
    for _ in $(seq 1 $((seconds * 2))); do
        alive "$@" || return 0
        sleep 0.5
    done
    kill -KILL "$@" 2>/dev/null || true
}

# Deleting a namespace deletes its veth end, the peer and their qdiscs with it, once no process is left inside.
teardown() {
    local ns pids
    # the runner stops what it started in the namespaces; whatever is left there is stopped below
    [ -z "${runner:-}" ] || stop_pids 30 "$runner"
    for ns in $(namespaces); do
        read -ra pids <<<"$(ip netns pids "$ns" | tr '\n' ' ')"
        stop_pids 30 "${pids[@]}"
        ip netns delete "$ns"
    done
    # a veth still in this namespace: a run killed between creating and moving it
    if ip link show "$server_if" >/dev/null 2>&1; then
        ip link delete "$server_if"
    fi
}

# shape NS DEVICE: the qdisc for the asked rate and delay on the device's egress
shape() {
    local ns=$1 device=$2 qdisc error
    # netem when a delay is asked for (it also paces a rate); tbf for a rate alone, since tbf is in every kernel
    # build and netem often is a module that is missing. tbf's bucket holds 1 ms at the rate, its queue 10 ms
    # (about a NIC's 1000-packet transmit queue at 1 Gbit/s); a packet over a full queue is dropped, as on a link.
    if [ -n "$delay" ]; then
        qdisc=(netem delay "$delay" ${link:+rate "$link"})
    else
        qdisc=(tbf rate "$link" burst "$(burst_bytes "$link")" latency 10ms)
    fi
    if ! error=$(tc -n "$ns" qdisc add dev "$device" root "${qdisc[@]}" 2>&1); then
        case $error in
            *"qdisc kind is unknown"*)
                fail 1 "this kernel has no ${qdisc[0]} qdisc (module sch_${qdisc[0]}), so" \
                    "$([ -n "$delay" ] && echo "--delay" || echo "--link") cannot be emulated here" ;;
            *) fail 1 "tc qdisc add ${qdisc[*]} on $device failed: $error" ;;
        esac
    fi
}

# burst_bytes RATE: one millisecond at RATE, at least two full-size frames
burst_bytes() {
    local number=${1%%[kmg]bit} scale
    case $1 in
        *kbit) scale=1000 ;;
        *mbit) scale=1000000 ;;
        *gbit) scale=1000000000 ;;
    esac
    echo $(((number * scale / 8000) > 3028 ? number * scale / 8000 : 3028))
}

# Ping when installed; otherwise TCP round trips to the benchmark's port, which also proves that port is reachable.
check_link() {
    if command -v ping >/dev/null; then
        ip netns exec "$client_ns" ping -q -c 5 -i 0.2 -W 2 "$server_addr" | tail -n 1 | sed 's/^/link: ping /' ||
            fail 1 "no answer from $server_addr across the veth pair"
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
        { kill "$echo_pid" 2>/dev/null || true; fail 1 "no TCP answer from $server_addr:$port across the veth pair"; }
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
command -v ip >/dev/null || fail 1 "needs iproute2 (ip and tc): apt-get install iproute2"
command -v tc >/dev/null || fail 1 "needs iproute2 (ip and tc): apt-get install iproute2"
if $teardown_only; then
    teardown
    echo "two-hosts.sh: no $server_ns/$client_ns namespace left"
    exit 0
fi
for ns in $(namespaces); do
    [ -z "$(ip netns pids "$ns")" ] ||
        fail 1 "namespace $ns is in use (pids $(ip netns pids "$ns" | paste -sd ' ')): another two-hosts.sh run" \
            "is live; wait for it, or stop it with two-hosts.sh --teardown"
    echo "two-hosts.sh: removing namespace $ns left by an earlier run" >&2
done
teardown

# Built here, outside the namespaces, where Maven reaches its repositories; inside, the jars are then current.
"$root/benchmark.sh" -h "$pair" >/dev/null

trap teardown EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
if ! error=$(ip netns add "$server_ns" 2>&1); then
    fail 1 "cannot create network namespace $server_ns: $error (does this kernel or container allow them?)"
fi
ip netns add "$client_ns"
ip link add "$server_if" netns "$server_ns" type veth peer name "$client_if" netns "$client_ns"
ip -n "$server_ns" addr add "$server_addr/24" dev "$server_if"
ip -n "$client_ns" addr add "$client_addr/24" dev "$client_if"
for end in "$server_ns $server_if" "$client_ns $client_if"; do
    read -r ns device <<<"$end"
    ip -n "$ns" link set lo up
    ip -n "$ns" link set "$device" up
    [ -z "$link$delay" ] || shape "$ns" "$device"
done
echo "link: $server_ns $server_addr <-> $client_ns $client_addr over veth, shaping each way:" \
    "$([ -n "$link$delay" ] && tc -n "$server_ns" qdisc show dev "$server_if" | head -n 1 || echo none)"
check_link

# The runner's pair: the server in its namespace until its ready record, the client in the other, then the server
# stopped. In the background, so that a SIGTERM to this script ends the wait at once and the trap tears down.
"$root/benchmark.sh" --server-netns "$server_ns" --client-netns "$client_ns" -s "$server_addr" -p "$port" \
    ${result_file:+-f "$result_file"} -a "$client_args" "$pair" &
runner=$!
status=0
wait "$runner" || status=$?
exit "$status"
