"""Holds event streams open and reads them, for bench/http/streams.sh.

    python3 streams.py PORT SESSIONS PER_SESSION

Opens PER_SESSION streams on each of the sessions s0 … s(SESSIONS-1), prints "open N" once every
stream has its `state` message, then reads (and discards) everything that arrives until killed, so
that no stream is dropped as a reader that does not read. On SIGTERM it prints the bytes and
`operation` messages received.
"""
import selectors
import signal
import socket
import sys

port, sessions, per_session = (int(value) for value in sys.argv[1:4])
selector = selectors.DefaultSelector()
pending = {}
received = {"bytes": 0, "operations": 0}


def stop(*_):
    print(f"received {received['bytes']} bytes, {received['operations']} operation messages", flush=True)
    sys.exit(0)


signal.signal(signal.SIGTERM, stop)
for session in range(sessions):
    for _ in range(per_session):
        connection = socket.create_connection(("127.0.0.1", port))
        connection.sendall(f"GET /v1/sessions/s{session}/events/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        connection.setblocking(False)
        selector.register(connection, selectors.EVENT_READ)
        pending[connection] = b""
opened = 0
while True:
    for key, _ in selector.select():
        data = key.fileobj.recv(1 << 16)
        if not data:
            print("a stream was closed by the server", file=sys.stderr, flush=True)
            selector.unregister(key.fileobj)
            continue
        received["bytes"] += len(data)
        received["operations"] += data.count(b"event: operation\n")
        if key.fileobj in pending:
            pending[key.fileobj] += data
            if b"event: state\n" in pending[key.fileobj]:
                del pending[key.fileobj]
                opened += 1
                if opened == sessions * per_session:
                    print(f"open {opened}", flush=True)
