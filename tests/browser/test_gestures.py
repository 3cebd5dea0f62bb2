"""What a person's fingers do (issue 51, spec §5.12), with Selenium's pointer actions: an edge drag
from the left swipes back (abandoned half-way it is cancelled, carried past half the width it
finishes), a sheet's grab handle pulls it down and lets it go, and the rotate button turns an iPad.
Each phase is an `interactivePop` / `pullDown` action; the transcript shows the callbacks as the
event log has them."""
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.actions import interaction

import ui
from test_demo import element_triggering
from transcript import Step


def screen_rect(driver):
    return driver.execute_script(
        "const r = document.getElementById('screen').getBoundingClientRect();"
        "return {left: r.left, top: r.top, width: r.width, height: r.height};")


def drag(driver, start, end, steps=10, pause=0.06, up=True):
    """Presses the mouse at `start` (viewport x, y), moves it to `end` in `steps` moves `pause`
    seconds apart and, with `up`, releases it; answers the builder (pressed, when not `up`)."""
    builder = ActionBuilder(driver, mouse=PointerInput(interaction.POINTER_MOUSE, "finger"))
    action = builder.pointer_action
    action.move_to_location(int(start[0]), int(start[1]))
    action.pointer_down()
    for step in range(1, steps + 1):
        action.move_to_location(int(start[0] + (end[0] - start[0]) * step / steps),
                                int(start[1] + (end[1] - start[1]) * step / steps))
        action.pause(pause)
    builder.perform()
    if up:
        release(driver)


def release(driver):
    builder = ActionBuilder(driver, mouse=PointerInput(interaction.POINTER_MOUSE, "finger"))
    builder.pointer_action.pointer_up()
    builder.perform()


def ended(segued, session):
    """Waits for the gesture's last phase: the page slides the views on for a moment after the
    finger lifts, then sends `finish` or `cancel`, which ends the stack's `transition`."""
    ui.wait_until(lambda: "transition" not in segued.stack(session), "the gesture to finish or be cancelled")


def start_demo(driver, segued, traits=None):
    options = {"traits": traits} if traits else {}
    session = segued.start_session("demo", **options)["id"]
    driver.get(f"{segued.base}/ui/sessions/{session}")
    ui.heading(driver, "Items")
    return session


def test_a_swipe_back_abandoned_half_way_and_one_completed(browser, segued, shots):
    driver = browser()
    session = start_demo(driver, segued)
    scenes = segued.storyboard("demo")["storyboard"]["scenes"]
    ui.tap(driver, element_triggering(scenes["itemList"], "showItem"))
    detail = ui.scene_title(scenes["itemDetail"])
    ui.heading(driver, detail)
    rect = screen_rect(driver)
    middle = rect["top"] + rect["height"] / 2

    # Abandoned: dragged a third of the way, slowly, then let go.
    step = Step(driver, segued, session)
    drag(driver, (rect["left"] + 4, middle), (rect["left"] + rect["width"] * 0.3, middle), up=False)
    ui.wait_until(lambda: segued.stack(session).get("transition"), "the swipe to begin")
    # Mid-swipe the revealed screen (the list, still in the stack under the detail) is drawn beneath
    # the detail, partly slid in from the left, and the detail has moved right with the finger.
    revealed = lambda: driver.execute_script(
        "const r = document.querySelector('.navigation-content.swiping > .revealed'); if (!r) return null;"
        "const top = r.parentElement.querySelector(':scope > .vc');"
        "return {id: r.dataset.revealed, text: r.textContent, left: r.getBoundingClientRect().left,"
        " topLeft: top.getBoundingClientRect().left, contentLeft: r.parentElement.getBoundingClientRect().left};")
    drawn = ui.wait_until(lambda: (lambda r: r if r and r["topLeft"] > r["contentLeft"] + 20 else None)(revealed()),
                          "the revealed list beneath the moved detail")
    assert drawn["id"] == "vc3", drawn
    assert all(row in drawn["text"] for row in ("Notebook", "Fountain pen", "Desk lamp")), drawn
    assert drawn["contentLeft"] - rect["width"] * 0.3 < drawn["left"] < drawn["contentLeft"], drawn
    shots.take(driver, "swipe back held a third of the way")
    release(driver)
    ended(segued, session)
    methods = step.callbacks()
    # The revealed list goes out whole, then the detail comes back (docs/behaviour-notes.md §5.12 rule 1).
    assert methods == ["willMoveToParent", "viewWillDisappear", "viewWillAppear", "navigationControllerWillShow",
                       "viewIsAppearing", "viewWillDisappear", "viewDidDisappear", "viewWillAppear", "viewIsAppearing",
                       "viewDidAppear"], methods
    ui.wait_until(lambda: revealed() is None, "the revealed list to go once the swipe is cancelled")
    assert "transition" not in segued.stack(session)
    ui.heading(driver, detail)
    phases = driver.execute_script("return [...document.querySelectorAll('.op-name')].map(e => e.textContent)")
    # Each phase is its own entry, named as the flow step the daemon logged it as, and the two sit
    # under one heading: the gesture and how it ended (issue 51, item 6).
    assert phases[-2:] == ["swipeBack begin", "swipeBack cancel"], phases
    gestures = lambda: driver.execute_script(
        "return [...document.querySelectorAll('.gesture-group')].map(g => [g.querySelector('.gesture-head').textContent,"
        " [...g.querySelectorAll('.op-name')].map(e => e.textContent)])")
    ui.wait_until(lambda: gestures() == [["gesture swipe back · cancelled", ["swipeBack begin", "swipeBack cancel"]]],
                  f"the swipe's phases under one heading: {gestures()}")
    shots.take(driver, "swipe back abandoned: the detail stays")

    # Completed: carried past half the width.
    step = Step(driver, segued, session)
    drag(driver, (rect["left"] + 4, middle), (rect["left"] + rect["width"] * 0.8, middle))
    ui.wait_until(lambda: segued.stack(session)["path"][-1] == "vc3", "the swipe to finish")
    methods = step.callbacks()
    assert methods[-5:] == ["viewDidDisappear", "viewDidAppear", "didMoveToParent", "navigationControllerDidShow", "deinit"], methods
    ui.heading(driver, "Items")
    assert segued.stack(session)["path"][-1] == "vc3"
    ui.wait_until(lambda: [g[0] for g in gestures()] == ["gesture swipe back · cancelled", "gesture swipe back · finished"],
                  f"both swipes under their headings: {gestures()}")
    shots.take(driver, "swipe back completed: the list")


def test_a_sheet_pulled_and_released_then_pulled_away(browser, segued, shots):
    driver = browser()
    session = start_demo(driver, segued)
    step = Step(driver, segued, session)
    ui.tap(driver, element_triggering(segued.storyboard("demo")["storyboard"]["scenes"]["itemList"], "addItem"))
    step.callbacks()
    grabber = ui.wait_until(lambda: driver.execute_script(
        "const g = document.querySelector('.grabber'); if (!g) return null;"
        "const r = g.getBoundingClientRect(); return {x: r.left + r.width / 2, y: r.top + r.height / 2};"),
        "the sheet's grab handle")
    shots.take(driver, "sheet presented")

    # Pulled a little and let go: it snaps back.
    step = Step(driver, segued, session)
    drag(driver, (grabber["x"], grabber["y"]), (grabber["x"], grabber["y"] + 60), up=False)
    ui.wait_until(lambda: segued.stack(session).get("transition"), "the pull to begin")
    # The presenter is visible beneath, brightening as the sheet goes down.
    beneath = ui.wait_until(lambda: driver.execute_script(
        "const b = document.querySelector('.window > .receded'); return b && !b.hidden && b.style.filter ? b.style.filter : null;"),
        "the presenter beneath the pulled sheet")
    assert beneath.startswith("brightness(") and 0.62 < float(beneath[len("brightness("):-1]) < 1, beneath
    shots.take(driver, "sheet held 60 points down")
    release(driver)
    ended(segued, session)
    methods = step.callbacks()
    assert methods[:3] == ["presentationControllerShouldDismiss", "presentationControllerWillDismiss", "viewWillDisappear"], methods
    assert "presentationControllerDidDismiss" not in methods and "dismiss" not in methods, methods
    assert methods[-1] == "viewDidAppear", methods
    assert len(segued.stack(session)["layers"]) == 2
    shots.take(driver, "sheet let go: back in place")

    # Pulled most of the way down: it goes, and the delegate hears it; no code dismiss.
    step = Step(driver, segued, session)
    rect = screen_rect(driver)
    drag(driver, (grabber["x"], grabber["y"]), (grabber["x"], rect["top"] + rect["height"] * 0.9), pause=0.05)
    ui.wait_until(lambda: len(segued.stack(session)["layers"]) == 1, "the pull to finish")
    methods = step.callbacks()
    assert "presentationControllerDidDismiss" in methods and "dismiss" not in methods, methods
    assert methods.count("deinit") == 2, methods
    ui.wait_until(lambda: len(segued.stack(session)["layers"]) == 1, "the sheet to be gone")
    ui.heading(driver, "Items")
    shots.take(driver, "sheet pulled away")


def test_a_rotation_on_the_ipad(browser, segued, shots):
    driver = browser(1400, 950)
    session = start_demo(driver, segued, traits={"idiom": "pad", "horizontalSizeClass": "regular"})
    shots.take(driver, "ipad in landscape")
    step = Step(driver, segued, session)
    ui.tap(driver, "Rotate")
    methods = step.callbacks()
    assert set(methods) == {"viewWillTransitionToSize"}, methods
    sizes = [event["args"]["size"] for event in step.events()]
    assert sizes and all(size == {"width": 820, "height": 1180} for size in sizes), sizes
    ui.wait_until(lambda: driver.execute_script(
        "const r = document.getElementById('device').getBoundingClientRect(); return r.height > r.width;"),
        "the device to stand upright")
    shots.take(driver, "ipad turned upright")


def test_a_max_phone_turned_is_regular_width(browser, segued, shots):
    """The page's iPhone is Max-class (430x932): turned, UIKit makes it regular width, so the library
    tab's split view expands into columns; upright again it collapses (docs/behaviour-notes.md §5.12
    rule 8)."""
    driver = browser(1400, 950)
    session = start_demo(driver, segued)
    driver.execute_script("document.querySelectorAll('.tab-bar .tab-item')[2].click()")
    ui.wait_until(lambda: segued.stack(session)["path"][1] == "vc6", "the library tab")
    step = Step(driver, segued, session)
    ui.tap(driver, "Rotate")
    methods = step.callbacks()
    assert methods[0] == "willTransitionToTraitCollection" and "separateSecondary" in methods, methods
    assert methods[-1] == "traitCollectionDidChange", methods
    sizes = {(event["args"]["size"]["width"], event["args"]["size"]["height"])
             for event in step.events() if event["method"] == "viewWillTransitionToSize"}
    assert sizes == {(932, 430)}, sizes
    ui.wait_until(lambda: driver.execute_script(
        "const r = document.getElementById('device').getBoundingClientRect(); return r.width > r.height"
        " && document.querySelectorAll('.split-column').length >= 2;"),
        "the phone on its side with the split's columns")
    shots.take(driver, "max iphone turned: split expanded")
    step = Step(driver, segued, session)
    ui.tap(driver, "Rotate")
    methods = step.callbacks()
    assert "collapseSecondary" in methods, methods
    ui.wait_until(lambda: driver.execute_script("return !document.querySelector('.split-column')"), "the split collapsed")
