"""Two windows on one session stay in step through the event stream, and so does a window watching a
harness that drives the session over the API (issue 20: "open any session at /ui/sessions/{id}")."""
import ui
from transcript import Step


def open_session(driver, segued, session, shots, step):
    driver.get(f"{segued.base}/ui/sessions/{session}")
    ui.heading(driver, "Items")
    shots.take(driver, step)


def test_two_windows_and_a_harness_in_step(browser, segued, shots):
    scenes = segued.storyboard("demo")["storyboard"]["scenes"]
    list_title, detail_title, edit_title = (ui.scene_title(scenes[name])
                                            for name in ("itemList", "itemDetail", "editItem"))
    session = segued.start_session("demo")["id"]
    first, second = browser(), browser()
    open_session(first, segued, session, shots, "first window opened")
    open_session(second, segued, session, shots, "second window opened")

    # A tap in the first window: the second follows, both transcripts show the same callbacks.
    steps = [Step(window, segued, session) for window in (first, second)]
    cell = [name for name, trigger in ui.triggers(scenes["itemList"])
            if trigger.get("identifier") == "showItem"][0]
    ui.tap(first, cell)
    for window in (first, second):
        ui.heading(window, detail_title)
    assert steps[0].callbacks() == steps[1].callbacks()
    shots.take(first, "first window tapped a cell")
    shots.take(second, "second window followed")

    # A harness drives the session over the API: both windows follow.
    steps = [Step(window, segued, session) for window in (first, second)]
    segued.post(f"/v1/sessions/{session}/segues", {"identifier": "editItem"})
    for window in (first, second):
        ui.heading(window, edit_title)
        ui.no_heading(window, detail_title)
    assert steps[0].callbacks() == steps[1].callbacks()
    shots.take(first, "harness presented the edit form (first)")
    shots.take(second, "harness presented the edit form (second)")

    steps = [Step(window, segued, session) for window in (first, second)]
    segued.post(f"/v1/sessions/{session}/unwind", {"action": "saveEdit:"})
    for window in (first, second):
        ui.heading(window, detail_title)
        ui.no_heading(window, edit_title)
    unwound = steps[0].callbacks()
    assert unwound == steps[1].callbacks() and "unwindAction" in unwound

    # The second window acts now; the first follows.
    steps = [Step(window, segued, session) for window in (first, second)]
    back = ui.back_button(second, list_title, len(ui.buttons(second, list_title)) - 1)
    back.click()
    for window in (first, second):
        ui.heading(window, list_title)
        ui.no_heading(window, detail_title)
    assert steps[0].callbacks() == steps[1].callbacks()
    shots.take(first, "second window went back, first followed")
    assert len(segued.stack(session)["path"]) == 3  # tabs, items navigation, list
