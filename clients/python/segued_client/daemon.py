"""Starts a segued daemon for a test run and stops it."""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import tempfile
import time
from typing import List, Optional, Sequence

from .client import Client


class Daemon:
    """`segued serve` on 127.0.0.1, as a context manager: `with Daemon() as client: …`.

    The binary is `binary`, else $SEGUED_BINARY, else `segued` on PATH. Options:
    - `port`: 0 (the default) lets the daemon pick a free one; it prints the address it listens on as
      its one line of standard output, and that line is the URL.
    - `token`: the bearer token the daemon asks for (given to it in a private file, `--token-file`);
      the returned client sends it.
    - `tls_cert`, `tls_key`: serve HTTPS with this PEM pair; `cafile`: the CA the client verifies the
      certificate with (else the system's CAs).
    - `storyboards`: files loaded at start (`--storyboard`, repeated).
    - `args`: any other `segued serve` options.
    """

    def __init__(self, binary: Optional[str] = None, args: Optional[List[str]] = None, token: Optional[str] = None,
                 start_timeout: float = 15, port: int = 0, tls_cert: Optional[str] = None, tls_key: Optional[str] = None,
                 cafile: Optional[str] = None, storyboards: Sequence[str] = ()):
        if (tls_cert is None) != (tls_key is None):
            raise ValueError("tls_cert and tls_key go together")
        self.binary = binary or os.environ.get("SEGUED_BINARY") or shutil.which("segued") or "segued"
        self.args = list(args or [])
        self.token = token
        self.start_timeout = start_timeout
        self.port = port
        self.tls_cert, self.tls_key, self.cafile = tls_cert, tls_key, cafile
        self.storyboards = list(storyboards)
        self.process: Optional[subprocess.Popen] = None
        self.url = ""
        self.token_file: Optional[str] = None

    def command(self) -> List[str]:
        """The command line the daemon starts with (the token is in a file, not on it)."""
        command = [self.binary, "serve", "--host", "127.0.0.1", "--port", str(self.port)]
        if self.token_file:
            command += ["--token-file", self.token_file]
        if self.tls_cert:
            command += ["--tls-cert", self.tls_cert, "--tls-key", self.tls_key]
        for storyboard in self.storyboards:
            command += ["--storyboard", storyboard]
        return command + self.args

    def start(self) -> Client:
        # Logs (standard error) go to a file, not a pipe nobody reads, which would fill and block the daemon.
        self.log = tempfile.TemporaryFile()
        if self.token:
            # A file only this user reads: a token on the command line would show in `ps`.
            descriptor, self.token_file = tempfile.mkstemp(prefix="segued-token-")
            with os.fdopen(descriptor, "w") as file:
                file.write(self.token + "\n")
        self.process = subprocess.Popen(self.command(), stdout=subprocess.PIPE, stderr=self.log)
        ready, _, _ = select.select([self.process.stdout], [], [], self.start_timeout)
        line = self.process.stdout.readline().decode().strip() if ready else ""
        if not line.startswith("http"):
            self.stop()
            raise RuntimeError(f"segued did not print its address within {self.start_timeout} s: {self.logs()}")
        self.url = line
        client = Client(self.url, token=self.token, cafile=self.cafile)
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
        if self.token_file:
            os.unlink(self.token_file)
            self.token_file = None

    def __enter__(self) -> Client:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
