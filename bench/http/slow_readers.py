#!/usr/bin/env python3
"""Memory per client that asks and never reads, per response kind, and RSS under 1,000 such clients.

    python3 bench/http/slow_readers.py SEGUED [SEGUED_BEFORE] [--readers N] [--hostile N]

For each binary (the one to measure, and optionally the one before a change, for the ratio), a
daemon on 127.0.0.1 with 4 KB socket buffers, a session with 50 segue+unwind rounds of history
(a backlog of about 550 KB), then for each kind N connections (default 200) that send one request
and read nothing:

  stream backlog  GET …/events/stream?after=0  (the whole backlog asked for)
  event page      GET …/events?after=0&limit=1000
  batch answer    POST …/batch with 50 operations (an answer of ~170 KB)
  export          GET …/snapshot of a session of 4,000 instances (a document of ~1 MB, written whole)

It prints the daemon's RSS growth per connection for each kind. Then, under `--max-memory 256MB`,
`--hostile` (default 1,000) readers that never read, 100 at a time of each kind in turn, the peak RSS seen, and
how long a canary `GET /healthz` takes meanwhile (it must be under a second). Loopback only; every socket
has a timeout; the whole run is bounded (about a minute per binary).
"""
import json
import os
import re
import resource
import socket
import subprocess
import sys
import tempfile
import time

PRESENT = {"identifier": "addItem", "source": "vc3"}
CANCEL = {"action": "cancelEdit:"}


class Daemon:
    def __init__(self, binary, *args):
        self.log = tempfile.NamedTemporaryFile(prefix="segued-bench-", suffix=".log", delete=False)
        self.process = subprocess.Popen(
            [binary, "serve", "--port", "0", "--log-level", "warning", "--quiet-requests", *args],
            stdout=self.log, stderr=self.log)
        deadline = time.time() + 30
        self.port = None
        while time.time() < deadline and self.port is None:
            with open(self.log.name, encoding="utf-8", errors="replace") as f:
                found = re.search(r"https?://[^ ]*:(\d+)", f.read())
            if found:
                self.port = int(found.group(1))
            elif self.process.poll() is not None:
                raise SystemExit(f"daemon exited: {open(self.log.name).read()[-400:]}")
            time.sleep(0.05)
        if self.port is None:
            raise SystemExit("daemon did not start")

    def rss(self):
        with open(f"/proc/{self.process.pid}/status") as f:
            return next(int(line.split()[1]) * 1024 for line in f if line.startswith("VmRSS:"))

    def stop(self):
        self.process.kill()
        self.process.wait(timeout=10)
        os.unlink(self.log.name)


def request(port, method, path, body=None, timeout=10):
    payload = json.dumps(body).encode() if body is not None else b""
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: {len(payload)}\r\n"
    if body is not None:
        head += "Content-Type: application/json\r\n"
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(head.encode() + b"\r\n" + payload)
        data = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    return int(data.split(b" ", 2)[1])


def raw_request(method, path, body=None):
    payload = json.dumps(body).encode() if body is not None else b""
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {len(payload)}\r\n"
    if body is not None:
        head += "Content-Type: application/json\r\n"
    return head.encode() + b"\r\n" + payload


def non_readers(port, raw, count):
    sockets = []
    for _ in range(count):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.settimeout(5)
        s.connect(("127.0.0.1", port))
        s.sendall(raw)
        sockets.append(s)
    return sockets


def history(port, name, rounds):
    assert request(port, "PUT", f"/v1/sessions/{name}", {"storyboard": "demo"}) == 201
    for _ in range(rounds):
        assert request(port, "POST", f"/v1/sessions/{name}/segues", PRESENT) == 200
        assert request(port, "POST", f"/v1/sessions/{name}/unwind", CANCEL) == 200


def export_session(port, name, instances):
    """A demo session whose navigation stack holds `instances` instances (a snapshot of ~250 B each)."""
    assert request(port, "PUT", f"/v1/sessions/{name}", {"storyboard": "demo"}) == 201
    assert request(port, "POST", f"/v1/sessions/{name}/segues", {"identifier": "showItem"}) == 200
    done = 1
    while done < instances:
        count = min(100, instances - done)
        assert request(port, "POST", f"/v1/sessions/{name}/batch",
                       {"operations": [{"op": "action", "type": "push", "scene": "itemDetail"}] * count}) == 200
        done += count


def canary(port):
    start = time.time()
    try:
        status = request(port, "GET", "/healthz", timeout=5)
    except OSError:
        return float("inf")
    return time.time() - start if status == 200 else float("inf")


KINDS = [
    ("stream backlog", lambda: raw_request("GET", "/v1/sessions/h/events/stream?after=0")),
    ("event page", lambda: raw_request("GET", "/v1/sessions/h/events?after=0&limit=1000")),
    ("batch answer", lambda: raw_request("POST", "/v1/sessions/b/batch", {"operations": [
        dict(op, op=kind) for _ in range(25) for kind, op in (("segue", PRESENT), ("unwind", CANCEL))]})),
    ("export", lambda: raw_request("GET", "/v1/sessions/x/snapshot")),
]


def cpu_ticks(process):
    with open(f"/proc/{process.pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def settle(d, most=20.0):
    """Waits until the daemon has stopped working (its CPU time stays put for 0.5 s), at most `most` s."""
    deadline = time.time() + most
    last = cpu_ticks(d.process)
    while time.time() < deadline:
        time.sleep(0.5)
        now = cpu_ticks(d.process)
        if now == last:
            return
        last = now


def measure(binary, readers, hostile):
    figures = {}
    for name, raw in KINDS:
        # A daemon per kind: memory freed by one kind would be reused by the next, unseen in RSS.
        d = Daemon(binary, "--socket-buffer", "4096", "--max-connections", "4096", "--max-connections-per-address", "0",
                   "--max-streams", "4096", "--max-streams-per-session", "2048", "--stream-heartbeat", "60")
        try:
            history(d.port, "h", 50)
            history(d.port, "b", 0)
            export_session(d.port, "x", 4000)
            settle(d)
            before = d.rss()
            held = non_readers(d.port, raw(), readers)
            settle(d)
            figures[name] = (d.rss() - before) / readers
            for s in held:
                s.close()
        finally:
            d.stop()
    limit = 256 << 20
    d = Daemon(binary, "--socket-buffer", "4096", "--max-memory", str(limit), "--max-connections", "4096",
               "--max-connections-per-address", "0", "--max-streams", "4096", "--max-streams-per-session", "2048")
    try:
        history(d.port, "h", 50)
        history(d.port, "b", 0)
        export_session(d.port, "x", 4000)
        peak, slowest, held = d.rss(), 0.0, []
        for round_ in range(hostile // 100):
            held += non_readers(d.port, KINDS[round_ % len(KINDS)][1](), 100)
            slowest = max(slowest, canary(d.port))
            peak = max(peak, d.rss())
        time.sleep(1.0)
        peak = max(peak, d.rss())
        slowest = max(slowest, canary(d.port))
        figures["hostile"] = (peak, slowest, limit)
        for s in held:
            s.close()
    finally:
        d.stop()
    return figures


def main():
    # An option's value is not a binary: `--readers 100` names no file "100".
    argv = sys.argv[1:]
    args = [a for i, a in enumerate(argv) if not a.startswith("--") and (i == 0 or not argv[i - 1].startswith("--"))]
    options = dict(zip(argv, argv[1:]))
    readers = int(options.get("--readers", 200))
    hostile = int(options.get("--hostile", 1000))
    if not args:
        sys.exit(__doc__)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 8192), hard))
    results = [(path, measure(os.path.abspath(path), readers, hostile)) for path in args[:2]]
    print(f"\nmemory per non-reading connection ({readers} of each kind), daemon RSS growth / connection:")
    print(f"{'kind':<16}" + "".join(f"{os.path.basename(p)[-22:]:>22}" for p, _ in results)
          + ("   ratio (first / second)" if len(results) == 2 else ""))
    for name, _ in KINDS:
        row = [r[name] for _, r in results]
        line = f"{name:<16}" + "".join(f"{v / 1024:>19.1f} KB" for v in row)
        if len(row) == 2 and row[1] > 0:
            line += f"   {row[0] / row[1]:.3f}"
        print(line)
    for path, r in results:
        peak, slowest, limit = r["hostile"]
        print(f"{path}: {hostile} hostile readers (each kind in turn) under --max-memory {limit >> 20} MB: peak RSS "
              f"{peak / (1 << 20):.1f} MB ({peak / limit:.2f} x the limit), slowest canary {slowest * 1000:.0f} ms")


if __name__ == "__main__":
    main()
