# Where the spread lives in an A/B run: per call and metric, the spread of iterations within one JVM (median over
# runs of their coefficient of variation) against the spread of run means between JVMs (CV over all runs, per side).
# Reads each run through the suite (`benchmark.sh report --tsv`).
# Usage: python3 tools/ab-levels.py <ab-directory> [baseline-name candidate-name]; prints a Markdown table.
import csv, glob, os, statistics, subprocess, sys
ab = sys.argv[1]
names = sys.argv[2:4] if len(sys.argv) > 3 else ["baseline", "candidate"]
metrics = ["primary", "cost.client.cpu", "cost.server.cpu", "cost.client.alloc", "cost.server.alloc"]
suite = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "benchmark.sh")
within, means = {}, {}
for run in sorted(glob.glob(os.path.join(ab, "trial-*-*"))):
    if not os.path.isdir(run):
        continue
    side = run.rsplit("-", 1)[1]
    results = subprocess.run([suite, "report", "--tsv", run], stdout=subprocess.PIPE, text=True)
    if results.returncode:
        sys.exit(results.returncode)  # the suite said why
    tsv = results.stdout
    for r in csv.DictReader(tsv.splitlines(), delimiter="\t"):
        call, m = r["call"], r["metric"]
        if m not in metrics:
            continue
        iters = [float(x) for x in r["iterations"].split(",") if x]
        if len(iters) > 1 and statistics.mean(iters):
            within.setdefault((call, m), []).append(statistics.stdev(iters) / statistics.mean(iters))
        means.setdefault((call, m, side), []).append(float(r["score"]))
print("| call | metric | within a JVM (median CV of iterations) | between JVMs, %s | between JVMs, %s |"
      % tuple(names))
print("| --- | --- | ---: | ---: | ---: |")
for (call, m), cvs in within.items():
    cols = []
    for side in ("baseline", "candidate"):
        v = means.get((call, m, side), [])
        cols.append("%.1f%% (%d runs)" % (100 * statistics.stdev(v) / statistics.mean(v), len(v)) if len(v) > 1 else "")
    print("| %s | %s | %.1f%% | %s | %s |" % (call, "score" if m == "primary" else m, 100 * statistics.median(cvs),
                                              cols[0], cols[1]))
