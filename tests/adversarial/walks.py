"""Walks and their flows inside the memory budget (issue 53, item 2).

Imported by run.py like streams.py. A session's walk (what `GET …/flow` is written from) is bounded
by `--max-walk-bytes` (8 MiB by default): past it the walk stops and the flow answers 409 at once,
saying so; writing a flow reserves its memory in the budget first. Before, two GETs of ~250 MB walks
took the daemon to 1,775 MB RSS under --max-memory 512 MiB and held a canary 36.7 s.
"""
import json
import socket
import threading
import time

import __main__ as adv
from streams import rss_kib

BLOB = "x" * 24_000


def grow_walk(port, name, kilobytes):
    """A demo session whose walk holds about `kilobytes` KB of data: segues handing over 24 KB, each
    followed by a pop, 30 pairs a batch."""
    status, _, body, _ = adv.request(port, "PUT", f"/v1/sessions/{name}", {"storyboard": "demo"})
    assert status == 201, body[:200]
    sent = 0
    while sent < kilobytes:
        operations = []
        for number in range(30):
            operations += [{"op": "segue", "identifier": "showItem", "data": {"itemID": number, "note": BLOB}},
                           {"op": "action", "type": "pop"}]
        status, _, body, _ = request_long(port, "POST", f"/v1/sessions/{name}/batch", {"operations": operations})
        assert status == 200, body[:300]
        sent += 30 * 24


def request_long(port, method, path, body=None, timeout=60):
    """One request on its own connection, its whole answer read (Content-Length or chunked)."""
    payload = json.dumps(body).encode() if body is not None else b""
    head = (f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(payload)}\r\nConnection: close\r\n\r\n").encode()
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.settimeout(timeout)
        s.sendall(head + payload)
        data = b""
        while True:
            chunk = s.recv(1 << 20)
            if not chunk:
                break
            data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    if headers.get("transfer-encoding") == "chunked":
        body, rest = b"", rest
        while True:
            size_line, rest = rest.split(b"\r\n", 1)
            size = int(size_line, 16)
            if size == 0:
                break
            body, rest = body + rest[:size], rest[size + 2:]
        rest = body
    return int(lines[0].split(" ")[1]), headers, rest, b""


def test_flows_of_large_walks_stay_in_the_budget_and_leave_room_for_a_canary():
    limit_mib = 512
    with adv.Daemon("--max-memory", str(limit_mib << 20)) as d:
        grow_walk(d.port, "big1", 7_600)
        grow_walk(d.port, "big2", 7_600)
        grow_walk(d.port, "over", 9_000)
        status, _, _, _ = adv.request(d.port, "PUT", "/v1/sessions/canary", {"storyboard": "demo"})
        assert status == 201
        # Past --max-walk-bytes: the walk stopped, the flow says so at once.
        start = time.time()
        status, headers, body, _ = request_long(d.port, "GET", "/v1/sessions/over/flow")
        refused_in = time.time() - start
        assert status == 409, (status, body[:300])
        detail = json.loads(body)["detail"]
        assert "passed 8388608 bytes of commands and data (--max-walk-bytes) at revision" in detail, detail
        assert refused_in < 1.0, f"the refusal took {refused_in:.2f} s"
        # Two flows of ~7.6 MB walks at once, a canary and the RSS sampled meanwhile.
        answers, latencies, peak = {}, [], [rss_kib(d.process)]
        done = threading.Event()

        def get(name):
            started = time.time()
            answers[name] = request_long(d.port, "GET", f"/v1/sessions/{name}/flow") + (time.time() - started,)

        def canary():
            while not done.is_set():
                started = time.time()
                status, _, _, _ = request_long(d.port, "GET", "/v1/sessions/canary/stack", timeout=30)
                assert status == 200
                latencies.append(time.time() - started)
                time.sleep(0.05)

        def sample():
            while not done.is_set():
                peak.append(rss_kib(d.process))
                time.sleep(0.02)

        helpers = [threading.Thread(target=canary), threading.Thread(target=sample)]
        getters = [threading.Thread(target=get, args=(name,)) for name in ("big1", "big2")]
        for t in helpers + getters:
            t.start()
        for t in getters:
            t.join(90)
        done.set()
        for t in helpers:
            t.join(35)
        for name in ("big1", "big2"):
            status, headers, body, _, seconds = answers[name]
            assert status == 200, (name, status, body[:300])
            assert body.startswith(b"# Session " + name.encode()) and body.count(b"\n  visible: ") > 600, body[:200]
        peak_mib = max(peak) / 1024
        worst = max(latencies)
        print(f"      flows: {len(answers['big1'][2]) / 1e6:.1f} MB in {answers['big1'][4]:.2f} s and "
              f"{len(answers['big2'][2]) / 1e6:.1f} MB in {answers['big2'][4]:.2f} s; peak RSS {peak_mib:.0f} MiB "
              f"(--max-memory {limit_mib} MiB); canary {len(latencies)} requests, worst {worst:.3f} s")
        assert peak_mib < limit_mib, f"RSS {peak_mib:.0f} MiB under --max-memory {limit_mib} MiB"
        assert worst < 2.0, f"a canary waited {worst:.2f} s"
