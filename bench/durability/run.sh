#!/usr/bin/env bash
# bench/durability (issue 27): what --state-dir costs, and how long a restart takes.
#   1. Throughput, interleaved rounds in one run: the segue+unwind cycle (bench/http/cycle.lua,
#      1,000 sessions) and GET stack, in memory and with --state-dir under each --fsync policy;
#      each policy's rate as a ratio of the in-memory rate of the same round (target ≥ 0.70 for
#      everysec), with the batches the writer committed (group commit: writes per batch).
#   2. Recovery: a store of N sessions (20k, 100k, 1M by default: RECOVER="20000 100000 1000000"),
#      made by copying one stored session (launched, one push: its snapshot and its two operations
#      with their events) N times with sqlite3, then the time from start to /readyz 200, the CPU
#      time, the store's size per session and the daemon's RSS per session once loaded, beside the
#      RSS per session of the same sessions made live (RSS_SESSIONS of them, by PUT and a push), in
#      memory and with --state-dir (target: 4 KB per idle session). RECOVER= (empty) skips the
#      recovery rounds (the 1,000,000 sessions take minutes). Then the first access of
#      FIRST_ACCESS sessions picked at random (1,000 by default; GET …/stack, one connection): a
#      stored session is restored when it is first used (issue 52), so its first GET pays for it;
#      p50 and p99 of the first GET and of a second one.
# RECOVERY_ONLY=1 runs part 2's recovery alone (no throughput rounds, no live RSS).
# Loopback only; every daemon is stopped on exit.
set -euo pipefail
cd "$(dirname "$0")/../.."
DURATION=${DURATION:-5s}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
ROUNDS=${ROUNDS:-3}
RECOVER=${RECOVER-20000 100000 1000000}
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
command -v sqlite3 >/dev/null || { apt-get update -qq && apt-get install -y -qq sqlite3 >/dev/null; }
bin=${SEGUED_BINARY:-$(scripts/release-build)}
. bench/http/common.sh
work=$(mktemp -d)
pids=()
trap 'for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done; rm -rf "$work"' EXIT

RECOVERY_ONLY=${RECOVERY_ONLY:-0}
FIRST_ACCESS=${FIRST_ACCESS:-1000}
declare -A port pid
[ "$RECOVERY_ONLY" = 1 ] || for mode in memory always everysec never; do
  port[$mode]=$(free_port)
  args=(serve --port "${port[$mode]}" --log-level warning --quiet-requests --max-sessions 2000000)
  [ "$mode" = memory ] || args+=(--state-dir "$work/$mode" --fsync "$mode")
  "$bin" "${args[@]}" >/dev/null 2>"$work/$mode.log" & pid[$mode]=$!
  pids+=("${pid[$mode]}")
  wait_until_up "http://127.0.0.1:${port[$mode]}/readyz"
  create_sessions "${port[$mode]}"
done

if [ "$RECOVERY_ONLY" != 1 ]; then
echo "throughput, $ROUNDS interleaved rounds of $DURATION, $CONNECTIONS connections (requests/s; ratio to memory in the same round)"
printf '%-6s %-9s %12s %8s %10s %12s %8s\n' round mode "cycle/s" ratio p99 "stack GET/s" ratio
for round in $(seq 1 "$ROUNDS"); do
  declare -A cycle stack
  for mode in memory always everysec never; do
    IFS='|' read -r _ cycle[$mode] p99 _ <<<"$(measure cycle "${pid[$mode]}" "http://127.0.0.1:${port[$mode]}" bench/http/cycle.lua)"
    IFS='|' read -r _ stack[$mode] _ <<<"$(measure stack "${pid[$mode]}" "http://127.0.0.1:${port[$mode]}/v1/sessions/s0/stack")"
    printf '%-6s %-9s %12.0f %8.2f %10s %12.0f %8.2f\n' "$round" "$mode" "${cycle[$mode]}" \
      "$(python3 -c "print(${cycle[$mode]} / ${cycle[memory]})")" "$p99" "${stack[$mode]}" \
      "$(python3 -c "print(${stack[$mode]} / ${stack[memory]})")"
  done
done
for mode in always everysec never; do
  rows=$(sqlite3 "$work/$mode/segued.sqlite3" 'SELECT count(*) FROM sessions' 2>/dev/null || echo '?')
  echo "--fsync $mode: $rows sessions stored, store $(du -sk "$work/$mode" | cut -f1) KiB"
done
for mode in memory always everysec never; do kill "${pid[$mode]}"; wait "${pid[$mode]}" 2>/dev/null || true; done
fi

echo
echo "recovery (start to /readyz 200), store size and RSS per session"
# CPU seconds (user + system) the daemon used to get there: the wall time follows the machine's
# load when other builds share the cores, the CPU time much less.
printf '%10s %10s %10s %14s %14s %14s\n' sessions seconds "CPU s" "store B/sess" "RSS B/sess" "log says"
seed="$work/seed"
p=$(free_port)
"$bin" serve --port "$p" --log-level warning --state-dir "$seed" --quiet-requests >/dev/null 2>&1 & s=$!
pids+=("$s")
wait_until_up "http://127.0.0.1:$p/readyz"
curl -sf -X PUT -H 'Content-Type: application/json' -d '{"storyboard":"demo"}' "http://127.0.0.1:$p/v1/sessions/seed" >/dev/null
curl -sf -X POST -H 'Content-Type: application/json' -d '{"identifier":"showItem","data":{"itemID":1}}' "http://127.0.0.1:$p/v1/sessions/seed/segues" >/dev/null
kill -TERM "$s"; wait "$s" 2>/dev/null || true
# The daemon's own RSS with no session, to subtract.
p=$(free_port)
"$bin" serve --port "$p" --log-level warning --quiet-requests --max-sessions 2000000 >/dev/null 2>&1 & s=$!
pids+=("$s"); wait_until_up "http://127.0.0.1:$p/readyz"
base_rss=$(awk '/VmRSS/ { print $2 * 1024 }' "/proc/$s/status")
# The same sessions made live (launched, one push): in memory, which a restored one is to be
# compared with, and with --state-dir at the default --fsync, where each session also keeps its
# stored rows and the store's page cache (bounded: DurableStore.pageCacheBytes) is shared by all.
RSS_SESSIONS=${RSS_SESSIONS:-10000}
make_sessions() { # port, first, count
  python3 - "$1" "$2" "$3" <<'PY'
import http.client, sys
connection = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]))
for i in range(int(sys.argv[2]), int(sys.argv[2]) + int(sys.argv[3])):
    for method, path, body in (("PUT", f"/v1/sessions/m{i}", '{"storyboard":"demo"}'),
                               ("POST", f"/v1/sessions/m{i}/segues", '{"identifier":"showItem","data":{"itemID":1}}')):
        connection.request(method, path, body=body, headers={"Content-Type": "application/json"})
        response = connection.getresponse(); response.read()
        assert response.status in (200, 201), response.status
PY
}
# Each is said twice: RSS over the daemon's own with no session, per session (what the fixed
# costs, such as the store's 4 MiB page cache, add in at this count included); and the growth
# from the first half of the sessions to all of them, per session: what one more idle session
# costs once those are paid.
live_rss() { # label, serve arguments...
  local label=$1; shift
  p=$(free_port)
  "$bin" serve --port "$p" --log-level warning --quiet-requests --max-sessions 2000000 "$@" >/dev/null 2>&1 & s=$!
  pids+=("$s"); wait_until_up "http://127.0.0.1:$p/readyz"
  half=$((RSS_SESSIONS / 2))
  make_sessions "$p" 0 "$half"
  local half_rss; half_rss=$(awk '/VmRSS/ { print $2 * 1024 }' "/proc/$s/status")
  make_sessions "$p" "$half" "$((RSS_SESSIONS - half))"
  local rss; rss=$(awk '/VmRSS/ { print $2 * 1024 }' "/proc/$s/status"); kill "$s"; wait "$s" 2>/dev/null || true
  echo "$label: $(python3 -c "print(round(($rss - $base_rss) / $RSS_SESSIONS))") B of RSS per session over the daemon's own, $(python3 -c "print(round(($rss - $half_rss) / ($RSS_SESSIONS - $half)))") B per session more from $half to $RSS_SESSIONS sessions (launched and pushed by PUT and POST)"
}
kill "$s"; wait "$s" 2>/dev/null || true
if [ "$RECOVERY_ONLY" != 1 ]; then
  live_rss "in memory"
  live_rss "with --state-dir" --state-dir "$work/live"
fi
first_access() { # port, sessions
  python3 - "$1" "$2" "$FIRST_ACCESS" <<'PY'
import http.client, random, sys, time
port, n, count = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
ids = random.Random(52).sample(range(1, n), min(count, n - 1))
connection = http.client.HTTPConnection("127.0.0.1", port)
def get(i):
    start = time.perf_counter()
    connection.request("GET", f"/v1/sessions/r{i}/stack")
    response = connection.getresponse(); response.read()
    assert response.status == 200, response.status
    return time.perf_counter() - start
first = sorted(get(i) for i in ids)
second = sorted(get(i) for i in ids)
q = lambda xs, p: xs[min(len(xs) - 1, int(p * len(xs)))] * 1000
print(f"first GET of {len(ids)} sessions: p50 {q(first, 0.5):.2f} ms, p99 {q(first, 0.99):.2f} ms; second GET: p50 {q(second, 0.5):.2f} ms, p99 {q(second, 0.99):.2f} ms")
PY
}
for n in $RECOVER; do
  dir="$work/recover-$n"
  cp -r "$seed" "$dir"; rm -f "$dir/segued.lock"
  # The seed's operations too (its launch and push, with their events): a restored session's log.
  sqlite3 "$dir/segued.sqlite3" "WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < $n - 1)
    INSERT INTO sessions SELECT 'r' || i, incarnation, storyboard, revision, event_sequence, snapshot FROM k, sessions WHERE id = 'seed';
    WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < $n - 1)
    INSERT INTO operations SELECT 'r' || i, incarnation, first_sequence, last_sequence, body FROM k, operations WHERE session = 'seed';
    PRAGMA wal_checkpoint(TRUNCATE);" >/dev/null
  bytes=$(stat -c %s "$dir/segued.sqlite3")
  sync
  p=$(free_port)
  start=$(date +%s.%N)
  "$bin" serve --port "$p" --log-level info --quiet-requests --max-sessions 2000000 --max-memory $((64 << 30)) --state-dir "$dir" >/dev/null 2>"$work/recover-$n.log" & s=$!
  pids+=("$s")
  until curl -sf "http://127.0.0.1:$p/readyz" >/dev/null; do sleep 0.02; done
  end=$(date +%s.%N)
  rss=$(awk '/VmRSS/ { print $2 * 1024 }' "/proc/$s/status")
  cpu=$(awk -v hz="$(getconf CLK_TCK)" '{ print ($14 + $15) / hz }' "/proc/$s/stat")
  said=$(grep -o ' from /.* in [0-9.]* [a-z]*' "$work/recover-$n.log" | sed 's/.* in //' || true)
  printf '%10d %10.2f %10.2f %14.0f %14.0f %14s\n' "$n" "$(python3 -c "print($end - $start)")" "$cpu" \
    "$(python3 -c "print($bytes / $n)")" "$(python3 -c "print(($rss - $base_rss) / $n)")" "$said"
  [ "$FIRST_ACCESS" = 0 ] || first_access "$p" "$n"
  kill -9 "$s"; wait "$s" 2>/dev/null || true
  rm -rf "$dir"
done
