#!/usr/bin/env bash
# Runs benchmark.sh as a user would: bad inputs, a port conflict, a full disk (root), profiling, a server or
# launcher killed, and each stack in one command with one-second iterations. The fast tier runs one call of each
# stack's pair; the full tier runs every call, the clients of other stacks at a Dubbo server, a preset, and on a
# Temurin 25 (SKIP where none is installed) each stack and the pairs that reach into the JDK. Ends with "N passed,
# N failed, N skipped".
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d)
servers=()
# shellcheck source=tests/lib.sh
. "$root/tests/lib.sh"

cleanup() {
    local pid
    for pid in "${servers[@]}"; do
        kill -TERM "$pid" 2>/dev/null || true
    done
    umount "$work/full-disk" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

# start_server NAME PORT [benchmark.sh options...]: starts a server and waits (bounded) for its ready line
start_server() {
    local name=$1 port=$2 log=$work/$1.server.log
    shift 2
    "$root/benchmark.sh" -p "$port" "$@" "$name" >"$log" 2>&1 &
    servers+=($!)
    for _ in $(seq 1 120); do
        grep -q "rpcbench server ready" "$log" && return 0
        kill -0 "${servers[-1]}" 2>/dev/null || break
        sleep 0.5
    done
    echo "  $name did not get ready:" && sed 's/^/  | /' "$log" | tail -20
    return 1
}

# stop_server: SIGTERM to the last server started; it must exit 0 within 30 s
stop_server() {
    local pid=${servers[-1]} status=0
    kill -TERM "$pid"
    wait_for_exit "$pid" 30 || status=$?
    unset 'servers[-1]'
    [ "$status" -eq 0 ] || { echo "  server exited $status after SIGTERM (124: still running after 30 s)"; return 1; }
}

# complete_result FILE [MODES [CALLS]]: the JMH JSON has exactly these calls (default: the four) in these modes
# (default: all three), each with a positive score
complete_result() {
    local modes=${2:-thrpt,avgt,sample} calls=${3:-existUser,createUser,getUser,listUser}
    results "$1" | awk -F'\t' -v modes="$modes" -v calls="$calls" '
        NR > 1 && $7 == "primary" { found[$3 " " $4] = 1; if (!($8 > 0)) bad = bad " " $3 " " $4 "=" $8 }
        END {
            n = split(calls, call, ","); m = split(modes, mode, ",")
            for (i = 1; i <= n; i++) for (j = 1; j <= m; j++) {
                key = call[i] " " mode[j]
                if (key in found) delete found[key]; else missing = missing " " key
            }
            for (key in found) unexpected = unexpected " " key
            if (missing != "" || unexpected != "" || bad != "") {
                print "  missing:" missing "; unexpected:" unexpected "; non-positive:" bad
                exit 1
            }
        }'
}

one_second_iterations="--warmupIterations 1 --warmupTime 1 --measurementIterations 1 --measurementTime 1"
short_run="$one_second_iterations --threads 4"
# a stack's one-command run: one call in the fast tier (each call is a JMH fork of its own, 3.5 s here to start and
# close besides what it measures), all four in the full tier
if [ "$tier" = full ]; then
    stack_calls=existUser,createUser,getUser,listUser
else
    stack_calls=getUser
fi
stack_run="$short_run --modes thrpt --benchmarks $stack_calls"
# the ceiling in all three modes in the full tier
ceiling_modes=thrpt
[ "$tier" = full ] && ceiling_modes=thrpt,avgt,sample

# pair_end_to_end PAIR [JAVA_HOME]: server, client with one-second iterations, checked JSON, clean stop
pair_end_to_end() {
    local pair=$1 java_home=${2:-} port result=$work/$1${2:+-jdk}.json
    port=$(free_port)
    JAVA_HOME=$java_home start_server "$pair-server" "$port" || return 1
    # throughput only: JMH's modes are the stack's no more than its calls are (the one-command run above measures all
    # three); a fork costs 3.5 s here besides what it measures, and twelve a pair would double the tests' time
    EXITS_WITH_TIMEOUT=300 exits_with 0 "wire check passed: serialization=[a-z0-9]+, wire=" "$work/$pair.client.log" \
        -- env JAVA_HOME="$java_home" "$root/benchmark.sh" -p "$port" -f "$result" -a "$stack_run" \
        "$pair-client" || { stop_server; return 1; }
    complete_result "$result" thrpt "$stack_calls" || { stop_server; return 1; }
    stop_server
}

check "unknown module: exit 2, lists the modules" \
    exits_with 2 "unknown module 'dubbo-nope-client'; modules: .*dubbo-kryo-client" "$work/out" -- \
    "$root/benchmark.sh" dubbo-nope-client
check "bad port value: exit 2, names the option" \
    exits_with 2 "option -p: 'abc'" "$work/out" -- "$root/benchmark.sh" -p abc dubbo-kryo-server
check "unknown option: exit 2" \
    exits_with 2 "unknown option -x" "$work/out" -- "$root/benchmark.sh" -x dubbo-kryo-server
check "bad mode: exit 2" \
    exits_with 2 "option -m: 'fast'" "$work/out" -- "$root/benchmark.sh" -m fast dubbo-kryo-server
check "bad client option value: exit 2, names the option" \
    exits_with 2 "error: .*threads" "$work/out" -- "$root/benchmark.sh" -a "--threads many" dubbo-kryo-client
check "-a --help: the module's own help, exit 0" \
    exits_with 0 "--ready-file" "$work/out" -- "$root/benchmark.sh" -a --help dubbo-kryo-server
# the shared API's pom made newer than the jars (the server reaches it through its parent poms and server-base): the
# server's jar is rebuilt before it runs; the pom's time is put back so that no later check rebuilds every jar
touch -r "$root/benchmark-base/pom.xml" "$work/pom-time"
touch "$root/benchmark-base/pom.xml"
# ab starts each run of a side it built already with BENCHMARK_SH_BUILT=1: nothing is checked or built then
check "BENCHMARK_SH_BUILT=1: a stale jar is run as it is, nothing built" \
    exits_with 0 "--ready-file" "$work/built.out" -- \
    env BENCHMARK_SH_BUILT=1 "$root/benchmark.sh" -a --help dubbo-kryo-server
check "BENCHMARK_SH_BUILT=1: no build was started" lacks "benchmark.sh: building" "$work/built.out"
check "a shared module's source changed: the server's jar is rebuilt first" \
    exits_with 0 "benchmark.sh: building .*dubbo-kryo-server" "$work/out" -- \
    "$root/benchmark.sh" -a --help dubbo-kryo-server
touch -r "$work/pom-time" "$root/benchmark-base/pom.xml"
port=$(free_port)
check "no server: exit 1 within 30 s, names host:port" \
    exits_with 1 "no server answers at 127.0.0.1:$port" "$work/out" -- \
    timeout 30 "$root/benchmark.sh" -p "$port" dubbo-kryo-client

# a full disk: a tmpfs of 1 MiB, filled; the client and run-all refuse to start there, naming the disk
full_disk=$work/full-disk
if [ "$(id -u)" -ne 0 ]; then
    skip "a full disk refused before anything runs" "mounting a tmpfs needs root"
elif mkdir -p "$full_disk" && mount -t tmpfs -o size=1m rpcbench-full "$full_disk"; then
    head -c 2m /dev/zero >"$full_disk/filler" 2>/dev/null
    check "a client whose result goes to a full disk: exit 1 before connecting, names the disk" \
        exits_with 1 "error: the disk holding $full_disk \(.*rpcbench-full.*\) has 0.0 MiB free" "$work/out" -- \
        "$root/benchmark.sh" -p "$(free_port)" -f "$full_disk/result.json" dubbo-kryo-client
    check "run-all into a full disk: exit 2 before anything starts, names the disk" \
        exits_with 2 "error: the disk holding $full_disk/run \(.*rpcbench-full.*\) has 0.0 MiB free" "$work/out" -- \
        "$root/benchmark.sh" run-all --pairs dubbo-kryo -p "$(free_port)" --out "$full_disk/run"
    umount "$full_disk"
else
    skip "a full disk refused before anything runs" "this machine cannot mount a tmpfs"
fi

# every flame graph a profiling run printed exists (the line: "profile of <jvm> (<engine>, n CPU samples): cpu alloc")
flame_graphs_exist() {
    local out=$1 least=$2 count=0 line
    while IFS= read -r line; do
        for page in ${line##*: }; do
            [ -s "$page" ] || { echo "  missing flame graph: $page"; return 1; }
        done
        count=$((count + 1))
    done < <(grep "^profile of " "$out")
    [ "$count" -ge "$least" ] || { echo "  $count profiles printed, expected $least or more"; return 1; }
}

port=$(free_port)
if check "profiling server starts" start_server dubbo-hessianlite-server "$port" -m profiling; then
    check "port taken: exit 1, names the port" \
        exits_with 1 "port $port on 127.0.0.1 is already in use" "$work/out" -- \
        "$root/benchmark.sh" -p "$port" dubbo-hessianlite-server
    check "SIGTERM stops the server with exit 0" stop_server
    check "profiling the server: async-profiler's CPU and allocation flame graphs, printed and written" \
        grep -q "^profile of server :$port (async-profiler 4\.[0-9]*, " "$work/dubbo-hessianlite-server.server.log"
    check "the server's flame graphs exist" flame_graphs_exist "$work/dubbo-hessianlite-server.server.log" 1
fi

port=$(free_port)
if check "fst server starts" start_server dubbo-fst-server "$port"; then
    check "kryo client against the fst server: exit 1, the wire check names both" \
        exits_with 1 "wire check failed: the client is configured for kryo but the server at 127.0.0.1:$port for fst" \
        "$work/out" -- "$root/benchmark.sh" -p "$port" -a "$short_run" dubbo-kryo-client
    # JMH's machine-wide lock held by another process: the message says how to go on, through benchmark.sh
    python3 -c 'import fcntl, sys, time
f = open("/tmp/jmh.lock", "a"); fcntl.lockf(f, fcntl.LOCK_EX); print("locked", flush=True); time.sleep(int(sys.argv[1]))' 60 \
        >"$work/lock.out" &
    locker=$!
    wait_for_line "$work/lock.out" "locked" 10 >/dev/null
    check "JMH's lock held elsewhere: exit 1, says how to run beside it" \
        exits_with 1 "another JMH run holds JMH's machine-wide lock .*pass -a --concurrent-consumer" "$work/out" -- \
        "$root/benchmark.sh" -p "$port" -a "$short_run" dubbo-fst-client
    kill "$locker"
    wait "$locker" 2>/dev/null || true
    # the server dies while the client measures: the run must fail, not report the benchmarks that came before
    "$root/benchmark.sh" -p "$port" -f "$work/interrupted.json" -a "$short_run" dubbo-fst-client \
        >"$work/interrupted.out" 2>&1 &
    client=$!
    wait_for_line "$work/interrupted.out" "Iteration   1" 60 >/dev/null
    pkill -KILL -f -- "dubbo-fst-server.*--port $port( |$)"
    status=0
    wait_for_exit "$client" 120 || status=$?
    check "server killed during the run: the client exits 1" test "$status" -eq 1
    check "server killed: one line names the benchmark and the gone server" \
        grep -Eq "^error: UserServiceBenchmark\.[a-zA-Z]+ \([A-Za-z ]+\) failed at [0-9:]+ UTC: the server at 127.0.0.1:$port is gone" \
        "$work/interrupted.out"
    check "server killed: no stack trace on the console (they are in JMH's log)" \
        test "$(grep -c $'^\tat ' "$work/interrupted.out")" -eq 0 -a -s "$work/interrupted.json.jmh.log"
    check "server killed: no result file, empty or half written" test ! -e "$work/interrupted.json" \
        -a ! -e "$work/interrupted.json.md"
    status=0
    wait_for_exit "${servers[-1]}" 30 || status=$?
    unset 'servers[-1]'
    check "the server's launcher reports the kill: exit 137" test "$status" -eq 137
fi

# the server stopped cleanly (SIGTERM) while the client measures: the client names that, not Dubbo's "version or
# group mismatch"
port=$(free_port)
if in_full_tier "a server stopped by SIGTERM while the client measures" &&
    check "kryo server starts" start_server dubbo-kryo-server "$port"; then
    "$root/benchmark.sh" -p "$port" -f "$work/stopped.json" -a "$short_run" dubbo-kryo-client \
        >"$work/stopped.out" 2>&1 &
    client=$!
    wait_for_line "$work/stopped.out" "Iteration   1" 60 >/dev/null
    stop_server
    status=0
    wait_for_exit "$client" 120 || status=$?
    check "server stopped during the run: the client exits 1 naming the gone server" \
        test "$status" -eq 1 -a -n "$(grep -E "^error: .* failed at .*: the server at 127.0.0.1:$port is gone" \
        "$work/stopped.out")"
    check "server stopped: not sent after version or group settings" \
        test "$(grep -c "Not found exported service" "$work/stopped.out")" -eq 0
fi

check "an address not on this machine: exit 1, says it cannot be bound (not a taken port)" \
    exits_with 1 "cannot bind 10.255.255.1:[0-9]+ \(Cannot assign requested address\)" "$work/out" -- \
    "$root/benchmark.sh" -s 10.255.255.1 -p "$(free_port)" dubbo-kryo-server
check "host:port typed into -s: exit 2, says -p takes the port" \
    exits_with 2 "option -s: '127.0.0.1:31150' is not a host: give the port with -p" "$work/out" -- \
    "$root/benchmark.sh" -s 127.0.0.1:31150 dubbo-kryo-server
check "a host that does not resolve: exit 2, says so" \
    exits_with 2 "option -s: 'no-such-host.invalid' does not resolve" "$work/out" -- \
    "$root/benchmark.sh" -s no-such-host.invalid dubbo-kryo-client
touch "$work/a-file"
check "-f under a file: exit 2 before anything starts, names the directory" \
    exits_with 2 "the result's directory $work/a-file/sub cannot be made: $work/a-file is not a directory" \
    "$work/out" -- "$root/benchmark.sh" -p "$(free_port)" -f "$work/a-file/sub/r.json" dubbo-kryo

# the launcher itself killed (SIGKILL, which it cannot handle): the server it started stops too
port=$(free_port)
if check "a server to orphan starts" start_server dubbo-kryo-server "$port"; then
    kill -KILL "${servers[-1]}"
    unset 'servers[-1]'
    check "launcher killed: the server it started stops within 20 s" no_process_within 20 "$port"
fi

# the dubbo protocol in all three modes (the default runs thrpt and sample): a fork per call and mode, each profiled
calls=$stack_calls
check "dubbo-hessianlite in one command, profiling: server, client, server stopped" \
    exits_with 0 "rpcbench server stopped; calls served by serialization: \\{hessian2=" "$work/pair.out" -- \
    "$root/benchmark.sh" -m profiling -p "$(free_port)" -f "$work/pair.json" \
    -a "$short_run --benchmarks $calls --modes thrpt,avgt,sample" dubbo-hessianlite
check "the one-command result is complete" complete_result "$work/pair.json" thrpt,avgt,sample "$calls"
forks=$((3 * $(tr ',' '\n' <<<"$calls" | wc -l)))
check "profiling the pair: flame graphs of the server and of every benchmark fork ($forks: calls x 3 modes)" \
    flame_graphs_exist "$work/pair.out" $((forks + 1))

# Every pair runs in-process in its client module's tests; below, one pair of each stack runs through benchmark.sh
# (in the full tier every pair also runs in run-all-test's every-pair run, its wire proof, registered class ids and
# bytes per call checked in run.json).

# the ceiling in one command; its result path, with a space in it, travels inside -a as one quoted word
mkdir -p "$work/a dir"
check "netty-ceiling in one command: the wire proven as rpcb/1 with no serializer" \
    exits_with 0 "wire check passed: serialization=none, wire=none, server=127.0.0.1:[0-9]+, client=127.0.0.1:[0-9]+, protocol=rpcb/1" \
    "$work/ceiling.out" -- "$root/benchmark.sh" -p "$(free_port)" -a "$short_run --modes $ceiling_modes \
    --benchmarks $stack_calls --resultFile '$work/a dir/ceiling.json'" netty-ceiling
check "the ceiling's server stated its frame sizes" grep -q "frameBytes={existUser=235/36," "$work/ceiling.out"
check "the ceiling's result reached the path with a space, complete" \
    complete_result "$work/a dir/ceiling.json" "$ceiling_modes" "$stack_calls"
check "an existing result file is not overwritten: exit 2, names it" \
    exits_with 2 "the result file $work/a dir/ceiling.json exists: give another -f, or --force" "$work/out" -- \
    "$root/benchmark.sh" -p "$(free_port)" -a "$short_run --resultFile '$work/a dir/ceiling.json'" netty-ceiling
check "the ceiling has no registry: skipped as bad input, exit 2, saying why" \
    exits_with 2 "netty-ceiling-server cannot run this: the netty stack has no registry" "$work/out" -- \
    "$root/benchmark.sh" -r zookeeper -p "$(free_port)" -a "$short_run" netty-ceiling

# Each protocol's one-command run below is on the default java in the fast tier. The full tier runs them on a Temurin
# 25 where one is installed (under /usr/lib/jvm, or named by RPCBENCH_JDK25 as on a CI runner), so that the libraries
# that reach into the JDK's internals are proven there too; the default java runs the pairs in run-all-test.sh and
# the Maven tests.
jdk25=${RPCBENCH_JDK25:-$(find /usr/lib/jvm -maxdepth 1 -name 'temurin-25*' | head -n 1)}
stack_jdk=
if in_full_tier "each stack's one-command run on a Temurin 25"; then
    if [ -n "$jdk25" ]; then
        stack_jdk=$jdk25
    else
        skip "each stack's one-command run on JDK 25" \
            "no Temurin 25 under /usr/lib/jvm or in RPCBENCH_JDK25 (run on the default java)"
    fi
fi
on_jdk=${stack_jdk:+ on $(basename "$stack_jdk")}

# native gRPC: HTTP/2 with gRPC's content type proven on the wire; no registry
check "grpc-protobuf in one command$on_jdk: HTTP/2 with application/grpc proven, the probe's method path named" \
    exits_with 0 "wire check passed: serialization=protobuf, wire=protobuf, server=127.0.0.1:[0-9]+, client=127.0.0.1:[0-9]+, protocol=grpc, content-type=application/grpc, method=rpcbench.ProbeService/Probe, probe-message=ProbeRequest, marker intact, grpc-java=" \
    "$work/grpc.out" -- env JAVA_HOME="$stack_jdk" "$root/benchmark.sh" -p "$(free_port)" -f "$work/grpc.json" \
    -a "$stack_run" grpc-protobuf
check "grpc-protobuf's result is complete" complete_result "$work/grpc.json" thrpt "$stack_calls"
if in_full_tier "grpc-protobuf-direct in one command"; then
    check "grpc-protobuf-direct: the server states gRPC's direct executor, and the pair measures" \
        exits_with 0 "rpcbench server ready: .*dispatcher=direct threads=0 " "$work/grpc-direct.out" -- \
        "$root/benchmark.sh" -p "$(free_port)" -f "$work/grpc-direct.json" -a "$stack_run" grpc-protobuf-direct
    check "grpc-protobuf-direct's result is complete" complete_result "$work/grpc-direct.json" thrpt "$stack_calls"
fi
check "grpc has no registry: exit 2, saying why" \
    exits_with 2 "grpc-protobuf-server cannot run this: the grpc stack has no registry" "$work/out" -- \
    "$root/benchmark.sh" -r zookeeper -p "$(free_port)" -a "$short_run" grpc-protobuf

# motan: its frame magic and protocol version proven on the wire; no registry
check "motan-hessian2 in one command$on_jdk: motan's magic, protocol v1 and hessian2 proven" \
    exits_with 0 "wire check passed: serialization=hessian2, wire=hessian2, server=127.0.0.1:[0-9]+, client=127.0.0.1:[0-9]+, protocol=motan, magic=0xf1f1, motan-protocol=v1, motan-core=1.2.6, motan-transport-netty4=1.2.2, " \
    "$work/motan.out" -- env JAVA_HOME="$stack_jdk" "$root/benchmark.sh" -p "$(free_port)" -f "$work/motan.json" \
    -a "$stack_run" motan-hessian2
check "motan-hessian2's result is complete" complete_result "$work/motan.json" thrpt "$stack_calls"
check "motan's forks end as soon as JMH is done (its static threads are stopped)" \
    lacks "forked VM did not exit" "$work/motan.out"
check "motan has no registry: exit 2, saying why" \
    exits_with 2 "motan-hessian2-server cannot run this: the motan stack has no registry" "$work/out" -- \
    "$root/benchmark.sh" -r zookeeper -p "$(free_port)" -a "$short_run" motan-hessian2

# SOAP through Apache CXF: the SOAP 1.1 envelope and its content type proven on the wire, as the server read them
check "soap-cxf in one command$on_jdk: text/xml with SOAP 1.1's envelope proven, kept-alive HTTP/1.1" \
    exits_with 0 "wire check passed: serialization=soap1.1, wire=soap1.1, server=127.0.0.1:[0-9]+, client=127.0.0.1:[0-9]+, protocol=soap, http=1.1, content-type=text/xml; charset=utf-8, envelope=http://schemas.xmlsoap.org/soap/envelope/, method=POST /ProbeService, " \
    "$work/soap.out" -- env JAVA_HOME="$stack_jdk" "$root/benchmark.sh" -p "$(free_port)" -f "$work/soap.json" \
    -a "$stack_run" soap-cxf
check "soap-cxf's result is complete" complete_result "$work/soap.json" thrpt "$stack_calls"

# Dubbo's triple protocol: HTTP/2 with hessian2 inside triple's wrapper proven; through ZooKeeper too
check "triple-hessian2 in one command$on_jdk: HTTP/2 triple, hessian2 read from triple's wrapper" \
    exits_with 0 "wire check passed: serialization=hessian2, wire=hessian2, server=127.0.0.1:[0-9]+, client=127.0.0.1:[0-9]+, protocol=tri, http=2, content-type=application/grpc\+proto, method=/org.rpcbench.stack.ProbeService/probe, dubbo=" \
    "$work/triple.out" -- env JAVA_HOME="$stack_jdk" "$root/benchmark.sh" -p "$(free_port)" -f "$work/triple.json" \
    -a "$stack_run" triple-hessian2
check "triple-hessian2's result is complete" complete_result "$work/triple.json" thrpt "$stack_calls"
if in_full_tier "triple-fastjson2 and triple-protobuf through benchmark.sh"; then
    check "triple-fastjson2 end to end through benchmark.sh" pair_end_to_end triple-fastjson2
    check "triple-protobuf in one command$on_jdk: protobuf messages unwrapped, read by their gRPC content type" \
        exits_with 0 "wire check passed: serialization=protobuf, wire=protobuf, server=127.0.0.1:[0-9]+, client=127.0.0.1:[0-9]+, protocol=tri, http=2, content-type=application/grpc\+proto, method=/org.rpcbench.dubbo.protobuf.ProtobufProbeService/probe, probe-message=ProbeRequest, marker intact, dubbo=3[.0-9]+, .*protobuf-java=4" \
        "$work/triple-protobuf.out" -- env JAVA_HOME="$stack_jdk" "$root/benchmark.sh" -p "$(free_port)" \
        -f "$work/triple-protobuf.json" -a "$stack_run" triple-protobuf
    check "triple-protobuf's result is complete" complete_result "$work/triple-protobuf.json" thrpt "$stack_calls"
fi

# REST over triple: HTTP/1.1 with a JSON body proven and its JSON framework named; no registry, no connection count
check "rest-json in one command$on_jdk: HTTP/1.1 with application/json proven, fastjson2 named" \
    exits_with 0 "wire check passed: serialization=json, wire=json, server=127.0.0.1:[0-9]+, client=127.0.0.1:[0-9]+, protocol=tri, http=1.1, content-type=application/json, method=/org.rpcbench.stack.ProbeService/probe, json-framework=fastjson2, dubbo=" \
    "$work/rest.out" -- env JAVA_HOME="$stack_jdk" "$root/benchmark.sh" -p "$(free_port)" -f "$work/rest.json" \
    -a "$stack_run" rest-json
check "rest-json's result is complete" complete_result "$work/rest.json" thrpt "$stack_calls"
check "rest-json counts its bytes per call with HTTP/1.1's headers" \
    grep -Eq "^bytes per call, request/answer, header included: existUser=[0-9]{3}/1[0-9]{2}, " "$work/rest.out"
check "rest has no registry: exit 2, saying why" \
    exits_with 2 "the rest stack has no registry" "$work/out" -- \
    "$root/benchmark.sh" -r zookeeper -p "$(free_port)" -a "$short_run" rest-json
check "rest keeps a connection per call in flight: --connections is refused, exit 2" \
    exits_with 2 "--connections does not apply to it" "$work/out" -- \
    "$root/benchmark.sh" -p "$(free_port)" -a "$short_run --connections 2" rest-json

# Dubbo's rmi protocol: a call Java RMI carried, at the exact host; no registry, no connection count
check "rmi-java in one command$on_jdk: JDK serialization on a call RMI carried, its object's port at the exact host" \
    exits_with 0 "wire check passed: serialization=java, wire=java, server=127.0.0.1:[0-9]+, client=127.0.0.1:[0-9]+, protocol=rmi, rmi-object=127.0.0.1:[0-9]+, jrmp=JRMI v2 stream, dubbo=.*dubbo-rpc-rmi=3" \
    "$work/rmi.out" -- env JAVA_HOME="$stack_jdk" "$root/benchmark.sh" -p "$(free_port)" -f "$work/rmi.json" \
    -a "$stack_run" rmi-java
check "rmi-java's result is complete" complete_result "$work/rmi.json" thrpt "$stack_calls"
check "rmi-java counts its bytes per call on the consumer's sockets" \
    grep -Eq "^bytes per call, request/answer, header included: existUser=[0-9]{3}/[0-9]{2}, " "$work/rmi.out"
check "rmi has no registry: the server refuses one, exit 2, saying why" \
    exits_with 2 "rmi-java-server cannot run this: the rmi pair has no registry" "$work/out" -- \
    "$root/benchmark.sh" -r zookeeper -p "$(free_port)" -a "$short_run" rmi-java
check "RMI opens a connection per call in flight: --connections is refused, exit 2" \
    exits_with 2 "--connections does not apply to the rmi pair" "$work/out" -- \
    "$root/benchmark.sh" -p "$(free_port)" -a "$short_run --connections 2" rmi-java

if in_full_tier "triple through ZooKeeper, other stacks' clients at a Dubbo server, a preset, JDK 25's serializers"
then
    check "triple-hessian2 through an embedded ZooKeeper" \
        exits_with 0 "rpcbench server stopped; calls served by serialization: \\{hessian2=" "$work/triple-zk.out" -- \
        "$root/benchmark.sh" -r zookeeper -p "$(free_port)" -a "$stack_run" triple-hessian2

    # another stack's client at a Dubbo server: each says the server is not its stack's
    port=$(free_port)
    if check "kryo server starts" start_server dubbo-kryo-server "$port"; then
        check "a gRPC client at a Dubbo server: exit 1, says it is not a gRPC server" \
            exits_with 1 "did not answer gRPC's probe within [0-9]+ ms: is it a gRPC pair's server" "$work/out" -- \
            "$root/benchmark.sh" -p "$port" -a "$short_run" grpc-protobuf-client
        check "a motan client at a Dubbo server: exit 1, says it is not a motan server" \
            exits_with 1 "did not answer motan's probe within [0-9]+ ms: is it a motan pair's server" "$work/out" -- \
            "$root/benchmark.sh" -p "$port" -a "$short_run" motan-hessian2-client
        check "a triple client at a dubbo-protocol server: exit 1, says it is not a triple server" \
            exits_with 1 "did not answer triple's HTTP/2 preface: is it a triple pair's server" "$work/out" -- \
            "$root/benchmark.sh" -p "$port" -a "$short_run" triple-hessian2-client
        check "an RMI client at a Dubbo server: exit 1 within 30 s, says it is not an rmi server" \
            exits_with 1 "did not answer RMI's handshake within [0-9]+ ms: is it an rmi pair's server" "$work/out" -- \
            timeout 30 "$root/benchmark.sh" -p "$port" -a "$short_run" rmi-java-client
        check "a ceiling client at a Dubbo server: exit 1, says it is not a ceiling server" \
            exits_with 1 "did not answer the ceiling's probe within [0-9]+ ms: is it a ceiling pair's server" \
            "$work/out" -- "$root/benchmark.sh" -p "$port" -a "$short_run" netty-ceiling-client
        stop_server
    fi

    # the dubbo2-report preset: every echo payload and the CPU-bound call, a table, and the server's load
    preset_result() {
        results "$1" | awk -F'\t' '
            NR > 1 && $7 == "primary" && $8 > 0 {
                payload = "-"
                n = split($6, param, ",")
                for (i = 1; i <= n; i++) if (param[i] ~ /^payload=/) payload = substr(param[i], 9)
                found[$3 " " payload " " $4 " " $5] = 1
            }
            END {
                split("thrpt sample", modes, " ")
                split("1k 50k 200k person", payloads, " ")
                for (m = 1; m <= 2; m++) {
                    for (p = 1; p <= 4; p++) expected["echo " payloads[p] " " modes[m] " 10"] = 1
                    expected["assembleRandomNumbers - " modes[m] " 20"] = 1
                }
                for (key in expected) if (!(key in found)) missing = missing " (" key ")"
                if (missing != "") { print "  missing:" missing; exit 1 }
            }'
    }
    check "dubbo2-report preset on dubbo-kryo: table and server load" \
        exits_with 0 "assembleRandomNumbers served by [0-9]+ worker threads" "$work/preset.out" -- \
        "$root/benchmark.sh" -p "$(free_port)" -f "$work/preset.json" \
        -a "--preset dubbo2-report $one_second_iterations" dubbo-kryo
    check "the preset's JSON holds every payload and the CPU-bound call" preset_result "$work/preset.json"
    check "the preset's table is saved beside it" grep -q "| echo | 200k | 10 |" "$work/preset.json.md"

    # on JDK 25, each serializer that reaches into the JDK's internals (Unsafe, reflection into java.*, generated
    # code) but the JDK's own (dubbo-java and dubbo-compactedjava ran there once, see docs/stacks.md); the other
    # protocols ran there in their one-command runs above
    if [ -n "$jdk25" ]; then
        for pair in dubbo-kryo dubbo-fastjson2 dubbo-protostuff dubbo-fury dubbo-fory; do
            check "$pair end to end on $(basename "$jdk25")" pair_end_to_end "$pair" "$jdk25"
        done
    else
        skip "the serializers that reach into the JDK, on JDK 25" "no Temurin 25 under /usr/lib/jvm or in RPCBENCH_JDK25"
    fi
fi

finish
