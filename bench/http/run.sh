#!/usr/bin/env bash
# bench/http: wrk on loopback against segued and, in the same run, against a minimal C
# libmicrohttpd server (bench/http/fixed_server.c) that returns a fixed 210-byte JSON body.
#   (a) GET /v1/sessions/{id}/stack         target ≥ 0.60 × (c)
#   (b) segue + unwind POSTs, 1,000 sessions target ≥ 0.35 × (c)
#   (c) the C server
# At 64 connections: p99 < 10 ms and zero errors. Each load also prints the server's CPU time per
# request, user + system. Then the daemon's memory after 100,000 demo sessions. bench/http/budget.sh
# says how much CPU per request a ratio allows.
set -euo pipefail
cd "$(dirname "$0")/../.."
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
mkdir -p bench/out
cc -O2 -o bench/out/fixed_server bench/http/fixed_server.c $(pkg-config --cflags --libs libmicrohttpd)
bin=$(scripts/release-build)

. bench/http/common.sh
c_port=$(free_port); s_port=$(free_port)
bench/out/fixed_server "$c_port" & c_pid=$!
"$bin" serve --port "$s_port" --log-level warning --max-sessions 200000 & s_pid=$!
trap 'kill $c_pid $s_pid 2>/dev/null || true' EXIT
wait_until_up "http://127.0.0.1:$s_port/healthz"
create_sessions "$s_port"

a=$(measure "(a) GET stack" "$s_pid" "http://127.0.0.1:$s_port/v1/sessions/s0/stack")
b=$(measure "(b) segue+unwind" "$s_pid" "http://127.0.0.1:$s_port" bench/http/cycle.lua)
c=$(measure "(c) C fixed body" "$c_pid" "http://127.0.0.1:$c_port/")

c_rate=$(cut -d'|' -f2 <<<"$c")
printf '\n%-22s %12s %10s %8s %8s %8s %8s %24s\n' "load (64 connections)" "requests/s" "p99" "errors" "non-2xx" "ratio" "target" "server CPU/req user+sys"
for line in "$a|0.60" "$b|0.35" "$c|1.00"; do
  IFS='|' read -r name rate p99 errors non2xx user system target <<<"$line"
  ratio=$(python3 -c "print(f'{$rate / $c_rate:.2f}')")
  verdict=$(python3 -c "print('PASS' if $rate / $c_rate >= $target else 'MISS')")
  printf '%-22s %12.0f %10s %8s %8s %8s %8s %13s µs %s\n' "$name" "$rate" "$p99" "$errors" "$non2xx" "$ratio" "$target" "$user+$system" "$verdict"
done

# MEMORY=0 skips the 100,000-session phase (two minutes) when only the rates are wanted.
[ "${MEMORY:-1}" = 0 ] && exit 0
rss() { awk '/VmRSS/ { print $2 * 1024 }' "/proc/$s_pid/status"; }
before=$(rss)
SESSIONS_PER_THREAD=$((100000 / THREADS)) wrk -t"$THREADS" -c"$THREADS" -d120s -s bench/http/create.lua "http://127.0.0.1:$s_port" >/dev/null
after=$(rss)
live=$(curl -s "http://127.0.0.1:$s_port/readyz" | python3 -c 'import json,sys; print(json.load(sys.stdin)["sessions"])')
python3 -c "print(f'\ndaemon RSS {$before/1e6:.1f} MB -> {$after/1e6:.1f} MB after creating 100,000 demo sessions ({$live} live): {($after-$before)/100000:.0f} bytes per session, event log included')"
