# Each Dubbo filter's own share of a JVM's CPU samples, from the folded stacks a profiled run writes
# (`run-all --profile`: <pair>-server.cpu.folded, and a client fork's fork-<n>.cpu.folded). A sample belongs to the
# deepest filter frame on its stack (the filter's own code and what it calls), unless the invoker the chain's last
# filter calls (the provider's service, the consumer's cluster or protocol invoker) is below that frame: then it is
# the call's own work, not a filter's.
# Usage: python3 tools/filter-shares.py <file.cpu.folded>...; prints, per file, its samples and each filter's share.
import collections
import re
import sys

FILTER = re.compile(r"([A-Z]\w*Filter)\.(invoke|onResponse|onError)(_\[.\])?$")
CHAIN_END = re.compile(r"(FilterChainNode|AbstractProxyInvoker|DelegateProviderMetaDataInvoker|AbstractInvoker"
                       r"|AbstractClusterInvoker|MockClusterInvoker|ScopeClusterInvoker)\.invoke(_\[.\])?$")
CALL = "(the call's own work, below the chain)"


def shares(path):
    own = collections.Counter()
    total = 0
    for line in open(path):
        stack, _, weight = line.rstrip("\n").rpartition(" ")
        if not stack:
            continue
        samples = int(weight)
        total += samples
        frames = stack.split(";")
        deepest = max((i for i, frame in enumerate(frames) if FILTER.search(frame)), default=None)
        if deepest is None:
            continue
        if any(CHAIN_END.search(frame) for frame in frames[deepest + 1:]):
            own[CALL] += samples
        else:
            own[FILTER.search(frames[deepest]).group(1)] += samples
    return total, own


for path in sys.argv[1:]:
    total, own = shares(path)
    filters = sum(samples for name, samples in own.items() if name != CALL)
    print(f"{path}: {total} samples; the filters' own {filters} ({100.0 * filters / max(total, 1):.1f}%)")
    for name, samples in own.most_common():
        print(f"  {100.0 * samples / total:5.2f}%  {samples:6d}  {name}")
