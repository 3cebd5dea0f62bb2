#!/usr/bin/env python3
"""segued's cluster suite (issue 29): deploy/cluster/run's HAProxy and 3 nodes, on loopback.

    python3 tests/cluster/run.py PATH/TO/segued

Starts `deploy/cluster/run 3 PORT DIR` (the binary as SEGUED_BIN) and checks, through the front:
200 sessions (100 minted by the nodes, 100 named by the client) land on all three nodes and each
request reaches the node holding its session; a storyboard uploaded to one node serves sessions on
the others; a fork lands beside its source; an event stream and the web app work through HAProxy;
a migrated session keeps answering from its new node; a node killed with SIGKILL makes its sessions
503 at once while the others answer, and brings them back (with their state: --state-dir) when it is
started again; SIGTERM stops the whole cluster. The run is bounded (a budget of BUDGET_SECONDS, every
read with a timeout) and prints each test's time. Only the standard library, haproxy and curl.
"""
import http.client
import json
import os
import random
import re
import select
import signal
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BUDGET_SECONDS = 240
TIMEOUT = 10
NODES = ["n1", "n2", "n3"]
ATTACK_SECONDS = 6


class Cluster:
    """deploy/cluster/run 3 PORT DIR, from its `ready` line to its stop."""

    def __init__(self, binary):
        self.dir = tempfile.mkdtemp(prefix="segued-cluster-")
        self.port = free_ports(len(NODES) + 1)
        env = dict(os.environ, SEGUED_BIN=binary, CLUSTER_RESTART_DELAY="3")
        env.pop("SEGUED_TOKEN", None)
        self.log = open(os.path.join(self.dir, "run.log"), "w")
        self.process = subprocess.Popen(
            [os.path.join(ROOT, "deploy/cluster/run"), str(len(NODES)), str(self.port), self.dir],
            stdout=subprocess.PIPE, stderr=self.log, text=True, env=env)
        # `ready` within 90 s, else the cluster is stopped and the run fails (nothing left behind).
        readable, _, _ = select.select([self.process.stdout], [], [], 90)
        line = self.process.stdout.readline().strip() if readable else ""
        if line != f"ready http://127.0.0.1:{self.port}":
            self.stop()
            raise AssertionError(f"run printed {line!r}; {self.run_log()}")
        self.node_ports = {name: self.port + k for k, name in enumerate(NODES, 1)}

    def run_log(self):
        with open(os.path.join(self.dir, "run.log")) as f:
            return f.read()[-2000:]

    def node_log(self, name):
        with open(os.path.join(self.dir, f"{name}.log"), errors="replace") as f:
            return f.read()

    def pid(self, name):
        with open(os.path.join(self.dir, f"{name}.pid")) as f:
            return int(f.read())

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.returncode


def free_ports(count):
    """The first of `count` consecutive free loopback ports."""
    for _ in range(200):
        base = random.randrange(20000, 60000)
        try:
            sockets = []
            for port in range(base, base + count):
                s = socket.socket()
                sockets.append(s)
                s.bind(("127.0.0.1", port))
            return base
        except OSError:
            continue
        finally:
            for s in sockets:
                s.close()
    raise AssertionError("no free ports")


class Client:
    """Keep-alive requests to one port (the front or a node); (status, headers, JSON or text)."""

    def __init__(self, port):
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)

    def __call__(self, method, path, body=None):
        payload = None if body is None else json.dumps(body)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        for attempt in range(2):
            try:
                self.connection.request(method, path, body=payload, headers=headers)
                response = self.connection.getresponse()
                raw = response.read()
                break
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                # An idle keep-alive connection the other side closed: once more on a new one.
                self.connection.close()
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT)
                if attempt:
                    raise
        kind = response.getheader("Content-Type") or ""
        content = json.loads(raw) if "json" in kind and raw else raw.decode("utf-8", "replace")
        return response.status, response, content


def expect(condition, message):
    if not condition:
        raise AssertionError(message)


def expect_problem(status, response, content, expected_status, code):
    expect(status == expected_status, f"status {status}, expected {expected_status}: {content}")
    expect(response.getheader("Content-Type") == "application/problem+json", f"content type {response.getheader('Content-Type')}")
    expect(content["type"] == f"urn:segued:problem:{code}" and content["status"] == expected_status, f"{content}")


class Suite:
    def __init__(self, cluster):
        self.cluster = cluster
        self.front = Client(cluster.port)
        self.nodes = {name: Client(port) for name, port in cluster.node_ports.items()}
        self.owner = {}  # session id -> node name

    def test_200_sessions_land_on_all_three_and_each_request_reaches_its_node(self):
        for i in range(100):
            status, response, body = self.front("POST", "/v1/sessions", {"storyboard": "demo"})
            expect(status == 201, f"POST /v1/sessions: {status} {body}")
            node = response.getheader("Segued-Node")
            expect(body["id"].startswith(node + "-"), f"{body['id']} minted by {node}")
            self.owner[body["id"]] = node
        for i in range(100):
            id = f"client-{i}"
            status, response, body = self.front("PUT", f"/v1/sessions/{id}", {"storyboard": "demo"})
            expect(status == 201 and body["id"] == id, f"PUT {id}: {status} {body}")
            self.owner[id] = response.getheader("Segued-Node")
        minted = {n: sum(1 for i, o in self.owner.items() if o == n and not i.startswith("client-")) for n in NODES}
        named = {n: sum(1 for i, o in self.owner.items() if o == n and i.startswith("client-")) for n in NODES}
        print(f"    minted per node {minted}, client-named per node {named}")
        expect(all(minted.values()) and all(named.values()), "every node holds sessions of both kinds")
        for id, node in self.owner.items():
            status, response, body = self.front("POST", f"/v1/sessions/{id}/segues", {"identifier": "showItem"})
            expect(status == 200 and body["performed"] and body["revision"] == 2, f"segue on {id}: {status} {body}")
            expect(response.getheader("Segued-Node") == node, f"{id}'s segue answered by {response.getheader('Segued-Node')}, not {node}")
            status, response, body = self.front("GET", f"/v1/sessions/{id}/stack")
            expect(status == 200 and body["revision"] == 2 and response.getheader("Segued-Node") == node, f"stack of {id}: {status} {body}")
        # Each session is held by its node only.
        for id, node in list(self.owner.items())[::20]:
            expect(self.nodes[node]("GET", f"/v1/sessions/{id}")[0] == 200, f"{id} not on {node}")
            for other in NODES:
                if other != node:
                    expect(self.nodes[other]("GET", f"/v1/sessions/{id}")[0] == 404, f"{id} also on {other}")

    def test_a_retried_keyed_create_makes_one_session_whichever_node_is_least_busy(self):
        # Without the keyed_creates backend, creates go to the least busy node, and each node keeps
        # its own create keys: retries of one key made up to three sessions.
        for k in range(6):
            key = f"create-{k}-{time.time_ns()}"
            ids, nodes = set(), set()
            for attempt in range(6):
                connection = http.client.HTTPConnection("127.0.0.1", self.front.port, timeout=TIMEOUT)
                connection.request("POST", "/v1/sessions", body=json.dumps({"storyboard": "demo"}),
                                   headers={"Content-Type": "application/json", "Idempotency-Key": key})
                response = connection.getresponse()
                body = json.loads(response.read())
                connection.close()
                expect(response.status == 201, f"keyed create {key}: {response.status} {body}")
                ids.add(body["id"])
                nodes.add(response.getheader("Segued-Node"))
            expect(len(ids) == 1 and len(nodes) == 1, f"six creates with key {key} made {sorted(ids)} on {sorted(nodes)}")

    def test_a_storyboard_uploaded_to_one_node_serves_sessions_on_every_node(self):
        name = f"Cluster{random.randrange(1 << 30)}"
        document = {"format": "segued.storyboard/1", "name": name, "initialScene": "nav", "scenes": {
            "nav": {"kind": "navigationController", "root": "list"},
            "list": {"segues": [{"identifier": "open", "kind": "show", "destination": "item"}]}, "item": {}}}
        # Uploaded to n1, so that n2 (killed below) holds a session on a storyboard it fetched.
        status, response, body = self.nodes["n1"]("POST", "/v1/storyboards", document)
        expect(status == 201, f"upload: {status} {body}")
        id, holder = body["id"], response.getheader("Segued-Node")
        for node in NODES:
            started = time.time()
            status, response, body = self.nodes[node]("PUT", f"/v1/sessions/{node}-on-{name}", {"storyboard": id})
            expect(status == 201 and body["storyboard"] == id, f"session on {node}: {status} {body}")
            # The node asking is never asked itself (it would wait for its own busy thread).
            expect(time.time() - started < 2, f"the session on {node} took {time.time() - started:.1f} s")
            status, response, body = self.front("POST", f"/v1/sessions/{node}-on-{name}/segues", {"identifier": "open"})
            expect(status == 200 and body["performed"] and response.getheader("Segued-Node") == node, f"segue: {status} {body}")
            self.owner[f"{node}-on-{name}"] = node
        # Log lines reach the node's stderr through its log buffer, written out at least every 100 ms.
        time.sleep(0.5)
        for node in NODES:
            fetched = "fetched from the peer" in self.cluster.node_log(node)
            expect(fetched == (node != holder), f"{node} (upload on {holder}) fetched: {fetched}")
            ids = [s["id"] for s in self.nodes[node]("GET", "/v1/storyboards")[2]["storyboards"]]
            expect(id in ids, f"{node} does not list {id}")
        for _ in range(len(NODES)):
            status, _, body = self.front("GET", f"/v1/storyboards/{id}")
            expect(status == 200 and body["id"] == id, f"GET storyboard through the front: {status}")
        status, response, body = self.front("POST", "/v1/sessions", {"storyboard": "sb-0123456789abcdef0123456789abcdef"})
        expect_problem(status, response, body, 404, "unknown-storyboard")

    def test_a_storyboard_name_resolves_on_every_node(self):
        # Issue 49 item 5: a name resolved only on the node that received the upload (404 elsewhere).
        name = f"Named{random.randrange(1 << 30)}"
        document = {"format": "segued.storyboard/1", "name": name, "initialScene": "nav", "scenes": {
            "nav": {"kind": "navigationController", "root": "list"},
            "list": {"segues": [{"identifier": "open", "kind": "show", "destination": "item"}]}, "item": {}}}
        status, _, body = self.nodes["n2"]("POST", "/v1/storyboards", document)
        expect(status == 201, f"upload: {status} {body}")
        id = body["id"]
        for node in NODES:
            status, _, body = self.nodes[node]("PUT", f"/v1/sessions/{node}-by-name-{name}", {"storyboard": name.lower()})
            expect(status == 201 and body["storyboard"] == id, f"session by name on {node}: {status} {body}")
            self.owner[f"{node}-by-name-{name}"] = node
        status, _, body = self.front("GET", f"/v1/storyboards/{name}")
        expect(status == 200 and body["id"] == id, f"GET by name through the front: {status}")
        for node in NODES:
            status, response, body = self.nodes[node]("POST", "/v1/sessions", {"storyboard": f"Nobody{name}"})
            expect_problem(status, response, body, 404, "unknown-storyboard")

    def backend_sessions(self):
        """HAProxy's count of requests each backend took (`show stat`, the BACKEND rows' stot)."""
        return {row["pxname"]: int(row["stot"]) for row in self.stat_lines() if row["svname"] == "BACKEND"}

    def test_each_class_of_request_reaches_its_backend(self):
        # Issue 53 item 6: two `acl storyboard_read` lines were ORed, so every GET that is not a
        # session route (and every method on /v1/storyboards/sb-…) went to the storyboard reads.
        id = next(iter(self.owner))
        unknown = "sb-0123456789abcdef0123456789abcdef"
        for method, path, body, backend in [
            ("GET", "/v1/sessions", None, "any_node"),
            ("GET", "/metrics", None, "any_node"),
            ("GET", "/v1/storyboards", None, "any_node"),
            ("GET", "/healthz", None, "any_node"),
            ("POST", "/v1/sessions", {"storyboard": "demo"}, "any_node"),
            ("DELETE", f"/v1/storyboards/{unknown}", None, "any_node"),
            ("GET", f"/v1/sessions/{id}/stack", None, "sessions"),
            ("GET", f"/v1/storyboards/{unknown}", None, "storyboard_reads"),
            ("GET", "/v1/storyboards/demo", None, "storyboard_reads"),
        ]:
            before = self.backend_sessions()
            status, response, answer = self.front(method, path, body)
            expect(status < 500, f"{method} {path}: {status} {answer}")
            if status == 201:
                self.owner[answer["id"]] = response.getheader("Segued-Node")
            after = self.backend_sessions()
            moved = {name: after[name] - before.get(name, 0) for name in after if after[name] != before.get(name, 0)}
            expect(moved == {backend: 1}, f"{method} {path} went to {moved}, not {backend}")

    def test_unknown_storyboard_ids_answer_404_quickly_while_other_clients_keep_their_latency(self):
        # Issue 53 item 1: six clients posting random `sb-…` ids stalled every node for ~5 s a
        # request (a fetch held a request thread behind one lock per node) and HAProxy marked all
        # three DOWN. Here 100 clients (another process) do so for ATTACK_SECONDS while a canary
        # reads a session's stack and starts sessions through the front.
        id = next(iter(self.owner))
        canary = Client(self.cluster.port)

        def measure(seconds):
            times, deadline = [], time.time() + seconds
            while time.time() < deadline:
                for method, path, body, expected in [("GET", f"/v1/sessions/{id}/stack", None, 200),
                                                     ("POST", "/v1/sessions", {"storyboard": "demo"}, 201)]:
                    started = time.time()
                    status, _, answer = canary(method, path, body)
                    times.append(time.time() - started)
                    expect(status == expected, f"canary {method} {path}: {status} {answer}")
                    if status == 201:
                        canary("DELETE", f"/v1/sessions/{answer['id']}")
            return sorted(times)

        quiet = measure(2)
        attack = subprocess.Popen([sys.executable, __file__, "--attack", str(self.cluster.port), str(ATTACK_SECONDS), "100"],
                                  stdout=subprocess.PIPE, text=True)
        time.sleep(0.5)
        loud = measure(ATTACK_SECONDS - 1)
        out, _ = attack.communicate(timeout=ATTACK_SECONDS + 30)
        result = json.loads(out)

        def figures(times):
            return f"p50 {1000 * times[len(times) // 2]:.1f} ms, p99 {1000 * times[int(len(times) * 0.99)]:.1f} ms, max {1000 * times[-1]:.1f} ms ({len(times)})"
        print(f"    canary without the attack: {figures(quiet)}")
        print(f"    canary under 100 clients posting unknown ids: {figures(loud)}")
        print(f"    the attack's answers: {result['statuses']}, {figures(sorted(result['times']))}")
        expect(set(result["statuses"]) == {"404 unknown-storyboard"}, f"the attack's answers {result['statuses']}")
        # Quickly for nearly all: the p99. The slowest one waited behind a fetch in flight (2 s at
        # most) and 100 clients on 2 shared cores: 1.2 to 2.9 s measured, so its bound is wider.
        attack_times = sorted(result["times"])
        expect(attack_times[int(len(attack_times) * 0.99)] < 1, f"an unknown id's p99 {attack_times[int(len(attack_times) * 0.99)]:.2f} s")
        expect(attack_times[-1] < 6, f"an unknown id took {attack_times[-1]:.1f} s")
        expect(loud[int(len(loud) * 0.99)] < 0.5, f"the canary's p99 under attack {loud[int(len(loud) * 0.99)]:.3f} s")
        down = [line for line in self.stat_lines() if line["pxname"] == "any_node" and line["svname"] in NODES and line["status"] != "UP"]
        expect(not down, f"HAProxy marked nodes down: {[(l['svname'], l['status']) for l in down]}")

    def stat_lines(self):
        done = subprocess.run(["socat", "-t", "2", "stdio", f"unix-connect:{self.cluster.dir}/haproxy.sock"],
                              input="show stat\n", capture_output=True, text=True, timeout=TIMEOUT)
        header = done.stdout.splitlines()[0].lstrip("# ").split(",")
        return [dict(zip(header, line.split(","))) for line in done.stdout.splitlines()[1:] if line]

    def test_a_fork_lands_beside_its_source(self):
        for id, node in [(i, n) for i, n in self.owner.items() if not i.startswith("client-")][:6]:
            status, response, body = self.front("POST", "/v1/sessions", {"from": id})
            expect(status == 201 and body["id"].startswith(node + "-"), f"fork of {id} ({node}): {status} {body}")
            expect(body["revision"] == 2 and response.getheader("Segued-Node") == node, f"{body}")
            source = self.front("GET", f"/v1/sessions/{id}/stack")[2]
            fork = self.front("GET", f"/v1/sessions/{body['id']}/stack")[2]
            expect(fork["path"] == source["path"], f"fork {fork} of {source}")
            self.owner[body["id"]] = node
        # A fork named by the client: named with its source's node, it lands there.
        id, node = next((i, n) for i, n in self.owner.items() if n == "n3" and not i.startswith("client-"))
        status, response, body = self.front("PUT", "/v1/sessions/n3-named-fork", {"from": id})
        expect(status == 201 and response.getheader("Segued-Node") == "n3", f"{status} {body}")
        self.owner["n3-named-fork"] = "n3"

    def test_a_replay_lands_beside_the_session_it_replays(self):
        # The walk is on the node that holds the session: the replay goes there, whichever node the
        # front would pick for a launch, and reaches the same stack on the storyboard named.
        # The first sessions minted: launched, then a showItem segue each.
        for id, node in [(i, n) for i, n in self.owner.items() if not i.startswith("client-")][:6]:
            status, response, body = self.front("POST", "/v1/sessions", {"storyboard": "demo", "replay": id})
            source = self.front("GET", f"/v1/sessions/{id}/stack")[2]
            expect(status == 201 and body["id"].startswith(node + "-"), f"replay of {id} ({node}): {status} {body}")
            expect(response.getheader("Segued-Node") == node and body["stack"]["path"] == source["path"], f"{body} of {source}")
            self.owner[body["id"]] = node

    def test_an_event_stream_through_the_front_delivers_each_event_as_it_happens(self):
        id = next(iter(self.owner))
        with socket.create_connection(("127.0.0.1", self.cluster.port), timeout=TIMEOUT) as stream:
            stream.sendall(f"GET /v1/sessions/{id}/events/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode())
            received = read_until(stream, b"event: state", b"")
            expect(b"text/event-stream" in received.split(b"\r\n\r\n")[0], f"{received[:300]!r}")
            started = time.time()
            status, _, _ = Client(self.cluster.port)("POST", f"/v1/sessions/{id}/actions", {"type": "pop"})
            expect(status == 200, f"pop: {status}")
            read_until(stream, b"event: operation", received)
            print(f"    the operation's message arrived {1000 * (time.time() - started):.0f} ms after the request")

    def test_the_web_app_through_the_front(self):
        status, response, page = self.front("GET", "/ui/")
        expect(status == 200 and "text/html" in response.getheader("Content-Type"), f"/ui/: {status}")
        scripts = re.findall(r'src="([^"]+)"', page)
        expect(scripts, "the page names its script")
        for src in scripts:
            path = src if src.startswith("/") else "/ui/" + src
            status, response, _ = self.front("GET", path)
            expect(status == 200 and "javascript" in response.getheader("Content-Type"), f"{path}: {status}")
        id = next(iter(self.owner))
        expect(self.front("GET", f"/ui/sessions/{id}")[0] == 200, "/ui/sessions/{id}")

    def test_a_migrated_session_keeps_answering_from_its_new_node(self):
        # One that no other test drove: at revision 2, the item's detail pushed.
        id = [i for i, n in self.owner.items() if n == "n1" and not i.startswith("client-")][-1]
        before = self.front("GET", f"/v1/sessions/{id}/stack")[2]
        done = subprocess.run([os.path.join(ROOT, "deploy/cluster/migrate"), self.cluster.dir, id, "n3"],
                              capture_output=True, text=True, timeout=60)
        expect(done.returncode == 0, f"migrate: {done.returncode} {done.stdout} {done.stderr}")
        status, response, after = self.front("GET", f"/v1/sessions/{id}/stack")
        expect(status == 200 and response.getheader("Segued-Node") == "n3", f"{status} {response.getheader('Segued-Node')}")
        expect((after["revision"], after["path"]) == (before["revision"], before["path"]), f"{after} != {before}")
        expect(self.nodes["n1"]("GET", f"/v1/sessions/{id}")[0] == 404, "still on n1")
        status, response, body = self.front("POST", f"/v1/sessions/{id}/actions", {"type": "pop"})
        expect(status == 200 and body["performed"] and body["revision"] == before["revision"] + 1, f"pop after the move: {status} {body}")
        expect(response.getheader("Segued-Node") == "n3", f"pop answered by {response.getheader('Segued-Node')}")
        with open(os.path.join(self.cluster.dir, "sessions.map")) as f:
            expect(f"{id} n3\n" in f.read(), "sessions.map keeps the move")
        self.owner[id] = "n3"
        # What it refuses, changing nothing.
        for arguments, code, message in [
            ([id, "n3"], 0, f"{id} is on n3 already"),
            ([id, "n9"], 64, "migrate: no node n9; the nodes are n1, n2, n3"),
            (["n1-0000000000000000", "n2"], 1, "migrate: the front answers 404 for session n1-0000000000000000"),
        ]:
            done = subprocess.run([os.path.join(ROOT, "deploy/cluster/migrate"), self.cluster.dir, *arguments],
                                  capture_output=True, text=True, timeout=60)
            expect((done.returncode, (done.stdout + done.stderr).strip()) == (code, message), f"{arguments}: {done}")
        expect(self.front("GET", f"/v1/sessions/{id}/stack")[1].getheader("Segued-Node") == "n3", "still on n3")

    def test_moves_under_a_client_driving_the_session_keep_every_acknowledged_change(self):
        # Issue 53, item 3: a client pushes and pops without pause (no If-Match, as the report's
        # client did) while the session is moved 5 times, and one move is called off (the target
        # holds another session of that id). Before the fence, every move was undone and 1-3
        # changes the target had answered 200 were deleted; the source then gave their revisions
        # again. Now: every move completes or changes nothing, every answered revision follows the
        # last by one (none twice, none lost) and the final state is the last one answered.
        import threading
        status, response, body = self.front("POST", "/v1/sessions", {"storyboard": "demo"})
        expect(status == 201, f"new session: {status} {body}")
        id, home = body["id"], response.getheader("Segued-Node")
        acknowledged, refusals, failures = [], {}, []
        stop = threading.Event()

        def drive():
            client = Client(self.cluster.port)
            pushed, sent = False, 0
            while not stop.is_set() and sent < 20000:
                sent += 1
                path, request = (f"/v1/sessions/{id}/actions", {"type": "pop"}) if pushed else (f"/v1/sessions/{id}/segues", {"identifier": "showItem"})
                status, response, body = client("POST", path, request)
                if status == 200 and body.get("performed"):
                    acknowledged.append((body["revision"], body["stack"], response.getheader("Segued-Node")))
                    pushed = not pushed
                elif status == 409 and body.get("type") == "urn:segued:problem:session-moving":
                    expect(response.getheader("Retry-After") == "1", "Retry-After of session-moving")
                    refusals["session-moving"] = refusals.get("session-moving", 0) + 1
                    time.sleep(0.02)
                else:
                    failures.append(f"{status} {body}")
                    return

        driver = threading.Thread(target=drive)
        driver.start()
        moves = []
        try:
            time.sleep(0.3)
            others = [n for n in NODES if n != home]
            route = [others[0], others[1], home, others[0], home]
            for step, target in enumerate(route):
                if step == 2:
                    # A move called off: the target holds a session of that id already.
                    expect(self.nodes[target]("PUT", f"/v1/sessions/{id}", {"storyboard": "demo"})[0] == 201, "a copy in the way")
                    done = subprocess.run([os.path.join(ROOT, "deploy/cluster/migrate"), self.cluster.dir, id, target],
                                          capture_output=True, text=True, timeout=60)
                    expect(done.returncode == 1 and "nothing moved" in done.stderr, f"migrate into an id in use: {done}")
                    time.sleep(0.3)
                    expect(self.nodes[target]("DELETE", f"/v1/sessions/{id}")[0] == 200, "the copy in the way deleted")
                started = time.time()
                done = subprocess.run([os.path.join(ROOT, "deploy/cluster/migrate"), self.cluster.dir, id, target],
                                      capture_output=True, text=True, timeout=60)
                moves.append((target, done.returncode, round(1000 * (time.time() - started))))
                expect(done.returncode == 0 and "moved from" in done.stdout, f"move {step + 1} to {target} under load: {done}")
                time.sleep(0.3)
        finally:
            stop.set()
            driver.join(timeout=30)
        expect(not driver.is_alive(), "the driving client stopped")
        expect(not failures, f"the client was answered {failures}")
        revisions = [r for r, _, _ in acknowledged]
        print(f"    {len(acknowledged)} changes answered 200 on {sorted({n for _, _, n in acknowledged})}, "
              f"{refusals.get('session-moving', 0)} refused session-moving and retried; moves (target, exit, ms) {moves}")
        expect(len(set(revisions)) == len(revisions), f"a revision answered twice: {sorted(r for r in revisions if revisions.count(r) > 1)[:6]}")
        expect(revisions == list(range(revisions[0], revisions[0] + len(revisions))), f"answered revisions do not follow each other: {revisions[:40]}")
        served = {n for _, _, n in acknowledged}
        expect(served == set(NODES), f"changes answered by every node the session visited: {sorted(served)}")
        status, response, stack = self.front("GET", f"/v1/sessions/{id}/stack")
        last_revision, last_stack, _ = acknowledged[-1]
        expect(status == 200 and stack["revision"] == last_revision and response.getheader("Segued-Node") == home,
               f"after the moves: {status} revision {stack.get('revision')}, last answered {last_revision}, on {response.getheader('Segued-Node')}")
        expect((stack["visible"], stack["path"]) == (last_stack["visible"], last_stack["path"]),
               f"the state is not the last answered one: {stack['visible']} {stack['path']} against {last_stack}")
        for name in NODES:
            if name != home:
                expect(self.nodes[name]("GET", f"/v1/sessions/{id}")[0] == 404, f"a copy left on {name}")

    def test_a_killed_node_makes_its_sessions_503_at_once_and_brings_them_back(self):
        stacks = {id: self.front("GET", f"/v1/sessions/{id}/stack")[2] for id in self.owner}
        os.kill(self.cluster.pid("n2"), signal.SIGKILL)
        time.sleep(0.2)
        slowest = 0
        for id, node in self.owner.items():
            started = time.time()
            status, response, body = self.front("GET", f"/v1/sessions/{id}/stack")
            slowest = max(slowest, time.time() - started) if node == "n2" else slowest
            if node == "n2":
                expect_problem(status, response, body, 503, "node-unavailable")
                expect(response.getheader("Retry-After") == "1", "Retry-After")
            else:
                expect(status == 200 and body == stacks[id], f"{id} on {node} while n2 is down: {status}")
        n2 = [i for i, n in self.owner.items() if n == "n2"]
        print(f"    {len(n2)} sessions of n2 answered 503, the slowest in {1000 * slowest:.0f} ms")
        expect(slowest < 1, "503 at once")
        # A client id whose node is n2 is refused too, never started elsewhere.
        client_on_n2 = next(i for i in n2 if i.startswith("client-"))
        expect(self.front("PUT", f"/v1/sessions/{client_on_n2}", {"storyboard": "demo"})[0] == 503, "PUT of an n2 id")
        for _ in range(6):
            status, response, body = self.front("POST", "/v1/sessions", {"storyboard": "demo"})
            expect(status == 201 and response.getheader("Segued-Node") != "n2", f"new session while n2 is down: {status}")
        deadline = time.time() + 60
        while self.node_ready("n2") is False:
            expect(time.time() < deadline, "n2 was not started again")
            time.sleep(0.1)
        lost = [id for id in n2 if self.front("GET", f"/v1/sessions/{id}/stack")[2] != stacks[id]]
        expect(not lost, f"{len(lost)} of n2's {len(n2)} sessions did not come back with their state (--state-dir)")

    def node_ready(self, name):
        try:
            return Client(self.cluster.node_ports[name])("GET", "/readyz")[0] == 200
        except OSError:
            return False


def read_until(sock, marker, received):
    deadline = time.time() + TIMEOUT
    while marker not in received:
        expect(time.time() < deadline, f"no {marker!r} within {TIMEOUT} s: {received[-300:]!r}")
        chunk = sock.recv(65536)
        expect(chunk, f"the stream closed before {marker!r}")
        received += chunk
    return received


def attack(port, seconds, clients):
    """`--attack PORT SECONDS CLIENTS`: CLIENTS threads post random `sb-…` ids through the front
    for SECONDS; prints the answers (status and problem code) and each answer's time as JSON."""
    import threading
    statuses, times, lock = set(), [], threading.Lock()
    deadline = time.time() + seconds

    def client():
        connection = Client(port)
        while time.time() < deadline:
            started = time.time()
            try:
                status, _, body = connection("POST", "/v1/sessions", {"storyboard": f"sb-{random.randrange(1 << 128):032x}"})
                answer = f"{status} {body.get('type', '').split(':')[-1] if isinstance(body, dict) else body}"
            except OSError as error:
                answer = f"error {error}"
            with lock:
                statuses.add(answer)
                times.append(time.time() - started)
    threads = [threading.Thread(target=client) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    print(json.dumps({"statuses": sorted(statuses), "times": times}))


def main():
    if len(sys.argv) == 5 and sys.argv[1] == "--attack":
        return attack(int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]))
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    binary = os.path.abspath(sys.argv[1])

    def out_of_time(number, frame):
        # Raised where the run is, so that the cluster is still stopped on the way out.
        raise TimeoutError(f"signal {number}: over the budget of {BUDGET_SECONDS} s, or stopped")

    signal.signal(signal.SIGALRM, out_of_time)
    signal.signal(signal.SIGTERM, out_of_time)
    signal.alarm(BUDGET_SECONDS)
    started = time.time()
    cluster = Cluster(binary)
    print(f"cluster of {len(NODES)} nodes behind 127.0.0.1:{cluster.port} ready in {time.time() - started:.1f} s (folder {cluster.dir})")
    suite = Suite(cluster)
    tests = [(name, getattr(suite, name)) for name in Suite.__dict__ if name.startswith("test_")]
    failures = 0
    try:
        for name, test in tests:
            start = time.time()
            try:
                test()
                print(f"ok   {name} ({time.time() - start:.2f} s)")
            except TimeoutError:
                raise
            except Exception as error:  # noqa: BLE001 (each test's failure is reported, the rest still run)
                failures += 1
                print(f"FAIL {name} ({time.time() - start:.2f} s): {error}")
    finally:
        stopped = time.time()
        code = cluster.stop()
        alive = [n for n in NODES + ["haproxy"] if process_alive(cluster, n)]
        print(f"SIGTERM stopped the cluster in {time.time() - stopped:.2f} s (exit {code}; still running: {alive or 'nothing'})")
        if code != 0 or alive:
            failures += 1
    print(f"{len(tests) - failures if failures <= len(tests) else 0} passed, {failures} failed in {time.time() - started:.1f} s")
    sys.exit(1 if failures else 0)


def process_alive(cluster, name):
    try:
        os.kill(cluster.pid(name), 0)
        return True
    except (OSError, ValueError):
        return False


if __name__ == "__main__":
    main()
