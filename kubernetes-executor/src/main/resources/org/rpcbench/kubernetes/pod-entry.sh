# The pod's first process: runs the JVM given as its arguments, and tells the executor through the pod's log,
# the one channel the API always serves. Each file goes out framed and base64-encoded: the ready record and a
# lockstep's address each once it exists, every file of the run directory when the JVM has ended. A "stop"
# annotation on the pod (its downward API file, at $RPCBENCH_ANNOTATIONS) asks the JVM to stop, as the runner's TERM
# does on one machine. It starts in the JVM's run directory. No dollar sign before a parenthesis here: Kubernetes
# would take it for a variable.
run=$PWD
annotations=$RPCBENCH_ANNOTATIONS
send() {
    echo "rpcbench-file-begin $1"
    base64 "$run/$1"
    echo "rpcbench-file-end $1"
}
# the node's processor as the JVM sees it, for the run's record: the CPUs it may run on, the CPU model
model=`sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1`
echo "rpcbench-cpu `nproc` ${model:-unknown}"
"$@" &
jvm=$!
trap 'kill -TERM "$jvm" 2>/dev/null' TERM INT
ready=
lockstep=
stopping=
while kill -0 "$jvm" 2>/dev/null; do
    if [ -z "$ready" ] && [ -f "$run/ready.json" ]; then
        send ready.json
        ready=1
    fi
    if [ -z "$lockstep" ] && [ -f "$run/lockstep.json" ]; then
        send lockstep.json
        lockstep=1
    fi
    if [ -z "$stopping" ] && grep -q '^rpcbench.org/stop="true"$' "$annotations" 2>/dev/null; then
        kill -TERM "$jvm" 2>/dev/null
        stopping=1
    fi
    sleep 0.2
done
wait "$jvm"
status=$?
cd "$run" && find . -type f | sort | while read -r file; do
    send "${file#./}"
done
echo "rpcbench-exit $status"
exit "$status"
