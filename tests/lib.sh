# shellcheck shell=bash
# Shared by the shell tests: checks counted as passed or failed and timed (so a CI log shows where its time goes),
# bounded waits, free ports.
# The sourcing script sets $root; it ends with `finish`.

passed=0
failed=0

check() {
    local name=$1 start=$SECONDS
    shift
    if "$@"; then
        passed=$((passed + 1))
        echo "PASS $name ($((SECONDS - start)) s)"
    else
        failed=$((failed + 1))
        echo "FAIL $name ($((SECONDS - start)) s)"
    fi
}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# exits_with STATUS PATTERN OUTFILE -- COMMAND...: the command exits with STATUS and its output matches PATTERN,
# within EXITS_WITH_TIMEOUT seconds (120 unless the script sets it)
exits_with() {
    local expected=$1 pattern=$2 out=$3 status=0
    shift 4
    timeout "${EXITS_WITH_TIMEOUT:-120}" "$@" >"$out" 2>&1 || status=$?
    if [ "$status" -ne "$expected" ] || ! grep -Eq -- "$pattern" "$out"; then
        echo "  exit $status (expected $expected); output:" && sed 's/^/  | /' "$out" | tail -20
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

# run_json FILE PYTHON-EXPRESSION: the expression holds over a run directory's run.json, parsed as `run`, with its
# first pair as `pair`
run_json() {
    python3 - "$1" "$2" <<'PY'
import json, os, sys
run = json.load(open(sys.argv[1]))
pair = run["pairs"][0] if run["pairs"] else None
if not eval(sys.argv[2]):
    print("  run.json does not satisfy:", sys.argv[2])
    print("  pairs:", json.dumps([{k: v for k, v in p.items() if k not in ("providers", "consumers")} for p in run["pairs"]])[:2000])
    sys.exit(1)
PY
}

# no_process_on PORT: nothing a test started on PORT is left (servers and clients carry --port PORT)
no_process_on() {
    if pgrep -f -- "--port $1( |$)" >/dev/null; then
        echo "  still running:" && pgrep -af -- "--port $1( |$)" | sed 's/^/  | /'
        return 1
    fi
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

# finish: the tally line; fails when any check failed
finish() {
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
