#!/usr/bin/env bash
# Builds what a command needs when its sources changed, then hands over to the suite's command line
# (cli/target/cli.jar), whose runner checks the options, starts every JVM and stops them: check, build if stale,
# exec java. `benchmark.sh -h`
# lists the commands.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
java=${JAVA_HOME:+$JAVA_HOME/bin/}java

fail() {
    echo "benchmark.sh: $*" >&2
    exit 1
}

command -v "$java" >/dev/null || fail "no java: install JDK 17 or later, or set JAVA_HOME"

# is_module NAME: a directory of the suite with a pom
is_module() {
    [[ $1 =~ ^[a-z0-9-]+$ ]] && [ -f "$root/$1/pom.xml" ]
}

# needed ARGS...: the runnable modules a command line names (a pair names its two, run-all every pair's), and the
# command line, which every command runs through
needed() {
    local arg pom
    for arg in "$@"; do
        case $arg in
            run-all)
                for pom in "$root"/*-server/pom.xml "$root"/*-client/pom.xml; do
                    basename "$(dirname "$pom")"
                done
                echo registry
                ;;
            zookeeper | registry-latency) echo registry ;;
            *-server | *-client) is_module "$arg" && echo "$arg" ;;
            *) is_module "$arg-server" && is_module "$arg-client" && echo "$arg-server" "$arg-client" ;;
        esac
    done
    echo cli
}

# every module's artifacts its pom names, read from all the poms at once: the walk below visits a module once per
# jar that depends on it, and a read per visit made the check of run-all's 48 jars take 10 s
declare -A pom_artifacts=()
while read -r match; do
    module=${match%/pom.xml:*}
    module=${module##*/}
    match=${match##*<artifactId>}
    pom_artifacts[$module]+=" ${match%</artifactId>}"
done < <(grep -o '<artifactId>[a-z0-9-]*</artifactId>' "$root"/*/pom.xml)

# sources MODULE: the directories its jar is built from: the module and the suite's modules its pom names,
# transitively
sources() {
    local -A seen=()
    local queue=("$1") module dependency
    while [ ${#queue[@]} -gt 0 ]; do
        module=${queue[0]}
        queue=("${queue[@]:1}")
        [ -z "${seen[$module]:-}" ] || continue
        seen[$module]=1
        echo "$root/$module"
        for dependency in ${pom_artifacts[$module]:-}; do
            [ "$dependency" = "$module" ] || ! is_module "$dependency" || queue+=("$dependency")
        done
    done
}

# build MODULE...: one Maven build of those whose jar is missing or older than a source or the parent pom
build() {
    local module jar stale=() log
    for module in "$@"; do
        jar=$root/$module/target/$module.jar
        # shellcheck disable=SC2046 # sources() prints paths without spaces, one word each
        if [ ! -f "$jar" ] || [ -n "$(find "$root/pom.xml" $(sources "$module") -name target -prune \
                -o -type f -newer "$jar" -print -quit)" ]; then
            stale+=("$module")
        fi
    done
    [ ${#stale[@]} -gt 0 ] || return 0
    command -v mvn >/dev/null || fail "no mvn: install Maven 3.8 or later to build ${stale[*]}"
    echo "benchmark.sh: building ${stale[*]}" >&2
    log=$(mktemp)
    # formatting is reviewed by the build (checkstyle.xml), not by a run: like Kafka's jmh.sh, a run builds without it
    if ! (cd "$root" && mvn -B -q -pl "$(IFS=,; echo "${stale[*]}")" -am package -DskipTests -Dcheckstyle.skip) \
            >"$log" 2>&1; then
        cat "$log" >&2
        rm -f "$log"
        fail "the build of ${stale[*]} failed"
    fi
    rm -f "$log"
}

# ab builds each side once, before its first run, and starts every run of it with BENCHMARK_SH_BUILT=1: the side stays
# what was built, and each of a default ab run's 13 starts goes without the check (1.3 s of the 1.9 s a start took)
if [ "${BENCHMARK_SH_BUILT:-}" != 1 ]; then
    # shellcheck disable=SC2046 # module names have no spaces
    build $(needed "$@" | tr ' ' '\n' | sort -u)
elif [ ! -f "$root/cli/target/cli.jar" ]; then
    fail "BENCHMARK_SH_BUILT=1, but $root/cli/target/cli.jar is not built: unset it to build"
fi

# The command line runs from a copy, so that a build never rewrites the jar under it; copies whose process is gone
# are removed here (the runner does the same for the jars it starts).
mkdir -p "$root/cli/target/run"
for copy in "$root"/cli/target/run/cli.*.jar; do
    [ -e "$copy" ] || continue
    pid=${copy%.jar}
    kill -0 "${pid##*.}" 2>/dev/null || rm -f "$copy"
done
cp "$root/cli/target/cli.jar" "$root/cli/target/run/cli.$$.jar"
# C1 alone and the serial collector: the runner starts JVMs and waits; it is short-lived, not measured. But ab's own
# JVM times the machine's speed (MachineSpeedProbe), and C1's code for that work slowed with the machine's load 1.7
# times as much as a C program's did (C2's: 1.2 times), so ab gets both compilers (docs/reports-and-gate.md).
jit=-XX:TieredStopAtLevel=1
if [ "${1:-}" = ab ]; then
    jit=-XX:TieredStopAtLevel=4
fi
exec "$java" "$jit" -XX:+UseSerialGC -jar "$root/cli/target/run/cli.$$.jar" --root "$root" "$@"
