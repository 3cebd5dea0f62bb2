"""Issue 30, item 2: a storyboard reference to a storyboard that was not uploaded is explained on
the phone (the storyboard's name, the scene it names) and the file dropped there is added to the app,
the page then at the screen the person was on (the daemon replays the walk on the new upload); an
upload through the page is the same entry as the same file uploaded with curl; its warnings open as
a list."""
import json
import os
from pathlib import Path

import pytest

import ui

SHARED = Path(os.environ.get("SEGUED_SHARED", Path(__file__).resolve().parents[2].parent / "shared"))
STORYBOARDS = SHARED / "storyboards"
# SwiftGen's fixture: a navigation controller whose root is a reference to scene "Dependent" of
# storyboard "Dependency", which is its own file.
PLACEHOLDER = STORYBOARDS / "SwiftGen__SwiftGen__Placeholder.storyboard"
DEPENDENCY = STORYBOARDS / "SwiftGen__SwiftGen__Dependency.storyboard"
# R.swift's fixture: a view controller whose segue toAVPlayerController leads to a reference to scene
# avpVC (an AVPlayerViewController) of storyboard Specials, which is its own file.
REFERENCES = STORYBOARDS / "mac-cain13__R.swift__References.storyboard"
SPECIALS = STORYBOARDS / "mac-cain13__R.swift__Specials.storyboard"

# Drops a file on an element as the browser does for a file dragged from the desktop.
DROP = """
const [target, name, text] = arguments;
const transfer = new DataTransfer();
transfer.items.add(new File([text], name, {type: 'application/xml'}));
for (const type of ['dragenter', 'dragover', 'drop']) {
  target.dispatchEvent(new DragEvent(type, {dataTransfer: transfer, bubbles: true, cancelable: true}));
}
"""


def missing_panel(driver):
    found = [element for element in driver.find_elements("css selector", "[role=region][aria-label='Missing storyboard']")
             if element.is_displayed()]
    return found[0] if found else None


def layers(stack):
    """Each layer's root as `vcN scene kind`, bottom to top."""
    return [f"{layer['root']['id']} {layer['root']['scene']} {layer['root']['kind']}" for layer in stack["layers"]]


def test_a_missing_storyboard_is_explained_then_added_by_dropping_it(browser, segued, shots):
    if not PLACEHOLDER.exists() or not DEPENDENCY.exists():
        pytest.skip(f"the shared corpus is absent: no {PLACEHOLDER}")
    driver = browser()
    driver.get(segued.base + "/ui/")
    driver.find_element("css selector", "#file-input").send_keys(str(PLACEHOLDER))
    session = ui.wait_until(lambda: ui.session_id_from_url(driver), "a session of the uploaded storyboard")
    panel = ui.wait_until(lambda: missing_panel(driver), "the phone saying what is missing")
    said = " ".join(panel.text.split())
    assert said.startswith("Dependency.storyboard was not uploaded This screen is a storyboard reference to "
                           "the scene Dependent of storyboard Dependency."), said
    shots.take(driver, "the missing storyboard explained")

    # The page's upload is curl's: the file's own name and, the content being the same, the same one
    # entry (issue 49: a lone file keeps its name, so that a second file referencing it resolves).
    storyboard = segued.get(f"/v1/sessions/{session}")["storyboard"]
    with open(PLACEHOLDER, "rb") as file:
        by_curl = segued.request("POST", f"/v1/storyboards?name={PLACEHOLDER.stem}", file.read(), "application/xml")
    assert by_curl["id"] == storyboard and by_curl["name"] == PLACEHOLDER.stem
    assert [entry["id"] for entry in segued.get("/v1/storyboards")["storyboards"]].count(storyboard) == 1

    # Its warnings open as a list on the start page.
    ui.tap(driver, "New session")
    entry = ui.wait_until(lambda: driver.find_element("css selector", f"li[data-storyboard='{storyboard}']"),
                          "the upload in the list")
    warnings = by_curl["warnings"]
    summary = entry.find_element("css selector", "details.warnings summary")
    assert summary.text == f"{len(warnings)} warning{'s' if len(warnings) != 1 else ''}"
    summary.click()
    items = [item.text for item in entry.find_elements("css selector", "details.warnings li")]
    assert items == warnings
    assert any('storyboard "Dependency", which is not in the upload' in warning for warning in warnings), warnings
    shots.take(driver, "the upload's warnings opened")

    # Back on the session, the file dropped on the phone is added: a new session of the app with it.
    driver.back()
    panel = ui.wait_until(lambda: missing_panel(driver), "the missing storyboard again")
    driver.execute_script(DROP, panel, DEPENDENCY.name, DEPENDENCY.read_text())
    added = ui.wait_until(lambda: (lambda now: now if now not in (None, session) else None)(ui.session_id_from_url(driver)),
                          "a new session with the storyboard added")
    ui.wait_until(lambda: "ValidatePasswordViewController" in ui.visible_text(driver), "the referenced scene drawn")
    assert missing_panel(driver) is None
    shots.take(driver, "the dropped storyboard added")
    stack = segued.stack(added)
    # The launch's stack, the reference now Dependency's scene: the navigation controller's root.
    assert layers(stack) == [f"vc1 {PLACEHOLDER.stem}:vaw-kE-oZq navigationController"], layers(stack)
    assert [(child["id"], child["scene"], child["class"]) for child in stack["layers"][0]["root"]["children"]] == [
        ("vc2", "Dependency:sCq-1b-U1T", "ValidatePasswordViewController")]
    assert stack["visible"] == "vc2" and stack["path"] == ["vc1", "vc2"]
    assert segued.get(f"/v1/sessions/{added}")["storyboard"] != storyboard
    scenes = segued.storyboard(segued.get(f"/v1/sessions/{added}")["storyboard"])["storyboard"]["scenes"]
    # The bundle's scenes are named by storyboard: the reference now leads to Dependency's scene.
    assert "Dependency:sCq-1b-U1T" in scenes and not any("missingReference" in scene for scene in scenes.values())


def test_after_the_drop_the_app_is_at_the_screen_the_person_was_on(browser, segued, shots):
    if not REFERENCES.exists() or not SPECIALS.exists():
        pytest.skip(f"the shared corpus is absent: no {REFERENCES}")
    driver = browser()
    driver.get(segued.base + "/ui/")
    driver.find_element("css selector", "#file-input").send_keys(str(REFERENCES))
    session = ui.wait_until(lambda: ui.session_id_from_url(driver), "a session of the uploaded storyboard")
    # The person performs the segue from the app code menu: a reference to Specials is presented.
    ui.tap(driver, "App code…")
    ui.tap(driver, "Perform “toAVPlayerController”")
    panel = ui.wait_until(lambda: missing_panel(driver), "the presented reference saying what is missing")
    said = " ".join(panel.text.split())
    assert said.startswith("Specials.storyboard was not uploaded This screen is a storyboard reference to "
                           "the scene avpVC of storyboard Specials."), said
    before = segued.stack(session)
    assert layers(before) == ["vc1 IfC-nk-yIu viewController", "vc2 IcN-B5-zUv viewController"], layers(before)
    shots.take(driver, "the presented reference to Specials explained")

    driver.execute_script(DROP, panel, SPECIALS.name, SPECIALS.read_text())
    added = ui.wait_until(lambda: (lambda now: now if now not in (None, session) else None)(ui.session_id_from_url(driver)),
                          "a new session with Specials added")
    ui.wait_until(lambda: "AVPlayerViewController" in ui.visible_text(driver), "the referenced scene drawn where it was presented")
    assert missing_panel(driver) is None
    # The same screen on the new upload: the first view controller presenting the scene avpVC of
    # Specials, the scenes of the storyboard that was alone named by its file in the bundle.
    stack = segued.stack(added)
    assert layers(stack) == [f"vc1 {REFERENCES.stem}:IfC-nk-yIu viewController", "vc2 Specials:XiG-bv-YXF avPlayerViewController"], layers(stack)
    assert stack["visible"] == "vc2" and stack["path"] == ["vc1", "vc2"]
    assert stack["layers"][1]["presentation"]["presenting"] == "vc1"
    # No problem shown: the walk was replayed, not given up for a launch.
    assert not driver.find_element("css selector", "#problem").is_displayed()
    # The transcript has the replayed segue, and the new session's flow is its walk from launch.
    ui.wait_until(lambda: "toAVPlayerController" in driver.find_element("css selector", "#transcript").text,
                  "the replayed segue in the transcript")
    flow = segued.request_text(f"/v1/sessions/{added}/flow")
    assert "\n> segue toAVPlayerController source=vc1 trigger=programmatic\n  performed: true\n  visible: Specials:XiG-bv-YXF\n" in flow, flow
    shots.take(driver, "Specials added: the AVPlayerViewController presented as before")


def test_a_walk_that_cannot_be_replayed_starts_the_app_at_its_launch_and_says_why(browser, segued, shots):
    if not REFERENCES.exists() or not SPECIALS.exists():
        pytest.skip(f"the shared corpus is absent: no {REFERENCES}")
    driver = browser()
    driver.get(segued.base + "/ui/")
    driver.find_element("css selector", "#file-input").send_keys(str(REFERENCES))
    launched = ui.wait_until(lambda: ui.session_id_from_url(driver), "a session of the uploaded storyboard")
    segued.post(f"/v1/sessions/{launched}/segues", {"identifier": "toAVPlayerController"})
    # A session restored from a snapshot holds the screen but not how it was reached.
    snapshot = segued.get(f"/v1/sessions/{launched}/snapshot")
    restored = segued.post("/v1/sessions", {"snapshot": snapshot})["id"]
    driver.get(f"{segued.base}/ui/sessions/{restored}")
    panel = ui.wait_until(lambda: missing_panel(driver), "the restored screen saying what is missing")
    driver.execute_script(DROP, panel, SPECIALS.name, SPECIALS.read_text())
    added = ui.wait_until(lambda: (lambda now: now if now not in (None, restored) else None)(ui.session_id_from_url(driver)),
                          "a new session with Specials added")
    said = ui.problem(driver, "urn:segued:problem:flow-unavailable")
    assert "Specials.storyboard was added; the app starts at its launch, since this session's walk could not be replayed" in said, said
    assert f'Session "{restored}" has no flow: it was restored from a snapshot' in said, said
    stack = segued.stack(added)
    assert layers(stack) == [f"vc1 {REFERENCES.stem}:IfC-nk-yIu viewController"], layers(stack)
    ui.wait_until(lambda: "FirstViewController" in ui.visible_text(driver), "the launch drawn")
    assert missing_panel(driver) is None
    shots.take(driver, "the walk not replayed: the launch, and the banner saying why")
