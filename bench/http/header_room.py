#!/usr/bin/env python3
"""The largest header block a running segued takes (issue 52): libmicrohttpd refuses headers that
do not fit its per-connection pool (--connection-memory) with 431, so the pool's size is the limit.

    bench/http/header_room.py PORT

Sends GET /healthz with one `Cookie` header of growing length, each on a fresh connection, and finds
the longest value answered 200 (the next one must be 431); prints it with the whole request's size
in bytes. Also prints the size of the request line and headers curl and Python's http.client send
for a segue (captured by a listener of its own), for comparison. Every socket has a timeout; at most about 30 requests."""
import socket
import sys

PORT = int(sys.argv[1])


def status(cookie_length):
    request = (f"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{PORT}\r\n"
               f"Cookie: {'c' * cookie_length}\r\n\r\n").encode()
    with socket.create_connection(("127.0.0.1", PORT), timeout=5) as s:
        try:
            s.sendall(request)
        except (BrokenPipeError, ConnectionResetError):
            pass
        answer = b""
        while b"\r\n" not in answer:
            try:
                chunk = s.recv(4096)
            except ConnectionResetError:
                break
            if not chunk:
                break
            answer += chunk
    if not answer.startswith(b"HTTP/"):
        return 0, len(request)  # closed without an answer (a request far over the pool)
    return int(answer.split(b" ", 2)[1]), len(request)


low, high = 0, 1 << 17  # 200 at low, not 200 at high
assert status(low)[0] == 200
while high - low > 1:
    middle = (low + high) // 2
    if status(middle)[0] == 200:
        low = middle
    else:
        high = middle
refused, _ = status(high)
served, size = status(low)
print(f"Cookie of {low} bytes served ({served}; a request of {size} bytes), {high} refused with {refused}")


def captured(command):
    """The request line and headers `command` (given the URL's port) sends, read by a listener."""
    import subprocess
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(1)
        listener.settimeout(10)
        port = listener.getsockname()[1]
        client = subprocess.Popen(command(port), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        connection, _ = listener.accept()
        connection.settimeout(10)
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = connection.recv(65536)
            if not chunk:
                break
            data += chunk
        connection.close()
        client.kill()
        client.wait()
    return len(data.split(b"\r\n\r\n")[0]) + 4


body = '{"identifier":"addItem","source":"vc3"}'
curl = captured(lambda port: ["curl", "-s", "-m", "2", "-H", "Content-Type: application/json", "-d", body,
                              f"http://127.0.0.1:{port}/v1/sessions/s0/segues"])
python = captured(lambda port: [sys.executable, "-c",
                                "import http.client,sys; c=http.client.HTTPConnection('127.0.0.1',int(sys.argv[1]),timeout=2); "
                                f"c.request('POST','/v1/sessions/s0/segues',body={body!r},headers={{'Content-Type':'application/json'}}); c.getresponse()",
                                str(port)])
print(f"a segue's request line and headers: curl {curl} bytes, Python's http.client {python} bytes")
