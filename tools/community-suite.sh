#!/usr/bin/env bash
# Builds and runs the community suite's (apache/dubbo-benchmark) dubbo-kryo pair on this machine, so that its
# numbers can be set beside ours for the same pair (docs/harness-gap.md).
#
#   tools/community-suite.sh build <checkout-dir>
#       patches the checkout in place (see patch() below: every edit and why) and builds its kryo pair
#   tools/community-suite.sh run <checkout-dir> [--port P] [--out FILE] [client args...]
#       starts its kryo server on port P with host 127.0.0.1, runs its client (JMH) against it, moves the JSON result
#       to FILE and stops the server
#   tools/community-suite.sh compare <checkout-dir> [--rounds N] [--port P] [--out DIR] [client args...]
#       alternating rounds of its kryo pair, our dubbo-kryo and our dubbo-kryo-community, each alone on the machine
#       with the same JMH schedule: every result, each side's process CPU, and our pairs compared with its pair
#
# It downloads nothing itself except through Maven; get the checkout with git (see need_checkout). Environment:
# MVN_ARGS (extra Maven arguments, e.g. -Dmaven.repo.local=...), JAVA_HOME, JAVA_OPTS (replace the JVM options).
set -euo pipefail

# the community suite's commit the edits were written against (its master, 2024-07-14)
readonly tested_commit=943f1707a4f275a87d2c58a97ec025b652a17443
readonly port_wait_seconds=60
# kryo and kryo-serializers reflect into JDK classes, which JDK 17 closes: the opens the pair runs with, on both
# JVMs. JMH's forked JVMs inherit the client JVM's options, these included.
readonly add_opens=(
    --add-opens java.base/java.util=ALL-UNNAMED
    --add-opens java.base/java.text=ALL-UNNAMED
    --add-opens java.base/java.lang=ALL-UNNAMED
    --add-opens java.base/java.math=ALL-UNNAMED
)
# what run and compare give the clients when given nothing
readonly default_client_args=(--warmupIterations 3 --warmupTime 5 --measurementIterations 5 --measurementTime 2)
# the JVM options the community suite's own benchmark.sh gives both JVMs
read -r -a jvm_opts <<<"${JAVA_OPTS:--server -Xmx1g -Xms1g -XX:MaxDirectMemorySize=1g -XX:+UseG1GC}"
java=${JAVA_HOME:+$JAVA_HOME/bin/}java

usage() {
    cat <<'EOF'
usage: tools/community-suite.sh build <checkout-dir>
       tools/community-suite.sh run <checkout-dir> [--port P] [--out FILE] [client args...]
       tools/community-suite.sh compare <checkout-dir> [--rounds N] [--port P] [--out DIR] [client args...]

build  patches a checkout of apache/dubbo-benchmark in place (idempotent) and builds its dubbo-kryo pair
       (MVN_ARGS: extra Maven arguments)
run    starts its dubbo-kryo server with host 127.0.0.1 and port P (default 8080; its Dubbo then listens on every
       interface and its client connects to this machine's own address), runs its client, moves the JSON it
       writes to FILE (default ./community-kryo-<UTC time>.json) and stops the server. Client args default to
       --warmupIterations 3 --warmupTime 5 --measurementIterations 5 --measurementTime 2
       (its client also takes --resultFormat; it always runs 32 threads, 1 fork, its four calls in
       throughput, average-time and sample modes)
compare  N rounds (default 2), each running its pair, our dubbo-kryo and our dubbo-kryo-community (its
       configuration: Dubbo's default filters off, classes registered) alone, in alternating order, with the same
       schedule: the client args (the four options both clients take, default as for run), 32 threads, 1 fork,
       throughput, average-time and sample modes. Writes each run's JSON and logs under DIR (default
       ./community-compare-<UTC time>), cpu.tsv (each JVM's CPU seconds: the client's with its forks, and ours with
       its launcher; the server's own) and, per round, `benchmark.sh compare` of each of our pairs against its pair
EOF
}

fail() {
    echo "community-suite.sh: $*" >&2
    exit 1
}

# need_checkout DIR: DIR holds the community suite, or say how to get it
need_checkout() {
    local dir=$1
    [ -d "$dir" ] || fail "no checkout at $dir. Get the community suite with git, then run this again:
    git clone https://github.com/apache/dubbo-benchmark.git $dir
    git -C $dir checkout $tested_commit    # the commit these edits were written for"
    if [ ! -f "$dir/pom.xml" ] || [ ! -d "$dir/dubbo-kryo-server" ] || [ ! -d "$dir/dubbo-kryo-client" ]; then
        fail "$dir is not a checkout of apache/dubbo-benchmark (no pom.xml, dubbo-kryo-server and dubbo-kryo-client)"
    fi
}

# edit FILE WHY OLD NEW: replaces the one occurrence of the literal text OLD in FILE by NEW. Nothing to do when NEW is
# there already (so a second run changes nothing); an error when neither is: not the revision this was written for.
edit() {
    local file=$1 why=$2 old=$3 new=$4 text
    IFS= read -r -d '' text <"$file" || true
    if [[ $text == *"$new"* ]]; then
        echo "  already done: $why"
        return
    fi
    [[ $text == *"$old"* ]] ||
        fail "$file: cannot $why: the text to replace is not there (the edits were written for commit $tested_commit)"
    [[ ${text#*"$old"} != *"$old"* ]] || fail "$file: cannot $why: the text to replace is there more than once"
    printf '%s' "${text/"$old"/"$new"}" >"$file"
    echo "  done: $why"
}

# The texts below are pom XML: its ${...} are Maven's, never the shell's.
# shellcheck disable=SC2016
# patch DIR: the edits that make the community suite build here, on the versions our suite runs (pom.xml of the
# rpcbench parent): Dubbo 3.3.6, dubbo-serialization-kryo 3.2.0, kryo 5.6.2, Netty 4.2, Spring 6.2, JMH 1.37, JDK 17
patch() {
    local pom=$1/pom.xml base=$1/benchmark-base/pom.xml

    # Its metrics pair pins dubbo.version 3.2.7, whose dubbo-dependencies-bom is not published: Maven reads every
    # module's pom even with -pl, so the whole reactor fails on that import. The kryo pair does not need them.
    edit "$pom" "drop the dubbo-metrics modules (their BOM 3.2.7 is not published)" \
        '        <module>dubbo-metrics-client</module>
        <module>dubbo-metrics-server</module>
' \
        '        <!-- dubbo-metrics-client and dubbo-metrics-server dropped by rpcbench tools/community-suite.sh -->
'

    # Spring 6 needs JDK 17 (class files 61); it compiled for 1.8. Our suite compiles for 17 too.
    edit "$pom" "compile for Java 17 (source)" \
        '<java.source>1.8</java.source>' '<java.source>17</java.source>'
    edit "$pom" "compile for Java 17 (target)" \
        '<java.target>1.8</java.target>' '<java.target>17</java.target>'

    # The Dubbo we measure. Its dubbo-dependencies-bom has no 3.3.6 release (3.3.5 is the newest published), so the
    # BOM gets a version of its own.
    edit "$pom" "set dubbo.version to 3.3.6, its dependencies BOM to 3.3.5" \
        '<dubbo.version>3.2.11</dubbo.version>' \
        '<dubbo.version>3.3.6</dubbo.version>
        <dubbo-dependencies-bom.version>3.3.5</dubbo-dependencies-bom.version>'

    # The kryo integration our kryo pair uses; its 1.0.1 was written against Dubbo 3.2 and kryo 5.3.
    edit "$pom" "set the serialization extension to 3.2.0" \
        '<dubbo-serialization-extension.version>1.0.1</dubbo-serialization-extension.version>' \
        '<dubbo-serialization-extension.version>3.2.0</dubbo-serialization-extension.version>'
    edit "$pom" "set kryo to 5.6.2" \
        '<kryo.version>5.3.0</kryo.version>' '<kryo.version>5.6.2</kryo.version>'
    edit "$pom" "set JMH to 1.37" \
        '<jmh.version>1.21</jmh.version>' '<jmh.version>1.37</jmh.version>'

    # Dubbo 3.3.6 is built on Netty 4.2 (its netty-all 4.2.2.Final) and Spring 6. Its pom, unlike 3.2's, brings no
    # Spring at all, and the BOMs imported first win: spring-boot-dependencies 2.7.18 would pin Netty 4.1 and
    # Spring 5.3. So Netty's and Spring's BOMs go first, and the old Netty import goes.
    edit "$pom" "set Netty to 4.2.2.Final and add spring.version 6.2.14" \
        '<netty.version>4.1.107.Final</netty.version>' \
        '<netty.version>4.2.2.Final</netty.version>
        <spring.version>6.2.14</spring.version>'
    edit "$pom" "import Netty's and Spring's BOMs before Spring Boot's" \
        '    <dependencyManagement>
        <dependencies>
' \
        '    <dependencyManagement>
        <dependencies>
            <!-- imported first so that they win over spring-boot-dependencies (rpcbench tools/community-suite.sh) -->
            <dependency>
                <groupId>io.netty</groupId>
                <artifactId>netty-bom</artifactId>
                <version>${netty.version}</version>
                <type>pom</type>
                <scope>import</scope>
            </dependency>
            <dependency>
                <groupId>org.springframework</groupId>
                <artifactId>spring-framework-bom</artifactId>
                <version>${spring.version}</version>
                <type>pom</type>
                <scope>import</scope>
            </dependency>
'
    edit "$pom" "import dubbo-dependencies-bom at its own version, drop the later Netty import" \
        '                <artifactId>dubbo-dependencies-bom</artifactId>
                <version>${dubbo.version}</version>
                <type>pom</type>
                <scope>import</scope>
            </dependency>
            <dependency>
                <groupId>io.netty</groupId>
                <artifactId>netty-bom</artifactId>
                <version>${netty.version}</version>
                <type>pom</type>
                <scope>import</scope>
            </dependency>
' \
        '                <artifactId>dubbo-dependencies-bom</artifactId>
                <version>${dubbo-dependencies-bom.version}</version>
                <type>pom</type>
                <scope>import</scope>
            </dependency>
'

    # Its server and client start from Spring XML (ClassPathXmlApplicationContext), which Dubbo 3.2 brought
    # transitively and 3.3.6 does not.
    edit "$base" "add spring-context (6.2.x) to benchmark-base" \
        '            <artifactId>dubbo</artifactId>
            <version>${dubbo.version}</version>
        </dependency>
' \
        '            <artifactId>dubbo</artifactId>
            <version>${dubbo.version}</version>
        </dependency>
        <dependency>
            <groupId>org.springframework</groupId>
            <artifactId>spring-context</artifactId>
        </dependency>
'
}

# pair_jar DIR MODULE: the runnable jar the build leaves (its libs/ beside it)
pair_jar() {
    local file=$1/$2/target/$2-1.0-SNAPSHOT.jar
    if [ ! -f "$file" ] || [ ! -d "$1/$2/target/libs" ]; then
        fail "no $file (with its libs/): run tools/community-suite.sh build $1 first"
    fi
    echo "$file"
}

cmd_build() {
    [ $# -eq 1 ] || { usage >&2; exit 2; }
    local dir=$1 mvn_args
    need_checkout "$dir"
    command -v mvn >/dev/null || fail "no mvn: install Maven 3.8+"
    read -r -a mvn_args <<<"${MVN_ARGS:-}"
    echo "patching $dir"
    patch "$dir"
    if git -C "$dir" rev-parse --git-dir >/dev/null 2>&1; then
        echo "what the patch changed (git diff --stat; git -C $dir diff shows it all):"
        git -C "$dir" diff --stat
    fi
    echo "building its dubbo-kryo pair"
    mvn -B -f "$dir/pom.xml" "${mvn_args[@]}" -pl dubbo-kryo-client,dubbo-kryo-server -am -DskipTests clean package ||
        fail "the build of $dir failed (Maven's output above)"
    echo "built: $(pair_jar "$dir" dubbo-kryo-server) $(pair_jar "$dir" dubbo-kryo-client)"
}

# check_port PORT: a TCP port number, or fail naming the option
check_port() {
    if ! [[ $1 =~ ^[0-9]+$ ]] || (($1 < 1 || $1 > 65535)); then
        fail "--port $1: not a port"
    fi
}

# answers PORT: something accepts connections on 127.0.0.1:PORT
answers() {
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# stop_pid PID: TERM, up to 20 s for it to end (Dubbo shuts down gracefully), then KILL
stop_pid() {
    local i
    kill "$1" 2>/dev/null || return 0
    for ((i = 0; i < 40; i++)); do
        kill -0 "$1" 2>/dev/null || break
        sleep 0.5
    done
    kill -KILL "$1" 2>/dev/null || true
    wait "$1" 2>/dev/null || true
}

server_pid='' client_pid='' work='' cpu_table=''
stop() {
    [ -z "$client_pid" ] || stop_pid "$client_pid"
    [ -z "$server_pid" ] || { stop_pid "$server_pid"; echo "its server stopped"; }
    client_pid='' server_pid=''
    [ -z "$work" ] || rm -rf "$work"
    work=""
}

cmd_run() {
    [ $# -ge 1 ] || { usage >&2; exit 2; }
    local dir=$1 port=8080 out="" args=() server client log
    shift
    while [ $# -gt 0 ]; do
        case $1 in
            --port) [ $# -ge 2 ] || fail "--port needs a value"; port=$2; shift 2 ;;
            --out) [ $# -ge 2 ] || fail "--out needs a value"; out=$2; shift 2 ;;
            *) args+=("$1"); shift ;;
        esac
    done
    check_port "$port"
    [ ${#args[@]} -gt 0 ] || args=("${default_client_args[@]}")
    need_checkout "$dir"
    dir=$(cd "$dir" && pwd)    # the JVMs run elsewhere
    command -v "$java" >/dev/null || fail "no java: install JDK 17 or later, or set JAVA_HOME"
    server=$(pair_jar "$dir" dubbo-kryo-server)
    client=$(pair_jar "$dir" dubbo-kryo-client)
    out=${out:-community-kryo-$(date -u +%Y%m%dT%H%M%SZ).json}
    mkdir -p "$(dirname "$out")"
    out=$(cd "$(dirname "$out")" && pwd)/$(basename "$out")
    log=${out%.json}.server.log
    # the client would talk to whatever answers there
    ! answers "$port" || fail "127.0.0.1:$port is taken already; give another with --port"

    trap stop EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
    echo "starting its dubbo-kryo server on 127.0.0.1:$port (log: $log)"
    start_community_server "$server" "$port" "$log"

    echo "running its dubbo-kryo client: ${args[*]}"
    in_dir "$work/client" "$java" "${jvm_opts[@]}" "${add_opens[@]}" -Dserver.host=127.0.0.1 \
        -Dserver.port="$port" -jar "$client" "${args[@]}" &
    client_pid=$!
    wait "$client_pid" || fail "its client failed (exit $?)"
    client_pid=''
    take_community_result "$out"
    echo "result: $out"
}

# in_dir DIR COMMAND...: COMMAND run in DIR (each community JVM writes logs/ and its result where it runs)
in_dir() {
    cd "$1" && shift && exec "$@"
}

# start_community_server JAR PORT LOG: its server started in a new work directory (work, removed by stop), server_pid
# set, once it listens on PORT (at most port_wait_seconds). Each JVM runs in a directory of its own: both log to
# logs/ in their working directory, and the client writes its result to <millis>.json there, so the one JSON there
# is this run's.
start_community_server() {
    local jar=$1 port=$2 log=$3 i
    work=$(mktemp -d)
    mkdir "$work/server" "$work/client"
    # Host and port reach its provider.xml and consumer.xml through these system properties (its benchmark.sh does
    # the same). Its Dubbo takes 127.x (and its default, localhost) as "no address": the server binds every interface
    # (*:P) and the client connects to this machine's own non-loopback address. That is how the suite runs as
    # published, so it is left so; the checks here on 127.0.0.1 reach the wildcard listener.
    in_dir "$work/server" "$java" "${jvm_opts[@]}" "${add_opens[@]}" -Dserver.host=127.0.0.1 -Dserver.port="$port" \
        -jar "$jar" >"$log" 2>&1 &
    server_pid=$!
    for ((i = 0; i < port_wait_seconds; i++)); do
        answers "$port" && return 0
        kill -0 "$server_pid" 2>/dev/null || { tail -n 30 "$log" >&2; fail "its server exited before it listened"; }
        sleep 1
    done
    answers "$port" && return 0
    tail -n 30 "$log" >&2
    fail "its server did not listen on port $port in ${port_wait_seconds} s"
}

# take_community_result OUT: the JSON its client left in the work directory, moved to OUT
take_community_result() {
    local json
    json=$(find "$work/client" -maxdepth 1 -name '[0-9]*.json' | head -n 1)
    [ -s "${json:-/nonexistent}" ] || fail "its client wrote no JSON result"
    mv "$json" "$1"
}

# cpu_seconds PID: the CPU time (user + system) the live process PID has used so far, in seconds
cpu_seconds() {
    awk -v tick="$(getconf CLK_TCK)" '{ sub(/^.*\) /, ""); printf "%.2f", ($12 + $13) / tick }' "/proc/$1/stat"
}

# children_seconds FILE: the children's CPU seconds (user + system) in the output of bash's `times`
children_seconds() {
    awk 'NR == 2 {
        total = 0
        for (i = 1; i <= 2; i++) { split($i, part, /[ms]/); total += part[1] * 60 + part[2] }
        printf "%.2f", total
    }' "$1"
}

# wait_ready LOG PID: waits (at most port_wait_seconds) for our server's ready line in LOG while PID lives
wait_ready() {
    local log=$1 pid=$2 i
    for ((i = 0; i < port_wait_seconds * 2; i++)); do
        grep -q 'server ready:' "$log" 2>/dev/null && return 0
        kill -0 "$pid" 2>/dev/null || { tail -n 30 "$log" >&2; fail "our server exited before it was ready"; }
        sleep 0.5
    done
    tail -n 30 "$log" >&2
    fail "our server was not ready in ${port_wait_seconds} s"
}

# timed_client TIMES COMMAND...: runs COMMAND in the background and waits for it; TIMES gets what bash's `times`
# said afterwards, whose second line is the CPU of COMMAND and of every process it waited for (JMH's forks too).
# A TERM (the stop on exit) is passed on to COMMAND.
timed_client() {
    local times_file=$1
    shift
    (
        "$@" &
        child=$!
        trap 'kill "$child" 2>/dev/null' TERM
        wait "$child"
        rc=$?
        while kill -0 "$child" 2>/dev/null; do
            wait "$child"
            rc=$?
        done
        times >"$times_file"
        exit "$rc"
    ) &
    client_pid=$!
    local status=0
    wait "$client_pid" || status=$?
    client_pid=''
    ((status == 0)) || fail "a client failed (exit $status); its output: ${times_file%.times}.client.log"
}

# run_community DIR PORT OUT ROUND ARGS...: one run of its pair, the JVMs' CPU added to cpu_table
run_community() {
    local dir=$1 port=$2 out=$3 round=$4 server_cpu client_cpu
    shift 4
    local base=${out%.json}
    start_community_server "$(pair_jar "$dir" dubbo-kryo-server)" "$port" "$base.server.log"
    timed_client "$base.times" in_dir "$work/client" "$java" "${jvm_opts[@]}" "${add_opens[@]}" \
        -Dserver.host=127.0.0.1 -Dserver.port="$port" -jar "$(pair_jar "$dir" dubbo-kryo-client)" "$@" \
        >"$base.client.log" 2>&1
    server_cpu=$(cpu_seconds "$server_pid")
    client_cpu=$(children_seconds "$base.times")
    take_community_result "$out"
    stop
    printf '%s\t%s\t%s\t%s\n' "$round" community "$client_cpu" "$server_cpu" >>"$cpu_table"
}

# run_ours ROOT PAIR PORT OUT ROUND ARGS...: one run of our pair through benchmark.sh, as above
run_ours() {
    local root=$1 pair=$2 port=$3 out=$4 round=$5 server_jvm server_cpu client_cpu
    shift 5
    local base=${out%.json}
    "$root/benchmark.sh" -p "$port" "$pair-server" >"$base.server.log" 2>&1 &
    server_pid=$!
    wait_ready "$base.server.log" "$server_pid"
    # benchmark.sh execs the launcher; the server is its one child JVM
    server_jvm=$(pgrep -P "$server_pid" java | head -n 1)
    [ -n "$server_jvm" ] || fail "no server JVM under our launcher $server_pid"
    timed_client "$base.times" "$root/benchmark.sh" -p "$port" -f "$out" \
        -a "$* --threads 32 --forks 1 --modes thrpt,avgt,sample" "$pair-client" >"$base.client.log" 2>&1
    server_cpu=$(cpu_seconds "$server_jvm")
    client_cpu=$(children_seconds "$base.times")
    stop
    printf '%s\t%s\t%s\t%s\n' "$round" "$pair" "$client_cpu" "$server_cpu" >>"$cpu_table"
}

cmd_compare() {
    [ $# -ge 1 ] || { usage >&2; exit 2; }
    local dir=$1 port=8080 out="" rounds=2 args=() root round variant variants pair
    shift
    while [ $# -gt 0 ]; do
        case $1 in
            --port) [ $# -ge 2 ] || fail "--port needs a value"; port=$2; shift 2 ;;
            --out) [ $# -ge 2 ] || fail "--out needs a value"; out=$2; shift 2 ;;
            --rounds) [ $# -ge 2 ] || fail "--rounds needs a value"; rounds=$2; shift 2 ;;
            *) args+=("$1"); shift ;;
        esac
    done
    check_port "$port"
    [[ $rounds =~ ^[1-9][0-9]*$ ]] || fail "--rounds $rounds: not a count of rounds"
    [ ${#args[@]} -gt 0 ] || args=("${default_client_args[@]}")
    need_checkout "$dir"
    dir=$(cd "$dir" && pwd)
    pair_jar "$dir" dubbo-kryo-server >/dev/null
    pair_jar "$dir" dubbo-kryo-client >/dev/null
    root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
    out=${out:-community-compare-$(date -u +%Y%m%dT%H%M%SZ)}
    [ ! -e "$out" ] || fail "$out exists already; give another with --out"
    mkdir -p "$out"
    out=$(cd "$out" && pwd)
    ! answers "$port" || fail "127.0.0.1:$port is taken already; give another with --port"
    trap stop EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
    cpu_table=$out/cpu.tsv
    printf 'round\tvariant\tclient_cpu_s\tserver_cpu_s\n' >"$cpu_table"
    for ((round = 1; round <= rounds; round++)); do
        # alternating: what ran last in one round runs first in the next, so a drift of the machine falls on all
        variants=(community dubbo-kryo dubbo-kryo-community)
        ((round % 2 == 1)) || variants=(dubbo-kryo-community dubbo-kryo community)
        mkdir -p "$out/round-$round"
        for variant in "${variants[@]}"; do
            echo "round $round: $variant ($(date -u +%H:%M:%S))"
            if [ "$variant" = community ]; then
                run_community "$dir" "$port" "$out/round-$round/community.json" "$round" "${args[@]}"
            else
                run_ours "$root" "$variant" "$port" "$out/round-$round/$variant.json" "$round" "${args[@]}"
            fi
        done
        # `compare` matches a pair's benchmarks by name: its results under our benchmark class and pair name
        for pair in dubbo-kryo dubbo-kryo-community; do
            mkdir -p "$out/round-$round/as-$pair"
            sed 's/"org\.apache\.dubbo\.benchmark\.ClientSimple\./"org.rpcbench.client.UserServiceBenchmark./' \
                "$out/round-$round/community.json" >"$out/round-$round/as-$pair/$pair.json"
            local status=0
            "$root/benchmark.sh" compare --out "$out/round-$round/$pair-vs-community.md" \
                "$out/round-$round/as-$pair/$pair.json" "$out/round-$round/$pair.json" >/dev/null || status=$?
            ((status <= 1)) || fail "benchmark.sh compare failed (exit $status) on round $round's $pair"
        done
    done
    echo "each JVM's CPU seconds (the client with its forks; ours with its launcher):"
    cat "$cpu_table"
    echo "our pairs against its pair, per round ('regression' means slower than its pair):"
    ls "$out"/round-*/*-vs-community.md
}

case ${1:-} in
    build) shift; cmd_build "$@" ;;
    run) shift; cmd_run "$@" ;;
    compare) shift; cmd_compare "$@" ;;
    -h | --help | help) usage ;;
    *) usage >&2; exit 2 ;;
esac
