#!/usr/bin/env bash
# Server CPU per segue+unwind request against the C floor, in many alternating rounds: issue #26's
# CPU target read with less scatter than `make bench`'s five rounds give it (on one morning its
# medians read 2.37x, 2.56x and 2.36x for the same code, and two runs of 16 rounds 2.59x and 2.73x:
# bench/http/NOTES.md).
# Each round runs the floor (budget_server.c: bodies of segued's (b) answer size, no work) and each
# binary at its defaults (request log on, to a file as `make bench` writes it) under cycle.lua,
# the order reversed every other round, and prints each binary's CPU per request (user + system)
# over the floor's in that round; then the median and quartiles of those ratios, and with two
# binaries the second's CPU over the first's, round by round.
#   bench/http/floor-rounds.sh [BINARY …]   (the release build when none is given)
#   ROUNDS=16  DURATION=5s  CONNECTIONS=64  THREADS=2  BODY (bytes; measured on the first daemon)
#   APART=1: every server on CPU 0 and wrk on CPU 1, as `make bench`'s "wrk on a core of its own"
set -euo pipefail
cd "$(dirname "$0")/../.."
. bench/http/common.sh
ROUNDS=${ROUNDS:-16}
prepare_rounds budget_server
binaries=("$@")
[ ${#binaries[@]} -gt 0 ] || binaries=("$(scripts/release-build)")

pids=() ports=() daemons=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
for index in "${!binaries[@]}"; do
  port=$(free_port)
  "${binaries[$index]}" serve --port "$port" --max-sessions 200000 2>"bench/out/floor-rounds-$index.log" >/dev/null &
  pids+=($!) ports+=("$port") daemons+=($!)
  wait_until_up "http://127.0.0.1:$port/healthz"
  create_sessions "$port"
done
BODY=${BODY:-$(answer_sizes "${ports[0]}" | cut -d' ' -f2)}
floor_port=$(free_port)
bench/out/budget_server "$floor_port" "$BODY" 0 & pids+=($!); floor_pid=$!
wait_until_up "http://127.0.0.1:$floor_port/"
if [ -n "${APART:-}" ]; then
  [ "$(nproc)" -ge 2 ] || { echo "APART needs two cores" >&2; exit 2; }
  for pid in "$floor_pid" "${daemons[@]}"; do taskset -a -p -c 0 "$pid" >/dev/null; done
  export WRK_CPUS=1
fi

results=$(mktemp)
order=(floor "${!binaries[@]}")
for round in $(seq 1 "$ROUNDS"); do
  echo "round $round of $ROUNDS ($(uptime | sed 's/.*load/load/'))" >&2
  for side in "${order[@]}"; do
    if [ "$side" = floor ]; then
      echo "$round|floor|$(measure floor "$floor_pid" "http://127.0.0.1:$floor_port" bench/http/cycle.lua)" >>"$results"
    else
      echo "$round|$side|$(measure "$side" "${daemons[$side]}" "http://127.0.0.1:${ports[$side]}" bench/http/cycle.lua)" >>"$results"
    fi
  done
  mapfile -t order < <(printf "%s\n" "${order[@]}" | tac)
done

python3 - "$results" "$BODY" "${binaries[@]}" <<'PY'
import os, sys
sys.path.insert(0, "bench/http")
from rounds import spread_text
path, body, binaries = sys.argv[1], sys.argv[2], sys.argv[3:]
rounds = {}
for line in open(path):
    round_, side, _name, rate, p99, errors, non2xx, user, system = line.strip().split("|")
    rounds.setdefault(int(round_), {})[side] = (float(rate), float(user) + float(system))
ratios = {str(i): [] for i in range(len(binaries))}
second_over_first = []
apart = " (servers on CPU 0, wrk on CPU 1)" if os.environ.get("APART") else ""
print(f"\nserver CPU per segue+unwind request (cycle.lua) over the C floor's ({body}-byte bodies){apart}, by round")
for round_, sides in sorted(rounds.items()):
    floor_rate, floor_cpu = sides["floor"]
    cells = [f"floor {floor_rate:,.0f}/s {floor_cpu:.1f} µs"]
    for i in range(len(binaries)):
        rate, cpu = sides[str(i)]
        ratios[str(i)].append(cpu / floor_cpu)
        cells.append(f"[{i}] {rate:,.0f}/s {cpu:.1f} µs {cpu / floor_cpu:.2f}x")
    if len(binaries) > 1: second_over_first.append(sides["1"][1] / sides["0"][1])
    print(f"{round_:3}  " + "  ".join(cells))
for i, binary in enumerate(binaries):
    print(f"[{i}] {binary}: {spread_text(ratios[str(i)])} (target <= 2.5x)")
if second_over_first:
    print(f"[1] over [0], CPU per request: {spread_text(second_over_first)}")
PY
