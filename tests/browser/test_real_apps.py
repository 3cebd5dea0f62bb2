"""Issue 49, items 1 and 2: real apps' storyboards, several files each with their Info.plist (from
their public repositories: apps/MANIFEST), start on the app's first screen as UIKit would launch them,
and look like the app: image buttons drawn as icons (SF Symbols as Material Design icons), named by
their Interface Builder label, tabs with their titles. Without an Info.plist and without a Main, the
page asks where the app starts and remembers the answer with the upload."""
from pathlib import Path

import pytest

import ui

APPS = Path(__file__).parent / "apps"

# Each app's files, where its Info.plist starts it (storyboard, scene), and what its first screen shows.
CASES = {
    "GoMap": {"entry": "MainStoryboard", "scene": "MainStoryboard:2", "class": "MainViewController",
              "symbols": ["arrow.uturn.left", "arrow.uturn.right", "magnifyingglass", "map", "icloud.and.arrow.up",
                          "gear", "plus", "location"]},
    "iNaturalist": {"entry": "MainStoryboard", "scene": "MainStoryboard:ln2-Xm-kuL", "class": "INatTabBarController"},
    "Habitica": {"entry": "Intro", "scene": "Intro:upQ-EI-E3w", "class": "LoadingViewController"},
    "DuckDuckGo": {"entry": "Main", "scene": "Main:C1X-Zd-UbA", "class": "MainViewController"},
}


def files_of(app, plist=True):
    return sorted(str(path) for path in (APPS / app).iterdir()
                  if path.suffix == ".storyboard" or (plist and path.suffix == ".plist"))


def drop(driver, segued, paths):
    driver.get(segued.base + "/ui/")
    driver.find_element("css selector", "#file-input").send_keys("\n".join(paths))


def started(driver, segued):
    session = ui.wait_until(lambda: ui.session_id_from_url(driver), "a session of the app")
    return session, segued.get(f"/v1/sessions/{session}")


def symbols(driver):
    """The system symbols drawn on the phone, as the storyboard names them."""
    return [element.get_attribute("data-symbol") for element in
            driver.find_elements("css selector", "#screen .symbol") if element.is_displayed()]


def layout_settled(driver):
    return driver.execute_script("return document.fonts.status === 'loaded'")


@pytest.mark.parametrize("app", list(CASES))
def test_a_real_app_starts_where_its_info_plist_says(browser, segued, shots, app):
    case = CASES[app]
    driver = browser()
    drop(driver, segued, files_of(app))
    session, described = started(driver, segued)
    stack = segued.stack(session)
    storyboard = segued.storyboard(described["storyboard"])
    assert storyboard["entry"] == case["entry"] and storyboard["name"] == case["entry"], (storyboard["name"], storyboard["entry"])
    root = stack["layers"][0]["root"]
    assert (root["scene"], root["class"]) == (case["scene"], case["class"]), root
    # The status says what started it, and no "null" for an upload without warnings.
    status = driver.find_element("css selector", "#upload-status").get_attribute("textContent")
    assert status.startswith(f"Uploaded {', '.join(sorted(Path(path).name for path in files_of(app, plist=False)))} as “{case['entry']}” ("), status
    assert "null" not in status, status
    ui.wait_until(lambda: layout_settled(driver), "the icon font loaded")
    assert symbols(driver) == case.get("symbols", []), symbols(driver)
    shots.take(driver, f"{app} on its first screen")


def overlap(driver, first, second):
    """Whether two elements' boxes overlap horizontally."""
    return driver.execute_script("""
        const [a, b] = [arguments[0].getBoundingClientRect(), arguments[1].getBoundingClientRect()];
        return a.right > b.left && b.right > a.left;""", first, second)


def test_gomap_looks_like_the_app_icons_named_buttons_and_a_back_title_that_fits(browser, segued, shots):
    """GoMap's map screen: its image buttons are icons, named by their Interface Builder label or
    image (the search button is "Search Button", the settings one "gear"); in Settings, the back
    button beside "Advanced Settings" does not run into the title."""
    driver = browser()
    drop(driver, segued, files_of("GoMap"))
    session, _ = started(driver, segued)
    ui.wait_until(lambda: layout_settled(driver), "the icon font loaded")
    assert ui.button(driver, "Search Button").find_element("css selector", ".symbol").text != ""
    assert [button.get_attribute("aria-label") for button in ui.buttons(driver, "Compass")] == ["Compass"]
    ui.tap(driver, "gear")
    ui.heading(driver, "Settings")
    shots.take(driver, "GoMap settings presented")
    ui.tap(driver, "Advanced Settings")
    title = ui.heading(driver, "Advanced Settings")
    back = driver.find_element("css selector", "#screen .back-button")
    shown = back.text.strip()
    # The previous title when it fits, else "Back", else the chevron alone: never over the title.
    assert shown in ("Settings", "Back", ""), shown
    assert not overlap(driver, back, title)
    shots.take(driver, "GoMap advanced settings, the back title beside the title")


def test_a_walk_saved_as_a_test_from_a_multi_file_drop_passes_segued_test(browser, segued, shots, tmp_path):
    """Issue 49, item 4, through the page: GoMap's files dropped together, its search button tapped,
    Save as test; the flow names the folder it is put in as the app (`app: .`, with the entry), and
    put in a copy of the app's folder it passes `segued test`, in process and on a fresh daemon."""
    import shutil
    from conftest import start_daemon
    from test_share import downloaded, run_flows

    downloads = tmp_path / "downloads"
    downloads.mkdir()
    driver = browser()
    driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    drop(driver, segued, files_of("GoMap"))
    session, _ = started(driver, segued)
    ui.tap(driver, "Search Button")
    ui.wait_until(lambda: len(segued.stack(session)["layers"]) == 2, "the search screen presented")
    ui.tap(driver, "Save as test")
    flow_file = ui.wait_until(lambda: downloaded(downloads, rf"session-{session}\.flow"), "the downloaded flow")
    shots.take(driver, "GoMap search presented, saved as a test")
    app = tmp_path / "GoMap"
    shutil.copytree(APPS / "GoMap", app)
    shutil.copy(flow_file, app / flow_file.name)
    text = flow_file.read_text()
    assert "\napp: .\nentry: MainStoryboard\n" in text, text
    assert "\n> segue id=lDk-N5-xnN source=vc1\n  performed: true\n  visible: MainStoryboard:siu-I6-IEp\n" in text, text
    result = run_flows(app)
    assert result.returncode == 0, text + "\n" + result.stdout
    assert result.stdout.splitlines()[0] == f"PASS {app / flow_file.name}", result.stdout
    with start_daemon(tmp_path / "fresh") as fresh:
        over_http = run_flows(app, "--url", fresh)
    assert over_http.returncode == 0, over_http.stdout


def test_without_info_plist_or_main_the_page_asks_where_the_app_starts(browser, segued, shots):
    """iNaturalist's storyboards alone: three have an initial scene and none is Main, so the page
    asks; the answer is the upload's entry, and the scene chosen is where its sessions start."""
    driver = browser()
    drop(driver, segued, files_of("iNaturalist", plist=False))
    chooser = ui.wait_until(lambda: driver.find_element("css selector", "form.choose-start"), "the question where the app starts")
    storyboards = [option.text for option in driver.find_elements("css selector", "#start-storyboard option")]
    assert storyboards == ["Activity.storyboard", "MainStoryboard.storyboard", "Projects.storyboard"], storyboards
    shots.take(driver, "asked where iNaturalist starts")
    from selenium.webdriver.support.select import Select
    Select(driver.find_element("css selector", "#start-storyboard")).select_by_visible_text("MainStoryboard.storyboard")
    scenes = [option.text for option in driver.find_elements("css selector", "#start-scene option")]
    # The initial scene first, then those an app instantiates by their storyboard identifier.
    assert scenes[:3] == ["Initial scene (INatTabBarController)", "obsDetailV2 (ObsDetailV2ViewController)",
                          "Settings (SettingsViewController)"], scenes
    Select(driver.find_element("css selector", "#start-scene")).select_by_visible_text("Settings (SettingsViewController)")
    assert chooser.find_element("css selector", "#start-chosen").text == "Start here"
    ui.tap(driver, "Start here")
    session, described = started(driver, segued)
    assert segued.storyboard(described["storyboard"])["entry"] == "MainStoryboard"
    assert segued.stack(session)["layers"][0]["root"]["scene"] == "MainStoryboard:ydS-en-xrb"
    status = driver.find_element("css selector", "#upload-status").get_attribute("textContent")
    assert status.startswith("Uploaded Activity.storyboard, MainStoryboard.storyboard, Projects.storyboard as “MainStoryboard” (you chose MainStoryboard.storyboard)"), status
    shots.take(driver, "iNaturalist started where chosen")
    # The choice is remembered with the upload: opening it from the list starts there again.
    ui.tap(driver, "New session")
    ui.wait_until(lambda: driver.find_element("css selector", f"li[data-storyboard='{described['storyboard']}'] button"),
                  "the upload in the list").click()
    again = ui.wait_until(lambda: (lambda now: now if now not in (None, session) else None)(ui.session_id_from_url(driver)),
                          "a second session of the upload")
    assert segued.stack(again)["layers"][0]["root"]["scene"] == "MainStoryboard:ydS-en-xrb"
    assert "null" not in status, status
