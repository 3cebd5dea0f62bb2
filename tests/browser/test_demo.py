"""The demo app, tapped through as a person would (issue 20, "How it is shown"): a cell pushes the
detail, Edit presents the edit form, Save unwinds, and the transcript beside the screen shows what
UIKit called, exactly as the session's event log has it."""
import pytest

import ui
from transcript import Step


@pytest.fixture(scope="module")
def demo(segued):
    """The demo storyboard's scenes, as GET /v1/storyboards/demo answers (the app draws from it)."""
    return segued.storyboard("demo")["storyboard"]["scenes"]


def element_triggering(scene, identifier):
    """The accessible name of the scene's element (bar button or control) that performs the segue
    or unwind `identifier`, as the scene UI names it."""
    names = [name for name, trigger in ui.triggers(scene) if trigger.get("identifier") == identifier]
    assert names, f"the demo's scene UI has no element triggering {identifier!r}: {scene.get('ui')}"
    return names[0]


def start_demo(driver, segued, shots):
    """Opens /ui/ and starts the demo with the page's own button; answers the new session's id."""
    driver.get(segued.base + "/ui/")
    shots.take(driver, "start page")
    name = ui.wait_until(lambda: demo_button_name(driver), "a button that starts the demo")
    ui.tap(driver, name)
    return ui.wait_until(lambda: ui.session_id_from_url(driver), "the page to move to /ui/sessions/{id}")


def demo_button_name(driver):
    for element in driver.find_elements("css selector", ui.BUTTONS):
        if element.is_displayed() and "demo" in element.accessible_name.lower():
            return element.accessible_name.strip()
    return None


def map_highlights(driver):
    """The scenes the map highlights: on screen, and the visible one."""
    return driver.execute_script("""
      const scenes = [...document.querySelectorAll('svg [data-scene]')].filter(g => g.getClientRects().length);
      if (!scenes.length) return null;
      const having = name => scenes.filter(g => g.classList.contains(name)).map(g => g.dataset.scene);
      return {onScreen: having('map-scene--on-screen'), visible: having('map-scene--visible')};
    """)


def test_demo_push_edit_save(browser, segued, demo, shots):
    driver = browser()
    session = start_demo(driver, segued, shots)
    list_title = ui.scene_title(demo["itemList"])
    detail_title = ui.scene_title(demo["itemDetail"])
    edit_title = ui.scene_title(demo["editItem"])
    ui.heading(driver, list_title)
    shots.take(driver, "items list")

    # A cell pushes the detail: its title is the heading, the back button names the list.
    step = Step(driver, segued, session)
    named_like_the_list = len(ui.buttons(driver, list_title))  # the tab item may be one
    ui.tap(driver, element_triggering(demo["itemList"], "showItem"))
    ui.heading(driver, detail_title)
    ui.back_button(driver, list_title, named_like_the_list)  # named with the previous title
    pushed = step.callbacks()
    assert pushed[0] == "shouldPerformSegue" and "prepareForSegue" in pushed, pushed
    shots.take(driver, "detail pushed")

    # The map beside the transcript: the detail is the visible scene, the list under it on screen.
    ui.tab(driver, "Map").click()
    highlighted = ui.wait_until(lambda: map_highlights(driver), "the map with the scenes on screen")
    assert highlighted["visible"] == ["itemDetail"], highlighted
    assert {"tabs", "itemsNav", "itemDetail"} <= set(highlighted["onScreen"]), highlighted
    assert "editItem" not in highlighted["onScreen"], highlighted
    shots.take(driver, "map of the demo")
    ui.tab(driver, "Transcript").click()

    # Edit presents the form in its own navigation controller, full screen: the detail is covered.
    step = Step(driver, segued, session)
    ui.tap(driver, element_triggering(demo["itemDetail"], "editItem"))
    ui.heading(driver, edit_title)
    ui.no_heading(driver, detail_title)
    presented = step.callbacks()
    assert "prepareForSegue" in presented and "present" in presented, presented
    assert segued.stack(session)["layers"][-1]["presentation"]["style"] == "fullScreen"
    shots.take(driver, "edit presented")

    # Save unwinds to the nearest implementer of saveEdit:, the detail.
    step = Step(driver, segued, session)
    ui.tap(driver, element_triggering(demo["editItem"], "save"))
    ui.heading(driver, detail_title)
    ui.no_heading(driver, edit_title)
    unwound = step.callbacks()
    assert "prepareForSegue" in unwound and "unwindAction" in unwound, unwound
    assert [event["args"]["action"] for event in step.events()
            if event["method"] == "unwindAction"] == ["saveEdit:"]
    assert len(segued.stack(session)["layers"]) == 1
    shots.take(driver, "saved and unwound to the detail")


def test_demo_add_then_cancel_from_the_list(browser, segued, demo, shots):
    driver = browser()
    session = start_demo(driver, segued, shots)
    list_title = ui.scene_title(demo["itemList"])
    edit_title = ui.scene_title(demo["editItem"])
    ui.heading(driver, list_title)

    step = Step(driver, segued, session)
    ui.tap(driver, element_triggering(demo["itemList"], "addItem"))
    ui.heading(driver, edit_title)
    step.callbacks()
    presentation = segued.stack(session)["layers"][-1]["presentation"]
    assert presentation is not None and presentation["style"] != "fullScreen", presentation
    shots.take(driver, "add sheet over the list")

    step = Step(driver, segued, session)
    ui.tap(driver, element_triggering(demo["editItem"], "cancel"))
    ui.heading(driver, list_title)
    ui.no_heading(driver, edit_title)
    assert "unwindAction" in step.callbacks()
    assert [event["args"]["action"] for event in step.events()
            if event["method"] == "unwindAction"] == ["cancelEdit:"]
    assert len(segued.stack(session)["layers"]) == 1
    shots.take(driver, "cancelled back to the list")


def test_demo_back_button_pops(browser, segued, demo, shots):
    driver = browser()
    session = start_demo(driver, segued, shots)
    list_title = ui.scene_title(demo["itemList"])
    detail_title = ui.scene_title(demo["itemDetail"])
    ui.heading(driver, list_title)
    named_like_the_list = len(ui.buttons(driver, list_title))
    ui.tap(driver, element_triggering(demo["itemList"], "showItem"))
    ui.heading(driver, detail_title)
    back = ui.back_button(driver, list_title, named_like_the_list)
    shots.take(driver, "detail")

    step = Step(driver, segued, session)
    back.click()
    ui.heading(driver, list_title)
    ui.no_heading(driver, detail_title)
    popped = step.callbacks()
    assert popped[-1] == "deinit", popped  # the detail is released
    assert len(segued.stack(session)["path"]) == 3
    shots.take(driver, "popped back to the list")
