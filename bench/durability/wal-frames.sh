#!/usr/bin/env bash
# bench/durability/wal-frames.sh (issue 52): what the store writes per operation, counted with
# strace, so that it repeats on any machine. The daemon (--state-dir, --fsync ${FSYNC:-everysec})
# gets SESSIONS demo sessions, then OPERATIONS segue and unwind requests (bench/http/cycle.lua's
# two, in turn over the sessions) from CLIENTS connections at once (1: each operation commits in a
# batch of its own, the most a single client costs; more: batches share pages). Prints, per
# operation: WAL frames written (one page and its 24-byte header each), pages copied into the
# database by checkpoints, fdatasyncs, and the batches the writer committed.
set -euo pipefail
cd "$(dirname "$0")/../.."
SESSIONS=${SESSIONS:-100}
OPERATIONS=${OPERATIONS:-2000}
CLIENTS=${CLIENTS:-1}
FSYNC=${FSYNC:-everysec}
bin=${SEGUED_BINARY:-$(scripts/release-build)}
. bench/http/common.sh
work=$(mktemp -d)
pids=()
trap 'for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done; rm -rf "$work"' EXIT
port=$(free_port)
"$bin" serve --port "$port" --log-level warning --quiet-requests --state-dir "$work/state" --fsync "$FSYNC" >/dev/null 2>"$work/log" & pid=$!
pids+=("$pid")
wait_until_up "http://127.0.0.1:$port/readyz"
python3 - "$port" "$SESSIONS" <<'PY'
import http.client, sys
c = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]))
for i in range(int(sys.argv[2])):
    c.request("PUT", f"/v1/sessions/s{i}", body='{"storyboard":"demo"}', headers={"Content-Type": "application/json"})
    r = c.getresponse(); r.read(); assert r.status in (200, 201), r.status
PY
sleep 1.5   # the creations' checkpoint
wal=$(readlink -f "$work/state/segued.sqlite3-wal")
db=$(readlink -f "$work/state/segued.sqlite3")
strace -f -p "$pid" -e trace=pwrite64,fdatasync,fsync -y -o "$work/trace" 2>/dev/null & tracer=$!
pids+=("$tracer")
sleep 0.5
python3 - "$port" "$SESSIONS" "$OPERATIONS" "$CLIENTS" <<'PY'
import http.client, sys, threading
port, sessions, operations, clients = (int(a) for a in sys.argv[1:])
def run(k):
    c = http.client.HTTPConnection("127.0.0.1", port)
    for n in range(k, operations, clients):
        s = (n // 2) % sessions
        if n % 2 == 0:
            path, body = f"/v1/sessions/s{s}/segues", '{"identifier":"addItem","source":"vc3"}'
        else:
            path, body = f"/v1/sessions/s{s}/unwind", '{"action":"cancelEdit:"}'
        c.request("POST", path, body=body, headers={"Content-Type": "application/json"})
        r = c.getresponse(); r.read(); assert r.status == 200, (path, r.status)
threads = [threading.Thread(target=run, args=(k,)) for k in range(clients)]
for t in threads: t.start()
for t in threads: t.join()
PY
sleep 2.5   # the last checkpoint
kill "$tracer"; wait "$tracer" 2>/dev/null || true
python3 - "$work/trace" "$wal" "$db" "$OPERATIONS" "$CLIENTS" "$FSYNC" <<'PY'
import re, sys
trace, wal, db, ops, clients, fsync = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5], sys.argv[6]
frames = pages = syncs = walbytes = 0
for line in open(trace):
    m = re.search(r'pwrite64\(\d+<([^>]*)>, .*?, (\d+), \d+\) = (\d+)', line)
    if m:
        path, size = m.group(1), int(m.group(3))
        if path == wal:
            walbytes += size
            if size >= 1024: frames += size // 1024
        elif path == db:
            pages += size // 1024
        continue
    if re.search(r'f(data)?sync\(', line) and '= 0' in line: syncs += 1
print(f"--fsync {fsync}, {ops} operations from {clients} client(s): "
      f"{frames / ops:.2f} WAL frames, {pages / ops:.2f} checkpoint page copies, {syncs / ops:.3f} syncs an operation "
      f"({frames} frames, {walbytes} bytes of log, {pages} pages copied, {syncs} syncs)")
PY
kill "$pid"; wait "$pid" 2>/dev/null || true
