"""Counts, in a callgrind profile written with --dump-instr=yes --separate-callers=N, how often two
instructions ran (the `lock cmpxchg` of swift_retain and of swift_release), by their callers.

    atomics.py PROFILE RETAIN_ADDRESS RELEASE_ADDRESS REQUESTS TOP

Prints the total per request, then the TOP callers (mangled: pipe through `swift demangle`), each
as the first two callers outside the runtime, nearest first.
"""
import collections
import sys

path, retain, release, requests, top = sys.argv[1], int(sys.argv[2], 16), int(sys.argv[3], 16), int(sys.argv[4]), int(sys.argv[5])
names = {}          # "(id)" -> name: callgrind names a function once and refers to it by id after
current = None      # the function (with its callers' context) whose costs follow
last = 0            # the previous cost line's address: positions may be relative to it
after_call = False  # the line after `calls=` is the call's inclusive cost, not an instruction's
counts = collections.Counter()


def define(field):
    """Records the name in `(id) name` and returns the id."""
    end = field.index(")")
    identifier, name = field[: end + 1], field[end + 1 :].strip()
    if name:
        names[identifier] = name
    return identifier


for line in open(path):
    if line.startswith("fn="):
        current = define(line[3:].rstrip("\n"))
        continue
    if line.startswith("cfn="):
        define(line[4:].rstrip("\n"))
        continue
    if line.startswith("calls="):
        after_call = True
        continue
    if not line[:1] or not (line[0].isdigit() or line[0] in "+-*"):
        continue
    parts = line.split()
    position = parts[0]
    if position.startswith("0x"):
        address = int(position, 16)
    elif position[0] == "+":
        address = last + int(position[1:])
    elif position[0] == "-":
        address = last - int(position[1:])
    elif position == "*":
        address = last
    else:
        address = int(position)
    last = address
    if after_call:
        after_call = False
        continue
    if address not in (retain, release) or len(parts) < 3 or current is None:
        continue
    context = names.get(current, current).split("'")
    if not context[0].startswith(("swift_retain", "swift_release")):
        continue
    callers = [name for name in context[1:] if not name.startswith("swift_")]
    counts[" <- ".join(callers[:2]) or "'".join(context[1:])] += int(parts[2])

print(f"atomic reference-count operations a request: {sum(counts.values()) / requests:.1f}")
for caller, count in counts.most_common(top):
    print(f"{count / requests:6.1f}  {caller}")
