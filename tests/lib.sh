# shellcheck shell=bash
# Shared by the shell tests: checks counted as passed, failed or skipped and timed (so a CI log shows where its time
# goes), the tier a check belongs to, bounded waits, free ports, what is left running.
# The sourcing script sets $root and runs without `set -e` (a failed check returns 1 and the script goes on to the
# next); it ends with `finish`.

passed=0
failed=0
skipped=0
# fast: the README's test command (.ci/run); full: tests/all.sh --full (the nightly workflow), everything
tier=${RPCBENCH_TEST_TIER:-fast}

# check NAME COMMAND...: the command is one check, passed when it exits 0; returns the command's status, so that
# `if check ...; then` goes on only after a pass
check() {
    local name=$1 start=$SECONDS status=0
    shift
    "$@" || status=$?
    if [ "$status" -eq 0 ]; then
        passed=$((passed + 1))
        echo "PASS $name ($((SECONDS - start)) s)"
    else
        failed=$((failed + 1))
        echo "FAIL $name ($((SECONDS - start)) s)"
    fi
    return "$status"
}

# skip NAME REASON: a check that cannot run its subject on this machine: counted as skipped, never as passed
skip() {
    skipped=$((skipped + 1))
    echo "SKIP $1: $2"
}

# in_full_tier WHAT: whether the checks of WHAT run in this tier; in the fast tier they are named, not run (the
# nightly workflow's full tier runs them)
in_full_tier() {
    [ "$tier" = full ] && return 0
    echo "full tier only (tests/all.sh --full): $1"
    return 1
}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# exits_with STATUS PATTERN OUTFILE -- COMMAND...: the command exits with STATUS and its output matches PATTERN (an
# extended regular expression that says what the output must say: one that matches any line is refused), within
# EXITS_WITH_TIMEOUT seconds (120 unless the script sets it)
exits_with() {
    local expected=$1 pattern=$2 out=$3 status=0
    shift 4
    says_something "$pattern" || return 1
    timeout "${EXITS_WITH_TIMEOUT:-120}" "$@" >"$out" 2>&1 || status=$?
    exited_as "$expected" "$pattern" "$out" "$status"
}

# ended_with STATUS PATTERN OUTFILE PID SECONDS: as exits_with, for a command the test started in the background (PID,
# its output to OUTFILE) so as to act on it while it runs: it ends within SECONDS (else it is killed)
ended_with() {
    local status=0
    wait_for_exit "$4" "$5" || status=$?
    says_something "$2" && exited_as "$1" "$2" "$3" "$status"
}

# says_something PATTERN: the pattern does not match any line, so that it says what an output must hold
says_something() {
    if printf 'an unrelated line\n' | grep -Eq -- "$1"; then
        echo "  the pattern '$1' matches any output; say what the output must hold"
        return 1
    fi
}

# exited_as STATUS PATTERN OUTFILE ACTUAL: a command that exited with ACTUAL was to exit with STATUS, and its output
# (OUTFILE) to match PATTERN
exited_as() {
    local expected=$1 pattern=$2 out=$3 status=$4
    if [ "$status" -ne "$expected" ] || ! grep -Eq -- "$pattern" "$out"; then
        echo "  exit $status (expected $expected); output:" && sed 's/^/  | /' "$out" | tail -20
        return 1
    fi
}

# lacks TEXT FILE: FILE exists and has no line holding TEXT
lacks() {
    if [ ! -f "$2" ]; then
        echo "  no file $2 to look in"
        return 1
    fi
    if grep -q -- "$1" "$2"; then
        echo "  $2 holds '$1':" && grep -- "$1" "$2" | head -5 | sed 's/^/  | /'
        return 1
    fi
}

# wait_for_exit PID SECONDS: the process's exit status, or 124 after killing it when it outlives SECONDS
wait_for_exit() {
    local pid=$1 status=0
    for _ in $(seq 1 $(($2 * 2))); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.5
    done
    if kill -0 "$pid" 2>/dev/null; then
        kill -KILL "$pid"
        wait "$pid" || true
        return 124
    fi
    wait "$pid" || status=$?
    return "$status"
}

# results RUN_DIR | JMH_JSON...: the results as the suite reads them (benchmark.sh report --tsv), the one way the
# tests read JMH's results: a header, then a line per result and metric, tab-separated, with the columns 1 pair,
# 2 benchmark, 3 call, 4 mode, 5 threads, 6 params, 7 metric ("primary" for the score), 8 score, 9 error, 10 noise,
# 11 unit, 12 iterations
results() {
    "${root:?}/benchmark.sh" report --tsv "$@"
}

# positive_scores JMH_JSON: every benchmark in it has a positive score
positive_scores() {
    results "$1" | awk -F'\t' '
        NR > 1 && $7 == "primary" { n++; if (!($8 > 0)) bad = bad " " $2 }
        END { if (!n || bad != "") { print (n ? "  non-positive:" bad : "  no result"); exit 1 } }'
}

# record [--as KIND] FILE [--field PATH]...: a record file of the suite as the suite binds it (benchmark.sh record),
# the one way the tests read the suite's own records: a line per field, its path, a tab, its value; KIND where the
# file's name does not say it (run.json, ab.json, verdict.json do)
record() {
    "${root:?}/benchmark.sh" record "$@"
}

# record_check [--as KIND] FILE PYTHON-EXPRESSION: the expression holds over the record, read by `record` and rebuilt
# as `r` (tests/record.py: dicts and lists; a value that reads as a number, true or false is one, an empty one None)
record_check() {
    python3 "${root:?}/tests/record.py" "$@"
}

# run_json FILE PYTHON-EXPRESSION: record_check over a run directory's run.json as `run`, its first pair as `pair`
run_json() {
    record_check --names 'run = r; pair = run["pairs"][0] if run["pairs"] else None' "$@"
}

# processes_on PORT...: the suite's processes on those ports, one "pid command" line each: the launcher's servers
# and clients carry --port PORT, a client's JMH forks -Drpcbench.port=PORT
processes_on() {
    local port
    for port in "$@"; do
        pgrep -af -- "(--port |-Drpcbench\.port=)$port( |$)"
    done
}

# no_process_on PORT...: nothing the suite started on those ports is left, JMH forks included
no_process_on() {
    local left
    left=$(processes_on "$@")
    if [ -n "$left" ]; then
        echo "  still running:" && sed 's/^/  | /' <<<"$left"
        return 1
    fi
}

# no_process_within SECONDS PORT...: what the suite started on those ports is gone within SECONDS
no_process_within() {
    local seconds=$1
    shift
    for _ in $(seq 1 $((seconds * 2))); do
        [ -z "$(processes_on "$@")" ] && return 0
        sleep 0.5
    done
    no_process_on "$@"
}

# wait_for_line FILE PATTERN SECONDS: FILE gets a line matching the extended regular expression within SECONDS
wait_for_line() {
    for _ in $(seq 1 $(($3 * 2))); do
        grep -Eq -- "$2" "$1" 2>/dev/null && return 0
        sleep 0.5
    done
    echo "  no line matching '$2' in $1 after $3 s:" && sed 's/^/  | /' "$1" | tail -20
    return 1
}

# finish: the closing line, which tests/all.sh adds up; fails when any check failed
finish() {
    echo "$passed passed, $failed failed, $skipped skipped"
    [ "$failed" -eq 0 ]
}
