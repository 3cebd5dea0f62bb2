"""The transcript beside the screen, compared with the session's event log: after a tap, the page
must show exactly the callbacks the daemon logged for it, in order, each with its method (and, for
an unwind action, the action's name)."""
import ui

# Each callback the transcript shows is an element carrying its sequence number (`data-seq`), the
# id the stream gave it; its text names the method.
_ENTRIES = """
return [...document.querySelectorAll('[data-seq]')].map(element =>
  [Number(element.getAttribute('data-seq')), element.textContent.replace(/\\s+/g, ' ').trim()]);
"""


def shown(driver):
    """(seq, text) of every callback entry on the page, in document order."""
    return [tuple(entry) for entry in driver.execute_script(_ENTRIES)]


def what_it_shows(event):
    """The words an entry must contain for `event`: its method, and an unwind action's name."""
    words = [event["method"]]
    if event["method"] == "unwindAction":
        words.append(event["args"]["action"])
    return words


class Step:
    """One tap (or API call) and the callbacks it caused: create it before, call `callbacks()` after."""

    def __init__(self, driver, segued, session):
        self.driver, self.segued, self.session = driver, segued, session
        self.before = last_seq(segued, session)

    def callbacks(self):
        """Waits until the page shows exactly the events logged since the step began (their seqs in
        order, each naming its method) and answers the methods."""
        def agrees():
            logged = self.segued.events(self.session, after=self.before)
            if not logged:
                return None
            page = [entry for entry in shown(self.driver) if entry[0] > self.before]
            if [seq for seq, _ in page] != [event["seq"] for event in logged]:
                return None
            for (_, text), event in zip(page, logged):
                assert all(word in text for word in what_it_shows(event)), (text, event)
            return [event["method"] for event in logged]
        return ui.wait_until(agrees, f"the transcript to show the callbacks after seq {self.before} "
                             f"as the event log has them (page: {shown(self.driver)[-5:]})")

    def events(self):
        return self.segued.events(self.session, after=self.before)


def last_seq(segued, session):
    return segued.get(f"/v1/sessions/{session}/events?after=0&limit=1")["lastSeq"]


def whole_log_shown(driver, segued, session):
    """Waits until the page's transcript holds the session's whole log, exactly; answers the methods."""
    step = Step(driver, segued, session)
    step.before = 0
    return step.callbacks()
