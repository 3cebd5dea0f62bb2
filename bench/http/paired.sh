#!/usr/bin/env bash
# Two segued binaries against each other in paired rounds: each round runs the same load once
# against each (in turn, the order alternating), and the ratios are taken within the round, so that
# the noise of a shared machine falls on both alike. Prints each round and the median (quartiles)
# of the ratios of rate and of server CPU per request (user + system), B over A.
#   bench/http/paired.sh A_BINARY B_BINARY [LOAD]
#     LOAD: segues (cycle.lua over s0 … s999: a segue, then an unwind; the default) | stack (GET …/stack of s0)
#   ROUNDS=10  DURATION=4s  CONNECTIONS=64  THREADS=2  SERVE_ARGS="" (options for both daemons)
set -euo pipefail
cd "$(dirname "$0")/../.."
a=${1:?usage: bench/http/paired.sh A_BINARY B_BINARY [segues|stack]}; b=${2:?usage: bench/http/paired.sh A_BINARY B_BINARY [segues|stack]}
load=${3:-segues}
ROUNDS=${ROUNDS:-10}
DURATION=${DURATION:-4s}
. bench/http/common.sh
prepare_rounds
case $load in
  segues) path=""; script=bench/http/cycle.lua ;;
  stack) path=/v1/sessions/s0/stack; script="" ;;
  *) echo "unknown load $load (segues or stack)" >&2; exit 2 ;;
esac
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
started_pid="" started_port=""
start() { # BINARY: sets started_pid and started_port
  started_port=$(free_port)
  # shellcheck disable=SC2086 # SERVE_ARGS is a list of options
  "$1" serve --port "$started_port" --max-sessions 200000 ${SERVE_ARGS:-} >/dev/null 2>&1 &
  started_pid=$!
  pids+=("$started_pid")
  wait_until_up "http://127.0.0.1:$started_port/healthz"
  create_sessions "$started_port"
}
start "$a"; a_pid=$started_pid a_port=$started_port
start "$b"; b_pid=$started_pid b_port=$started_port
results=$(mktemp)
for round in $(seq 1 "$ROUNDS"); do
  if (( round % 2 )); then order="a b"; else order="b a"; fi
  for side in $order; do
    if [ "$side" = a ]; then pid=$a_pid port=$a_port; else pid=$b_pid port=$b_port; fi
    echo "$round|$side|$(measure "$side" "$pid" "http://127.0.0.1:$port$path" $script)" >>"$results"
  done
  echo "round $round done ($(uptime | sed 's/.*load average: /load /'))" >&2
done
python3 - "$results" "$load" <<'PY'
import sys
sys.path.insert(0, "bench/http")
from rounds import spread_text
rows = {}
for line in open(sys.argv[1]):
    round_, side, _name, rate, p99, errors, non2xx, user, system = line.strip().split("|")
    rows.setdefault(side, []).append(dict(rate=float(rate), user=float(user), system=float(system), errors=int(errors), non2xx=int(non2xx)))
a, b = rows["a"], rows["b"]
print(f"\n{sys.argv[2]}: {len(a)} paired rounds, B over A")
print("round   A req/s   B req/s  rate B/A   A cpu µs (user+sys)   B cpu µs (user+sys)  cpu B/A")
for i, (x, y) in enumerate(zip(a, b), 1):
    print(f"{i:5} {x['rate']:9.0f} {y['rate']:9.0f} {y['rate'] / x['rate']:9.3f}   {x['user'] + x['system']:5.1f} ({x['user']:.1f}+{x['system']:.1f})"
          f"        {y['user'] + y['system']:5.1f} ({y['user']:.1f}+{y['system']:.1f})      {(y['user'] + y['system']) / (x['user'] + x['system']):.3f}")
for name, values in (("rate", [y["rate"] / x["rate"] for x, y in zip(a, b)]),
                     ("cpu per request", [(y["user"] + y["system"]) / (x["user"] + x["system"]) for x, y in zip(a, b)]),
                     ("user cpu per request", [y["user"] / x["user"] for x, y in zip(a, b)])):
    print(f"{name} B/A: median {spread_text(values)}")
bad = sum(r["errors"] + r["non2xx"] for r in a + b)
if bad:
    print(f"errors or non-2xx answers: {bad}")
    sys.exit(1)
PY
