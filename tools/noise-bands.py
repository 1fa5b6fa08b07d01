# Which pairs of a run-all run are within noise of each other, by sample mode's average time per call: per call (and
# payload and thread count, for a preset), the pairs in rank order cut into bands whose members' intervals all overlap
# (average ± noise; noise as the report takes it in sample mode, the largest of JMH's 99.9% error and half the spread
# of the iteration means). Adjacent bands may still overlap in part; two pairs in different bands that are not adjacent
# are apart beyond both noises.
# Usage: python3 tools/noise-bands.py <run-directory>; prints a Markdown table.
import glob, json, os, sys


def significant(value, digits):
    return ("%#.*g" % (digits, value)).rstrip(".")


calls = {}
for path in sorted(glob.glob(os.path.join(sys.argv[1], "*.json"))):
    try:
        results = json.load(open(path))
    except ValueError:
        continue
    if not isinstance(results, list):
        continue
    pair = os.path.basename(path)[:-len(".json")]
    for result in results:
        if result["mode"] != "sample":
            continue
        metric = result["primaryMetric"]
        means = []
        for fork in metric["rawDataHistogram"]:
            for iteration in fork:
                means.append(sum(value * count for value, count in iteration) / sum(c for _, c in iteration))
        noise = max(metric["scoreError"], (max(means) - min(means)) / 2)
        method = result["benchmark"].rsplit(".", 1)[1]
        # a preset measures one call at several payloads and thread counts: each is a row of its own
        axes = ["%s=%s" % item for item in sorted(result.get("params", {}).items())]
        call = " ".join([method] + axes + ["threads=%d" % result["threads"]])
        calls.setdefault(call, []).append((metric["score"], noise, pair, metric["scoreUnit"]))

print("| call | bands, fastest first: pair average ± noise |")
print("| --- | --- |")
for call, rows in calls.items():
    rows.sort()
    bands = [[rows[0]]]
    for row in rows[1:]:
        if all(abs(row[0] - member[0]) <= row[1] + member[1] for member in bands[-1]):
            bands[-1].append(row)
        else:
            bands.append([row])
    text = " · ".join(", ".join("%s %s ± %s" % (pair, significant(score, 3), significant(noise, 2))
                                for score, noise, pair, _ in band)
                      for band in bands)
    print("| %s (%s) | %s |" % (call, rows[0][3], text))
