#!/usr/bin/env bash
# bench/http/floors.sh: how much of segued's gap to the C server is the transport's, and how much
# segued's own. Next to `make bench`'s two C servers (fixed_server: 210 bytes, one field, one
# response made once; budget_server: bodies of the (b) answers' size, likewise made once), it runs
# mirror_server, which answers as segued's HTTP face must: a response per request sharing a body of
# segued's size, with segued's six fields and a fresh request id. Interleaved rounds under
# wrk -t2 -c64; per round, each load runs against each server in turn.
#   GET …/stack: fixed_server (c), mirror_server with the stack document's size (m), segued (s)
#   segue+unwind (cycle.lua): budget_server (floor, f), mirror_server with the answers' size (m), segued (s)
# It prints the medians of the per-round ratios: rate for GET, server CPU per request for the cycle.
#   ROUNDS=5  DURATION=5s  CONNECTIONS=64  THREADS=2  SEGUED_ARGS=""  (e.g. --quiet-requests)
set -euo pipefail
cd "$(dirname "$0")/../.."
started=$(date +%s)
. bench/http/common.sh
prepare_rounds fixed_server budget_server mirror_server
bin=${SEGUED_BIN:-$(scripts/release-build)}

pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
s_port=$(free_port)
# shellcheck disable=SC2086 # SEGUED_ARGS is a list of options
"$bin" serve --port "$s_port" --max-sessions 200000 ${SEGUED_ARGS:-} 2>bench/out/floors-requests.log >/dev/null & pids+=($!); s_pid=$!
wait_until_up "http://127.0.0.1:$s_port/healthz"
create_sessions "$s_port"
read -r stack_size cycle_size < <(answer_sizes "$s_port")
c_port=$(free_port); f_port=$(free_port); mg_port=$(free_port); mc_port=$(free_port)
bench/out/fixed_server "$c_port" & pids+=($!); c_pid=$!
bench/out/budget_server "$f_port" "$cycle_size" 0 & pids+=($!); f_pid=$!
bench/out/mirror_server "$mg_port" "$stack_size" & pids+=($!); mg_pid=$!
bench/out/mirror_server "$mc_port" "$cycle_size" & pids+=($!); mc_pid=$!
for port in "$c_port" "$f_port" "$mg_port" "$mc_port"; do wait_until_up "http://127.0.0.1:$port/"; done

results=$(mktemp)
for round in $(seq 1 "$ROUNDS"); do
  echo "round $round of $ROUNDS ($(uptime | sed 's/.*load/load/'))" >&2
  echo "$round|get|c|$(measure c "$c_pid" "http://127.0.0.1:$c_port/")" >>"$results"
  echo "$round|get|m|$(measure m "$mg_pid" "http://127.0.0.1:$mg_port/")" >>"$results"
  echo "$round|get|s|$(measure s "$s_pid" "http://127.0.0.1:$s_port/v1/sessions/s0/stack")" >>"$results"
  echo "$round|cycle|f|$(measure f "$f_pid" "http://127.0.0.1:$f_port" bench/http/cycle.lua)" >>"$results"
  echo "$round|cycle|m|$(measure m "$mc_pid" "http://127.0.0.1:$mc_port" bench/http/cycle.lua)" >>"$results"
  echo "$round|cycle|s|$(measure s "$s_pid" "http://127.0.0.1:$s_port" bench/http/cycle.lua)" >>"$results"
done

python3 - "$results" "$stack_size" "$cycle_size" <<'PY'
import statistics, sys
path, stack_size, cycle_size = sys.argv[1:]
rows = {}
for line in open(path):
    _round, load, server, _name, rate, p99, errors, non2xx, user, system = line.strip().split("|")
    rows.setdefault((load, server), []).append(dict(rate=float(rate), user=float(user), system=float(system),
                                                    cpu=float(user) + float(system), bad=int(errors) + int(non2xx)))
def median_ratio(load, a, b, field):
    return statistics.median(x[field] / y[field] for x, y in zip(rows[(load, a)], rows[(load, b)]))
def cells(load, server):
    r = rows[(load, server)]
    return (f"{statistics.median(x['rate'] for x in r):9.0f}/s  user {statistics.median(x['user'] for x in r):5.1f} µs"
            f"  system {statistics.median(x['system'] for x in r):5.1f} µs")
print(f"\nGET …/stack ({stack_size} bytes) — rate, and CPU per request (medians)")
for server, label in (("c", "C fixed_server, 210 B"), ("m", "C mirror_server"), ("s", "segued")):
    print(f"  {label:26s} {cells('get', server)}")
print(f"  rate ratios: mirror/C {median_ratio('get', 'm', 'c', 'rate'):.2f}, segued/C {median_ratio('get', 's', 'c', 'rate'):.2f},"
      f" segued/mirror {median_ratio('get', 's', 'm', 'rate'):.2f}")
print(f"\nsegue+unwind (cycle.lua, answers of {cycle_size} bytes) — CPU per request (medians)")
for server, label in (("f", "C floor (budget_server)"), ("m", "C mirror_server"), ("s", "segued")):
    print(f"  {label:26s} {cells('cycle', server)}")
print(f"  CPU ratios: mirror/floor {median_ratio('cycle', 'm', 'f', 'cpu'):.2f}x, segued/floor {median_ratio('cycle', 's', 'f', 'cpu'):.2f}x,"
      f" segued/mirror {median_ratio('cycle', 's', 'm', 'cpu'):.2f}x")
bad = sum(x["bad"] for (load, server), v in rows.items() for x in v)
print(f"errors or non-2xx answers: {bad}")
PY
echo "machine: $(nproc) cores, $(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo); took $(( $(date +%s) - started )) s"
