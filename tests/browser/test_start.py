"""The start page's list of uploaded storyboards: uploads of the same name told apart by their id and
what they hold, counts in the right number."""
import ui

from test_problems import REFUSING

# Uploads are content-addressed: a name of their own keeps other tests' sessions out of the counts.
TWIN = {**REFUSING, "name": "Twin"}


def test_uploads_of_the_same_name_are_told_apart(browser, segued, shots):
    first = segued.post("/v1/storyboards", TWIN)["id"]
    larger = {**TWIN, "scenes": {"start": TWIN["scenes"]["start"], "b": TWIN["scenes"]["b"],
                                      "c": {"title": "C"}}}
    second = segued.post("/v1/storyboards", larger)["id"]
    assert first != second
    segued.start_session(first)
    driver = browser()
    driver.get(segued.base + "/ui/")

    def entry(storyboard):
        found = driver.find_elements("css selector", f"li[data-storyboard='{storyboard}']")
        return " ".join(found[0].text.split()) if found and found[0].is_displayed() else None

    ui.wait_until(lambda: entry(first) and entry(second), "both uploads in the list")
    shots.take(driver, "two uploads named Twin")
    listed = {storyboard["id"]: storyboard for storyboard in segued.get("/v1/storyboards")["storyboards"]}

    def expected(storyboard, counts):
        warnings = len(listed[storyboard]["warnings"])
        # The warnings are a list that opens on a click: its summary says how many.
        said = {0: "", 1: " 1 warning"}.get(warnings, f" {warnings} warnings")
        return f"Open Twin {storyboard.removeprefix('sb-')[:8]} {counts}{said}"
    assert entry(first) == expected(first, "2 scenes · 1 segue · 1 session"), entry(first)
    assert entry(second) == expected(second, "3 scenes · 1 segue · 0 sessions"), entry(second)
