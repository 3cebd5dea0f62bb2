"""Issue 50, item 3: controls wired to an action method, tapped in the page as the app's code would
run them (spec §5.13). GoMap's storyboards and Info.plist are dropped with one of its sources,
UploadViewController.swift (apps/MANIFEST: the whole file, ISC): its Upload sheet's Cancel calls
`dismiss(animated:)`, Commit branches (`performSegue(withIdentifier: "loginSegue")` when the user is
not logged in, an alert otherwise), Edit presents an alert (a controller made in code: unread), and
the clear button next to the comment makes no navigation call. Each tap is `POST …/actions
{"type": "tap"}`; what the page shows comes from the daemon's answer."""
from selenium.webdriver.common.keys import Keys

import transcript
import ui
from test_real_apps import APPS, drop, files_of, layout_settled, started

SOURCE = "UploadViewController.swift"
NOT_LOGGED_IN = "not (let oAuth = OSM_SERVER.oAuth2, oAuth.isAuthorized())"
LOGGED_IN = ("let oAuth = OSM_SERVER.oAuth2, oAuth.isAuthorized() and "
             "not (let didPrev = UserPrefs.shared.userDidPreviousUpload.value, didPrev)")
ALERT = "present(_:animated:) of alert: a controller made by UIAlertController(…), not instantiated from a storyboard"


def with_sources(driver, segued):
    """GoMap dropped with its Upload sheet's source; answers the session and its storyboard graph."""
    drop(driver, segued, files_of("GoMap") + [str(APPS / "GoMap" / SOURCE)])
    session, described = started(driver, segued)
    status = driver.find_element("css selector", "#upload-status").get_attribute("textContent")
    assert "Settings.storyboard and 1 source file as “MainStoryboard”" in status, status
    ui.wait_until(lambda: layout_settled(driver), "the icon font loaded")
    return session, segued.storyboard(described["storyboard"])["storyboard"]


def open_upload_sheet(driver, segued, session):
    before = len(segued.stack(session)["layers"])
    ui.tap(driver, "icloud.and.arrow.up")
    ui.wait_until(lambda: len(segued.stack(session)["layers"]) == before + 1, "the Upload sheet presented")
    ui.heading(driver, "Upload")


def popover(driver, kind):
    """The displayed popover of `kind` (chooser, unread, app-code-only) beside a control."""
    return ui.wait_until(lambda: next((element for element in driver.find_elements(
        "css selector", f".code-popover[data-kind='{kind}']") if element.is_displayed()), None), f"the {kind} popover")


def no_popover(driver):
    ui.wait_until(lambda: not driver.find_elements("css selector", ".code-popover"), "the popover to close")


def header_of_last_operation(driver, starting):
    """The text of the transcript's last operation header (its kind upper-cased by the style), once
    it starts with `starting`."""
    def last():
        text = driver.find_elements("css selector", "#transcript .op-group header.group-head")[-1].text
        return text if text.startswith(starting) else None
    return ui.wait_until(last, f"an operation's header starting {starting!r}")


def test_cancel_on_a_sheet_dismisses_it_with_the_codes_callbacks(browser, segued, shots):
    driver = browser()
    session, graph = with_sources(driver, segued)
    cancel = graph["scenes"]["Changeset:cxn-YY-uLs"]["ui"]["navigationItem"]["leftItems"][0]
    assert cancel["action"] == {"selector": "cancel:", "source": f"{SOURCE}:414", "performs": [{"type": "dismiss"}]}
    open_upload_sheet(driver, segued, session)
    sheet = segued.stack(session)
    shots.take(driver, "GoMap Upload sheet, its Cancel wired to cancel: in the code")
    button = ui.button(driver, "Cancel")
    # It looks tappable, like a segue-wired control, and says what its code does.
    assert button.is_enabled()
    assert button.get_attribute("title") == f"Action cancel: · {SOURCE}:414: dismiss(animated:)", button.get_attribute("title")
    step = transcript.Step(driver, segued, session)
    button.click()
    methods = step.callbacks()
    ui.no_heading(driver, "Upload")
    stack = segued.stack(session)
    assert len(stack["layers"]) == 1 and stack["visible"] == "vc1", stack
    # Exactly the callbacks of the code's dismiss(animated:) on the sheet's controller, made on a
    # second session at the same screen: UIKit forwards it to the presenter (vc1).
    twin = segued.start_session(segued.get(f"/v1/sessions/{session}")["storyboard"])["id"]
    segued.post(f"/v1/sessions/{twin}/segues", {"id": "0xd-4m-acx", "source": "vc1"})
    assert segued.stack(twin)["visible"] == sheet["visible"]
    code = segued.post(f"/v1/sessions/{twin}/actions", {"type": "dismiss", "target": sheet["visible"]})
    assert [(event["vc"], event["method"]) for event in step.events()] == \
        [(event["vc"], event["method"]) for event in code["events"]]
    assert methods == ["dismiss", "viewWillDisappear", "viewWillDisappear", "viewDidDisappear", "viewDidDisappear",
                       "deinit", "deinit"], methods
    # The transcript's header names the control and the method's source line.
    header = header_of_last_operation(driver, "TAP Cancel")
    assert header == f"TAP Cancel · {SOURCE}:414 · revision {stack['revision']}", header
    shots.take(driver, "the Upload sheet dismissed by its Cancel, the code's callbacks in the transcript")
    # The walk records the tap, not the call: a flow saved from it taps "Cancel" again.
    flow = segued.request_text(f"/v1/sessions/{session}/flow")
    assert '\n> tap "Cancel" source=vc3\n' in flow, flow
    # A window opened on the session later says the same (the stream's replayed operation).
    watcher = browser()
    watcher.get(f"{segued.base}/ui/sessions/{session}")
    assert header_of_last_operation(watcher, "TAP Cancel") == header


def test_a_branching_action_asks_which_condition_holds(browser, segued, shots):
    driver = browser()
    session, _ = with_sources(driver, segued)
    open_upload_sheet(driver, segued, session)
    before = transcript.last_seq(segued, session)
    commit = ui.button(driver, "Commit")
    commit.click()
    chooser = popover(driver, "chooser")
    choices = [element.get_attribute("data-when") for element in chooser.find_elements("css selector", ".code-choice")]
    assert choices == [NOT_LOGGED_IN, LOGGED_IN], choices
    assert "performSegue(withIdentifier: “loginSegue”)" in chooser.text, chooser.text
    # Keyboard: the first choice has the focus, arrows move it, Escape closes and gives it back.
    assert driver.switch_to.active_element.get_attribute("data-when") == NOT_LOGGED_IN
    driver.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
    assert driver.switch_to.active_element.get_attribute("data-when") == LOGGED_IN
    shots.take(driver, "Commit's chooser, naming each condition of commit:")
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    no_popover(driver)
    assert driver.switch_to.active_element == commit
    assert transcript.last_seq(segued, session) == before, "a closed chooser performs nothing"
    # The branch whose call was not read: its reason, and App code… to do it by hand.
    commit.click()
    popover(driver, "chooser").find_element("css selector", f".code-choice[data-when='{LOGGED_IN}']").click()
    unread = popover(driver, "unread")
    assert "calls commit: (which performs segue, unread) in a closure passed to UIAlertAction, which may run it later" in unread.text, unread.text
    assert ALERT in unread.text, unread.text
    assert transcript.last_seq(segued, session) == before
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    no_popover(driver)
    # The branch that performs a segue: chosen, the code's performSegue(withIdentifier:) pushes the login screen.
    step = transcript.Step(driver, segued, session)
    ui.button(driver, "Commit").click()
    popover(driver, "chooser").find_element("css selector", f".code-choice[data-when='{NOT_LOGGED_IN}']").click()
    methods = step.callbacks()
    # The code's performSegue(withIdentifier:) (no shouldPerformSegue: code is not asked), as on a
    # second session at the same screen.
    assert methods == ["init", "awakeFromNib", "prepareForSegue", "performSegue", "pushViewController", "willMoveToParent",
                       "loadView", "viewDidLoad", "viewWillDisappear", "viewWillAppear", "navigationControllerWillShow",
                       "viewIsAppearing", "viewDidDisappear", "viewDidAppear", "didMoveToParent",
                       "navigationControllerDidShow"], methods
    twin = segued.start_session(segued.get(f"/v1/sessions/{session}")["storyboard"])["id"]
    segued.post(f"/v1/sessions/{twin}/segues", {"id": "0xd-4m-acx", "source": "vc1"})
    code = segued.post(f"/v1/sessions/{twin}/segues", {"identifier": "loginSegue", "source": "vc3", "trigger": "programmatic"})
    assert [(event["vc"], event["method"]) for event in step.events()] == \
        [(event["vc"], event["method"]) for event in code["events"]]
    ui.wait_until(lambda: segued.stack(session)["path"][-1] != "vc3", "the login screen pushed")
    stack = segued.stack(session)
    top = stack["layers"][-1]["root"]["children"][-1]
    assert top["scene"] == "Settings:kl3-Fg-1QU", top
    header = header_of_last_operation(driver, "TAP Commit")
    assert f"· {SOURCE}:174 · when {NOT_LOGGED_IN}" in header, header
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})",
                          driver.find_elements("css selector", "#transcript .op-group header.group-head")[-1])
    shots.take(driver, "Commit chosen when not logged in: the login screen pushed, the condition in the header")


def test_an_unread_call_says_why_and_offers_app_code(browser, segued, shots):
    driver = browser()
    session, _ = with_sources(driver, segued)
    open_upload_sheet(driver, segued, session)
    before = transcript.last_seq(segued, session)
    ui.tap(driver, "Edit")
    unread = popover(driver, "unread")
    assert ALERT in unread.text and f"editXml: ({SOURCE}:326) makes a call segued could not read" in unread.text, unread.text
    assert not driver.find_element("css selector", "#problem").is_displayed()
    shots.take(driver, "Edit's call not read: the reason, and App code…")
    ui.button(driver, "App code…", scope=unread).click()
    dialog = ui.wait_until(lambda: (lambda d: d if d.is_displayed() else None)(driver.find_element("css selector", "#app-code-dialog")),
                           "the App code menu")
    assert "Instantiate by storyboard identifier" in dialog.text
    shots.take(driver, "App code… opened from the unread note")
    dialog.send_keys(Keys.ESCAPE)
    assert transcript.last_seq(segued, session) == before
    assert len(segued.stack(session)["layers"]) == 2


def test_an_action_that_navigates_nowhere_says_it_runs_app_code_only(browser, segued, shots):
    driver = browser()
    session, _ = with_sources(driver, segued)
    open_upload_sheet(driver, segued, session)
    before = segued.stack(session)
    clear = ui.button(driver, "xmark.circle.fill")
    assert clear.is_enabled()
    where = clear.rect
    clear.click()
    note = popover(driver, "app-code-only")
    assert note.text == f"xmark.circle.fill: runs app code only\nclearCommentText: ({SOURCE}:136) makes no navigation call: nothing changes on screen.", note.text
    # Beside the button, though the answer redrew the screen.
    assert abs(note.rect["y"] - (where["y"] + where["height"] + 8)) <= 1, (note.rect, where)
    shots.take(driver, "the clear button: runs app code only")
    assert segued.stack(session)["revision"] == before["revision"]
    # It goes by itself after a few seconds.
    ui.wait_until(lambda: not driver.find_elements("css selector", ".code-popover"), "the note to go", timeout=12)
