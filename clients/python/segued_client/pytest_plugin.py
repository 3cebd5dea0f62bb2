"""pytest fixtures: one daemon per test session, a fresh session per test.

- `segued_daemon` (session scope): a `Client` of a daemon started for the run (`--segued-binary`
  or $SEGUED_BINARY, else `segued` on PATH), stopped at the end. It starts with the keyword
  arguments of `Daemon` that `segued_daemon_options` gives: from the command line by default
  (`--segued-port`, `--segued-token`, `--segued-tls-cert`/`--segued-tls-key`, `--segued-cafile`,
  `--segued-storyboard` repeated); override that fixture in a conftest.py for other options.
- `segued_daemon_factory`: starts more daemons with their own options (`Daemon`'s keyword
  arguments) and stops them after the test.
- `segued_session`: a new session on the demo storyboard, deleted after the test. Mark a test
  `@pytest.mark.segued(storyboard=ID, profile=…, traits={…}, initial_scene=…)` for another start.
- `segued_fork`: a factory that clones a session (`POST /v1/sessions {"from": ID}`) and deletes
  the clone after the test, so that tests share an expensive set-up: build it once in a
  module-scoped fixture, and give each test `segued_fork(parent)`.
"""

from __future__ import annotations

import pytest

from .client import Problem
from .daemon import Daemon


def pytest_addoption(parser):
    parser.addoption("--segued-binary", default=None, help="the segued binary the fixtures start")
    parser.addoption("--segued-port", type=int, default=0, help="the port segued_daemon listens on (0: a free one)")
    parser.addoption("--segued-token", default=None, help="the bearer token segued_daemon asks for")
    parser.addoption("--segued-tls-cert", default=None, help="serve segued_daemon over HTTPS with this PEM certificate")
    parser.addoption("--segued-tls-key", default=None, help="the PEM key of --segued-tls-cert")
    parser.addoption("--segued-cafile", default=None, help="the CA the client verifies the daemon's certificate with")
    parser.addoption("--segued-storyboard", action="append", default=[], help="a storyboard segued_daemon loads at start")


def pytest_configure(config):
    config.addinivalue_line("markers", "segued(storyboard, profile, traits, initial_scene): how segued_session starts")


@pytest.fixture(scope="session")
def segued_daemon_options(request):
    """`Daemon`'s keyword arguments for `segued_daemon`: override this fixture to change them."""
    option = request.config.getoption
    return {
        "port": option("--segued-port"), "token": option("--segued-token"),
        "tls_cert": option("--segued-tls-cert"), "tls_key": option("--segued-tls-key"),
        "cafile": option("--segued-cafile"), "storyboards": option("--segued-storyboard"),
    }


@pytest.fixture(scope="session")
def segued_daemon(request, segued_daemon_options):
    daemon = Daemon(binary=request.config.getoption("--segued-binary"), **segued_daemon_options)
    client = daemon.start()
    yield client
    daemon.stop()


@pytest.fixture
def segued_daemon_factory(request):
    daemons = []

    def start(**options):
        daemon = Daemon(binary=request.config.getoption("--segued-binary"), **options)
        daemons.append(daemon)
        return daemon.start()

    yield start
    for daemon in daemons:
        daemon.stop()


@pytest.fixture
def segued_session(request, segued_daemon):
    marker = request.node.get_closest_marker("segued")
    options = dict(marker.kwargs) if marker else {}
    session = segued_daemon.session(options.pop("storyboard", "demo"), **options)
    yield session
    try:
        session.delete()
    except Problem:
        pass


@pytest.fixture
def segued_fork():
    forks = []

    def fork(session, id=None):
        child = session.fork(id)
        forks.append(child)
        return child

    yield fork
    for child in forks:
        try:
            child.delete()
        except Problem:
            pass
