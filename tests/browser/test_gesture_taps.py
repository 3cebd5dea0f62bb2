"""Issue 50, item 1: gesture recognizers, tapped in the page (spec §5.13). A storyboard of ours
(apps/Gestures/Main.storyboard) whose label has a swipe recognizer that presents duckduckgo/iOS's
action sheet, dropped with that app's DaxOnboarding and HomeRow storyboards and the two controllers'
sources (Tests/StoryboardTests/Fixtures/Gestures, apps/MANIFEST): the swipe performs its segue, the
sheet's tap outside its dialog runs `onTapOutside:` (a `guard`, then `dismiss(animated: true)`), and
HomeRow's "Play Video Tap" runs app code only. Each is drawn as an outlined area after its view,
with its gesture's icon and the gesture in words, and each tap is `POST …/actions {"type": "tap"}`."""
from pathlib import Path

import transcript
import ui
from test_code_actions import header_of_last_operation, popover
from test_real_apps import APPS, drop, layout_settled, started

FIXTURES = Path(__file__).resolve().parents[2] / "Tests" / "StoryboardTests" / "Fixtures" / "Gestures"
SHEET_SOURCE = "ActionSheetDaxDialogViewController.swift"
FINISHED = "daxDialogViewController?.isFinished ?? true"


def dropped(driver, segued):
    """The app dropped: our Main, duckduckgo's two storyboards and the two sources."""
    files = [APPS / "Gestures" / "Main.storyboard", FIXTURES / "DaxOnboarding.storyboard", FIXTURES / "HomeRow.storyboard",
             FIXTURES / SHEET_SOURCE, FIXTURES / "HomeRowInstructionsViewController.swift"]
    drop(driver, segued, [str(path) for path in files])
    session, _ = started(driver, segued)
    ui.wait_until(lambda: layout_settled(driver), "the icon font loaded")
    return session


def area(driver, label):
    """The displayed gesture area named `label`."""
    return ui.wait_until(lambda: next((element for element in driver.find_elements("css selector", "#screen .gesture-area")
                                       if element.is_displayed() and element.get_attribute("aria-label") == label), None),
                         f"the gesture area {label!r}")


def test_a_swipe_and_a_tap_outside_are_tapped_as_the_app_performs_them(browser, segued, shots):
    driver = browser()
    session = dropped(driver, segued)
    swipe = area(driver, "Swipe up on Tips")
    assert swipe.get_attribute("data-gesture") == "swipe"
    # The swipe's icon, after the label it is attached to; the name already says the gesture.
    assert swipe.find_element("css selector", ".gesture-icon").text == "\ueb2e"
    assert not swipe.find_elements("css selector", ".gesture-kind")
    labels = [element.get_attribute("aria-label") or element.text
              for element in driver.find_elements("css selector", "#screen .ios-label, #screen .gesture-area")]
    assert labels[labels.index("Tips") + 1] == "Swipe up on Tips", labels
    assert swipe.get_attribute("title").startswith("Swipe up on Tips — a tap here makes the gesture."), swipe.get_attribute("title")
    shots.take(driver, "Home: the swipe on Tips drawn after the label, with its icon")

    # Tapped, it performs its segue as the storyboard does (shouldPerformSegue asked).
    step = transcript.Step(driver, segued, session)
    swipe.click()
    methods = step.callbacks()
    assert methods[0] == "shouldPerformSegue", methods
    stack = segued.stack(session)
    assert len(stack["layers"]) == 2, stack
    # The header names the segue by the recognizer, as for a button's segue without an identifier.
    header = header_of_last_operation(driver, "TAP “Swipe up on Tips”")
    assert header == f"TAP “Swipe up on Tips” (id g2) (presentation) · revision {stack['revision']}", header

    # The sheet's tap outside its dialog: onTapOutside:'s guard is a condition to choose.
    outside = area(driver, "Tap on HighlightCutOutView")
    assert outside.get_attribute("data-selector") == "onTapOutside:"
    shots.take(driver, "the action sheet presented by the swipe; its tap outside the dialog drawn on its view")
    before = transcript.last_seq(segued, session)
    outside.click()
    chooser = popover(driver, "chooser")
    choices = [element.get_attribute("data-when") for element in chooser.find_elements("css selector", ".code-choice")]
    assert choices == [FINISHED], choices
    assert "dismiss(animated:)" in chooser.text, chooser.text
    shots.take(driver, "the tap outside asks which condition holds")
    assert transcript.last_seq(segued, session) == before
    sheet = segued.stack(session)["visible"]
    step = transcript.Step(driver, segued, session)
    chooser.find_element("css selector", ".code-choice").click()
    methods = step.callbacks()
    ui.wait_until(lambda: len(segued.stack(session)["layers"]) == 1, "the sheet dismissed")
    # Exactly the code's dismiss(animated:) on the sheet, on a second session at the same screen.
    twin = segued.start_session(segued.get(f"/v1/sessions/{session}")["storyboard"])["id"]
    segued.post(f"/v1/sessions/{twin}/actions", {"type": "tap", "control": "Swipe up on Tips"})
    code = segued.post(f"/v1/sessions/{twin}/actions", {"type": "dismiss", "target": sheet})
    assert [(event["vc"], event["method"]) for event in step.events()] == \
        [(event["vc"], event["method"]) for event in code["events"]]
    assert methods[0] == "dismiss" and methods[-2:] == ["deinit", "deinit"], methods
    header = header_of_last_operation(driver, "TAP Tap on HighlightCutOutView")
    assert f"· {SHEET_SOURCE}:91 · when {FINISHED}" in header, header
    shots.take(driver, "the sheet dismissed by the tap outside, the code's callbacks in the transcript")
    # The walk records taps by the recognizers' names.
    flow = segued.request_text(f"/v1/sessions/{session}/flow")
    assert '> tap "Swipe up on Tips"' in flow and '> tap "Tap on HighlightCutOutView"' in flow, flow


def test_a_recognizer_whose_method_navigates_nowhere_runs_app_code_only(browser, segued, shots):
    driver = browser()
    session = dropped(driver, segued)
    ui.tap(driver, "Instructions")
    ui.wait_until(lambda: len(segued.stack(session)["layers"]) == 2, "the instructions presented")
    play = area(driver, "Play Video Tap")
    # Named by its Interface Builder label, so the gesture is said beside it.
    assert play.find_element("css selector", ".gesture-kind").text == "Tap"
    assert play.find_element("css selector", ".gesture-icon").text == "\ue913"
    shots.take(driver, "HomeRow's instructions: Play Video Tap drawn after the view it is attached to")
    revision = segued.stack(session)["revision"]
    play.click()
    note = popover(driver, "app-code-only")
    assert note.text.startswith("Play Video Tap: runs app code only\nplayVideo (HomeRowInstructionsViewController.swift:48)"), note.text
    assert segued.stack(session)["revision"] == revision
    shots.take(driver, "Play Video Tap: runs app code only")
