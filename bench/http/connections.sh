#!/usr/bin/env bash
# bench/http/connections.sh: the (a) load of run.sh (GET …/stack) at many connections (default
# 4,096), against segued with each event loop (--event-loop poll, epoll) and against the C
# fixed-body server at equal settings: the same loop, and a connection limit above the load, so
# that both servers hold every connection (the C server's default limit, FD_SETSIZE - 4 = 1,020,
# leaves the rest waiting in the listen backlog, where wrk does not time them). ROUNDS rounds run
# the four servers in turn, so that what the other helpers do to the shared cores falls on all of
# them alike; then the mean and the range of each. Figures and what they showed: bench/http/NOTES.md.
# "held" is the established connections the server's port had 5 s into the run.
set -euo pipefail
cd "$(dirname "$0")/../.."
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-4096}
THREADS=${THREADS:-2}
ROUNDS=${ROUNDS:-3}
# wrk leaves requests slower than its timeout (2 s by default) out of the latencies, counted as
# errors: with 4,096 connections some are, so the p99 would hide them.
export WRK_TIMEOUT=${WRK_TIMEOUT:-30s}
LOOPS=${LOOPS:-poll epoll}
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
mkdir -p bench/out
cc -O2 -o bench/out/fixed_server bench/http/fixed_server.c $(pkg-config --cflags --libs libmicrohttpd)
bin=${SEGUED:-$(scripts/release-build)}
ulimit -n $((CONNECTIONS * 2 + 1024))

. bench/http/common.sh
limit=$((CONNECTIONS + 64))
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
declare -A port pid
for loop in $LOOPS; do
  port[segued-$loop]=$(free_port)
  "$bin" serve --port "${port[segued-$loop]}" --log-level warning --max-sessions 200000 --event-loop "$loop" \
    --max-connections "$limit" --max-connections-per-address 0 & pid[segued-$loop]=$!; pids+=("$!")
  port[C-$loop]=$(free_port)
  BASELINE_LOOP=$loop BASELINE_CONNECTION_LIMIT=$limit bench/out/fixed_server "${port[C-$loop]}" & pid[C-$loop]=$!; pids+=("$!")
done
for loop in $LOOPS; do
  wait_until_up "http://127.0.0.1:${port[segued-$loop]}/healthz"
  create_sessions "${port[segued-$loop]}"
done

held() { sleep 5; ss -Htn state established "( sport = :$1 )" | wc -l; }
rows=$(mktemp)
for round in $(seq 1 "$ROUNDS"); do
  for loop in $LOOPS; do
    for server in "segued-$loop" "C-$loop"; do
      url="http://127.0.0.1:${port[$server]}/"
      [[ $server == segued-* ]] && url="http://127.0.0.1:${port[$server]}/v1/sessions/s0/stack"
      held "${port[$server]}" >"$rows.held" &
      line=$(measure "$server" "${pid[$server]}" "$url")
      wait $!
      echo "$round|$line|$(cat "$rows.held")" | tee -a "$rows" >&2
    done
  done
done

python3 - "$rows" "$CONNECTIONS" <<'PY'
import sys, statistics
def ms(text):
    for unit, factor in (("us", 1e-3), ("ms", 1), ("s", 1e3)):
        if text.endswith(unit): return float(text[: -len(unit)]) * factor
    return float(text)
by = {}
print(f"\n{'round':>5} {'server':<13} {'requests/s':>11} {'p99':>9} {'errors':>7} {'non-2xx':>7} {'CPU/req user+sys':>18} {'held':>5}")
for line in open(sys.argv[1]):
    round_, name, rate, p99, errors, non2xx, user, system, held = line.strip().split("|")
    print(f"{round_:>5} {name:<13} {float(rate):>11.0f} {p99:>9} {errors:>7} {non2xx:>7} {user + '+' + system + ' µs':>18} {held:>5}")
    by.setdefault(name, []).append((float(rate), ms(p99), float(user) + float(system)))
print(f"\nat {sys.argv[2]} connections: mean [min–max] of the rounds")
print(f"{'server':<13} {'requests/s':>24} {'p99 ms':>26} {'CPU/req µs':>22}")
for name, runs in by.items():
    cols = []
    for i, fmt in ((0, "{:.0f}"), (1, "{:.1f}"), (2, "{:.1f}")):
        values = [run[i] for run in runs]
        cols.append(f"{fmt.format(statistics.mean(values))} [{fmt.format(min(values))}–{fmt.format(max(values))}]")
    print(f"{name:<13} {cols[0]:>24} {cols[1]:>26} {cols[2]:>22}")
PY
rm -f "$rows" "$rows.held"
