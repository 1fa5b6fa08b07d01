#!/usr/bin/env bash
# The soak as a user meets it: bad input refused, a one-minute soak of the kryo pair through run-all judged on both
# JVMs with its series kept and reported; in the full tier every other stack soaked briefly, the high-pressure
# variant on 2x2, a leaking server caught by the live set's slope in a one-minute soak, and a soak stopped with Ctrl-C
# judged on what it saw. Ends with "N passed, N failed, N skipped".
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d)
# shellcheck source=tests/lib.sh
. "$root/tests/lib.sh"
trap 'rm -rf "$work"' EXIT

# lines FILE MIN: the series FILE (the contract's JVM samples) has at least MIN samples, each with the figures a
# live JVM always has (the live set -1 in a sample that did not measure it)
lines() {
    record_check --as jvm-samples "$1" 'len(r) >= '"$2"' and all(s["heapUsedBytes"] > 0 and s["threads"] > 0 and s["openFiles"] > 0 and s["processCpuNanos"] > 0 and s["rssBytes"] > 0 and s["liveSetBytes"] >= -1 and s["fullGcs"] >= 0 and s["directBytes"] >= 0 for s in r)'
}

check "a soak length without a unit: exit 2" \
    exits_with 2 "option soak: '10' is not a length of time" "$work/out" -- \
    "$root/benchmark.sh" run-all --soak 10 --pairs dubbo-kryo
check "a soak beside a fault: exit 2" \
    exits_with 2 "option soak: a soak runs its own load; drop --soak or --fault" "$work/out" -- \
    "$root/benchmark.sh" run-all --soak 1m --fault sigterm --pairs dubbo-kryo
check "a bad soak limit: exit 2 before any server starts" \
    exits_with 2 "the client options do not work: option max-fall" "$work/out" -- \
    "$root/benchmark.sh" run-all --soak 1m -a "--max-fall -5" --pairs dubbo-kryo

EXITS_WITH_TIMEOUT=300
# samples every 2 s: the 40 s after the warmup hold the 10 intervals the throughput fall is judged on. Their first
# and last tenths are 4 s each, which moved from -42% to +19% here on two shared cores (a CI run fell 42%), so the
# limit is wide: this checks that every check is judged; SoakJudgeTest checks the limits themselves
check "run-all --soak 1m on dubbo-kryo: exit 0, both JVMs judged on every check" \
    exits_with 0 "soak verdict: passed$" "$work/soak.out" -- \
    "$root/benchmark.sh" run-all -p "$(free_port)" --soak 1m -a "--sample-every 2s --max-fall 60" \
    --pairs dubbo-kryo --out "$work/soak"
check "the verdict names every criterion for the client and the server" \
    grep -Eq '^\| server \| live set growth \| .* through [0-9]+ full GCs' "$work/soak.out"
check "run.json: the soak's report with the client's and the server's verdicts, every check passed" \
    run_json "$work/soak/run.json" 'run["scenario"] == "soak" and (lambda s: s["answered"] > 10000 and s["errors"] == 0 and not s["interrupted"] and [j["jvm"] for j in s["jvms"]] == ["client", "server"] and all(c["passed"] and not (c["note"] or "").startswith("not judged") for j in s["jvms"] for c in j["checks"]))(pair["consumers"][0]["soak"])'
check "each JVM's series kept beside the result, a sample every 5 s" \
    lines "$work/soak/dubbo-kryo-server.jvm.jsonl" 12
check "the client's series carries the load of each interval" \
    record_check --as jvm-samples "$work/soak/dubbo-kryo-client.jvm.jsonl" 'sum(x["load"]["calls"] for x in r) > 10000'

check "report: the soak's verdicts tabled and its series drawn" \
    exits_with 0 "report.html" "$work/report.out" -- "$root/benchmark.sh" report "$work/soak"
check "report.html: memory, threads and files, CPU and load over time" \
    grep -q "dubbo-kryo: memory.*dubbo-kryo: threads and open files.*dubbo-kryo: CPU.*dubbo-kryo: load" \
    <(tr -d '\n' <"$work/soak/report.html")

if ! in_full_tier "the other stacks' soaks, the high-pressure variant, a leak caught, a soak stopped by a signal"
then
    finish
    exit
fi

# Whether these soaks run through, not their memory: in 30 s a server still fills its pools and caches (the ceiling's
# live set once grew 40 MB here), which a soak of minutes tells from a leak; the dubbo-kryo soak above judges it.
check "the other stacks soak: gRPC, motan, the ceiling, triple (30 s each)" \
    exits_with 0 "4 of 4 pairs passed" "$work/stacks.out" -- \
    "$root/benchmark.sh" run-all -p "$(free_port)" --soak 30s -a "--sample-every 2s --live-set-noise 64" \
    --pairs grpc-protobuf,motan-hessian2,netty-ceiling,triple-hessian2 --out "$work/stacks"
check "the high-pressure variant: 2x2, the string's size drawn anew, each consumer judging both providers" \
    exits_with 0 "string echo sizes \(random:20b-200k:10m\) drawn every 4s: 1[01] sizes" "$work/pressure.out" -- \
    "$root/benchmark.sh" run-all -p "$(free_port)" --soak 40s --topology 2x2 --pairs dubbo-kryo \
    -a "--payload-schedule random:20b-200k:10m --sample-every 2s" --out "$work/pressure"
check "run.json: both consumers judged both providers, the sizes recorded" \
    run_json "$work/pressure/run.json" '[[j["jvm"] for j in c["soak"]["jvms"]] for c in pair["consumers"]] == [["client", "server 1", "server 2"]] * 2 and all(len(c["soak"]["payloads"]["changes"]) >= 10 for c in pair["consumers"])'

# a leak: every 20th echo request kept (about 1.5 MB/s here), a server started by hand with its samples
port=$(free_port)
"$root/benchmark.sh" -p "$port" dubbo-kryo-server -a "--jvm-samples $work/leak.jsonl --live-set-every 6s --retain-requests 20" \
    >"$work/leak-server.out" 2>&1 &
server=$!
check "the leaking server is ready and says it leaks" wait_for_line "$work/leak-server.out" "^leak: every 20th echo" 120
check "a one-minute soak against it: exit 1, the server's live set growth named" \
    exits_with 1 "soak verdict: FAILED: .*server live set growth [0-9,.]+ MB/h beyond 4 MB/h" "$work/leak.out" -- \
    "$root/benchmark.sh" -p "$port" dubbo-kryo-client \
    -a "--soak 1m --server-samples $work/leak.jsonl -f $work/leak.json"
kill -TERM "$server"
check "the leaking server stops on SIGTERM" wait_for_exit "$server" 30
check "nothing left on the leak's port" no_process_on "$port"

# Ctrl-C: the signal reaches the whole process group (launcher, server and client), as a terminal's does; the
# client ends its load and judges what it saw. SIGTERM, handled alike: a background job may have SIGINT ignored.
port=$(free_port)
set -m
"$root/benchmark.sh" -p "$port" -a "--soak 10m -f $work/interrupted.json" dubbo-kryo >"$work/interrupted.out" 2>&1 &
launcher=$!
set +m
check "the pair's soak starts" wait_for_line "$work/interrupted.out" "^== soak for 10m" 120
sleep 25
kill -TERM -- "-$launcher"
status=0
wait_for_exit "$launcher" 60 || status=$?
check "Ctrl-C: exit 130" test "$status" -eq 130
check "Ctrl-C: judged on what it saw, no error counted for calls cut off" \
    grep -Eq "^soak verdict, interrupted after [0-9]+s of 10m and judged on what it saw: no limit broken" \
    "$work/interrupted.out"
check "Ctrl-C: the result says interrupted" \
    record_check --as soak "$work/interrupted.json" 'r["interrupted"] and r["errors"] == 0'
check "Ctrl-C: nothing left on the port within 10 s" no_process_within 10 "$port"

finish
