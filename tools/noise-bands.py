# Which pairs of a run-all run are within noise of each other, by sample mode's average time per call: per call (and
# payload and thread count, for a preset), the pairs in rank order cut into bands whose members' intervals all overlap
# (average ± noise; noise as the report and the gate take it, which `benchmark.sh report --tsv` prints beside each
# score). Adjacent bands may still overlap in part; two pairs in different bands that are not adjacent are apart
# beyond both noises.
# Usage: python3 tools/noise-bands.py <run-directory>; prints a Markdown table.
import csv, os, subprocess, sys


def significant(value, digits):
    return ("%#.*g" % (digits, value)).rstrip(".")


suite = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "benchmark.sh")
results = subprocess.run([suite, "report", "--tsv", sys.argv[1]], stdout=subprocess.PIPE, text=True)
if results.returncode:
    sys.exit(results.returncode)  # the suite said why
tsv = results.stdout
calls = {}
for result in csv.DictReader(tsv.splitlines(), delimiter="\t"):
    if result["mode"] != "sample" or result["metric"] != "primary":
        continue
    # a preset measures one call at several payloads and thread counts: each is a row of its own
    axes = result["params"].split(",") if result["params"] else []
    call = " ".join([result["call"]] + axes + ["threads=" + result["threads"]])
    calls.setdefault(call, []).append((float(result["score"]), float(result["noise"]), result["pair"],
                                       result["unit"]))

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
