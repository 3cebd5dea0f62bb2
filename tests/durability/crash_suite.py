#!/usr/bin/env python3
"""segued's crash suite (issue 27): the daemon binary with --state-dir, killed and damaged.

    python3 tests/durability/crash_suite.py PATH/TO/segued [TEST_NAME ...]

Jepsen-style: client threads record every answer they got (a session created, an operation's
revision, a deletion); the daemon is killed with SIGKILL at a random moment under that load (or
stopped with SIGTERM), restarted on the same directory, and every acknowledged fact is checked
against it; one session's event log is followed across kill -9 rounds (every acknowledged event
kept, no gap, a stream resumed by Last-Event-ID). Then the store's files are truncated and
corrupted at several offsets (the daemon must start and recover, or refuse with a message naming
the file: never crash), and the disk is filled
(a 3 MB tmpfs: 507 `insufficient-storage`, reads go on, writes resume when space returns).
Only 127.0.0.1, every request with a timeout, the run with a budget. Standard library only.
"""
import http.client
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

BINARY = None
BUDGET_SECONDS = 240
TIMEOUT = 10.0
STARTED = time.monotonic()


class Daemon:
    """segued serve --state-dir DIR on an ephemeral loopback port."""

    def __init__(self, state_dir, fsync="everysec", expect_start=True, extra=()):
        self.log = tempfile.NamedTemporaryFile(prefix="segued-crash-", suffix=".log", delete=False)
        args = [BINARY, "serve", "--port", "0", "--state-dir", state_dir, "--fsync", fsync, "--quiet-requests", *extra]
        self.process = subprocess.Popen(args, stdout=self.log, stderr=self.log)
        self.port = None
        if expect_start:
            self.port = self._wait_ready()

    def text(self):
        with open(self.log.name, encoding="utf-8", errors="replace") as f:
            return f.read()

    def _wait_ready(self):
        deadline = time.time() + 60
        while time.time() < deadline:
            found = re.search(r"^https?://[^ ]*:(\d+)$", self.text(), re.M)
            if found:
                port = int(found.group(1))
                try:
                    status, _, _ = request(port, "GET", "/readyz")
                    if status == 200:
                        return port
                except OSError:
                    pass
            if self.process.poll() is not None:
                raise AssertionError(f"daemon exited at start ({self.process.returncode}): {self.text()[-800:]}")
            time.sleep(0.05)
        raise AssertionError("daemon did not become ready: " + self.text()[-800:])

    def wait_exit(self, seconds=30):
        try:
            return self.process.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise AssertionError("daemon did not exit: " + self.text()[-800:])

    def kill(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def term(self):
        self.process.send_signal(signal.SIGTERM)
        return self.wait_exit()


def request(port, method, path, body=None, headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)
    try:
        payload = json.dumps(body).encode() if body is not None else None
        sent = dict(headers or {})
        if payload is not None:
            sent["Content-Type"] = "application/json"
        connection.request(method, path, body=payload, headers=sent)
        response = connection.getresponse()
        data = response.read()
        return response.status, dict(response.getheaders()), data
    finally:
        connection.close()


class History:
    """What clients were told (acknowledged) and what they sent without an answer (in flight)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.created = {}       # id -> True once a 201 came back
        self.revision = {}      # id -> last acknowledged revision
        self.attempted = {}     # id -> highest revision an operation in flight could have made
        self.deleted = set()    # ids whose DELETE was answered 200
        self.deleting = set()   # ids whose DELETE got no answer

    def ack_revision(self, sid, revision):
        with self.lock:
            self.revision[sid] = max(self.revision.get(sid, 0), revision)


def worker(port, history, prefix, stop, errors):
    """Sessions of its own: create, push/pop, sometimes delete; records each answer."""
    number = 0
    while not stop.is_set():
        number += 1
        sid = f"{prefix}-{number}"
        try:
            status, headers, _ = request(port, "PUT", f"/v1/sessions/{sid}", {"storyboard": "demo"})
        except OSError:
            return
        if status != 201:
            errors.append(f"PUT {sid}: {status}")
            return
        with history.lock:
            history.created[sid] = True
            history.revision[sid] = int(headers["ETag"].strip('"'))
        for step in range(random.randint(2, 12)):
            if stop.is_set():
                return
            path, body = ((f"/v1/sessions/{sid}/segues", {"identifier": "showItem", "data": {"itemID": step}})
                          if step % 2 == 0 else (f"/v1/sessions/{sid}/actions", {"type": "pop"}))
            with history.lock:
                history.attempted[sid] = history.revision[sid] + 1
            try:
                status, headers, _ = request(port, "POST", path, body)
            except OSError:
                return
            if status != 200:
                errors.append(f"POST {path}: {status}")
                return
            history.ack_revision(sid, int(headers["ETag"].strip('"')))
        if random.random() < 0.3:
            with history.lock:
                history.deleting.add(sid)
            try:
                status, _, _ = request(port, "DELETE", f"/v1/sessions/{sid}")
            except OSError:
                return
            if status == 200:
                with history.lock:
                    history.deleted.add(sid)


def run_load(port, seconds, threads=6):
    history, stop, errors = History(), threading.Event(), []
    workers = [threading.Thread(target=worker, args=(port, history, f"w{i}-{random.randrange(1 << 30):x}", stop, errors))
               for i in range(threads)]
    for w in workers:
        w.start()
    time.sleep(seconds)
    return history, stop, workers, errors


def check(port, history):
    """Every acknowledged fact holds on the restarted daemon; returns (sessions checked, facts)."""
    problems, facts = [], 0
    for sid in history.created:
        status, headers, body = request(port, "GET", f"/v1/sessions/{sid}")
        if sid in history.deleted:
            facts += 1
            if status != 404:
                problems.append(f"{sid}: deleted (acknowledged) but answered {status}")
            continue
        if status == 404 and sid in history.deleting:
            continue
        facts += 1
        if status != 200:
            problems.append(f"{sid}: created (acknowledged) but answered {status}")
            continue
        revision = json.loads(body)["revision"]
        acked = history.revision.get(sid, 1)
        highest = max(acked, history.attempted.get(sid, acked))
        if not acked <= revision <= highest:
            problems.append(f"{sid}: revision {revision}, acknowledged {acked}, at most {highest} sent")
        status, _, _ = request(port, "GET", f"/v1/sessions/{sid}/stack")
        if status != 200:
            problems.append(f"{sid}: stack answered {status}")
    if problems:
        raise AssertionError("; ".join(problems[:10]) + f" ({len(problems)} in all)")
    return facts


def test_kill9_under_load_loses_nothing_acknowledged():
    for fsync in ("always", "everysec", "never"):
        state = tempfile.mkdtemp(prefix="segued-state-")
        try:
            total = 0
            for round_number in range(3):
                daemon = Daemon(state, fsync)
                history, stop, workers, errors = run_load(daemon.port, random.uniform(0.5, 1.5))
                daemon.kill()
                stop.set()
                for w in workers:
                    w.join(TIMEOUT + 5)
                assert not errors, errors[:5]
                restarted = Daemon(state, fsync)
                total += check(restarted.port, history)
                restarted.kill()
            print(f"  --fsync {fsync}: 3 kill -9 rounds, {total} acknowledged facts checked")
        finally:
            shutil.rmtree(state, ignore_errors=True)


def event_client(port, sid, acked, stop):
    """One session's operations, one at a time: `acked` gets each acknowledged operation's events."""
    step = 0
    while not stop.is_set():
        path, body = ((f"/v1/sessions/{sid}/segues", {"identifier": "addItem", "source": "vc3"})
                      if step % 2 == 0 else (f"/v1/sessions/{sid}/unwind", {"action": "cancelEdit:"}))
        try:
            status, _, data = request(port, "POST", path, body)
        except OSError:
            return
        if status != 200:
            return
        acked.extend(json.loads(data)["events"])
        step += 1


def stored_log(port, sid):
    """The session's whole event log, page by page."""
    events, after = [], 0
    while True:
        status, _, data = request(port, "GET", f"/v1/sessions/{sid}/events?after={after}&limit=1000")
        assert status == 200, f"events answered {status}"
        page = json.loads(data)
        events += page["events"]
        if not page["more"]:
            return events
        after = page["next"]


def stream_backlog(port, sid, last_event_id):
    """The callbacks a stream resumed with Last-Event-ID sends before its `state`, and whether it said `dropped`."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)
    try:
        connection.request("GET", f"/v1/sessions/{sid}/events/stream", headers={"Last-Event-ID": str(last_event_id)})
        response = connection.getresponse()
        assert response.status == 200, f"stream answered {response.status}"
        ids, kinds, kind = [], set(), None
        while True:
            line = response.readline().decode().rstrip("\n")
            if line.startswith("event: "):
                kind = line[7:]
                kinds.add(kind)
                if kind == "state":
                    return ids, "dropped" in kinds
            elif line.startswith("id: ") and kind == "callback":
                ids.append(int(line[4:]))
    finally:
        connection.close()


def test_event_log_continues_across_kill9():
    """A session's events across three kill -9 rounds: every acknowledged event is in the log after the
    restart, the same, numbered without gap or repeat; a stream resumed by Last-Event-ID sends the
    rest, without `dropped`; the next operation goes on from the last event stored."""
    state = tempfile.mkdtemp(prefix="segued-state-")
    try:
        sid, acked = "events", []
        daemon = Daemon(state, "everysec")
        status, _, data = request(daemon.port, "PUT", f"/v1/sessions/{sid}", {"storyboard": "demo"})
        assert status == 201
        acked += json.loads(data)["events"]
        for round_number in range(3):
            stop = threading.Event()
            client = threading.Thread(target=event_client, args=(daemon.port, sid, acked, stop))
            client.start()
            # Other sessions' load beside it, so that the kill lands among concurrent commits.
            history, load_stop, workers, _ = run_load(daemon.port, random.uniform(0.5, 1.5), threads=3)
            daemon.kill()
            stop.set()
            load_stop.set()
            for thread in [client, *workers]:
                thread.join(TIMEOUT + 5)
            daemon = Daemon(state, "everysec")
            log = stored_log(daemon.port, sid)
            # The log keeps its latest 10,000 events (--event-log-capacity): from its first on, no gap.
            first, last = log[0]["seq"], log[-1]["seq"]
            assert [event["seq"] for event in log] == list(range(first, last + 1)), f"round {round_number}: a gap in the log"
            kept = [event for event in acked if event["seq"] >= first]
            assert log[:len(kept)] == kept, f"round {round_number}: an acknowledged event differs or is missing"
            # What an unanswered operation stored (wholly or not at all) is kept: later rounds expect it.
            acked[:] = log
            middle = log[len(log) // 2]["seq"]
            ids, dropped = stream_backlog(daemon.port, sid, middle)
            assert ids == list(range(middle + 1, last + 1)) and not dropped, \
                f"round {round_number}: resumed after {middle} of {first}…{last}, got {len(ids)}: {ids[:3]}…{ids[-3:]} (dropped: {dropped})"
            total = last
        print(f"  3 kill -9 rounds: {total} events of one session, the acknowledged ones kept, resumed by Last-Event-ID")
        daemon.kill()
    finally:
        shutil.rmtree(state, ignore_errors=True)


def test_sigterm_under_load_finishes_commits():
    for fsync in ("always", "everysec", "never"):
        state = tempfile.mkdtemp(prefix="segued-state-")
        try:
            daemon = Daemon(state, fsync)
            history, stop, workers, errors = run_load(daemon.port, 1.0)
            code = daemon.term()
            stop.set()
            for w in workers:
                w.join(TIMEOUT + 5)
            assert code == 0, f"exit {code}: {daemon.text()[-500:]}"
            assert not errors, errors[:5]
            restarted = Daemon(state, fsync)
            facts = check(restarted.port, history)
            restarted.term()
            print(f"  --fsync {fsync}: SIGTERM under load, {facts} acknowledged facts checked")
        finally:
            shutil.rmtree(state, ignore_errors=True)


def walk_sessions(port, ids, rounds):
    """Walks each session (push/pop, a refused segue, a tab); answers {id: its flow} once all are acknowledged."""
    for sid in ids:
        for step in range(rounds):
            status, _, _ = request(port, "POST", f"/v1/sessions/{sid}/segues", {"identifier": "showItem", "data": {"itemID": step}})
            assert status == 200, f"{sid}: showItem answered {status}"
            status, _, _ = request(port, "POST", f"/v1/sessions/{sid}/actions", {"type": "pop"})
            assert status == 200, f"{sid}: pop answered {status}"
        status, _, _ = request(port, "POST", f"/v1/sessions/{sid}/segues", {"identifier": "noSuchSegue"})
        assert status == 404, f"{sid}: an unknown segue answered {status}"
    flows = {}
    for sid in ids:
        status, _, body = request(port, "GET", f"/v1/sessions/{sid}/flow")
        assert status == 200, f"{sid}: flow answered {status}: {body[:200]!r}"
        flows[sid] = body
    return flows


def same_flows(port, flows, label):
    for sid, expected in flows.items():
        status, _, body = request(port, "GET", f"/v1/sessions/{sid}/flow")
        assert status == 200, f"{label}: {sid}: flow answered {status}: {body[:200]!r}"
        assert body == expected, f"{label}: {sid}: the flow differs from the one answered before"


def test_flows_survive_kill9_and_sigterm():
    """Issue 49: every restored session answers GET …/flow as before (its walk is stored with it), after
    kill -9 under other sessions' load and after SIGTERM, and goes on growing after the restart."""
    state = tempfile.mkdtemp(prefix="segued-state-")
    try:
        daemon = Daemon(state, "everysec")
        ids = [f"walk-{n}" for n in range(8)]
        for sid in ids:
            status, _, _ = request(daemon.port, "PUT", f"/v1/sessions/{sid}", {"storyboard": "demo"})
            assert status == 201, f"PUT {sid}: {status}"
        flows = walk_sessions(daemon.port, ids, 12)
        status, _, _ = request(daemon.port, "POST", "/v1/sessions", {"from": ids[0]})
        assert status == 201, f"fork: {status}"
        _, stop, workers, errors = run_load(daemon.port, 0.5)
        daemon.kill()
        stop.set()
        for w in workers:
            w.join(TIMEOUT + 5)
        restarted = Daemon(state, "everysec")
        same_flows(restarted.port, flows, "after kill -9")
        flows = walk_sessions(restarted.port, ids, 3)
        assert restarted.term() == 0, restarted.text()[-500:]
        again = Daemon(state, "everysec")
        same_flows(again.port, flows, "after SIGTERM")
        steps = sum(body.count(b"\n  visible: ") for body in flows.values())
        again.term()
        print(f"  {len(ids)} sessions, {steps} flow steps: the same after kill -9 and after SIGTERM")
    finally:
        shutil.rmtree(state, ignore_errors=True)


def damaged_copies(state, name, offsets, damage):
    """Copies of `state` with `name` damaged at each offset; yields (offset, directory)."""
    for offset in offsets:
        copy = tempfile.mkdtemp(prefix="segued-damaged-")
        shutil.rmtree(copy)
        shutil.copytree(state, copy)
        os.remove(os.path.join(copy, "segued.lock"))
        damage(os.path.join(copy, name), offset)
        yield offset, copy


def start_or_refuse(directory, label):
    """The daemon starts (and answers every stored session) or exits 1 naming the file; never a crash."""
    daemon = Daemon(directory, expect_start=False)
    deadline = time.time() + 30
    while time.time() < deadline and daemon.process.poll() is None:
        if re.search(r"^https?://[^ ]*:(\d+)$", daemon.text(), re.M):
            try:
                daemon.port = int(re.search(r"^https?://[^ ]*:(\d+)$", daemon.text(), re.M).group(1))
                if request(daemon.port, "GET", "/readyz")[0] == 200:
                    break
            except OSError:
                pass
        time.sleep(0.05)
    code = daemon.process.poll()
    if code is None:
        status, _, body = request(daemon.port, "GET", "/v1/sessions?limit=1000")
        assert status == 200, f"{label}: sessions answered {status}"
        for session in json.loads(body)["sessions"]:
            assert request(daemon.port, "GET", f"/v1/sessions/{session['id']}/stack")[0] == 200
        daemon.kill()
        return "started"
    assert code == 1, f"{label}: exit {code} (a crash?): {daemon.text()[-800:]}"
    assert "segued.sqlite3" in daemon.text(), f"{label}: the message does not name the file: {daemon.text()[-800:]}"
    return "refused"


def test_truncated_and_corrupted_files_recover_or_refuse_clearly():
    state = tempfile.mkdtemp(prefix="segued-state-")
    try:
        daemon = Daemon(state, "always")
        history, stop, workers, errors = run_load(daemon.port, 1.5)
        daemon.kill()
        stop.set()
        for w in workers:
            w.join(TIMEOUT + 5)
        wal = os.path.join(state, "segued.sqlite3-wal")
        size = os.path.getsize(wal)
        assert size > 0, "the kill left no WAL to damage"

        def truncate(path, offset):
            with open(path, "r+b") as f:
                f.truncate(offset)

        outcomes = {}
        offsets = sorted({0, 31, 32, 100, 4096, size // 3, size // 2, size - 4097, size - 100, size - 1})
        for offset, copy in damaged_copies(state, "segued.sqlite3-wal", [o for o in offsets if 0 <= o < size], truncate):
            outcomes[f"wal truncated at {offset}"] = start_or_refuse(copy, f"wal truncated at {offset}")
            shutil.rmtree(copy, ignore_errors=True)
        # A clean stop folds the WAL into the database file, which is then damaged in the middle.
        daemon = Daemon(state, "always")
        daemon.term()
        db = os.path.join(state, "segued.sqlite3")
        db_size = os.path.getsize(db)

        def corrupt(path, offset):
            with open(path, "r+b") as f:
                f.seek(offset)
                f.write(bytes(random.randrange(256) for _ in range(256)))

        for offset, copy in damaged_copies(state, "segued.sqlite3", [0, 100, 4096, db_size // 2, db_size - 512], corrupt):
            outcomes[f"db corrupted at {offset}"] = start_or_refuse(copy, f"db corrupted at {offset}")
            shutil.rmtree(copy, ignore_errors=True)
        for label, outcome in outcomes.items():
            print(f"  {label}: {outcome}")
    finally:
        shutil.rmtree(state, ignore_errors=True)


def sixty_sessions_then_kill9(fsync):
    """A state directory with 60 sessions acknowledged, the daemon killed at once: most of them only
    in the write-ahead log (issue 53's reproduction)."""
    state = tempfile.mkdtemp(prefix="segued-state-")
    daemon = Daemon(state, fsync)
    for number in range(60):
        status, _, _ = request(daemon.port, "PUT", f"/v1/sessions/s{number}", {"storyboard": "demo"})
        assert status == 201, f"PUT s{number}: {status}"
    daemon.kill()
    return state


def session_count(state):
    daemon = Daemon(state)
    try:
        status, _, body = request(daemon.port, "GET", "/v1/sessions?limit=1000")
        assert status == 200
        return len(json.loads(body)["sessions"])
    finally:
        daemon.kill()


def refused_with_the_recovery_command(state, label):
    """Exit 1, one JSON log line naming the log and the recovery command; nothing written over it."""
    wal = os.path.join(state, "segued.sqlite3-wal")
    before = open(wal, "rb").read() if os.path.exists(wal) else None
    daemon = Daemon(state, expect_start=False, extra=("--log-format", "json"))
    code = daemon.wait_exit()
    assert code == 1, f"{label}: exit {code}, expected a refusal: {daemon.text()[-800:]}"
    lines = [json.loads(line) for line in daemon.text().splitlines() if line.startswith("{")]
    refusal = [line for line in lines if "is damaged" in line.get("message", "")]
    assert refusal, f"{label}: no JSON line says the log is damaged: {daemon.text()[-800:]}"
    message = refusal[0]["message"]
    assert wal in message and f"segued store recover --state-dir {state}" in message, f"{label}: {message}"
    assert refusal[0]["level"] == "critical" and refusal[0].get("exit_code") == 1, f"{label}: {refusal[0]}"
    after = open(wal, "rb").read() if os.path.exists(wal) else None
    assert before == after, f"{label}: the refused start changed the log"
    return message


def test_damaged_log_refuses_to_start_and_recovers():
    """Issue 53, item 5: 16 bytes flipped in the log's header, a frame damaged in the middle, the log
    cut to half, the log removed: each refused (before: a normal start with 0, 30, 30 of 60 sessions);
    `segued store recover` sets the files aside and the store starts. A torn tail (kill -9 in the
    middle of a commit) still starts with every acknowledged session."""
    def flip(offset, count):
        def damage(path):
            with open(path, "r+b") as f:
                f.seek(offset)
                data = f.read(count)
                f.seek(offset)
                f.write(bytes(b ^ 0xFF for b in data))
        return damage

    def frame_middle(path):
        size = os.path.getsize(path)
        frames = (size - 32) // (24 + 1024)
        flip(32 + frames // 2 * (24 + 1024) + 24 + 100, 16)(path)

    def halve(path):
        with open(path, "r+b") as f:
            f.truncate(os.path.getsize(path) // 2)

    def torn_tail(path):
        with open(path, "r+b") as f:
            header = f.read(32)
            f.seek(0, 2)
            f.write(bytes([0, 0, 0, 2, 0, 0, 0, 0]) + header[16:24] + bytes(8) + b"A" * 300)

    cases = [("header", flip(8, 16)), ("middle frame", frame_middle), ("cut to half", halve), ("removed", os.remove)]
    for fsync in ("everysec", "always"):
        # Every case under the default policy; the header under --fsync always too (bounded in time).
        for label, damage in cases if fsync == "everysec" else cases[:1]:
            state = sixty_sessions_then_kill9(fsync)
            try:
                wal = os.path.join(state, "segued.sqlite3-wal")
                assert os.path.getsize(wal) > 32, f"{label}: the kill left no log"
                damage(wal)
                refused_with_the_recovery_command(state, f"{fsync}, {label}")
                recovered = subprocess.run([BINARY, "store", "recover", "--state-dir", state], capture_output=True, text=True,
                                           timeout=60)
                assert recovered.returncode == 0, f"{label}: recover exit {recovered.returncode}: {recovered.stderr}"
                aside = [name for name in os.listdir(state) if name.startswith("damaged-")]
                assert len(aside) == 1 and "segued.sqlite3" in os.listdir(os.path.join(state, aside[0])), f"{label}: {aside}"
                kept = session_count(state)
                print(f"  --fsync {fsync}, log {label}: refused; recovered {kept} of 60 ({recovered.stdout.strip().splitlines()[-1]})")
            finally:
                shutil.rmtree(state, ignore_errors=True)
        state = sixty_sessions_then_kill9(fsync)
        try:
            torn_tail(os.path.join(state, "segued.sqlite3-wal"))
            kept = session_count(state)
            assert kept == 60, f"--fsync {fsync}, a torn tail: {kept} of 60 sessions"
            print(f"  --fsync {fsync}, a torn tail after the last commit: started with 60 of 60")
        finally:
            shutil.rmtree(state, ignore_errors=True)


def test_full_disk_answers_507_and_resumes():
    if os.geteuid() != 0:
        raise AssertionError("the full-disk test mounts a tmpfs: run the suite as root (CI does)")
    mount = tempfile.mkdtemp(prefix="segued-tmpfs-")
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", mount], check=True)
    try:
        state = os.path.join(mount, "state")
        daemon = Daemon(state, "always")
        status, headers, _ = request(daemon.port, "PUT", "/v1/sessions/reader", {"storyboard": "demo"})
        assert status == 201
        filler = os.path.join(mount, "filler")
        descriptor = os.open(filler, os.O_WRONLY | os.O_CREAT)
        try:
            while os.write(descriptor, b"\0" * 4096) > 0:
                pass
        except OSError:
            pass
        finally:
            os.close(descriptor)
        # Idempotent operations until one's commit fails (issue 53): it was made, not stored, and
        # says so (507 change-not-stored); its retry answers the same, not the 200 of a change that
        # was never stored; later writes are refused before they are made (insufficient-storage).
        refused = None
        for number in range(4000):
            path, action = ("actions", {"type": "pop"}) if number % 2 else ("segues", {"identifier": "showItem"})
            key = {"Idempotency-Key": f"fill-{number}"}
            status, _, body = request(daemon.port, "POST", f"/v1/sessions/reader/{path}", action, key)
            if status == 507:
                refused = json.loads(body)
                break
            assert status == 200, f"{status}: {body[:300]}"
        assert refused is not None, "the disk never filled"
        assert refused["type"] == "urn:segued:problem:change-not-stored", refused
        status, _, body = request(daemon.port, "POST", f"/v1/sessions/reader/{path}", action, key)
        assert status == 507 and json.loads(body)["type"] == "urn:segued:problem:change-not-stored", f"the retry: {status} {body[:300]}"
        # A 507 says whether the change was made: the session exists exactly when it says so.
        status, _, body = request(daemon.port, "PUT", "/v1/sessions/refused", {"storyboard": "demo"})
        kind = json.loads(body)["type"]
        made = {"urn:segued:problem:change-not-stored": 200, "urn:segued:problem:insufficient-storage": 404}
        assert status == 507 and kind in made, f"{status} {body[:300]}"
        assert request(daemon.port, "GET", "/v1/sessions/refused")[0] == made[kind], f"{kind}, yet the session is not so"
        status, _, _ = request(daemon.port, "GET", "/v1/sessions/reader/stack")
        assert status == 200, f"a read during a full disk answered {status}"
        status, _, body = request(daemon.port, "POST", "/v1/sessions/reader/segues", {"identifier": "showItem"})
        assert status == 507, f"a write during a full disk answered {status}: {body[:200]}"
        os.remove(filler)
        deadline = time.time() + 10
        while time.time() < deadline:
            status, _, _ = request(daemon.port, "PUT", "/v1/sessions/resumed", {"storyboard": "demo"})
            if status == 201:
                break
            time.sleep(0.2)
        assert status == 201, f"writes did not resume after space returned ({status})"
        revision = json.loads(request(daemon.port, "GET", "/v1/sessions/reader")[2])["revision"]
        daemon.kill()
        restarted = Daemon(state, "always")
        status, _, body = request(restarted.port, "GET", "/v1/sessions/reader")
        assert status == 200 and json.loads(body)["revision"] == revision, f"{status} {body[:200]}"
        restarted.kill()
        print(f"  507 after {number} idempotent operations on 3 MB; the retry said made, not stored; reads went on; writes resumed; revision {revision} kept")
    finally:
        subprocess.run(["umount", "-l", mount], check=False)
        shutil.rmtree(mount, ignore_errors=True)


def test_second_daemon_on_the_directory_is_refused():
    state = tempfile.mkdtemp(prefix="segued-state-")
    try:
        first = Daemon(state)
        second = Daemon(state, expect_start=False)
        code = second.wait_exit(30)
        assert code == 1 and "in use by another segued" in second.text(), f"{code}: {second.text()[-500:]}"
        first.term()
        print("  refused: " + [l for l in second.text().splitlines() if "in use" in l][0][-160:])
    finally:
        shutil.rmtree(state, ignore_errors=True)


def test_online_backup_of_a_live_store_restores():
    """sqlite3's .backup of the store while segued runs under load (docs/durability.md)."""
    state = tempfile.mkdtemp(prefix="segued-state-")
    copy = tempfile.mkdtemp(prefix="segued-backup-")
    try:
        daemon = Daemon(state, "everysec")
        history, stop, workers, errors = run_load(daemon.port, 0.7)
        with history.lock:
            before = {sid: history.revision[sid] for sid in history.created if sid not in history.deleting}
        subprocess.run(["sqlite3", os.path.join(state, "segued.sqlite3"), ".backup " + os.path.join(copy, "segued.sqlite3")],
                       check=True, timeout=60)
        # A session the load deleted while the backup ran may be gone from it, rightly: the backup is
        # the store as of some moment during its run (its last pass), not as of its start.
        with history.lock:
            before = {sid: revision for sid, revision in before.items() if sid not in history.deleting}
        stop.set()
        for w in workers:
            w.join(TIMEOUT + 5)
        daemon.term()
        assert not errors, errors[:5]
        restored = Daemon(copy, "everysec")
        for sid, revision in before.items():
            status, _, body = request(restored.port, "GET", f"/v1/sessions/{sid}")
            assert status == 200, f"{sid}: {status} in the backup"
            assert json.loads(body)["revision"] >= revision, f"{sid}: revision {json.loads(body)['revision']} < {revision}"
        restored.term()
        print(f"  backup under load: {len(before)} sessions acknowledged before it, all in it")
    finally:
        shutil.rmtree(state, ignore_errors=True)
        shutil.rmtree(copy, ignore_errors=True)


TESTS = [
    test_second_daemon_on_the_directory_is_refused,
    test_kill9_under_load_loses_nothing_acknowledged,
    test_event_log_continues_across_kill9,
    test_sigterm_under_load_finishes_commits,
    test_flows_survive_kill9_and_sigterm,
    test_truncated_and_corrupted_files_recover_or_refuse_clearly,
    test_damaged_log_refuses_to_start_and_recovers,
    test_full_disk_answers_507_and_resumes,
    test_online_backup_of_a_live_store_restores,
]


def main():
    global BINARY
    BINARY = os.path.abspath(sys.argv[1])
    names = set(sys.argv[2:])
    failed = 0
    for test in TESTS:
        if names and test.__name__ not in names:
            continue
        if time.monotonic() - STARTED > BUDGET_SECONDS:
            print(f"FAIL {test.__name__}: the suite's budget of {BUDGET_SECONDS} s ran out before it")
            failed += 1
            continue
        began = time.monotonic()
        try:
            test()
            print(f"PASS {test.__name__} ({time.monotonic() - began:.1f} s)")
        except Exception as error:  # noqa: BLE001 - every failure is reported, then the next test runs
            failed += 1
            print(f"FAIL {test.__name__}: {error}")
    print(f"crash suite: {failed} failed, {time.monotonic() - STARTED:.1f} s")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
