#!/usr/bin/env bash
# bench/http/budget.sh: how much CPU per request the (b) target allows, measured rather than
# estimated. Under the (b) load (bench/http/cycle.lua, 64 connections), a copy of the baseline C
# server answers with a body the size of segued's (b) responses after a fixed amount of user-space
# work per request; each row prints the rate, its ratio to the plain baseline (c) of the same run,
# and the server's user and system CPU per request. segued's own (b) row comes last, to read
# against them: the ratio it gets follows from its CPU per request.
#   WORK="0 10 20 25 30 40"  µs of user-space work per request, one row each
#   BODY                     bytes of each answer; by default the size of segued's (b) answers,
#                            measured on the daemon first (3,508 bytes in November 2026)
set -euo pipefail
cd "$(dirname "$0")/../.."
DURATION=${DURATION:-8s}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
WORK=${WORK:-0 10 20 25 30 40}
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
mkdir -p bench/out
flags=$(pkg-config --cflags --libs libmicrohttpd)
cc -O2 -o bench/out/fixed_server bench/http/fixed_server.c $flags
cc -O2 -o bench/out/budget_server bench/http/budget_server.c $flags
bin=$(scripts/release-build)
. bench/http/common.sh

pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
start() { "$@" & pids+=($!); }

s_port=$(free_port)
start "$bin" serve --port "$s_port" --log-level warning --max-sessions 200000
s_pid=${pids[-1]}
wait_until_up "http://127.0.0.1:$s_port/healthz"
create_sessions "$s_port"
BODY=${BODY:-$(answer_sizes "$s_port" | cut -d' ' -f2)}

c_port=$(free_port)
start bench/out/fixed_server "$c_port"
wait_until_up "http://127.0.0.1:$c_port/"
c=$(measure "(c) C fixed body" "${pids[-1]}" "http://127.0.0.1:$c_port/")
c_rate=$(cut -d'|' -f2 <<<"$c")

rows=()
for work in $WORK; do
  port=$(free_port)
  start bench/out/budget_server "$port" "$BODY" "$work"
  wait_until_up "http://127.0.0.1:$port/"
  rows+=("$(measure "C, ${BODY} B, ${work} µs work" "${pids[-1]}" "http://127.0.0.1:$port" bench/http/cycle.lua)")
  kill "${pids[-1]}"
done

rows+=("$(measure "segued (b)" "$s_pid" "http://127.0.0.1:$s_port" bench/http/cycle.lua)")

printf '\n(b) load, %s connections; (c) = %.0f requests/s\n' "$CONNECTIONS" "$c_rate"
printf '%-28s %12s %10s %8s %8s %8s %10s\n' "server" "requests/s" "p99" "errors" "ratio" "user µs" "system µs"
for row in "${rows[@]}"; do
  IFS='|' read -r name rate p99 errors non2xx user system <<<"$row"
  printf '%-28s %12.0f %10s %8s %8s %8s %10s\n' "$name" "$rate" "$p99" "$errors" \
    "$(python3 -c "print(f'{$rate / $c_rate:.2f}')")" "$user" "$system"
done
