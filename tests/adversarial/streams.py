"""Streams, slow readers and slots under hostile clients (issue 28, items 1, 2 and 7's streaming parts).

Imported by run.py, whose helpers (Daemon, connect, request, ...) these tests use through
`__main__` at call time: run.py is always the script that runs. Only loopback addresses are used
(Linux routes all of 127.0.0.0/8 to lo), every socket has a timeout and every loop a bound.
"""
import json
import re
import socket
import threading
import time

import __main__ as adv

PRESENT = {"identifier": "addItem", "source": "vc3"}
CANCEL = {"action": "cancelEdit:"}


def rss_kib(process):
    with open(f"/proc/{process.pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise AssertionError("no VmRSS")


def open_stream(port, path, source="127.0.0.1", receive_buffer=None):
    """A connection that asked for `path` and reads nothing more than it is told to."""
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if receive_buffer:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    s.settimeout(adv.READ_TIMEOUT)
    s.bind((source, 0))
    s.connect(("127.0.0.1", port))
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    return s


def read_head(sock):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            raise AssertionError(f"closed before a response head: {data[:200]!r}")
        data += chunk
    head, rest = data.split(b"\r\n\r\n", 1)
    lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers.setdefault(name.strip().lower(), []).append(value.strip())
    return int(lines[0].split(" ")[1]), headers, rest


def session_with_history(port, name, rounds):
    status, _, body, _ = adv.request(port, "PUT", f"/v1/sessions/{name}", {"storyboard": "demo"})
    assert status == 201, body[:200]
    for _ in range(rounds):
        assert adv.request(port, "POST", f"/v1/sessions/{name}/segues", PRESENT)[0] == 200
        assert adv.request(port, "POST", f"/v1/sessions/{name}/unwind", CANCEL)[0] == 200


def canary_seconds(port):
    start = time.time()
    status, _, _, _ = adv.request(port, "GET", "/healthz")
    assert status == 200, status
    return time.time() - start


# ---- 1. responses produced as the client reads ---------------------------------------------------

def test_streams_asking_for_a_whole_backlog_and_never_reading_stay_bounded():
    # 200 readers of a ~550 KB backlog held ~110 MB when the backlog was queued whole; written as
    # the socket drains, each holds one piece (~16 KB) and its socket buffers.
    with adv.Daemon("--max-streams-per-session", "256", "--socket-buffer", "4096") as d:
        session_with_history(d.port, "big", 50)
        before = rss_kib(d.process)
        readers = [open_stream(d.port, "/v1/sessions/big/events/stream?after=0", receive_buffer=4096) for _ in range(200)]
        try:
            time.sleep(1.5)
            grown_mib = (rss_kib(d.process) - before) / 1024
            assert grown_mib < 40, f"RSS grew {grown_mib:.1f} MiB for 200 non-reading backlog streams"
            try:
                seconds = canary_seconds(d.port)
            except OSError as error:
                raise AssertionError(f"canary not answered: {error}")
            assert seconds < 1.0, f"canary answered in {seconds:.2f} s"
            grown_mib = (rss_kib(d.process) - before) / 1024
            assert grown_mib < 40, f"RSS grew {grown_mib:.1f} MiB for 200 non-reading backlog streams"
            assert read_head(readers[0])[0] == 200
        finally:
            for r in readers:
                r.close()


def test_long_event_pages_left_unread_stay_bounded():
    # A 1,000-event page written whole was held whole for each client that does not read (172 KB of
    # RSS each for the demo, 6.4 MB with long scene names); written from the log as the client reads,
    # each holds a piece and libmicrohttpd's buffer.
    with adv.Daemon("--socket-buffer", "4096") as d:
        session_with_history(d.port, "pages", 50)
        raw = b"GET /v1/sessions/pages/events?after=0&limit=1000 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        time.sleep(0.5)
        before = rss_kib(d.process)
        readers = []
        for _ in range(200):
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            s.settimeout(adv.READ_TIMEOUT)
            s.connect(("127.0.0.1", d.port))
            s.sendall(raw)
            readers.append(s)
        try:
            time.sleep(1.5)
            grown_mib = (rss_kib(d.process) - before) / 1024
            assert grown_mib < 16, f"RSS grew {grown_mib:.1f} MiB for 200 unread 1,000-event pages"
            assert canary_seconds(d.port) < 1.0
            # One read to the end: the whole page, chunked.
            status, headers, rest = read_head(readers[0])
            assert status == 200 and headers.get("transfer-encoding") == ["chunked"], (status, headers)
            data = rest
            while not data.endswith(b"\r\n0\r\n\r\n"):
                chunk = readers[0].recv(65536)
                assert chunk, "closed before the last chunk"
                data += chunk
            assert data.count(b'"seq":') == 1000, data.count(b'"seq":')
        finally:
            for r in readers:
                r.close()


def test_event_stream_says_nosniff():
    with adv.Daemon() as d:
        adv.request(d.port, "PUT", "/v1/sessions/n", {"storyboard": "demo"})
        s = open_stream(d.port, "/v1/sessions/n/events/stream")
        try:
            status, headers, _ = read_head(s)
            assert status == 200 and headers.get("content-type") == ["text/event-stream"], (status, headers)
            assert headers.get("x-content-type-options") == ["nosniff"], headers
        finally:
            s.close()


# ---- 1b. batch answers and whole documents: produced, or counted while held ----------------------

BATCH_100 = {"operations": [dict(op, op=kind) for _ in range(50) for kind, op in (("segue", PRESENT), ("unwind", CANCEL))]}


def send_unread(port, method, path, body, count):
    """`count` connections that each send one request and read nothing (4 KB receive buffers)."""
    payload = json.dumps(body).encode() if body is not None else b""
    raw = (f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
           f"Content-Length: {len(payload)}\r\n\r\n").encode() + payload
    held = []
    for _ in range(count):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.settimeout(adv.READ_TIMEOUT)
        s.connect(("127.0.0.1", port))
        s.sendall(raw)
        held.append(s)
    return held


def read_chunked_body(sock, rest):
    data = rest
    while not data.endswith(b"\r\n0\r\n\r\n"):
        chunk = sock.recv(65536)
        assert chunk, "closed before the last chunk"
        data += chunk
    body, data = b"", data
    while True:
        size_line, data = data.split(b"\r\n", 1)
        size = int(size_line, 16)
        if size == 0:
            return body
        body, data = body + data[:size], data[size + 2:]


def test_unread_batch_answers_stay_under_max_memory():
    # 300 batches of 100 operations whose answers (~345 KB each, ~100 MB together) are never read:
    # held whole, each answer stayed in memory, past --max-memory 64MB; written from the batch's steps
    # as the client reads, each client holds the steps (counted) and a piece.
    limit_mib = 64
    with adv.Daemon("--max-memory", str(limit_mib << 20), "--socket-buffer", "4096", "--max-connections", "1024",
                    "--max-connections-per-address", "0") as d:
        session_with_history(d.port, "b", 0)
        readers = send_unread(d.port, "POST", "/v1/sessions/b/batch", BATCH_100, 300)
        try:
            deadline, revision = time.time() + 60, 0
            while revision < 300 * 100:
                assert time.time() < deadline, f"only {revision // 100} of 300 batches applied in 60 s"
                time.sleep(0.5)
                try:  # waits behind the batches for the session's lock
                    status, headers, body, _ = adv.request(d.port, "GET", "/v1/sessions/b")
                except socket.timeout:
                    continue
                assert status == 200, body[:200]
                revision = int(headers["etag"][0].strip('"'))
            time.sleep(1.0)
            rss_mib = rss_kib(d.process) / 1024
            assert rss_mib < limit_mib, f"RSS {rss_mib:.1f} MiB with 300 unread batch answers under --max-memory {limit_mib}MB"
            assert canary_seconds(d.port) < 1.0
            # One read to the end: a whole answer, chunked, of 100 results.
            status, headers, rest = read_head(readers[0])
            assert status == 200 and headers.get("transfer-encoding") == ["chunked"], (status, headers)
            answer = json.loads(read_chunked_body(readers[0], rest))
            assert len(answer["results"]) == 100 and answer["revision"] % 100 == 1, answer.get("revision")
            assert all(r["performed"] for r in answer["results"]) and answer["results"][-1]["revision"] == answer["revision"]
        finally:
            for r in readers:
                r.close()


def test_unread_whole_documents_are_counted_and_refused_past_max_memory():
    # A storyboard document of ~600 KB is written whole: 200 clients that ask for it and do not read
    # held ~120 MB that no limit counted. Counted while held, the requests past the budget are
    # refused (503 memory-budget-exceeded) and what the clients hold stays under --max-memory.
    limit_mib = 64
    with adv.Daemon("--max-memory", str(limit_mib << 20), "--socket-buffer", "4096", "--max-connections", "1024",
                    "--max-connections-per-address", "0") as d:
        status, _, body, _ = adv.request(d.port, "GET", "/v1/storyboards/demo")
        assert status == 200, body[:200]
        storyboard = json.loads(body)["storyboard"]
        for index, scene in enumerate(storyboard["scenes"].values()):
            scene["title"] = f"T{index}" + "x" * 40000
        status, _, body, _ = adv.request(d.port, "POST", "/v1/storyboards", storyboard)
        assert status == 201, body[:300]
        path = f"/v1/storyboards/{json.loads(body)['id']}"
        time.sleep(0.5)
        before = rss_kib(d.process)
        readers = send_unread(d.port, "GET", path, None, 200)
        try:
            time.sleep(1.5)
            # What the clients hold is bounded by the budget (the daemon's own memory comes on top).
            grown_mib = (rss_kib(d.process) - before) / 1024
            assert grown_mib < limit_mib, f"RSS grew {grown_mib:.1f} MiB for 200 unread 600 KB documents under --max-memory {limit_mib}MB"
            assert canary_seconds(d.port) < 1.0
            status, headers, body, _ = adv.request(d.port, "GET", path)
            document = adv.problem(status, headers, body, 503, "memory-budget-exceeded")
            assert "responses clients have not read" in document["detail"], document
            assert headers.get("retry-after") == ["5"], headers
            # Once the readers go, their bytes are given back and the document is served again.
            for r in readers:
                r.close()
            readers = []
            deadline = time.time() + 5
            while adv.request(d.port, "GET", path)[0] != 200:
                assert time.time() < deadline, "still refused 5 s after the readers closed"
                time.sleep(0.1)
        finally:
            for r in readers:
                r.close()


# ---- 2. slots free themselves ---------------------------------------------------------------------

def test_a_closed_stream_gives_its_slot_back_before_the_next_heartbeat():
    # Every slot taken, every stream closed at once: new streams are served within a second (before,
    # 503 until each closed stream's heartbeat, here a minute away).
    with adv.Daemon("--max-streams", "16", "--stream-heartbeat", "60") as d:
        adv.request(d.port, "PUT", "/v1/sessions/q", {"storyboard": "demo"})
        for round_ in range(3):
            streams = [open_stream(d.port, "/v1/sessions/q/events/stream") for _ in range(16)]
            statuses = [read_head(s)[0] for s in streams]
            assert statuses == [200] * 16, (round_, statuses)
            status, _, body, _ = adv.request(d.port, "GET", "/v1/sessions/q/events/stream")
            assert status == 503, (round_, status, body[:200])
            for s in streams:
                s.close()
            deadline = time.time() + 1.0
            while True:
                probe = open_stream(d.port, "/v1/sessions/q/events/stream")
                status = read_head(probe)[0]
                probe.close()
                if status == 200:
                    break
                assert time.time() < deadline, f"round {round_}: slots still taken 1 s after their streams closed"
                time.sleep(0.05)
            time.sleep(0.6)  # the probe's own slot, given back on the ticker's next pass (250 ms)


def test_a_slowloris_from_many_addresses_leaves_room_for_a_canary():
    # 20 loopback addresses each within the per-address limit hold more than the total limit and
    # keep topping it up; a client from another address is still answered within a second.
    with adv.Daemon("--max-connections", "64", "--max-connections-per-address", "8") as d:
        stop = threading.Event()
        held = []
        lock = threading.Lock()

        def attack():
            while not stop.is_set():
                for host in range(2, 22):
                    if stop.is_set():
                        return
                    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                    s.settimeout(1.0)
                    try:
                        s.bind((f"127.0.0.{host}", 0))
                        s.connect(("127.0.0.1", d.port))
                        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # never finished
                        with lock:
                            held.append(s)
                    except OSError:
                        s.close()
                time.sleep(0.02)
                with lock:
                    if len(held) > 600:
                        for s in held[:300]:
                            s.close()
                        del held[:300]

        attacker = threading.Thread(target=attack, daemon=True)
        attacker.start()
        try:
            time.sleep(1.5)
            times = []
            for _ in range(5):
                try:
                    times.append(canary_seconds(d.port))
                except (AssertionError, OSError) as error:
                    raise AssertionError(f"canary not answered while 20 addresses hold every slot: {error}")
                time.sleep(0.3)
            assert max(times) < 1.0, times
            assert adv.request(d.port, "GET", "/healthz")[0] == 200
        finally:
            stop.set()
            attacker.join(timeout=10)
            for s in held:
                s.close()


def memory_accounted(port):
    status, _, body, _ = adv.request(port, "GET", "/metrics")
    assert status == 200
    return float(re.search(rb"\nsegued_memory_accounted_bytes ([0-9.e+]+)", body).group(1))


def test_unread_batch_answers_are_counted_at_what_they_hold():
    # Issue 53, item 7: a batch answer kept for a client that does not read was counted at about a
    # quarter of the memory it held, so --max-memory let four times as many through. 200 unread
    # answers: what the budget counts for them against what the process grew by.
    with adv.Daemon("--socket-buffer", "4096", "--max-connections", "1024", "--max-connections-per-address", "0") as d:
        session_with_history(d.port, "b", 0)
        for _ in range(3):  # the allocator's arenas and the session's buffers at their size
            assert adv.request(d.port, "POST", "/v1/sessions/b/batch", BATCH_100)[0] == 200
        time.sleep(0.5)
        rss_before, counted_before = rss_kib(d.process), memory_accounted(d.port)
        count = 200
        readers = send_unread(d.port, "POST", "/v1/sessions/b/batch", BATCH_100, count)
        try:
            deadline = time.time() + 60
            while True:
                assert time.time() < deadline, "the batches were not applied in 60 s"
                time.sleep(0.3)
                try:  # waits behind the batches for the session's lock
                    status, headers, body, _ = adv.request(d.port, "GET", "/v1/sessions/b")
                except socket.timeout:
                    continue
                if int(headers["etag"][0].strip('"')) >= 1 + 100 * (3 + count):
                    break
            time.sleep(1.0)
            grown = (rss_kib(d.process) - rss_before) / count
            counted = (memory_accounted(d.port) - counted_before) / 1024 / count
            print(f"    {count} unread batch answers: the process grew {grown:.1f} KiB each, the budget counts {counted:.1f} KiB each")
            assert counted >= 0.8 * grown, f"counted {counted:.1f} KiB of the {grown:.1f} KiB each unread answer holds"
        finally:
            for r in readers:
                r.close()
