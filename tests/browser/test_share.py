"""Issue 30, item 1: a tap-through saved with "Save as test" is a flow that `segued test` passes
unchanged (in process, and against a fresh daemon) and that fails with a diff once the storyboard
changes; "Copy link to this screen" opens the same screen in a second window."""
import json
import os
import re
import subprocess

import ui
from conftest import start_daemon
from transcript import Step


def shop_storyboard(segued, folder):
    """The demo's storyboard under another name (so another upload than the demo), as a file."""
    storyboard = segued.storyboard("demo")["storyboard"]
    storyboard["name"] = "Shop"
    path = folder / "Shop.json"
    path.write_text(json.dumps(storyboard, indent=1))
    return path


def element(scene, identifier):
    names = [name for name, trigger in ui.triggers(scene) if trigger.get("identifier") == identifier]
    assert names, f"no element triggers {identifier!r}"
    return names[0]


def run_flows(folder, *options):
    binary = os.environ["SEGUED_BIN"]
    return subprocess.run([binary, "test", str(folder), *options], stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=60)


def downloaded(folder, pattern):
    found = [path for path in folder.iterdir() if re.fullmatch(pattern, path.name)]
    return found[0] if found else None


def test_a_tap_through_saved_as_a_test_passes_then_fails_after_a_storyboard_change(browser, segued, shots, tmp_path):
    app = tmp_path / "app"
    app.mkdir()
    storyboard_file = shop_storyboard(segued, app)
    scenes = segued.storyboard("demo")["storyboard"]["scenes"]
    driver = browser()
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    driver.get(segued.base + "/ui/")
    driver.find_element("css selector", "#file-input").send_keys(str(storyboard_file))
    session = ui.wait_until(lambda: ui.session_id_from_url(driver), "a session of the uploaded Shop.json")
    ui.heading(driver, ui.scene_title(scenes["itemList"]))

    # The walk: an item, its editor, Save, back to the list, the Settings tab.
    ui.tap(driver, element(scenes["itemList"], "showItem"))
    ui.heading(driver, ui.scene_title(scenes["itemDetail"]))
    ui.tap(driver, element(scenes["itemDetail"], "editItem"))
    ui.heading(driver, ui.scene_title(scenes["editItem"]))
    ui.tap(driver, element(scenes["editItem"], "save"))
    list_title = ui.scene_title(scenes["itemList"])
    ui.heading(driver, ui.scene_title(scenes["itemDetail"]))
    ui.back_button(driver, list_title, len(ui.buttons(driver, list_title)) - 1).click()
    ui.heading(driver, list_title)
    step = Step(driver, segued, session)
    ui.tap(driver, "Settings")  # the tab bar's item
    ui.heading(driver, ui.scene_title(scenes["settings"]))
    assert "viewDidAppear" in step.callbacks()
    # The transcript names the action of each operation's header by its step.
    ui.wait_for_text(driver, "ACTION selectTab 1 user")
    shots.take(driver, "walk done, the transcript names the tab selection")

    ui.tap(driver, "Save as test")
    flow_file = ui.wait_until(lambda: downloaded(downloads, rf"session-{session}\.flow"), "the downloaded flow")
    text = flow_file.read_text()
    assert text == segued.request_text(f"/v1/sessions/{session}/flow?storyboard=Shop.json")
    steps = [line for line in text.splitlines() if line.startswith("> ") or line == "launch"]
    # The page names the source of each tap, and the containers of back and of the tab bar.
    assert steps == ["launch", "> segue showItem source=vc3", "> segue editItem source=vc10",
                     "> unwind segue=save source=vc12", "> pop nav=vc2", "> selectTab 1 user tabBar=vc1"], steps
    assert "storyboard: Shop.json\n" in text
    shots.take(driver, "saved as a test")

    # The flow beside its storyboard passes as it is: in process, and on a fresh daemon.
    (app / flow_file.name).write_text(text)
    in_process = run_flows(app)
    assert in_process.returncode == 0, in_process.stdout
    with start_daemon(tmp_path / "fresh") as fresh:
        over_http = run_flows(app, "--url", fresh)
    assert over_http.returncode == 0, over_http.stdout

    # The item's detail presented instead of pushed: the same flow fails, naming the step and the diff.
    changed = json.loads(storyboard_file.read_text())
    item_list = changed["scenes"]["itemList"]
    for segue in item_list["segues"] + [control["trigger"] for control in item_list["ui"]["controls"]]:
        if segue.get("identifier") == "showItem":
            segue["kind"] = "presentation"
    storyboard_file.write_text(json.dumps(changed))
    failed = run_flows(app)
    assert failed.returncode != 0, failed.stdout
    assert "step 1 `segue showItem source=vc3`" in failed.stdout, failed.stdout
    assert "expected scenes: tabs itemsNav itemDetail, got scenes: tabs itemDetail" in failed.stdout, failed.stdout


def test_a_link_to_this_screen_opens_it_in_a_second_window(browser, segued, shots):
    scenes = segued.storyboard("demo")["storyboard"]["scenes"]
    session = segued.start_session("demo")["id"]
    segued.post(f"/v1/sessions/{session}/segues", {"identifier": "showItem", "data": {"itemID": 7}})
    segued.post(f"/v1/sessions/{session}/segues", {"identifier": "editItem"})
    first = browser()
    first.get(f"{segued.base}/ui/sessions/{session}")
    edit_title = ui.scene_title(scenes["editItem"])
    ui.heading(first, edit_title)
    ui.tap(first, "Copy link to this screen")
    link = ui.wait_until(lambda: first.find_element("css selector", "#link-url").get_attribute("value"), "the link")
    assert link.startswith(f"{segued.base}/ui/#restore="), link
    shots.take(first, "the link to the edit form")

    second = browser()
    second.get(link)
    ui.heading(second, edit_title)
    restored = ui.wait_until(lambda: ui.session_id_from_url(second), "the restored session's address")
    assert restored != session
    # The same screen: the same stack, instance for instance, in a session of its own.
    original, copy = segued.stack(session), segued.stack(restored)
    assert copy["path"] == original["path"] and copy["visible"] == original["visible"]
    shots.take(second, "the second window opened the link")
    # Tapping in the second window leaves the first session where it was.
    ui.tap(second, element(scenes["editItem"], "cancel"))
    ui.no_heading(second, edit_title)
    assert segued.stack(restored)["revision"] > copy["revision"]
    assert segued.stack(session) == original
