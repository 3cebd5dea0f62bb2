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
    shots.take(driver, "swipe back held a third of the way")
    release(driver)
    methods = step.callbacks()
    assert methods == ["willMoveToParent", "viewWillDisappear", "viewWillAppear", "navigationControllerWillShow",
                       "viewIsAppearing", "viewWillDisappear", "viewWillAppear", "viewIsAppearing", "viewDidDisappear",
                       "viewDidAppear"], methods
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
    shots.take(driver, "sheet held 60 points down")
    release(driver)
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
