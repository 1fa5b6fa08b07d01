#!/usr/bin/env bash
# Emulated hosts for the runner's --on ssh on this machine: network namespaces on a bridge, each with a real sshd of
# its own (config, host key, authorized key), optionally with a shaped link. two-hosts.sh and tests/ssh-hosts-test.sh
# run the SSH executor on them, as a user runs it across real machines.
set -euo pipefail

state_root=/run/rpcbench-hosts

usage() {
    cat <<USAGE
usage: namespace-hosts.sh up [--name NAME] [--subnet A.B.C] [--link RATE] [--delay TIME] [--without-java I] N
       namespace-hosts.sh down [--name NAME]

up: N hosts, each a network namespace NAME1..NAMEN with the address A.B.C.i on a bridge NAME-br, which this machine
joins as A.B.C.254, and an sshd of its own listening there; their ssh sessions find the java benchmark.sh would
(JAVA_HOME, else the PATH). What --on ssh needs is written to $state_root/NAME/:
  hosts         the hosts, root@A.B.C.i, one a line (--server-hosts, --client-hosts)
  key           the private key every host takes (--ssh-identity)
  known_hosts   every host's key (--ssh-known-hosts)
  host<i>.pid   host i's sshd listener
down: stops everything in the NAME namespaces (sshd, sessions, JVMs), deletes them and the bridge, and removes
$state_root/NAME and the run directories the hosts left in root's login directory. Needs root, iproute2 (ip, tc)
and OpenSSH's sshd and ssh-keygen.

  --name NAME       the namespaces' and the bridge's name (default rpcb-host): up to 10 of a-z, 0-9 and -
  --subnet A.B.C    the hosts' /24 (default 10.232.0)
  --link RATE       shape each host's egress to RATE (kbit, mbit or gbit, e.g. 1gbit): between two hosts each
                    direction crosses one shaped link; what this machine sends a host (the jars) is not shaped
  --delay TIME      add TIME one way there (us or ms, e.g. 0.1ms; needs the kernel's netem)
  --without-java I  host I's ssh sessions have a PATH without java (to test the runner's check)
  -h                this help
USAGE
}

fail() {
    local status=$1
    shift
    echo "namespace-hosts.sh: $*" >&2
    exit "$status"
}

namespaces() {
    ip netns list | awk -v name="$name" '$1 ~ "^" name "[0-9]+$" { print $1 }'
}

# stop NS: SIGTERM to everything in the namespace, SIGKILL to what is left after 10 s, then the namespace deleted
# (which deletes its veth, the peer on the bridge and their qdiscs)
stop_namespace() {
    local ns=$1 pids
    pids=$(ip netns pids "$ns" | tr '\n' ' ')
    if [ -n "$pids" ]; then
        # shellcheck disable=SC2086
        kill -TERM $pids 2>/dev/null || true
        for _ in $(seq 1 20); do
            [ -n "$(ip netns pids "$ns")" ] || break
            sleep 0.5
        done
        pids=$(ip netns pids "$ns" | tr '\n' ' ')
        # shellcheck disable=SC2086
        [ -z "$pids" ] || kill -KILL $pids 2>/dev/null || true
    fi
    ip netns delete "$ns"
    ! ip link show "$ns" >/dev/null 2>&1 || ip link delete "$ns" 2>/dev/null || true
}

down() {
    local ns target home
    for ns in $(namespaces); do
        stop_namespace "$ns"
    done
    ! ip link show "$name-br" >/dev/null 2>&1 || ip link delete "$name-br"
    # the hosts share this machine's files: a run directory a lost host could not remove is removed here
    if [ -f "$state/hosts" ]; then
        home=$(getent passwd root | cut -d: -f6)
        while read -r target; do
            rm -rf "$home"/.rpcbench/*-"${target#*@}"
        done <"$state/hosts"
        rmdir "$home/.rpcbench" 2>/dev/null || true
    fi
    rm -rf "$state"
    rmdir "$state_root" 2>/dev/null || true
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

# listening ADDRESS: sshd accepts connections there, from this machine across the bridge, within 10 s
listening() {
    for _ in $(seq 1 20); do
        timeout 1 bash -c "exec 3<>/dev/tcp/$1/22" 2>/dev/null && return 0
        sleep 0.5
    done
    return 1
}

up() {
    local i ns address path
    if [ -n "$(namespaces)" ] || ip link show "$name-br" >/dev/null 2>&1; then
        fail 1 "hosts $name exist ($(namespaces | paste -sd ' ')): another run uses them, or a killed one left" \
            "them; namespace-hosts.sh down --name $name removes them"
    fi
    sshd=$(command -v sshd || echo /usr/sbin/sshd)
    [ -x "$sshd" ] || fail 1 "needs OpenSSH's sshd: apt-get install openssh-server"
    command -v ssh-keygen >/dev/null || fail 1 "needs ssh-keygen: apt-get install openssh-client"
    # whatever fails or stops it from here on leaves nothing behind
    trap 'status=$?; [ "$status" -eq 0 ] || down; exit "$status"' EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
    if ! error=$(ip link add "$name-br" type bridge 2>&1); then
        fail 1 "cannot create the bridge $name-br: $error (does this kernel or container allow it?)"
    fi
    mkdir -p -m 700 "$state"
    ip addr add "$subnet.254/24" dev "$name-br"
    ip link set "$name-br" up
    ssh-keygen -q -t ed25519 -N "" -C "rpcbench runner" -f "$state/key"
    cp "$state/key.pub" "$state/authorized_keys"
    if [ -n "$without_java" ]; then
        mkdir "$state/nojava-bin"
        ln -s /usr/bin/* "$state/nojava-bin/"
        rm -f "$state/nojava-bin/java"
    fi
    # sshd's privilege separation directory
    mkdir -p /run/sshd
    for i in $(seq 1 "$count"); do
        ns=$name$i address=$subnet.$i
        ip netns add "$ns"
        ip link add "$ns" type veth peer name eth0 netns "$ns"
        ip link set "$ns" master "$name-br" up
        ip -n "$ns" addr add "$address/24" dev eth0
        ip -n "$ns" link set lo up
        ip -n "$ns" link set eth0 up
        [ -z "$link$delay" ] || shape "$ns" eth0
        ssh-keygen -q -t ed25519 -N "" -C "$ns" -f "$state/host$i"
        echo "$address $(cat "$state/host$i.pub")" >>"$state/known_hosts"
        path=${JAVA_HOME:+$JAVA_HOME/bin:}$PATH
        [ "$i" != "$without_java" ] || path=$state/nojava-bin
        cat >"$state/sshd$i.conf" <<CONF
ListenAddress $address
HostKey $state/host$i
PidFile none
AuthorizedKeysFile $state/authorized_keys
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
SetEnv "PATH=$path"
Subsystem sftp /usr/lib/openssh/sftp-server
CONF
        # ip netns exec execs sshd, so $! is the listener; it keeps no descriptor of its caller's open (a caller's
        # lock or pipe would otherwise live as long as the host)
        (
            for fd in /proc/"$BASHPID"/fd/*; do
                fd=${fd##*/}
                [ "$fd" -le 2 ] || eval "exec $fd>&-"
            done
            exec ip netns exec "$ns" "$sshd" -D -f "$state/sshd$i.conf" -E "$state/sshd$i.log"
        ) </dev/null >/dev/null 2>&1 &
        echo "$!" >"$state/host$i.pid"
        echo "root@$address" >>"$state/hosts"
    done
    for i in $(seq 1 "$count"); do
        listening "$subnet.$i" ||
            fail 1 "the sshd of host $i ($subnet.$i) does not listen: $(tail -n 3 "$state/sshd$i.log" | paste -sd ' ')"
        echo "host $i: root@$subnet.$i, namespace $name$i, sshd listening"
    done
    echo "link: the hosts on bridge $name-br, shaping each host's egress:" \
        "$([ -n "$link$delay" ] && tc -n "${name}1" qdisc show dev eth0 | head -n 1 || echo none)"
    echo "for --on ssh: --server-hosts/--client-hosts from $state/hosts, --ssh-identity $state/key" \
        "--ssh-known-hosts $state/known_hosts"
}

[ $# -gt 0 ] || { usage >&2; exit 2; }
case $1 in
    up | down) command=$1; shift ;;
    -h | --help) usage; exit 0 ;;
    *) fail 2 "unknown command '$1': up or down (see -h)" ;;
esac
name=rpcb-host subnet=10.232.0 link="" delay="" without_java=""
while [ $# -gt 0 ]; do
    case $1 in
        --name | --subnet | --link | --delay | --without-java) [ $# -ge 2 ] || fail 2 "option $1 needs a value" ;;&
        --name) name=$2; shift 2 ;;
        --subnet) subnet=$2; shift 2 ;;
        --link) link=$2; shift 2 ;;
        --delay) delay=$2; shift 2 ;;
        --without-java) without_java=$2; shift 2 ;;
        -h | --help) usage; exit 0 ;;
        -*) fail 2 "unknown option $1 (see -h)" ;;
        *) break ;;
    esac
done
[[ $name =~ ^[a-z][a-z0-9-]{0,9}$ ]] || fail 2 "option --name: '$name' is not up to 10 of a-z, 0-9 and -"
[[ $subnet =~ ^[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}$ ]] || fail 2 "option --subnet: '$subnet' is not like 10.232.0"
[ -z "$link" ] || [[ $link =~ ^[1-9][0-9]*[kmg]bit$ ]] || fail 2 "option --link: '$link' is not a rate like 100mbit or 1gbit"
[ -z "$delay" ] || [[ $delay =~ ^[0-9]+(\.[0-9]+)?(us|ms)$ ]] || fail 2 "option --delay: '$delay' is not a time like 0.1ms"
state=$state_root/$name
if [ "$command" = up ]; then
    [ $# -eq 1 ] && [[ $1 =~ ^[1-9][0-9]?$ ]] || fail 2 "up: give the number of hosts, 1 to 99 (see -h)"
    count=$1
    [ -z "$without_java" ] || [[ $without_java =~ ^[1-9][0-9]?$ ]] && ((${without_java:-1} <= count)) ||
        fail 2 "option --without-java: '$without_java' is not a host from 1 to $count"
else
    [ $# -eq 0 ] || fail 2 "down takes no hosts: --name says which (see -h)"
fi
[ "$(id -u)" -eq 0 ] || fail 1 "network namespaces need root: run it as root"
command -v ip >/dev/null && command -v tc >/dev/null || fail 1 "needs iproute2 (ip and tc): apt-get install iproute2"
"$command"
