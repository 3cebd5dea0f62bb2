"""Issue 50, item 4, through the page: an app dropped as its one storyboard and its Swift sources
(clients/python/tests/fixtures/tappable.json: SeguedTestSupport's TapApp), its controls tapped, Save
as test. The flow names the folder it is put in as the app (`app: .`, as for several storyboards:
its taps of code actions run only with the sources read), and put in the app's folder it passes
`segued test --coverage`, which counts the code actions it tapped."""
import json
import shutil

import ui
from conftest import ROOT
from test_real_apps import drop, started
from test_share import downloaded, run_flows

FIXTURE = ROOT / "clients" / "python" / "tests" / "fixtures" / "tappable.json"


def app_folder(folder):
    """The app as a person keeps it: Main.storyboard and Sources/*.swift; answers the files to drop."""
    bundle = json.loads(FIXTURE.read_text())
    (folder / "Sources").mkdir(parents=True)
    (folder / "Main.storyboard").write_text(bundle["storyboards"]["Main"])
    for path, text in bundle["sources"].items():
        (folder / path).write_text(text)
    return [str(folder / "Main.storyboard")] + [str(folder / path) for path in sorted(bundle["sources"])]


def test_a_walk_of_taps_saved_from_one_storyboard_and_its_sources_counts_under_segued_test(browser, segued, shots, tmp_path):
    app = tmp_path / "Tappable"
    files = app_folder(app)
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    driver = browser()
    driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    drop(driver, segued, files)
    session, _ = started(driver, segued)
    ui.heading(driver, "Items")
    ui.tap(driver, "Detail")
    ui.wait_until(lambda: segued.stack(session)["path"] == ["vc1", "vc3"], "Detail pushed by openDetail:")
    ui.tap(driver, "Close")
    ui.wait_until(lambda: segued.stack(session)["path"] == ["vc1", "vc2"], "Detail popped by close:")
    ui.heading(driver, "Items")
    ui.tap(driver, "Save as test")
    flow_file = ui.wait_until(lambda: downloaded(downloads, rf"session-{session}\.flow"), "the downloaded flow")
    shots.take(driver, "Items again after Detail and Close, saved as a test")
    text = flow_file.read_text()
    assert "\napp: .\nentry: Main\n" in text, text
    assert [line for line in text.splitlines() if line.startswith("> ")] == ['> tap "Detail" source=vc2', '> tap "Close" source=vc3'], text
    shutil.copy(flow_file, app / flow_file.name)
    result = run_flows(app, "--coverage")
    assert result.returncode == 0, text + "\n" + result.stdout
    assert result.stdout.splitlines()[:4] == [
        f"PASS {app / flow_file.name}",
        "1 passed, 0 failed",
        "coverage Tappable entry Main: 0 of 1 segues and unwinds (0.0%)",
        "  not exercised: list → add (presentation to editNav)",
    ], result.stdout
    assert result.stdout.splitlines()[4:6] == [
        "2 of 7 code actions (28.6%)",
        '  not exercised: detail → tap "Twice" (twice:) — no flow taps it',
    ], result.stdout
