"""Starts a segued daemon for a test run and stops it."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from typing import List, Optional

from .client import Client


class Daemon:
    """`segued serve` on 127.0.0.1 and a free port, as a context manager: `with Daemon() as client: …`.

    The binary is `binary`, else $SEGUED_BINARY, else `segued` on PATH. The port is one the system
    just handed out (bound, then released): a daemon that prints its bound address for `--port 0`
    (issue 21 item 5) will let this read it instead.
    """

    def __init__(self, binary: Optional[str] = None, args: Optional[List[str]] = None, token: Optional[str] = None,
                 start_timeout: float = 15):
        self.binary = binary or os.environ.get("SEGUED_BINARY") or shutil.which("segued") or "segued"
        self.args = args or []
        self.token = token
        self.start_timeout = start_timeout
        self.process: Optional[subprocess.Popen] = None
        self.url = ""

    def start(self) -> Client:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"
        self.process = subprocess.Popen(
            [self.binary, "serve", "--host", "127.0.0.1", "--port", str(port), *self.args],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        client = Client(self.url, token=self.token)
        deadline = time.monotonic() + self.start_timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"segued exited with {self.process.returncode}: {self.process.stderr.read().decode()}")
            if client.healthy():
                return client
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"segued did not answer on {self.url} within {self.start_timeout} s")

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process and self.process.stderr:
            self.process.stderr.close()
        self.process = None

    def __enter__(self) -> Client:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
