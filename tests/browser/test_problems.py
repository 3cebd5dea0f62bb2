"""A refused action is shown as the API states it: the problem's title and type, the screen and the
session left as they were (issue 20: "problems shown as the API states them")."""
import json

from selenium.webdriver.support.ui import Select

import ui

# A button whose push segue has no navigation controller to push on: UIKit raises, segued refuses
# with 409 push-without-navigation-controller.
REFUSING = {
    "format": "segued.storyboard/1",
    "name": "Refusal",
    "initialScene": "start",
    "scenes": {
        "start": {
            "title": "Start",
            "segues": [{"identifier": "pushB", "kind": "push", "destination": "b"}],
            "ui": {"controls": [{"type": "button", "text": "Push B",
                                 "trigger": {"kind": "push", "identifier": "pushB", "id": None,
                                             "action": None}}]},
        },
        "b": {"title": "B"},
    },
}


def test_refused_tap_shows_the_problem(browser, segued, shots):
    storyboard = segued.post("/v1/storyboards", REFUSING)["id"]
    session = segued.start_session(storyboard)
    before = segued.stack(session["id"])
    driver = browser()
    driver.get(f"{segued.base}/ui/sessions/{session['id']}")
    ui.heading(driver, "Start")
    shots.take(driver, "start")

    ui.tap(driver, "Push B")
    alert = ui.problem(driver, "urn:segued:problem:push-without-navigation-controller")
    assert "Not possible in the current state" in alert, alert
    assert "409" in alert, alert
    shots.take(driver, "problem shown")
    # Shown beside the app, not over it: the device (its navigation bar included) stays uncovered.
    assert not ui.problem_covers_device(driver)
    ui.heading(driver, "Start")
    ui.no_heading(driver, "B")
    assert segued.stack(session["id"]) == before, json.dumps(segued.stack(session["id"]))


def test_refused_app_code_action_shows_the_problem(browser, segued, shots):
    session = segued.start_session("demo")["id"]
    before = segued.stack(session)
    driver = browser()
    driver.get(f"{segued.base}/ui/sessions/{session}")
    ui.heading(driver, "Items")
    # Pushing a navigation controller (the demo's EditForm) by its storyboard identifier: UIKit
    # raises, segued refuses with 409. (Popping the root is no refusal: UIKit does nothing, and segued
    # answers performed: false.)
    ui.tap(driver, "App code…")
    Select(ui.wait_until(lambda: driver.find_element("css selector", "select[aria-label='Storyboard identifier']"),
                         "the storyboard identifier menu")).select_by_value("EditForm")
    ui.tap(driver, "Push")
    alert = ui.problem(driver, "urn:segued:problem:pushing-navigation-controller")
    assert "Not possible in the current state" in alert, alert
    shots.take(driver, "cannot push a navigation controller")
    assert not ui.problem_covers_device(driver)
    ui.heading(driver, "Items")
    # The navigation bar stays tappable while the problem is shown, and Close dismisses it.
    ui.button(driver, "Add")
    ui.tap(driver, "Close")
    ui.wait_until(lambda: not ui.problem_shown(driver, "urn:segued:problem:pushing-navigation-controller"),
                  "the problem to be dismissed")
    assert segued.stack(session) == before
