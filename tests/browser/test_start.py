"""The start page's list of uploaded storyboards: uploads of the same name told apart by their id and
what they hold, counts in the right number."""
import ui

from test_problems import REFUSING


def test_uploads_of_the_same_name_are_told_apart(browser, segued, shots):
    first = segued.post("/v1/storyboards", REFUSING)["id"]
    smaller = {**REFUSING, "scenes": {"start": REFUSING["scenes"]["start"], "b": REFUSING["scenes"]["b"],
                                      "c": {"title": "C"}}}
    second = segued.post("/v1/storyboards", smaller)["id"]
    assert first != second
    segued.start_session(first)
    driver = browser()
    driver.get(segued.base + "/ui/")

    def entry(storyboard):
        found = driver.find_elements("css selector", f"li[data-storyboard='{storyboard}']")
        return " ".join(found[0].text.split()) if found and found[0].is_displayed() else None

    ui.wait_until(lambda: entry(first) and entry(second), "both uploads in the list")
    shots.take(driver, "two uploads named Refusal")
    listed = {storyboard["id"]: storyboard for storyboard in segued.get("/v1/storyboards")["storyboards"]}

    def expected(storyboard, counts):
        warnings = len(listed[storyboard]["warnings"])
        said = {0: "", 1: " · 1 warning"}.get(warnings, f" · {warnings} warnings")
        return f"Open Refusal {storyboard.removeprefix('sb-')[:8]} {counts}{said}"
    assert entry(first) == expected(first, "2 scenes · 1 segue · 1 session"), entry(first)
    assert entry(second) == expected(second, "3 scenes · 1 segue · 0 sessions"), entry(second)
