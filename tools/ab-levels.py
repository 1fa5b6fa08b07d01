# Where the spread lives in an A/B run: per call and metric, the spread of iterations within one JVM (median over
# runs of their coefficient of variation) against the spread of run means between JVMs (CV over all runs, per side).
# Usage: python3 tools/ab-levels.py <ab-directory> [baseline-name candidate-name]; prints a Markdown table.
import glob, json, os, statistics, sys
ab = sys.argv[1]
names = sys.argv[2:4] if len(sys.argv) > 3 else ["baseline", "candidate"]
metrics = ["score", "cost.client.cpu", "cost.server.cpu", "cost.client.alloc", "cost.server.alloc"]
within, means = {}, {}
for run in sorted(glob.glob(os.path.join(ab, "trial-*-*"))):
    if not os.path.isdir(run):
        continue
    side = run.rsplit("-", 1)[1]
    for f in glob.glob(os.path.join(run, "*.json")):
        if not isinstance(json.load(open(f)), list):
            continue
        for r in json.load(open(f)):
            call = r["benchmark"].rsplit(".", 1)[1]
            for m in metrics:
                node = r["primaryMetric"] if m == "score" else r["secondaryMetrics"].get(m)
                if not node:
                    continue
                iters = [x for fork in node["rawData"] for x in fork]
                if len(iters) > 1 and statistics.mean(iters):
                    within.setdefault((call, m), []).append(statistics.stdev(iters) / statistics.mean(iters))
                means.setdefault((call, m, side), []).append(node["score"])
print("| call | metric | within a JVM (median CV of iterations) | between JVMs, %s | between JVMs, %s |"
      % tuple(names))
print("| --- | --- | ---: | ---: | ---: |")
for (call, m), cvs in within.items():
    cols = []
    for side in ("baseline", "candidate"):
        v = means.get((call, m, side), [])
        cols.append("%.1f%% (%d runs)" % (100 * statistics.stdev(v) / statistics.mean(v), len(v)) if len(v) > 1 else "")
    print("| %s | %s | %.1f%% | %s | %s |" % (call, m, 100 * statistics.median(cvs), cols[0], cols[1]))
