#!/usr/bin/env bash
# Builds a module of the suite when its sources changed, then runs it: a pair's server or its JMH client.
# Option checks live here; everything else is the module's own Java main.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

usage() {
    cat <<USAGE
usage: benchmark.sh [-m benchmark|profiling] [-s host] [-p port] [-f result-file] [-a "args"] <module>

Start a pair's server, wait for its ready line, then run the pair's client in another terminal:
  benchmark.sh dubbo-kryo-server
  benchmark.sh dubbo-kryo-client
or do all three in one go, the server stopped at the end (its output goes to logs/):
  benchmark.sh dubbo-kryo

  -m mode   benchmark (default), or profiling: record a JFR file and print its path
  -s host   server: address to bind; client: server to connect to (default 127.0.0.1)
  -p port   server port (default 8080)
  -f file   client: JMH result file (default results/<module>-<UTC time>.json)
  -a args   more arguments for the module, e.g. -a "--threads 8 --forks 2" (see -a --help)
  -h        this help

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
    local options=(-m "$mode" -s "$host" -p "$port")
    mkdir -p "$root/logs"
    server_out=$root/logs/$pair-server-$(date -u +%Y%m%dT%H%M%SZ).out
    "$0" "${options[@]}" "$pair-server" >"$server_out" 2>&1 &
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

mode=benchmark host=127.0.0.1 port=8080 result_file="" module_args=""
while getopts ":m:s:p:f:a:h" option; do
    case $option in
        m) mode=$OPTARG ;;
        s) host=$OPTARG ;;
        p) port=$OPTARG ;;
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

modules | grep -x -- "$module" >/dev/null || fail 2 "unknown module '$module'; modules: $(modules | tr '\n' ' ')"
case $mode in
    benchmark | profiling) ;;
    *) fail 2 "option -m: '$mode' is not benchmark or profiling" ;;
esac
if ! [[ $port =~ ^[0-9]+$ ]] || ((port < 1 || port > 65535)); then
    fail 2 "option -p: '$port' is not a port number"
fi
[ -n "$host" ] || fail 2 "option -s: the host is empty"
role=${module##*-}
case $role in
    server | client) ;;
    *) run_pair "$module"; exit ;;
esac
[ -z "$result_file" ] || [ "$role" = client ] || fail 2 "option -f applies to a client, not to $module"

# Rebuild only when a source of the module or of the bases it is built from is newer than its jar.
jar=$root/$module/target/$module.jar
if [ ! -f "$jar" ] || [ -n "$(find "$root/pom.xml" "$root/benchmark-base" "$root/$role-base" "$root/$module" \
        -type f -newer "$jar" -not -path '*/target/*' -print -quit)" ]; then
    echo "benchmark.sh: building $module" >&2
    build_log=$(mktemp)
    if ! (cd "$root" && mvn -B -q -pl "$module" -am package -DskipTests) >"$build_log" 2>&1; then
        cat "$build_log" >&2
        rm -f "$build_log"
        fail 1 "the build of $module failed"
    fi
    rm -f "$build_log"
fi

# Run a copy, so that a later build never rewrites the jar under a running server. A copy is named after the
# process that runs it (exec keeps the pid); copies of processes that are gone are removed here.
run_dir=$root/$module/target/run
mkdir -p "$run_dir"
for copy in "$run_dir"/*.jar; do
    [ -e "$copy" ] || continue
    pid=${copy%.jar}
    pid=${pid##*.}
    kill -0 "$pid" 2>/dev/null || rm -f "$copy"
done
run_jar=$run_dir/$module.$$.jar
cp "$jar" "$run_jar"

java=${JAVA_HOME:+$JAVA_HOME/bin/}java
read -ra extra_args <<<"$module_args"
stamp=$(date -u +%Y%m%dT%H%M%SZ)
jvm_args=(-Xms1g -Xmx1g)
main_args=(--host "$host" --port "$port")
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
