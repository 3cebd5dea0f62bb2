"""Starts a segued daemon for a test run and stops it."""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import tempfile
import time
from typing import List, Optional

from .client import Client


class Daemon:
    """`segued serve --port 0` on 127.0.0.1, as a context manager: `with Daemon() as client: …`.

    The binary is `binary`, else $SEGUED_BINARY, else `segued` on PATH. The daemon picks a free port
    and prints the address it listens on as its one line of standard output; that line is the URL.
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
        # Logs (standard error) go to a file, not a pipe nobody reads, which would fill and block the daemon.
        self.log = tempfile.TemporaryFile()
        self.process = subprocess.Popen(
            [self.binary, "serve", "--host", "127.0.0.1", "--port", "0", *self.args],
            stdout=subprocess.PIPE, stderr=self.log)
        ready, _, _ = select.select([self.process.stdout], [], [], self.start_timeout)
        line = self.process.stdout.readline().decode().strip() if ready else ""
        if not line.startswith("http"):
            self.stop()
            raise RuntimeError(f"segued did not print its address within {self.start_timeout} s: {self.logs()}")
        self.url = line
        client = Client(self.url, token=self.token)
        deadline = time.monotonic() + self.start_timeout
        while not client.healthy():
            if time.monotonic() > deadline or self.process.poll() is not None:
                self.stop()
                raise RuntimeError(f"segued at {self.url} does not answer: {self.logs()}")
            time.sleep(0.05)
        return client

    def logs(self) -> str:
        """What the daemon wrote on standard error."""
        self.log.seek(0)
        return self.log.read().decode(errors="replace")

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process and self.process.stdout:
            self.process.stdout.close()
        self.process = None

    def __enter__(self) -> Client:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
