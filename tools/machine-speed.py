# How much of an ab run's trial-to-trial spread the machine's own speed explains. Per call and metric: one trial's
# candidate-over-baseline ratio (its logarithm's standard deviation), its correlation with the ratio of the machine's
# speed in the two sides' windows (tools/machine-speed-probe.c, run beside the ab run), and the ratio's spread once
# the speed is taken out: each trial's log ratio less beta times the log ratio of the two windows' probe times, beta
# fitted on the other calls' trials and the same call's other trials, each call's centred on its own means (leave
# one out, so that the trial it adjusts does not fit it). Reads each run's figures through the suite (`benchmark.sh
# report --tsv`) and each call's window from its histogram log's intervals. Given the samples alone, prints how the
# probe's mean spreads between consecutive 20-s windows: the machine's own drift, with nothing else running.
# Usage: python3 tools/machine-speed.py <probe-samples> [<ab-directory>] [--json FILE]; prints a Markdown table.
import argparse, csv, glob, json, math, os, re, statistics, subprocess, sys

parser = argparse.ArgumentParser(prog="tools/machine-speed.py")
parser.add_argument("samples", help="the probe's output")
parser.add_argument("ab", nargs="?", help="the directory of the ab run the probe ran beside")
parser.add_argument("--json", metavar="FILE", help="also write the table and every window's figures here")
options = parser.parse_args()
if options.json and not options.ab:
    parser.error("--json needs an ab directory")
samples_file, ab, out = options.samples, options.ab, options.json
metrics = {"primary": "mean response time", "p50": "median response time",
           "cost.server.threadcpu": "server threads' CPU", "cost.server.cpu": "server CPU",
           "cost.client.threadcpu": "client threads' CPU", "cost.client.cpu": "client CPU"}
suite = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "benchmark.sh")
samples = []
try:
    with open(samples_file) as lines:
        for line in lines:
            fields = line.split()
            if len(fields) >= 3:
                samples.append((float(fields[0]) / 1000, float(fields[2])))
except (OSError, ValueError) as e:
    sys.exit("%s: not the probe's samples (%s)" % (samples_file, e))
if not samples:
    sys.exit(samples_file + " holds no probe samples")
if ab is None:
    windows = {}
    for t, ns in samples:
        windows.setdefault(int((t - samples[0][0]) // 20), []).append(ns)
    means = [statistics.mean(v) for v in windows.values() if len(v) >= 10]
    if len(means) < 3:
        sys.exit(samples_file + ": fewer than three 20-s windows of samples")
    print("| 20-s windows | probe's mean | spread between windows | slowest / fastest |")
    print("| ---: | ---: | ---: | ---: |")
    print("| %d | %.1f µs | %.2f%% | %.3f |" % (len(means), statistics.mean(means) / 1000,
                                             100 * statistics.stdev(means) / statistics.mean(means),
                                             max(means) / min(means)))
    sys.exit(0)


def window(run, call):
    """The measured window of a call: its histogram log's first interval's start to its last interval's end."""
    logs = glob.glob(os.path.join(run, "*.%s.hlog" % call))
    if len(logs) != 1:
        sys.exit("%s: no single histogram log of %s (an open-loop run is needed)" % (run, call))
    text = open(logs[0]).read()
    start = re.search(r"#\[StartTime: ([0-9.]+)", text)
    intervals = [tuple(map(float, l.split(",")[:2])) for l in text.splitlines() if re.match(r"^[0-9.]+,", l)]
    if not start or not intervals:
        sys.exit("%s: no start time or no interval in it" % logs[0])
    start = float(start.group(1))
    return start + intervals[0][0], start + intervals[-1][0] + intervals[-1][1]


def side(run):
    results = subprocess.run([suite, "report", "--tsv", run], stdout=subprocess.PIPE, text=True)
    if results.returncode:
        sys.exit(results.returncode)  # the suite said why
    calls = {}
    for r in csv.DictReader(results.stdout.splitlines(), delimiter="\t"):
        if r["metric"] in metrics:
            calls.setdefault(r["call"], {})[r["metric"]] = float(r["score"])
    for call, figures in calls.items():
        begin, end = window(run, call)
        inside = [ns for t, ns in samples if begin <= t < end]
        if len(inside) < 10:
            sys.exit("%s: %d probe samples in %s's window: was the probe running?" % (run, len(inside), call))
        figures["probe"] = statistics.mean(inside)
        figures["window"] = [begin, end]
    return calls


trials = []
for base in sorted(glob.glob(os.path.join(ab, "trial-*-baseline"))):
    cand = base[:-len("baseline")] + "candidate"
    if os.path.isdir(base) and os.path.isdir(cand):
        trials.append({"trial": os.path.basename(base)[:len("trial-00")], "baseline": side(base),
                       "candidate": side(cand)})
if len(trials) < 3:
    sys.exit("%s: %d trials with both sides; three or more are needed" % (ab, len(trials)))
calls = [c for c in trials[0]["baseline"] if all(c in t["baseline"] and c in t["candidate"] for t in trials)]


def log_ratios(call, metric):
    return [math.log(t["candidate"][call][metric] / t["baseline"][call][metric]) for t in trials]


def centred(pairs):
    ma, mb = statistics.mean(a for a, _ in pairs), statistics.mean(b for _, b in pairs)
    return [(a - ma, b - mb) for a, b in pairs]


def correlation(x, y):
    mx, my = statistics.mean(x), statistics.mean(y)
    sxy = sum((a - mx) * (b - my) for a, b in zip(x, y))
    return sxy / math.sqrt(sum((a - mx) ** 2 for a in x) * sum((b - my) ** 2 for b in y))


print("| call | metric | a trial's ratio | correlation with the speed's | speed taken out | beta |")
print("| --- | --- | ---: | ---: | ---: | ---: |")
table = []
for metric, name in metrics.items():
    if not all(metric in t[s][c] for t in trials for s in ("baseline", "candidate") for c in calls):
        continue
    # each call's trials centred on their own means, so that a real change in one call does not fit beta; the trial
    # adjusted is in neither the fit nor its call's means
    lines = {c: list(zip(log_ratios(c, metric), log_ratios(c, "probe"))) for c in calls}
    for call, own in lines.items():
        others = [pair for c, pairs in lines.items() if c != call for pair in centred(pairs)]
        d, z = [a for a, _ in own], [b for _, b in own]
        adjusted, betas = [], []
        for i in range(len(trials)):
            pairs = others + centred(own[:i] + own[i + 1:])
            beta = sum(a * b for a, b in pairs) / sum(b * b for _, b in pairs)
            betas.append(beta)
            adjusted.append(d[i] - beta * z[i])
        row = {"call": call, "metric": metric, "trials": len(d), "ratioSd": statistics.stdev(d),
               "correlation": correlation(d, z), "adjustedSd": statistics.stdev(adjusted),
               "beta": statistics.mean(betas), "meanRatio": math.exp(statistics.mean(d)),
               "adjustedMeanRatio": math.exp(statistics.mean(adjusted))}
        table.append(row)
        print("| %s | %s | %.1f%% | %+.2f | %.1f%% | %.2f |" % (call, name, 100 * row["ratioSd"], row["correlation"],
                                                                 100 * row["adjustedSd"], row["beta"]))
if out:
    with open(out, "w") as f:
        json.dump({"abRun": os.path.basename(os.path.normpath(ab)), "lines": table, "trials": trials}, f, indent=1)
