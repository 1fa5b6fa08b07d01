#!/usr/bin/env bash
# shellcheck disable=SC2016 # the helpers' scripts are single-quoted: a fresh shell expands them
# The shell tests' own helpers (tests/lib.sh), each on the case it once passed blind: a failed check that let its
# `if` branch run, a pattern that accepts any message, a missing file taken for one without the text, and a JMH fork
# left running by a killed client that "nothing left on the port" did not see. Ends with "N passed, N failed,
# N skipped".
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d)
# shellcheck source=tests/lib.sh
. "$root/tests/lib.sh"
trap 'pkill -KILL -f -- "-Drpcbench\.port=${port:-0}( |$)"; kill -TERM "${server:-}" 2>/dev/null; rm -rf "$work"' EXIT

# helpers SCRIPT: runs SCRIPT in a fresh shell with lib.sh sourced (its own counters), output to $work/helpers.out;
# SCRIPT's variables are that shell's to expand (hence single quotes throughout)
helpers() {
    bash -c ". '$root/tests/lib.sh'; $1" >"$work/helpers.out" 2>&1
}

check "check returns 1 when its command fails, so an if on it does not go on" \
    helpers 'if check "a failing command" false; then exit 1; fi; [ "$failed" -eq 1 ] && [ "$passed" -eq 0 ]'
check "check returns 0 when its command passes" helpers 'check "a passing command" true && [ "$passed" -eq 1 ]'
check "finish fails after a failed check, and its closing line counts it" \
    helpers 'check "a failing command" false; finish; [ $? -eq 1 ]'
check "the closing line" grep -qx "0 passed, 1 failed, 0 skipped" "$work/helpers.out"
check "a skipped check is counted as skipped, never as passed, and does not fail the test" \
    helpers 'skip "a check" "no such tool here"; finish'
check "the closing line counts the skip" grep -qx "0 passed, 0 failed, 1 skipped" "$work/helpers.out"
check "the fast tier names a full-tier section without running it" \
    helpers 'tier=fast; if in_full_tier "the long runs"; then exit 1; fi'
check "the full tier runs it" helpers 'tier=full; in_full_tier "the long runs"'

check "exits_with refuses a pattern that matches any output" \
    helpers 'if exits_with 2 "." "'"$work"'/out" -- bash -c "echo anything; exit 2"; then exit 1; fi'
check "exits_with says why" grep -q "matches any output" "$work/helpers.out"
check "exits_with fails on the right status with the wrong message" \
    helpers 'if exits_with 2 "bad port" "'"$work"'/out" -- bash -c "echo bad mode; exit 2"; then exit 1; fi'
check "exits_with fails on the right message with the wrong status" \
    helpers 'if exits_with 2 "bad port" "'"$work"'/out" -- bash -c "echo bad port; exit 1"; then exit 1; fi'
check "exits_with passes on both" \
    helpers 'exits_with 2 "bad port" "'"$work"'/out" -- bash -c "echo bad port; exit 2"'
check "ended_with waits for a command started in the background and passes on its status and message" \
    helpers '(sleep 1; echo bad port; exit 2) >"'"$work"'/bg" & ended_with 2 "bad port" "'"$work"'/bg" $! 10'
check "ended_with fails on the right message with the wrong status" \
    helpers '(echo bad port; exit 1) >"'"$work"'/bg" & if ended_with 2 "bad port" "'"$work"'/bg" $! 10; then exit 1; fi'
check "ended_with refuses a pattern that matches any output" \
    helpers '(echo anything; exit 2) >"'"$work"'/bg" & if ended_with 2 "." "'"$work"'/bg" $! 10; then exit 1; fi'

printf 'forked VM did not exit\n' >"$work/holds"
printf 'all ended\n' >"$work/clean"
check "lacks fails on a missing file" helpers 'if lacks "forked VM" "'"$work"'/no-such-file"; then exit 1; fi'
check "lacks fails on a file holding the text" helpers 'if lacks "forked VM" "'"$work"'/holds"; then exit 1; fi'
check "lacks passes on a file without it" helpers 'lacks "forked VM" "'"$work"'/clean"'
check "no_process_within waits for a process to go, and fails on one that stays" \
    helpers '(exec -a "java -Drpcbench.port=1" sleep 2) & no_process_within 5 1 || exit 1
        (exec -a "java --port 1" sleep 30) & if no_process_within 1 1; then exit 1; fi; kill $!'
check "wait_for_line gives up after its time, failing" \
    helpers 'if wait_for_line "'"$work"'/clean" "never written" 1; then exit 1; fi'

# record_check reads a record as the contract binds it: a field the file holds but the record does not have is not
# there, so a test of a field the suite no longer writes fails instead of reading what an old file kept
mkdir -p "$work/run"
printf '{"runId": "r1", "scenario": "soak", "pairs": [], "gone": 1}\n' >"$work/run/run.json"
printf '[{"benchmark": "org.rpcbench.client.UserServiceBenchmark.getUser"}]\n' >"$work/jmh.json"
# fails COMMAND...: the command fails (its output to $work/fails.out)
fails() {
    ! "$@" >"$work/fails.out" 2>&1
}
check "run_json passes on what the record holds, as typed values" \
    run_json "$work/run/run.json" 'run["runId"] == "r1" and run["end"] is None and run["pairs"] == [] and pair is None'
check "record_check fails on a field the file holds and the record does not" \
    fails record_check "$work/run/run.json" 'r["gone"] == 1'
check "the failed check names the field" grep -q "KeyError: 'gone'" "$work/fails.out"
check "record_check fails on a file that is not of the record's kind" \
    fails record_check --as run "$work/jmh.json" True
check "record --field prints the value" test "$(record "$work/run/run.json" --field scenario)" = soak
check "record --field fails on a field the record does not have" fails record "$work/run/run.json" --field gone
check "and says which" grep -q "has no field gone$" "$work/fails.out"

# A JMH fork orphaned: its client JVM killed while the fork warms up. The fork carries the port only as
# -Drpcbench.port, so matching --port alone (the old rule) saw nothing left.
port=$(free_port)
"$root/benchmark.sh" -p "$port" dubbo-kryo-server >"$work/server.out" 2>&1 &
server=$!
if check "a server for the orphaned fork" wait_for_line "$work/server.out" "rpcbench server ready" 120; then
    "$root/benchmark.sh" -p "$port" -f "$work/orphan.json" \
        -a "--benchmarks getUser --warmupIterations 1 --warmupTime 60 --threads 2 --modes thrpt" \
        dubbo-kryo-client >"$work/client.out" 2>&1 &
    client=$!
    fork_running() {
        for _ in $(seq 1 120); do
            pgrep -f -- "-Drpcbench\.port=$port .*ForkedMain" >/dev/null && return 0
            sleep 0.5
        done
        echo "  no JMH fork started:" && sed 's/^/  | /' "$work/client.out" | tail -20
        return 1
    }
    if check "the client's JMH fork runs" fork_running; then
        # the fork held (SIGSTOP) so that it outlives its client for as long as the checks take: left alone, it
        # ends at its next word to the dead client
        fork=$(pgrep -f -- "-Drpcbench\.port=$port .*ForkedMain")
        kill -STOP "$fork"
        pkill -KILL -f -- "dubbo-kryo-client.*--port $port( |$)"
        wait_for_exit "$client" 30 >/dev/null
        check "the client killed, its fork left" kill -0 "$fork"
        check "the old rule (--port alone) does not see the fork" \
            bash -c '! pgrep -f -- "--port '"$port"'( |$)" | grep -qx '"$fork"
        check "no_process_on names the orphaned fork" \
            helpers 'if no_process_on '"$port"'; then exit 1; fi; grep -q "^'"$fork"' " <(processes_on '"$port"')'
        pkill -KILL -f -- "-Drpcbench\.port=$port( |$)"
    fi
    kill -TERM "$server"
    wait_for_exit "$server" 30 >/dev/null
    check "with the fork and the server gone, no_process_on passes" no_process_within 10 "$port"
fi

finish
