"""An open page across a daemon restart (issue 27): the daemon is killed (SIGKILL) and started again on
the same state directory and port; the page reconnects its event stream (asking for what follows
the last callback it showed) and its transcript goes on without a gap or a repeat, and a page
opened after the restart shows the callbacks from before it (the stored event log)."""
import os
import signal
import socket
import subprocess
import time
import urllib.request

import ui
from api import API
from conftest import _segued_binary

PAGE_SEQS = "return [...document.querySelectorAll('[data-seq]')].map(element => Number(element.dataset.seq));"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def launch(folder, port, state):
    """segued on 127.0.0.1:`port` over `state`, once /readyz answers 200 (the store read)."""
    binary = os.environ.get("SEGUED_BIN") or _segued_binary()
    log = open(folder / f"segued-{time.monotonic_ns()}.log", "w")
    process = subprocess.Popen([binary, "serve", "--host", "127.0.0.1", "--port", str(port), "--state-dir", str(state),
                                "--log-level", "info"], stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and process.poll() is None:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=2) as response:
                if response.status == 200:
                    return process
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise AssertionError(f"segued did not start on port {port} (exit {process.poll()})")


def test_an_open_page_resumes_its_transcript_after_the_daemon_restarts(browser, shots, tmp_path):
    port, state = free_port(), tmp_path / "state"
    daemon = launch(tmp_path, port, state)
    try:
        api = API(f"http://127.0.0.1:{port}")
        scenes = api.storyboard("demo")["storyboard"]["scenes"]
        session = api.start_session("demo")["id"]
        shown = api.post(f"/v1/sessions/{session}/segues", {"identifier": "showItem"})
        driver = browser()
        driver.get(f"{api.base}/ui/sessions/{session}")
        ui.heading(driver, ui.scene_title(scenes["itemDetail"]))
        before = shown["events"][-1]["seq"]
        ui.wait_until(lambda: driver.execute_script(PAGE_SEQS) == list(range(1, before + 1)),
                      f"the page shows callbacks 1…{before}")

        daemon.send_signal(signal.SIGKILL)
        daemon.wait()
        daemon = launch(tmp_path, port, state)
        edit = api.post(f"/v1/sessions/{session}/segues", {"identifier": "editItem"})
        after = edit["events"][-1]["seq"]
        assert edit["events"][0]["seq"] == before + 1, "the restarted session's events go on from the last stored"
        ui.wait_until(lambda: driver.execute_script(PAGE_SEQS) == list(range(1, after + 1)),
                      f"after the restart, the page shows callbacks 1…{after}, none twice "
                      f"(it shows {driver.execute_script(PAGE_SEQS)[-5:]} at the end)", timeout=30)
        ui.heading(driver, ui.scene_title(scenes["editItem"]))
        shots.take(driver, "the page after the daemon was killed and restarted")
        # A page opened only now shows the callbacks from before the restart too: the log was stored.
        late = browser()
        late.get(f"{api.base}/ui/sessions/{session}")
        ui.heading(late, ui.scene_title(scenes["editItem"]))
        ui.wait_until(lambda: late.execute_script(PAGE_SEQS) == list(range(1, after + 1)),
                      f"a page opened after the restart shows callbacks 1…{after} "
                      f"(it shows {late.execute_script(PAGE_SEQS)[:3]}… at the start)")
        shots.take(late, "a page opened after the restart")
    finally:
        daemon.kill()
        daemon.wait()
