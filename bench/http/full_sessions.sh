#!/usr/bin/env bash
# bench/http/full_sessions.sh: memory per session at its limits. Drives SESSIONS demo sessions
# (default 100) through 530 segue/unwind operations each, every one with a new Idempotency-Key,
# which fills both per-session stores (the event log's 10,000 events and the idempotency cache),
# and prints how much the daemon's resident memory grew per session. run.sh prints the other end:
# a new session.
set -euo pipefail
cd "$(dirname "$0")/../.."
SESSIONS=${SESSIONS:-100}
bin=$(scripts/release-build)
. bench/http/common.sh
port=$(free_port)
"$bin" serve --port "$port" --log-level warning & pid=$!
trap 'kill "$pid" 2>/dev/null || true' EXIT
wait_until_up "http://127.0.0.1:$port/healthz"
python3 - "$port" "$pid" "$SESSIONS" <<'PY'
import http.client, sys
port, pid, sessions = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
def resident_kib():
    return next(int(line.split()[1]) for line in open(f"/proc/{pid}/status") if line.startswith("VmRSS"))
connection = http.client.HTTPConnection("127.0.0.1", port)
def request(method, path, body, headers={}):
    connection.request(method, path, body=body, headers={"Content-Type": "application/json", **headers})
    response = connection.getresponse(); response.read()
    assert response.status in (200, 201), (method, path, response.status)
for s in range(sessions):
    request("PUT", f"/v1/sessions/full{s}", '{"storyboard":"demo"}')
before = resident_kib()
for s in range(sessions):
    for k in range(530):
        key = {"Idempotency-Key": f"k{k}"}
        if k % 2 == 0:
            request("POST", f"/v1/sessions/full{s}/segues", '{"identifier":"addItem","source":"vc3"}', key)
        else:
            request("POST", f"/v1/sessions/full{s}/unwind", '{"action":"cancelEdit:"}', key)
grown = resident_kib() - before
print(f"{sessions} sessions at their limits (530 operations each, every one with a new key): "
      f"resident memory +{grown / 1024:.1f} MiB, {grown / sessions:.0f} KiB per session")
PY
