"""pytest fixtures: one daemon per test session, a fresh session per test.

- `segued_daemon` (session scope): a `Client` of a daemon started for the run (`--segued-binary`
  or $SEGUED_BINARY, else `segued` on PATH), stopped at the end.
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


def pytest_configure(config):
    config.addinivalue_line("markers", "segued(storyboard, profile, traits, initial_scene): how segued_session starts")


@pytest.fixture(scope="session")
def segued_daemon(request):
    daemon = Daemon(binary=request.config.getoption("--segued-binary"))
    client = daemon.start()
    yield client
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
