"""Fixtures of the browser tests: the release daemon on a free loopback port, its API, headless
Chromium sessions, and a screenshot of every step.

The daemon is the binary users get: `SEGUED_BIN` if set, else what `scripts/release-build` prints.
Chromium and chromedriver are Debian's (scripts/install-browser-test-deps installs them); Selenium
is handed their paths so that its driver manager never looks for a browser elsewhere.
"""
import contextlib
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from api import API  # noqa: E402
from ui import STEP_TIMEOUT  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = Path(os.environ.get("SEGUED_SCREENSHOTS", ROOT / ".build-browser" / "screenshots"))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")


def _segued_binary():
    if os.environ.get("SEGUED_BIN"):
        return os.environ["SEGUED_BIN"]
    built = subprocess.run([str(ROOT / "scripts" / "release-build")], cwd=ROOT, check=True,
                           stdout=subprocess.PIPE, text=True, timeout=3600)
    return built.stdout.strip().splitlines()[-1]


@pytest.fixture(scope="session")
def segued(tmp_path_factory):
    """The daemon on 127.0.0.1, port chosen by the system; yields its API."""
    os.environ.setdefault("SEGUED_BIN", _segued_binary())
    with start_daemon(tmp_path_factory.mktemp("segued")) as base:
        yield API(base)


@contextlib.contextmanager
def start_daemon(folder):
    """A daemon of SEGUED_BIN on 127.0.0.1 (port chosen by the system), its log in `folder`; yields
    its base URL, and stops it at the end (a fatal error in its log fails the test)."""
    binary = os.environ.get("SEGUED_BIN") or _segued_binary()
    Path(folder).mkdir(parents=True, exist_ok=True)
    log_path = Path(folder) / "segued.log"
    log = open(log_path, "w")
    process = subprocess.Popen([binary, "serve", "--host", "127.0.0.1", "--port", "0",
                                "--log-level", "info"], stdout=log, stderr=subprocess.STDOUT)
    port = None
    deadline = time.monotonic() + 20
    while port is None and time.monotonic() < deadline and process.poll() is None:
        match = re.search(r"listening on http://127\.0\.0\.1:(\d+)", log_path.read_text())
        if match:
            port = int(match.group(1))
        else:
            time.sleep(0.05)
    if port is None:
        process.kill()
        pytest.fail("segued did not start:\n" + log_path.read_text())
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()
        text = log_path.read_text()
        assert "Fatal error" not in text, text


def pytest_sessionstart(session):
    """Screenshots of an earlier run go: the folder shows this run's steps only."""
    shutil.rmtree(SCREENSHOTS, ignore_errors=True)


@pytest.fixture
def shots(request):
    """Screenshots of this test's steps, numbered in order, in a folder of the test's name."""
    folder = SCREENSHOTS / re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.name)
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return Screenshots(folder)


class Screenshots:
    def __init__(self, folder):
        self.folder = folder
        self.count = 0

    def take(self, driver, step):
        self.count += 1
        name = f"{self.count:02d}-{re.sub(r'[^A-Za-z0-9_-]+', '-', step).strip('-')}.png"
        driver.save_screenshot(str(self.folder / name))

    def take_whole(self, driver, step, size):
        """A screenshot of the page's top left `size` (width, height) in CSS pixels, beyond the window."""
        import base64
        self.count += 1
        name = f"{self.count:02d}-{re.sub(r'[^A-Za-z0-9_-]+', '-', step).strip('-')}.png"
        shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": True,
            "clip": {"x": 0, "y": 0, "width": size[0] + 16, "height": size[1] + 16, "scale": 1}})
        (self.folder / name).write_bytes(base64.b64decode(shot["data"]))


@pytest.fixture
def browser(request, shots):
    """A factory of headless Chromium sessions (two calls, two windows); all quit at the test's end.
    When the test fails, each window's last state is saved as a screenshot too."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    drivers = []

    def open_browser(width=1400, height=950):
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                         "--disable-gpu", "--no-first-run", "--disable-extensions",
                         f"--window-size={width},{height}", "--lang=en-US"):
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
        driver.set_page_load_timeout(STEP_TIMEOUT)
        driver.set_script_timeout(STEP_TIMEOUT)
        drivers.append(driver)
        return driver

    yield open_browser
    failed = getattr(request.node, "rep_call", None) is not None and request.node.rep_call.failed
    for index, driver in enumerate(drivers):
        try:
            if failed:
                shots.take(driver, f"failure-window-{index + 1}")
                for entry in driver.get_log("browser"):
                    print(f"[window {index + 1} console] {entry['level']}: {entry['message']}")
        finally:
            driver.quit()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, "rep_" + report.when, report)
