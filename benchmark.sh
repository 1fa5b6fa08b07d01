#!/usr/bin/env bash
# Builds a module of the suite when its sources changed, then runs it: a pair's server or its JMH client.
# Option checks live here; everything else is the module's own Java main.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

usage() {
    cat <<USAGE
usage: benchmark.sh [-m benchmark|profiling] [-s host] [-p port] [-r registry] [-f result-file] [-a "args"] <module>
       benchmark.sh run-all [--length quick|default|nightly] [--pairs a,b] [--scenario s] [-p port] [-a "args"]
                            [-r registry] [--topology NxM] [--fault sigterm|sigkill]
       benchmark.sh report <run-dir | result.json...>
       benchmark.sh compare <baseline run-dir> <candidate run-dir>
       benchmark.sh [-s host] [-p port] zookeeper          an embedded ZooKeeper until Ctrl-C (default: a free port)
       benchmark.sh [-r zookeeper://host:port] [-a "args"] registry-latency

Start a pair's server, wait for its ready line, then run the pair's client in another terminal:
  benchmark.sh dubbo-kryo-server
  benchmark.sh dubbo-kryo-client
or do all three in one go, the server stopped at the end (its output goes to logs/):
  benchmark.sh dubbo-kryo

  -m mode   benchmark (default), or profiling: record a JFR file and print its path
  -s host   server: address to bind; client: server to connect to (default 127.0.0.1)
  -p port   server port (default 8080)
  -r reg    server: register at zookeeper://host:port, or at an embedded ZooKeeper started with it (zookeeper);
            client: find the providers at zookeeper://host:port; pair: either, the client told where
  -f file   client: JMH result file (default results/<module>-<UTC time>.json)
  -a args   more arguments for the module, e.g. -a "--threads 8 --forks 2" (see -a --help)
  -h        this help

run-all runs every pair (or --pairs) in turn into results/<run-id>/ with run.json; report writes report.md and
report.html for a run; compare is the regression gate (exit 0 none, 1 regression, 2 unusable input);
registry-latency measures how long providers take to register and to reach a subscribed consumer. Each takes
--help (registry-latency and zookeeper through -a --help).

modules: $(modules | tr '\n' ' ')
USAGE
}

fail() {
    local status=$1
    shift
    echo "benchmark.sh: $*" >&2
    exit "$status"
}

modules() {
    local pom pair
    for pom in "$root"/dubbo-*-server/pom.xml "$root"/dubbo-*-client/pom.xml; do
        basename "$(dirname "$pom")"
    done
    for pom in "$root"/dubbo-*-server/pom.xml; do
        pair=$(basename "$(dirname "$pom")")
        echo "${pair%-server}"
    done
}

# run_pair PAIR: the pair's server in the background until its ready line, then the client, then the server stops.
run_pair() {
    local pair=$1 server_out server_pid status=0
    local options=(-m "$mode" -s "$host" -p "$port") server_registry=()
    mkdir -p "$root/logs"
    server_out=$root/logs/$pair-server-$(date -u +%Y%m%dT%H%M%SZ).out
    [ -z "$registry" ] || server_registry=(-r "$registry")
    "$0" "${options[@]}" "${server_registry[@]}" "$pair-server" >"$server_out" 2>&1 &
    server_pid=$!
    trap 'kill -TERM "$server_pid" 2>/dev/null || true' EXIT
    # bounded: a build plus a server start take well under five minutes here
    for _ in $(seq 1 600); do
        grep -q "rpcbench server ready" "$server_out" && break
        kill -0 "$server_pid" 2>/dev/null || { cat "$server_out" >&2; fail 1 "$pair-server did not start"; }
        sleep 0.5
    done
    grep -q "rpcbench server ready" "$server_out" || fail 1 "$pair-server not ready after 5 minutes: $server_out"
    cat "$server_out"
    # the client is told the registry the server registered at: the embedded one's address is in the ready line
    [ -z "$registry" ] || options+=(-r "$(grep -o 'registry=zookeeper://[^ ]*' "$server_out" | head -n 1 | cut -d= -f2)")
    [ -z "$result_file" ] || options+=(-f "$result_file")
    "$0" "${options[@]}" -a "$module_args" "$pair-client" || status=$?
    kill -TERM "$server_pid"
    # bounded: the server stops within seconds of SIGTERM; one that does not is killed
    for _ in $(seq 1 60); do
        kill -0 "$server_pid" 2>/dev/null || break
        sleep 0.5
    done
    kill -KILL "$server_pid" 2>/dev/null || true
    wait "$server_pid" || true
    trap - EXIT
    tail -n 1 "$server_out"
    return "$status"
}

# sources MODULE: what a module's jar is built from: the parent pom, the module, and the bases a pair's modules use.
sources() {
    local module=$1
    echo "$root/pom.xml" "$root/$module"
    case $module in
        *-server | *-client) echo "$root/benchmark-base" "$root/${module##*-}-base" ;;
        registry) echo "$root/benchmark-base" ;;
    esac
}

# build MODULE...: one Maven build of the modules whose jar is missing or older than a source. With
# RPCBENCH_NO_BUILD set (a matrix run's own launches), nothing is built: the jars must already be there.
build() {
    local module stale=() build_log
    for module in "$@"; do
        # shellcheck disable=SC2046 # sources() prints paths without spaces, one word each
        if [ ! -f "$root/$module/target/$module.jar" ] || { [ -z "${RPCBENCH_NO_BUILD:-}" ] && [ -n "$(find \
                $(sources "$module") -type f -newer "$root/$module/target/$module.jar" -not -path '*/target/*' \
                -print -quit)" ]; }; then
            [ -z "${RPCBENCH_NO_BUILD:-}" ] || fail 1 "$module/target/$module.jar is missing"
            stale+=("$module")
        fi
    done
    [ ${#stale[@]} -gt 0 ] || return 0
    echo "benchmark.sh: building ${stale[*]}" >&2
    build_log=$(mktemp)
    if ! (cd "$root" && mvn -B -q -pl "$(IFS=,; echo "${stale[*]}")" -am package -DskipTests) >"$build_log" 2>&1; then
        cat "$build_log" >&2
        rm -f "$build_log"
        fail 1 "the build of ${stale[*]} failed"
    fi
    rm -f "$build_log"
}

# run_copy MODULE: prints the path of a copy of the module's jar to run, so that a later build never rewrites the
# jar under a running JVM. A copy is named after the process that runs it (exec keeps the pid); copies of processes
# that are gone are removed here.
run_copy() {
    local module=$1 copy pid run_dir=$root/$1/target/run
    mkdir -p "$run_dir"
    for copy in "$run_dir"/*.jar; do
        [ -e "$copy" ] || continue
        pid=${copy%.jar}
        pid=${pid##*.}
        kill -0 "$pid" 2>/dev/null || rm -f "$copy"
    done
    cp "$root/$module/target/$module.jar" "$run_dir/$module.$$.jar"
    echo "$run_dir/$module.$$.jar"
}

mode=benchmark host=127.0.0.1 port=8080 port_given="" registry="" result_file="" module_args=""
java=${JAVA_HOME:+$JAVA_HOME/bin/}java

# Subcommands are Java mains with their own options; the shell only builds them and hands over.
case ${1:-} in
    run-all)
        shift
        # shellcheck disable=SC2046 # module names have no spaces
        build runner registry $(modules | grep -E -- '-(server|client)$')
        exec "$java" -jar "$(run_copy runner)" --root="$root" "$@"
        ;;
    report | compare)
        build report
        exec "$java" -jar "$(run_copy report)" "$@"
        ;;
esac

while getopts ":m:s:p:r:f:a:h" option; do
    case $option in
        m) mode=$OPTARG ;;
        s) host=$OPTARG ;;
        p) port=$OPTARG port_given=1 ;;
        r) registry=$OPTARG ;;
        f) result_file=$OPTARG ;;
        a) module_args=$OPTARG ;;
        h) usage; exit 0 ;;
        :) fail 2 "option -$OPTARG needs a value (see -h)" ;;
        *) fail 2 "unknown option -$OPTARG (see -h)" ;;
    esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || fail 2 "name one module (see -h); modules: $(modules | tr '\n' ' ')"
module=$1

case $module in
    zookeeper | registry-latency) [ -z "$result_file" ] || fail 2 "option -f applies to a client, not to $module" ;;
    *) modules | grep -x -- "$module" >/dev/null || fail 2 "unknown module '$module'; modules: $(modules | tr '\n' ' ')" ;;
esac
case $mode in
    benchmark | profiling) ;;
    *) fail 2 "option -m: '$mode' is not benchmark or profiling" ;;
esac
if ! [[ $port =~ ^[0-9]+$ ]] || ((port < 1 || port > 65535)); then
    fail 2 "option -p: '$port' is not a port number"
fi
[ -n "$host" ] || fail 2 "option -s: the host is empty"
if [ -n "$registry" ] && ! [[ $registry =~ ^zookeeper(://[^[:space:]/:]+:[0-9]+)?$ ]]; then
    fail 2 "option -r: '$registry' is not zookeeper or zookeeper://host:port"
fi
read -ra extra_args <<<"$module_args"
# The registry's own programs: ZooKeeper binds -s (and -p only when given: a free port otherwise).
case $module in
    zookeeper)
        build registry
        zookeeper_args=(--host "$host")
        [ -z "$port_given" ] || zookeeper_args+=(--port "$port")
        exec "$java" -Xmx256m -cp "$(run_copy registry)" org.rpcbench.registry.ZooKeeperServer "${zookeeper_args[@]}" \
            "${extra_args[@]}"
        ;;
    registry-latency)
        build registry
        # -r zookeeper, like no -r, measures an embedded ZooKeeper
        [ -z "$registry" ] || [ "$registry" = zookeeper ] || extra_args=(--registry "$registry" "${extra_args[@]}")
        exec "$java" -cp "$(run_copy registry)" org.rpcbench.registry.RegistryLatency "${extra_args[@]}"
        ;;
esac
case ${module##*-} in
    server | client) ;;
    *) run_pair "$module"; exit ;;
esac
[ -z "$result_file" ] || [ "${module##*-}" = client ] || fail 2 "option -f applies to a client, not to $module"

role=${module##*-}
build "$module"
run_jar=$(run_copy "$module")

stamp=$(date -u +%Y%m%dT%H%M%SZ)
jvm_args=(-Xms1g -Xmx1g)
main_args=(--host "$host" --port "$port")
[ -z "$registry" ] || main_args+=(--registry "$registry")
if [ "$role" = client ]; then
    jvm_args=(-Xmx512m)
    [ -z "$result_file" ] || main_args+=(-f "$result_file")
    if [ "$mode" = profiling ]; then
        mkdir -p "$root/results"
        main_args+=(--jfr "$root/results/$module-$stamp-jfr")
        echo "benchmark.sh: JFR recordings of the benchmark JVMs go to $root/results/$module-$stamp-jfr" >&2
    fi
elif [ "$mode" = profiling ]; then
    mkdir -p "$root/results"
    jfr=$root/results/$module-$stamp.jfr
    jvm_args+=("-XX:StartFlightRecording=filename=$jfr,settings=profile,dumponexit=true")
    echo "benchmark.sh: JFR recording of the server goes to $jfr (written when it stops)" >&2
fi

exec "$java" "${jvm_args[@]}" -jar "$run_jar" "${main_args[@]}" "${extra_args[@]}"
