#!/usr/bin/env bash
# Instructions the daemon spends restoring a snapshot (POST /v1/sessions {"snapshot": …}: reading
# the JSON, the snapshot check, the session made), under callgrind, at three sizes ten times apart,
# for two shapes of session:
#   stack  a demo session whose navigation stack holds N instances, N = 40, 400, 4,000
#   chain  N layers, each presented by the one below (one scene that presents itself), N = 26, 260,
#          2,600
# (snapshots of about 10 KB, 100 KB and 1 MB). Linear work grows about 10 times per step. The check
# once walked every instance's whole way up (quadratic in a chain's depth: 0.46 s of CPU for a 1 MB
# snapshot, issue 28) and searched a stack's children for each child.
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
chain='{"format":"segued.storyboard/1","name":"Chain","initialScene":"a","scenes":{"a":{"segues":[{"identifier":"p","kind":"presentation","destination":"a"}]}}}'
upload() { curl -sf -o "$out/chain-id.json" -H 'Content-Type: application/json' --data-binary "$chain" "http://127.0.0.1:$1/v1/storyboards"; }
upload "$port"
python3 - "$port" "$out" <<'PY'
import http.client, json, sys
port, out = int(sys.argv[1]), sys.argv[2]
chain = json.load(open(f"{out}/chain-id.json"))["id"]
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
    with open(f"{out}/stack-{n}.json", "w") as f:
        f.write(json.dumps({"snapshot": snapshot}, separators=(",", ":")))
for n in (26, 260, 2600):
    call("PUT", f"/v1/sessions/c{n}", json.dumps({"storyboard": chain}))
    done = 0
    while done < n:
        k = min(100, n - done)
        call("POST", f"/v1/sessions/c{n}/batch", json.dumps({"operations": [{"op": "segue", "identifier": "p"}] * k}))
        done += k
    snapshot = json.loads(call("GET", f"/v1/sessions/c{n}/snapshot"))
    with open(f"{out}/chain-{n}.json", "w") as f:
        f.write(json.dumps({"snapshot": snapshot}, separators=(",", ":")))
PY
kill "${pids[0]}"

bin=$out/segued
objcopy --strip-debug "$source_bin" "$bin"
restore() { curl -sf -o /dev/null -H 'Content-Type: application/json' --data-binary "@$out/$2.json" "http://127.0.0.1:$1/v1/sessions"; }
printf '%-6s %-10s %12s %16s %12s\n' shape instances "JSON bytes" instructions "x previous"
for shape in stack chain; do
  case $shape in stack) sizes="40 400 4000" ;; chain) sizes="26 260 2600" ;; esac
  previous=
  for n in $sizes; do
    port=$(free_port)
    valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$out/cg-$shape-$n" \
      "$bin" serve --port "$port" --quiet-requests >/dev/null 2>"$out/vg-$shape-$n.log" &
    pid=$!
    pids+=($pid)
    for _ in $(seq 1 600); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
    upload "$port"
    restore "$port" "$shape-${sizes%% *}"
    callgrind_control -i on "$pid" >/dev/null
    restore "$port" "$shape-$n"
    callgrind_control -i off "$pid" >/dev/null
    kill -TERM "$pid"
    wait "$pid" || true
    total=$(cat "$out"/cg-"$shape-$n"* | awk '/^totals:/ { sum += $2 } END { printf "%d\n", sum }')
    ratio=${previous:+$(awk -v a="$total" -v b="$previous" 'BEGIN { printf "%.1f", a / b }')}
    printf '%-6s %-10s %12s %16s %12s\n' "$shape" "$n" "$(wc -c <"$out/$shape-$n.json")" "$total" "${ratio:--}"
    previous=$total
  done
done
