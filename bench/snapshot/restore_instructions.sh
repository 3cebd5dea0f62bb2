#!/usr/bin/env bash
# Instructions the daemon spends restoring a snapshot (POST /v1/sessions {"snapshot": …}: reading
# the JSON, the snapshot check, the session made), under callgrind, at three sizes ten times apart:
# a demo session whose navigation stack holds N instances pushed one by one, N = 40, 400 and 4,000
# (snapshots of about 12 KB, 100 KB and 1 MB). Linear work grows about 10 times per step; the
# snapshot check once compared every child of a stack with every other (issue 28: 0.46 s of CPU for
# a 1 MB snapshot).
#   bench/snapshot/restore_instructions.sh [SEGUED_BINARY]   (default: scripts/release-build's)
# The snapshots are made by an uninstrumented daemon; each is then restored once by a daemon under
# callgrind, counting only that request (after one uncounted restore of the smallest, for first-use
# costs). Counts repeat exactly from run to run.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v valgrind >/dev/null || { echo "valgrind is needed (apt-get install valgrind)"; exit 1; }
source_bin=${1:-$(scripts/release-build)}
. bench/http/common.sh
out=$(mktemp -d)
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$out"' EXIT

# The snapshots, made by a daemon without valgrind.
port=$(free_port)
"$source_bin" serve --port "$port" --quiet-requests >"$out/maker.log" 2>&1 &
pids+=($!)
wait_until_up "http://127.0.0.1:$port/healthz"
python3 - "$port" "$out" <<'PY'
import http.client, json, sys
port, out = int(sys.argv[1]), sys.argv[2]
c = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
def call(method, path, body=None):
    c.request(method, path, body=body, headers={"Content-Type": "application/json"} if body else {})
    r = c.getresponse(); data = r.read()
    assert r.status in (200, 201), (method, path, r.status, data[:300])
    return data
for n in (40, 400, 4000):
    call("PUT", f"/v1/sessions/s{n}", '{"storyboard":"demo"}')
    call("POST", f"/v1/sessions/s{n}/segues", '{"identifier":"showItem"}')
    done = 1
    while done < n:
        k = min(100, n - done)
        call("POST", f"/v1/sessions/s{n}/batch", json.dumps({"operations": [{"op": "action", "type": "push", "scene": "itemDetail"}] * k}))
        done += k
    snapshot = json.loads(call("GET", f"/v1/sessions/s{n}/snapshot"))
    with open(f"{out}/snapshot-{n}.json", "w") as f:
        f.write(json.dumps({"snapshot": snapshot}, separators=(",", ":")))
PY
kill "${pids[0]}"

bin=$out/segued
objcopy --strip-debug "$source_bin" "$bin"
restore() { curl -sf -o /dev/null -H 'Content-Type: application/json' --data-binary "@$out/snapshot-$2.json" "http://127.0.0.1:$1/v1/sessions"; }
previous=
printf '%-10s %12s %16s %14s\n' instances "JSON bytes" instructions "x previous"
for n in 40 400 4000; do
  port=$(free_port)
  valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$out/cg-$n" \
    "$bin" serve --port "$port" --quiet-requests >/dev/null 2>"$out/vg-$n.log" &
  pid=$!
  pids+=($pid)
  for _ in $(seq 1 600); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
  restore "$port" 40
  callgrind_control -i on "$pid" >/dev/null
  restore "$port" "$n"
  callgrind_control -i off "$pid" >/dev/null
  kill -TERM "$pid"
  wait "$pid" || true
  total=$(cat "$out"/cg-"$n"* | awk '/^totals:/ { sum += $2 } END { print sum + 0 }')
  ratio=${previous:+$(awk -v a="$total" -v b="$previous" 'BEGIN { printf "%.1f", a / b }')}
  printf '%-10s %12s %16s %14s\n' "$n" "$(wc -c <"$out/snapshot-$n.json")" "$total" "${ratio:--}"
  previous=$total
done
