#!/usr/bin/env bash
# bench/http/full_sessions.sh: memory per session at its limits. Drives SESSIONS demo sessions
# (default 100) through OPERATIONS (530) segue/unwind operations each, every one with a new
# Idempotency-Key, which fills both per-session stores (the event log's 10,000 events and the
# idempotency cache), and prints how much the daemon's resident memory grew per session. run.sh
# prints the other end: a new session.
# PAYLOAD=N makes the clients heavy: every segue carries a sender of N bytes (the event log and
# the idempotency cache hold it) and every unwind hands over N/10 bytes of data under a new key
# (merged into the list, which stays), until the session's data limit answers 409 too-much-data.
# A few sessions and operations show the bounds: SESSIONS=20 OPERATIONS=40 PAYLOAD=900000.
set -euo pipefail
cd "$(dirname "$0")/../.."
SESSIONS=${SESSIONS:-100}
OPERATIONS=${OPERATIONS:-530}
PAYLOAD=${PAYLOAD:-0}
bin=$(scripts/release-build)
. bench/http/common.sh
port=$(free_port)
"$bin" serve --port "$port" --log-level warning & pid=$!
trap 'kill "$pid" 2>/dev/null || true' EXIT
wait_until_up "http://127.0.0.1:$port/healthz"
python3 - "$port" "$pid" "$SESSIONS" "$OPERATIONS" "$PAYLOAD" <<'PY'
import http.client, json, sys
port, pid, sessions, operations, payload = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
def resident_kib():
    return next(int(line.split()[1]) for line in open(f"/proc/{pid}/status") if line.startswith("VmRSS"))
connection = http.client.HTTPConnection("127.0.0.1", port)
refused = 0
def request(method, path, body, headers={}):
    global refused
    connection.request(method, path, body=body, headers={"Content-Type": "application/json", **headers})
    response = connection.getresponse(); answer = response.read()
    if payload and response.status == 409 and b"too-much-data" in answer:
        refused += 1
        return
    assert response.status in (200, 201), (method, path, response.status, answer[:200])
for s in range(sessions):
    request("PUT", f"/v1/sessions/full{s}", '{"storyboard":"demo"}')
segue, unwind = {"identifier": "addItem", "source": "vc3"}, {"action": "cancelEdit:"}
if payload:
    segue["sender"] = "s" * payload
before = resident_kib()
for s in range(sessions):
    for k in range(operations):
        key = {"Idempotency-Key": f"k{k}"}
        if k % 2 == 0:
            request("POST", f"/v1/sessions/full{s}/segues", json.dumps(segue), key)
        else:
            data = {"data": {f"d{k}": "d" * (payload // 10)}} if payload else {}
            request("POST", f"/v1/sessions/full{s}/unwind", json.dumps({**unwind, **data}), key)
grown = resident_kib() - before
heavy = f", senders of {payload} bytes, {refused} unwinds refused for their data" if payload else ""
print(f"{sessions} sessions at their limits ({operations} operations each, every one with a new key{heavy}): "
      f"resident memory +{grown / 1024:.1f} MiB, {grown / sessions:.0f} KiB per session")
PY
