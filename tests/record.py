"""The suite's record files (run.json, ab.json, verdict.json, a soak's result and JVM samples, ...) as the tests read
them: through `benchmark.sh record`, which binds a file to its record type in the contract, so that a test sees only
what the record has; its path and value lines are rebuilt here into dicts and lists.

A value is typed by how it reads: an integer, a decimal, true or false is one; an empty value (a null) is None; []
and {} are an empty list and map; anything else is text. So a text field holding digits reads as a number.

As a program: record.py [--as KIND] [--names PYTHON] FILE EXPR: exits 0 when the Python expression EXPR holds over
the record, bound as `r` (after running the statements PYTHON, which may name parts of it), else prints why and
exits 1.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_INTEGER = re.compile(r"-?\d+")
_DECIMAL = re.compile(r"-?\d+\.\d+(E-?\d+)?|NaN|-?Infinity")
_KEY = re.compile(r"(?:[^.\\]|\\.)+")
_ESCAPE = re.compile(r"\\(.)")


class RecordError(Exception):
    pass


def value(text):
    if text == "":
        return None
    if text in ("true", "false"):
        return text == "true"
    if text in ("[]", "{}"):
        return [] if text == "[]" else {}
    if _INTEGER.fullmatch(text):
        return int(text)
    if _DECIMAL.fullmatch(text):
        return float(text)
    return _ESCAPE.sub(lambda m: {"t": "\t", "n": "\n"}.get(m.group(1), m.group(1)), text)


def _lists(node):
    """Maps whose keys are 0..n-1 were lists: the record command writes a list's elements by index."""
    if not isinstance(node, dict):
        return node
    items = {k: _lists(v) for k, v in node.items()}
    if items and all(k.isdigit() for k in items) and sorted(map(int, items)) == list(range(len(items))):
        return [items[str(i)] for i in range(len(items))]
    return items


def rebuild(lines):
    """The record from `benchmark.sh record`'s lines."""
    root = {}
    for line in lines:
        path, _, text = line.partition("\t")
        if path == "":
            return value(text)
        keys = [_ESCAPE.sub(r"\1", k) for k in _KEY.findall(path)]
        node = root
        for key in keys[:-1]:
            node = node.setdefault(key, {})
        node[keys[-1]] = value(text)
    return _lists(root)


def lines(file, kind=None):
    """`benchmark.sh record`'s lines for FILE; its own error (on stderr) and RecordError when it cannot read it."""
    command = [os.path.join(ROOT, "benchmark.sh"), "record"] + (["--as", kind] if kind else []) + [file]
    done = subprocess.run(command, stdout=subprocess.PIPE, text=True)
    if done.returncode != 0:
        raise RecordError(f"benchmark.sh record {file} exited {done.returncode}")
    return done.stdout.splitlines()


def read(file, kind=None):
    """The record in FILE, of KIND when its name does not say it (run.json, ab.json and verdict.json do)."""
    return rebuild(lines(file, kind))


def main(args):
    kind = names = None
    while args and args[0] in ("--as", "--names"):
        if args[0] == "--as":
            kind = args[1]
        else:
            names = args[1]
        args = args[2:]
    file, expression = args
    sys.argv[1:] = [file, expression]  # as an expression reads its file's path
    try:
        text = lines(file, kind)
    except RecordError as e:
        print("  " + str(e))
        return 1
    scope = {"os": os, "sys": sys, "r": rebuild(text)}
    try:
        if names:
            exec(names, scope)
        holds = eval(expression, scope)
    except Exception as e:  # a field the record lacks fails the check, saying which
        holds = False
        print(f"  {type(e).__name__}: {e}")
    if not holds:
        print(f"  {os.path.basename(file)} does not satisfy: {expression}")
        # its outline: top-level fields and those of its lists' elements (a run.json's pairs)
        print("\n".join("  | " + line for line in text if line.split("\t")[0].count(".") <= 2)[:4000])
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
