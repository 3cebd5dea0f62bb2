"""What a person sees and taps in the web app, found the way assistive technology finds it: buttons by
their accessible names, the navigation title as a heading. Every wait is bounded."""
import os
import time

# Every wait in these tests is bounded; a step that takes longer than this has failed.
STEP_TIMEOUT = float(os.environ.get("SEGUED_BROWSER_STEP_TIMEOUT", "10"))

# Candidates are preselected in the page (one round trip), then checked with WebDriver's computed
# role and accessible name (the browser's accessibility tree), so a test passes only when the name is
# what assistive technology reads.
_CANDIDATES = r"""
const [selector, text] = arguments;
const wanted = text.replace(/\s+/g, ' ').trim().toLowerCase();
return [...document.querySelectorAll(selector)].filter(element => {
  if (!element.getClientRects().length) return false;
  const style = getComputedStyle(element);
  if (style.visibility === 'hidden' || element.closest('[inert],[aria-hidden="true"]')) return false;
  const said = [element.getAttribute('aria-label'), element.textContent, element.getAttribute('title'),
                element.getAttribute('alt')].filter(Boolean).join(' ').replace(/\s+/g, ' ').toLowerCase();
  const labelled = element.getAttribute('aria-labelledby');
  return said.includes(wanted) || labelled !== null;
});
"""

BUTTONS = "button, [role=button]"
HEADINGS = "h1, h2, h3, h4, h5, h6, [role=heading]"

# The names iOS gives system bar button items (what VoiceOver reads), by IB's systemItem value.
SYSTEM_ITEM_NAMES = {
    "add": "Add", "done": "Done", "cancel": "Cancel", "edit": "Edit", "save": "Save",
    "compose": "Compose", "reply": "Reply", "action": "Share", "organize": "Organize",
    "bookmarks": "Bookmarks", "search": "Search", "refresh": "Refresh", "stop": "Stop",
    "camera": "Camera", "trash": "Delete", "play": "Play", "pause": "Pause", "rewind": "Rewind",
    "fastForward": "Fast Forward", "undo": "Undo", "redo": "Redo",
}


def wait_until(condition, what, timeout=STEP_TIMEOUT, interval=0.1):
    """Polls `condition` until it answers something truthy; fails naming `what` after `timeout`."""
    deadline = time.monotonic() + timeout
    last_error = None
    while True:
        try:
            result = condition()
            if result:
                return result
        except Exception as error:  # a stale element while the page redraws: try again
            last_error = error
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout}s waiting for {what}"
                                 + (f" (last error: {last_error!r})" if last_error else ""))
        time.sleep(interval)


def named(driver, selector, role, name, scope=None):
    """Displayed elements of `role` whose accessible name is exactly `name`."""
    if scope is None:
        found = driver.execute_script(_CANDIDATES, selector, name)
    else:
        found = driver.execute_script(_CANDIDATES.replace("document.querySelectorAll",
                                                          "arguments[2].querySelectorAll"),
                                      selector, name, scope)
    wanted = " ".join(name.split())
    return [element for element in found
            if element.aria_role == role and " ".join(element.accessible_name.split()) == wanted]


def buttons(driver, name, scope=None):
    return named(driver, BUTTONS, "button", name, scope)


def button(driver, name, scope=None, index=None):
    """The one displayed button named `name` (waits for it). With several, `index` picks one in
    document order; without it, several is a failure (the test would not know what it taps)."""
    def find():
        found = buttons(driver, name, scope)
        if index is not None:
            return found[index] if len(found) > index else None
        if len(found) > 1:
            raise AssertionError(f"{len(found)} buttons named {name!r}")
        return found[0] if found else None
    return wait_until(find, f"a button named {name!r}")


def tap(driver, name, scope=None, index=None):
    element = button(driver, name, scope, index)
    element.click()
    return element


def back_button(driver, previous_title, count_before):
    """The back button named after the previous screen: one more button of that name than before the
    push (a tab item may share the name), the topmost of them (the navigation bar is at the top)."""
    found = wait_until(lambda: (lambda f: f if len(f) == count_before + 1 else None)(
        buttons(driver, previous_title)),
        f"a back button named {previous_title!r} (besides {count_before} button(s) of that name)")
    return min(found, key=lambda element: element.rect["y"])


def tab(driver, name):
    """The displayed tab (role tab) named `name`: the panel's Transcript and Map."""
    return wait_until(lambda: (named(driver, "[role=tab]", "tab", name) or [None])[0], f"a tab named {name!r}")


def heading(driver, name):
    """Waits for a displayed heading named `name` (the navigation title of the visible screen)."""
    return wait_until(lambda: named(driver, HEADINGS, "heading", name),
                      f"a heading named {name!r}")[0]


def no_heading(driver, name):
    wait_until(lambda: not named(driver, HEADINGS, "heading", name),
               f"the heading {name!r} to go away")


def visible_text(driver):
    return driver.find_element("tag name", "body").text


def wait_for_text(driver, text, what=None):
    return wait_until(lambda: text in visible_text(driver), what or f"the text {text!r} on the page")


def session_id_from_url(driver):
    """The session the page shows, from its address (/ui/sessions/{id})."""
    path = driver.execute_script("return location.pathname")
    prefix = "/ui/sessions/"
    return path[len(prefix):].split("/")[0] if path.startswith(prefix) else None


def scene_title(scene):
    """What the app shows as a scene's navigation title: the navigation item's title, else the
    scene's title (CONTRACTS §1)."""
    navigation_item = ((scene.get("ui") or {}).get("navigationItem") or {})
    return navigation_item.get("title") or scene.get("title")


def item_name(item):
    """A bar button item's accessible name: its title, else the name iOS gives its system item."""
    if item.get("title"):
        return item["title"]
    return SYSTEM_ITEM_NAMES.get(item.get("systemItem"), item.get("systemItem"))


def triggers(scene):
    """Every tappable element of a scene's UI with what it triggers: (name, trigger) in reading order,
    bar buttons first (left, right), then toolbar items, then controls."""
    ui = scene.get("ui") or {}
    navigation_item = ui.get("navigationItem") or {}
    found = []
    for item in (navigation_item.get("leftItems") or []) + (navigation_item.get("rightItems") or []) \
            + (ui.get("toolbarItems") or []):
        if item.get("trigger"):
            found.append((item_name(item), item["trigger"]))
    for control in ui.get("controls") or []:
        if control.get("trigger") and control.get("text"):
            found.append((control["text"], control["trigger"]))
    return found


def problem_shown(driver, problem_type):
    """The text of a displayed alert (role alert) showing the problem `problem_type`, or None."""
    for element in driver.find_elements("css selector", "[role=alert], [role=alertdialog]"):
        if element.is_displayed() and problem_type in element.text:
            return element.text
    return None


def problem(driver, problem_type):
    """Waits for a displayed alert showing the problem `problem_type`; answers its text."""
    return wait_until(lambda: problem_shown(driver, problem_type),
                      f"an alert showing the problem {problem_type}")


def problem_covers_device(driver):
    """Whether a displayed alert overlaps the device frame (it must not hide the app's bars)."""
    return driver.execute_script("""
        const device = document.getElementById('device')?.getBoundingClientRect();
        if (!device) return false;
        return [...document.querySelectorAll('[role=alert]')].some(alert => {
          if (!alert.getClientRects().length) return false;
          const r = alert.getBoundingClientRect();
          return r.left < device.right && device.left < r.right && r.top < device.bottom && device.top < r.bottom;
        });""")
