#!/usr/bin/env bash
# The matrix run as a user meets it: bad input refused before anything starts, every pair with one-second
# iterations, a pair whose server dies (the run goes on, exits 1), and Ctrl-C (stops everything, keeps what
# finished, exits 130). Then the report and the regression gate on the runs made here, the open loop (a rate, a
# sweep, a rate not kept), a run pinned to a CPU per side, and JVM settings per side and as a matrix. Ends with
# "N passed, M failed".
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d)
# shellcheck source=tests/lib.sh
. "$root/tests/lib.sh"
trap 'rm -rf "$work"' EXIT

smoke="--warmupIterations 0 --measurementIterations 1 --measurementTime 1 --modes thrpt"
# the matrix run: three pairs (kryo unregistered and registered, the ceiling) and two calls in the fast tier, each
# call a JMH fork of its own; every pair and call in the full tier, with the libraries each pair states
if [ "$tier" = full ]; then
    pairs=dubbo-compactedjava,dubbo-fastjson2,dubbo-fory,dubbo-fst,dubbo-fst-registered,dubbo-fury,dubbo-hessianlite
    pairs+=,dubbo-java,dubbo-kryo,dubbo-kryo-community,dubbo-kryo-registered,dubbo-protostuff,grpc-protobuf
    pairs+=,grpc-protobuf-direct,hessian-http,motan-hessian2,netty-ceiling,rest-json,rmi-java,soap-cxf
    pairs+=,triple-fastjson2,triple-hessian2,triple-protobuf
    calls=createUser,existUser,getUser,listUser
    libraries='"dubbo", "hessian-lite", "kryo", "fst", "fory-core", "fury-core", "protostuff-core", "dubbo-serialization-jdk", "grpc-java", "protobuf-java", "motan-core"'
else
    pairs=dubbo-kryo,dubbo-kryo-registered,netty-ceiling
    calls=getUser,listUser
    libraries='"dubbo", "kryo", "dubbo-serialization-kryo"'
fi
matrix="$smoke --benchmarks $calls"

# scored RUN_DIR PAIR: the pair's JMH JSON has the calls run, each with a positive score
scored() {
    results "$1/$2.json" | awk -F'\t' -v calls="$calls" '
        NR > 1 && $7 == "primary" { score[$3] = $8; scores = scores " " $3 "=" $8 }
        END {
            n = split(calls, call, ",")
            for (i = 1; i <= n; i++) if (call[i] in score && score[call[i]] > 0) delete score[call[i]]; else bad = 1
            for (other in score) bad = 1
            if (bad) { print "  scores:" scores; exit 1 }
        }'
}

# costed RUN_DIR: every pair's every result has the CPU and bytes a call cost on both sides
costed() {
    results "$1" | awk -F'\t' '
        NR > 1 { key = $1 " " $2 " " $4 " " $5 " " $6 }
        NR > 1 && $7 == "primary" { result[key] = 1; results++ }
        NR > 1 && $7 != "primary" { cost[key, $7] = 1 }
        END {
            n = split("cost.client.cpu cost.server.cpu cost.client.alloc cost.server.alloc", name, " ")
            for (key in result) {
                for (i = 1; i <= n; i++) if (!((key, name[i]) in cost)) missing = missing "; " key " " name[i]
            }
            if (!results || missing != "") { print "  no result, or missing" missing; exit 1 }
        }'
}

check "unknown pair: exit 2, lists the pairs" \
    exits_with 2 "unknown pair 'dubbo-nope'; pairs: dubbo-compactedjava, dubbo-fastjson2, dubbo-fory, dubbo-fst, dubbo-fst-registered, dubbo-fury, dubbo-hessianlite, dubbo-java, dubbo-kryo, dubbo-kryo-community, dubbo-kryo-registered, dubbo-protostuff, grpc-protobuf, grpc-protobuf-direct, hessian-http, motan-hessian2, netty-ceiling, rest-json, rmi-java, soap-cxf, triple-fastjson2, triple-hessian2, triple-protobuf; groups: protocols, serializers, stacks" \
    "$work/out" -- \
    "$root/benchmark.sh" run-all --pairs dubbo-nope
check "bad client option: exit 2 before any server starts" \
    exits_with 2 "the client options do not work: .*--threads.*many" "$work/out" -- \
    "$root/benchmark.sh" run-all -p "$(free_port)" -a "--threads many"
check "bad length: exit 2" \
    exits_with 2 "option length: 'forever'" "$work/out" -- "$root/benchmark.sh" run-all --length forever

port=$(free_port)
status=0
timeout 1800 "$root/benchmark.sh" run-all -p "$port" --length quick -a "$matrix --gc" --profile --pairs "$pairs" \
    --out "$work/all" >"$work/all.out" 2>&1 || status=$?
count=$(tr ',' '\n' <<<"$pairs" | wc -l)
check "$count pairs, the ceiling among them, one-second iterations, profiled: exit 0" test "$status" -eq 0
check "progress shows step, pair, elapsed and time left" \
    grep -Eq "^\[$count/$count\] ${pairs##*,}: measuring .* \| elapsed [0-9:]+, about [0-9:]+ left$" "$work/all.out"
# each pair's stack and the serialization it proves
stacks='{"dubbo-compactedjava": ("dubbo", "compactedjava"), "dubbo-fastjson2": ("dubbo", "fastjson2"), "dubbo-fory": ("dubbo", "fory"), "dubbo-fst": ("dubbo", "fst"), "dubbo-fst-registered": ("dubbo", "fst"), "dubbo-fury": ("dubbo", "fury"), "dubbo-hessianlite": ("dubbo", "hessian2"), "dubbo-java": ("dubbo", "java"), "dubbo-kryo": ("dubbo", "kryo"), "dubbo-kryo-community": ("dubbo", "kryo"), "dubbo-kryo-registered": ("dubbo", "kryo"), "dubbo-protostuff": ("dubbo", "protostuff"), "grpc-protobuf": ("grpc", "protobuf"), "grpc-protobuf-direct": ("grpc", "protobuf"), "hessian-http": ("hessian", "hessian"), "motan-hessian2": ("motan", "hessian2"), "netty-ceiling": ("netty", "none"), "rest-json": ("dubbo", "json"), "rmi-java": ("dubbo", "java"), "soap-cxf": ("soap", "soap1.1"), "triple-fastjson2": ("dubbo", "fastjson2"), "triple-hessian2": ("dubbo", "hessian2"), "triple-protobuf": ("dubbo", "protobuf")}'
check "run.json: every pair passed, with its result file, stack and serialization" \
    run_json "$work/all/run.json" '[(p["pair"], p["status"], p["result"], p["stack"], p["serialization"]) for p in run["pairs"]] == [(p, "passed", p + ".json") + '"$stacks"'[p] for p in "'"$pairs"'".split(",")]'
check "run.json: each client's wire proof and each server's ready and stop records" \
    run_json "$work/all/run.json" 'all(c["proofs"] and all(w["wireSerialization"] == w["serialization"] == p["serialization"] and w["server"] == "127.0.0.1:" + str(v["port"]) for w in c["proofs"]) and v["ready"]["serialization"] == p["serialization"] and v["stopped"]["exitCode"] == 0 for p in run["pairs"] for c in p["consumers"] for v in p["providers"])'
check "run.json: the registered pairs (and community, fory) proved 11 class ids equal on both ends, others none" \
    run_json "$work/all/run.json" 'all(w["registeredClasses"] == (11 if p["pair"].endswith("-registered") or p["pair"] in ("dubbo-kryo-community", "dubbo-fory") else 0) for p in run["pairs"] for c in p["consumers"] for w in c["proofs"])'
check "run.json: bytes per call in every proof; registered, kryo and fst answer listUser in fewer bytes" \
    run_json "$work/all/run.json" 'all(set(w["frameBytes"]) == {"existUser", "createUser", "getUser", "listUser"} for p in run["pairs"] for c in p["consumers"] for w in c["proofs"]) and all((lambda f: f(s + "-registered") < f(s))(lambda name: [p for p in run["pairs"] if p["pair"] == name][0]["consumers"][0]["proofs"][0]["frameBytes"]["listUser"]["answer"]) for s in ("dubbo-kryo", "dubbo-fst") if s + "-registered" in "'"$pairs"'".split(","))'
check "run.json: commit, JDK, Dubbo and serializer versions, machine, options, times" \
    run_json "$work/all/run.json" 'all(run["environment"][k] for k in ("gitCommit", "javaVersion", "javaVendor", "cpuModel", "cores", "memoryBytes", "os")) and {'"$libraries"'} <= run["environment"]["libraries"].keys() and run["end"] > run["start"] and "--measurementTime" in run["clientArgs"]'
for pair in ${pairs//,/ }; do
    check "$pair: scored every call run" scored "$work/all" "$pair"
    check "$pair: server and client output kept, server stopped cleanly" \
        grep -q "rpcbench server stopped; calls served by serialization" "$work/all/$pair-server.out"
done
check "no process left" no_process_on "$port"
check "run.json: every pair profiled by async-profiler, its server and a fork per call, each with both flame graphs" \
    run_json "$work/all/run.json" 'all(len(p["profiles"]) == 1 + len("'"$calls"'".split(",")) and p["profiles"][0]["jvm"] == "server :'"$port"'" and all(f["engine"].startswith("async-profiler 4.") and f["cpuSamples"] > 0 and os.path.getsize(os.path.join(sys.argv[1].rsplit("/", 1)[0], f["cpuFlameGraph"])) > 0 and os.path.getsize(os.path.join(sys.argv[1].rsplit("/", 1)[0], f["allocationFlameGraph"])) > 0 for f in p["profiles"]) for p in run["pairs"])'

# the first pair's server dies while its client measures: that pair fails, the next still runs
port=$(free_port)
"$root/benchmark.sh" run-all -p "$port" --length quick -a "$smoke --benchmarks getUser" \
    --pairs dubbo-kryo,dubbo-kryo-registered --out "$work/failing" >"$work/failing.out" 2>&1 &
runner=$!
wait_for_line "$work/failing.out" "\[1/2\] dubbo-kryo: measuring" 120 || true
pkill -KILL -f -- "dubbo-kryo-server.*--port $port( |$)" || true
status=0
wait_for_exit "$runner" 300 || status=$?
check "a pair failed: the run goes on and exits 1" test "$status" -eq 1
check "run.json: the failed pair says why, the next one passed" \
    run_json "$work/failing/run.json" '[p["status"] for p in run["pairs"]] == ["failed", "passed"] and run["pairs"][0]["message"].startswith("dubbo-kryo-server (port '"$port"') exited while the clients ran; dubbo-kryo-client exited 1: ")'
check "no process left after a failed pair" no_process_on "$port"

# Stopped during the first pair: everything stops, run.json keeps what is known. Job control puts the run in its own
# process group and the signal goes to the whole group, as a terminal's Ctrl-C does. The runner treats SIGINT and
# SIGTERM alike; the test sends SIGTERM, since a test started in the background may have SIGINT ignored for good.
port=$(free_port)
set -m
"$root/benchmark.sh" run-all -p "$port" --length quick -a "$smoke --benchmarks getUser" \
    --pairs dubbo-hessianlite,dubbo-kryo --out "$work/interrupted" >"$work/interrupted.out" 2>&1 &
runner=$!
wait_for_line "$work/interrupted.out" "\[1/2\] dubbo-hessianlite: measuring" 120 || true
kill -TERM -- "-$runner"
set +m
status=0
wait_for_exit "$runner" 60 || status=$?
check "stopped by a signal: the run exits 130 within a minute" test "$status" -eq 130
check "run.json: the interrupted pair and the one not run" \
    run_json "$work/interrupted/run.json" '[(p["status"], p["message"]) for p in run["pairs"]] == [("failed", "interrupted"), ("not run", None)] and run["end"]'
check "no process left within 10 s of the signal" no_process_within 10 "$port"
# Logs may stay empty (the stack had nothing to say yet); no record or result may.
check "interrupted: no result left behind, empty or half written" \
    test ! -e "$work/interrupted/dubbo-hessianlite.json" -a -z "$(find "$work/interrupted" -name '*.json' -empty)"

check "report: report.md ranks the serializers, report.html has its charts" \
    exits_with 0 "report.html" "$work/report.out" -- "$root/benchmark.sh" report "$work/all"
check "report.md has a ranking per call" \
    grep -q "^Ranking by TPS .*: \(fst\|hessian2\|kryo\|netty-ceiling\) 1.00" "$work/all/report.md"
check "report.md ranks the ceiling with the serializers" grep -q "^Ranking by TPS .*netty-ceiling [01]\.[0-9][0-9]" \
    "$work/all/report.md"
check "report.html draws its charts inline" grep -q "<svg" "$work/all/report.html"
check "report.md: the client's bytes per call" grep -q "client alloc (B/call)" "$work/all/report.md"
check "every pair's every result has the CPU and bytes a call cost on both sides" \
    costed "$work/all"
check "report.md: what a call cost on both sides" grep -q "| server CPU (µs/call) | client alloc (B/call) |" \
    "$work/all/report.md"
check "report.md: the profiles, linked" grep -q "^- dubbo-kryo, server :[0-9]*: async-profiler" "$work/all/report.md"
check "flamediff of a run with itself: every profile compared, exit 0" \
    exits_with 0 "diff flame graph: .*dubbo-kryo-server.cpu.diff.html" "$work/flamediff.out" -- \
    "$root/benchmark.sh" flamediff "$work/all" "$work/all" --out "$work/flamediff"
check "compare a run with itself: no regression, exit 0" \
    exits_with 0 "Gate: passed" "$work/compare.out" -- "$root/benchmark.sh" compare "$work/all" "$work/all"
check "compare against the run with a failed pair: exit 1" \
    exits_with 1 "pair failed" "$work/compare.out" -- "$root/benchmark.sh" compare "$work/all" "$work/failing"
check "compare with a missing run: exit 2, names it" \
    exits_with 2 "no such file or directory: $work/nothing-here" "$work/compare.out" -- \
    "$root/benchmark.sh" compare "$work/all" "$work/nothing-here"

# The open loop: a fixed rate on one pair, reported; in the full tier a short sweep with a bound on another stack; a
# rate the pair cannot keep fails.
open_loop_times="--warmup 1 --duration 2 --threads 8"
check "open loop: run-all --rate on dubbo-kryo, two calls: exit 0" \
    exits_with 0 "1 of 1 pairs passed" "$work/open.out" -- "$root/benchmark.sh" run-all -p "$(free_port)" \
    --rate 400 -a "$open_loop_times --calls getUser,echo:1k" --pairs dubbo-kryo --out "$work/open"
check "open loop: run.json holds each call's response times at the rate kept" \
    run_json "$work/open/run.json" '[(s["call"], s["rateNotKept"], s["problem"]) for s in pair["consumers"][0]["openLoop"]["calls"]] == [("getUser", None, None), ("echo:1k", None, None)] and all(s["responseTime"]["count"] >= 700 and 0 < s["responseTime"]["p50"] <= s["responseTime"]["p99"] for s in pair["consumers"][0]["openLoop"]["calls"])'
check "open loop: an interval log and a percentile distribution per call" \
    test -s "$work/open/dubbo-kryo-open-loop.json.echo-1k.hlog" -a -s "$work/open/dubbo-kryo-open-loop.json.getUser.hlog.hgrm"
check "report: the open loop's table" \
    exits_with 0 "report.html" "$work/report.out" -- "$root/benchmark.sh" report "$work/open"
check "report.md tables each call's response times at the rate" grep -q "^| dubbo-kryo | getUser | " \
    "$work/open/report.md"
if in_full_tier "the latency-throughput sweep"; then
    # the bound is far above what either step takes here, so the sweep keeps a step: the capacity under it is stated
    check "sweep: grpc-protobuf's capacity, then shares of it, judged by a bound: exit 0, a step kept" \
        exits_with 0 "listUser: [0-9,]+ calls/s in a closed loop of 8 threads.*keeping p99 within 500.0 ms" \
        "$work/sweep.out" -- "$root/benchmark.sh" run-all -p "$(free_port)" --rate-sweep 25,50 --slo p99=500ms \
        -a "$open_loop_times --calls listUser" --pairs grpc-protobuf --out "$work/sweep"
    check "report: the open loop's table and its latency-throughput curve" \
        exits_with 0 "report.html" "$work/report.out" -- "$root/benchmark.sh" report "$work/sweep"
    check "report.md tables the sweep's steps" grep -q "^| grpc-protobuf | listUser | .* 25% of .* closed loop" \
        "$work/sweep/report.md"
    check "report.html draws the curve" grep -q "listUser: response time against throughput" \
        "$work/sweep/report.html"
fi
check "a rate the pair's threads cannot keep: exit 1, says the rate was not kept" \
    exits_with 1 "the rate was not kept" "$work/out" -- "$root/benchmark.sh" -p "$(free_port)" \
    -a "--rate 1000000 --warmup 1 --duration 1 --calls getUser --threads 2" dubbo-kryo

# Client and server on a CPU each: both JVMs run under taskset, the server sees its one CPU
if in_full_tier "a run pinned to a CPU per side"; then
    EXITS_WITH_TIMEOUT=300 check "pinned: run-all --server-cpus 0 --client-cpus 1: exit 0" \
        exits_with 0 "1 of 1 pairs passed" "$work/pinned.out" -- "$root/benchmark.sh" run-all -p "$(free_port)" \
        --length quick -a "$smoke" --pairs dubbo-kryo --server-cpus 0 --client-cpus 1 --out "$work/pinned"
    check "pinned: the server measured its CPU as one core's" \
        grep -q "% of its 1 cores)" "$work/pinned/dubbo-kryo-client.out"
fi
check "a CPU list this machine lacks: exit 2 before anything starts" \
    exits_with 2 "option --client-cpus: taskset refuses CPUs 4095" "$work/out" -- "$root/benchmark.sh" run-all \
    -p "$(free_port)" --client-cpus 4095

# JVM settings: the ceiling's servers under two collectors (a matrix), its clients on flags of their own and, where
# one is installed, on a Temurin 25 (under /usr/lib/jvm, or named by RPCBENCH_JDK25)
check "a JVM flag the servers refuse: exit 2 with the JVM's words, before anything starts" \
    exits_with 2 "option server-jvm-args: the server JVM refuses to start with them: Unrecognized VM option" \
    "$work/out" -- "$root/benchmark.sh" run-all -p "$(free_port)" --server-jvm-args -XX:+UseNoSuchGC
jdk25=${RPCBENCH_JDK25:-$(find /usr/lib/jvm -maxdepth 1 -name 'temurin-25*' | head -n 1)}
client_java=()
[ -z "$jdk25" ] || client_java=(--client-java "$jdk25")
EXITS_WITH_TIMEOUT=300 check "matrix: the ceiling under the serial and the parallel collector: exit 0" \
    exits_with 0 "2 of 2 pairs passed" "$work/jvms.out" -- "$root/benchmark.sh" run-all -p "$(free_port)" \
    --length quick -a "$smoke --benchmarks getUser" --pairs netty-ceiling --jvm-matrix serial=-XX:+UseSerialGC \
    --jvm-matrix parallel=-XX:+UseParallelGC --client-jvm-args -XX:+UseSerialGC "${client_java[@]}" \
    --out "$work/jvms"
check "matrix: a result per setting, named after it" \
    test -f "$work/jvms/netty-ceiling@serial.json" -a -f "$work/jvms/netty-ceiling@parallel.json"
check "matrix: each server states the collector its setting chose" \
    run_json "$work/jvms/run.json" '[p["providers"][0]["ready"]["versions"]["gc"] for p in run["pairs"]] == ["Serial", "Parallel"]'
check "matrix: the client's forks ran its flags, without the suite's G1" \
    bash -c 'grep -q "\"-XX:+UseSerialGC\"" "$1" && ! grep -q "\"-XX:+UseG1GC\"" "$1"' _ \
    "$work/jvms/netty-ceiling@serial.json"
if [ -n "$jdk25" ]; then
    check "matrix: the client's forks ran on the JDK given" grep -q "\"jdkVersion\" : \"25" \
        "$work/jvms/netty-ceiling@parallel.json"
fi
check "report: the settings side by side as pairs, with their collectors" \
    exits_with 0 "report.html" "$work/report.out" -- "$root/benchmark.sh" report "$work/jvms"
check "report.md: the matrix in the header, a row per setting" \
    grep -q "^| netty-ceiling@parallel | .*| Parallel | passed |" "$work/jvms/report.md"

finish
