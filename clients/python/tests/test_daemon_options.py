"""The `segued_daemon` fixture's options (issue 30): a fixed port, a token, TLS with a CA, storyboards
loaded at start; each shown against a real daemon started by `segued_daemon_factory`."""

import os
import socket
import ssl
import subprocess
import urllib.error

import pytest

from segued_client import Client, Problem
from segued_client.daemon import Daemon

REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
TOKEN = "fixture-token-0123456789abcdef"


@pytest.fixture(scope="module")
def certificates(tmp_path_factory):
    """A CA, and a certificate it signs for 127.0.0.1 (as tests/adversarial/run.py makes them)."""
    folder = tmp_path_factory.mktemp("tls")

    def openssl(*args):
        subprocess.run(["openssl", *args], cwd=folder, check=True, capture_output=True, timeout=60)

    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "1",
            "-subj", "/CN=segued test CA", "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign")
    openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1")
    (folder / "ext").write_text("subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n")
    openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
            "-out", "server.pem", "-days", "1", "-extfile", "ext")
    return folder


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_port_token_tls_and_storyboards(segued_daemon_factory, certificates):
    port = free_port()
    plain = os.path.join(REPOSITORY, "Tests", "NavigationTests", "Fixtures", "plain.json")
    client = segued_daemon_factory(
        port=port, token=TOKEN, tls_cert=str(certificates / "server.pem"), tls_key=str(certificates / "server.key"),
        cafile=str(certificates / "ca.pem"), storyboards=[plain])
    assert client.base == f"https://127.0.0.1:{port}"
    names = [entry["name"] for entry in client.request("GET", "/v1/storyboards")["storyboards"]]
    assert "Plain" in names, names
    session = client.session("demo")
    assert session.segue("showItem").performed
    session.delete()
    # The token is required, and the certificate is verified.
    with pytest.raises(Problem) as refused:
        Client(client.base, cafile=str(certificates / "ca.pem")).request("GET", "/v1/sessions")
    assert (refused.value.status, refused.value.code) == (401, "unauthorized")
    with pytest.raises(urllib.error.URLError) as untrusted:
        Client(client.base, token=TOKEN).request("GET", "/v1/sessions")
    assert isinstance(untrusted.value.reason, ssl.SSLCertVerificationError), untrusted.value


def test_half_a_tls_pair_is_refused_before_starting():
    with pytest.raises(ValueError):
        Daemon(tls_cert="server.pem")


def test_default_options_are_a_free_port_without_token_or_tls(segued_daemon, segued_daemon_options):
    assert segued_daemon_options["port"] == 0 and segued_daemon_options["token"] is None
    assert segued_daemon.base.startswith("http://127.0.0.1:")
    assert isinstance(segued_daemon.request("GET", "/v1/sessions")["sessions"], list)
