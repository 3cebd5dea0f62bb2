#!/usr/bin/env bash
# bench/http/streams.sh: the (b) load of run.sh (segue + unwind POSTs over 1,000 sessions) with no
# event stream open, then with 1,000 streams open on 100 of the sessions (10 each), every stream read
# by bench/http/streams.py. Prints both rates, the drop, and the daemon's memory per open stream
# (RSS after opening them minus before, over their number). The streams' reader shares the cores
# with wrk and the daemon, so part of the drop is its CPU.
set -euo pipefail
cd "$(dirname "$0")/../.."
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
STREAM_SESSIONS=${STREAM_SESSIONS:-100}
PER_SESSION=${PER_SESSION:-10}
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
bin=${SEGUED:-$(scripts/release-build)}

. bench/http/common.sh
port=$(free_port)
"$bin" serve --port "$port" --log-level warning --max-connections 4096 --max-connections-per-address 0 \
  --max-streams 4096 --max-streams-per-session "$PER_SESSION" & pid=$!
reader=
trap 'kill $pid ${reader:-} 2>/dev/null || true' EXIT
wait_until_up "http://127.0.0.1:$port/healthz"
create_sessions "$port"
rss() { awk '/VmRSS/ { print $2 * 1024 }' "/proc/$pid/status"; }

none=$(measure "(b) no stream" "$pid" "http://127.0.0.1:$port" bench/http/cycle.lua)
before=$(rss)
fifo=$(mktemp -u); mkfifo "$fifo"
python3 bench/http/streams.py "$port" "$STREAM_SESSIONS" "$PER_SESSION" >"$fifo" & reader=$!
exec 3<"$fifo"; read -r _ count <&3; rm -f "$fifo"
after=$(rss)
with=$(measure "(b) $count streams" "$pid" "http://127.0.0.1:$port" bench/http/cycle.lua)
kill -TERM "$reader"; read -r summary <&3 || true; wait "$reader" 2>/dev/null || true; reader=

printf '\n%-24s %12s %10s %8s %8s %24s\n' "load ($CONNECTIONS connections)" "requests/s" "p99" "errors" "non-2xx" "server CPU/req user+sys"
for line in "$none" "$with"; do
  IFS='|' read -r name rate p99 errors non2xx user system <<<"$line"
  printf '%-24s %12.0f %10s %8s %8s %13s µs\n' "$name" "$rate" "$p99" "$errors" "$non2xx" "$user+$system"
done
rate_none=$(cut -d'|' -f2 <<<"$none"); rate_with=$(cut -d'|' -f2 <<<"$with")
python3 -c "print(f'\nrate with $count streams: {$rate_with / $rate_none:.2f} x the rate with none (drop {(1 - $rate_with / $rate_none) * 100:.1f}%)')"
python3 -c "print(f'daemon RSS {$before/1e6:.1f} MB -> {$after/1e6:.1f} MB with $count streams open: {($after-$before)/$count:.0f} bytes per stream')"
echo "stream reader: $summary"
