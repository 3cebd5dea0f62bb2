"""`Session.tap` against a real daemon (issue 50): an app uploaded with its sources (fixtures/tappable.json,
the storyboard and Swift files of SeguedTestSupport's TapApp), its controls tapped as its code does, and
each refusal raised as its typed problem, the session left as it was."""

import os

import pytest

from segued_client import (ActionUnread, AmbiguousControl, ChoiceRequired, NotInWindowHierarchy, NotTappable, Problem, Tap,
                           UnknownChoice, UnknownControl)

FIXTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "tappable.json")
UNREAD = "present(_:animated:) of alert: a controller made by UIAlertController(…), not instantiated from a storyboard"


@pytest.fixture(scope="module")
def tappable(segued_daemon):
    """The app's storyboard id on the run's daemon, uploaded once."""
    return segued_daemon.upload(FIXTURE)["id"]


@pytest.fixture
def session(segued_daemon, tappable):
    session = segued_daemon.session(tappable)
    yield session
    session.delete()


def test_a_code_action_performs_what_its_code_calls(session):
    detail = session.tap("Detail")
    assert detail.tap == Tap("Detail", "openDetail:", "Sources/ListViewController.swift:16", None)
    assert (detail.performed, detail.reason, detail.segue, detail.runs_app_code_only) == (True, None, None, False)
    assert detail.methods() == [
        "init", "awakeFromNib", "pushViewController", "willMoveToParent", "loadView", "viewDidLoad", "viewWillDisappear",
        "viewWillAppear", "navigationControllerWillShow", "viewIsAppearing", "viewDidDisappear", "viewDidAppear",
        "didMoveToParent", "navigationControllerDidShow",
    ]
    assert detail.events[2].line() == 'vc1 nav pushViewController {"animated":true,"viewController":"vc3"}'
    assert (detail.stack.path, detail.revision) == (["vc1", "vc3"], 2)
    # Close pops, then dismisses what was popped: nothing more to do (the code's second call).
    closed = session.tap("Close")
    assert (closed.performed, closed.tap.selector, closed.stack.path) == (True, "close:", ["vc1", "vc2"])
    assert closed.methods()[-1] == "deinit"


def test_a_segue_wired_control_performs_its_segue_and_a_label_folds_case(session):
    added = session.tap("add")
    assert added.tap == Tap("add")
    assert (added.performed, added.segue["identifier"], added.segue["kind"], added.stack.path) == (True, "add", "presentation", ["vc1", "vc3", "vc4"])
    assert added.methods()[0] == "shouldPerformSegue"
    cancelled = session.tap("Cancel")
    assert cancelled.tap == Tap("cancel", "cancel:", "Sources/EditViewController.swift:6", None)
    assert cancelled.methods() == ["dismiss", "viewWillDisappear", "viewWillDisappear", "viewDidDisappear", "viewDidDisappear", "deinit", "deinit"]
    assert cancelled.stack.path == ["vc1", "vc2"]


def test_an_action_that_navigates_nowhere_runs_app_code_only(session):
    saved = session.tap("Save")
    assert (saved.performed, saved.reason, saved.runs_app_code_only) == (False, "runsAppCodeOnly", True)
    assert saved.reason_detail == "runs app code only: save: makes no navigation call"
    assert (saved.events, saved.revision, saved.tap.selector) == ([], 1, "save:")


def test_alternatives_need_a_choice_and_one_not_read_is_refused(session):
    assert session.tap("Edit", occurrence=1).stack.visible == "vc4"
    with pytest.raises(ChoiceRequired) as required:
        session.tap("done")
    assert (required.value.status, required.value.code) == (409, "choice-required")
    assert required.value.choices == ["not (!name.isEmpty)", "!name.isEmpty"]
    with pytest.raises(UnknownChoice) as unknown:
        session.tap("done", when="nope")
    assert (unknown.value.status, unknown.value.choices) == (422, ["not (!name.isEmpty)", "!name.isEmpty"])
    with pytest.raises(ActionUnread) as unread:
        session.tap("done", when="not (!name.isEmpty)")
    assert (unread.value.status, unread.value.reasons) == (409, [UNREAD])
    # Each refusal left the session as it was.
    assert (session.stack().revision, session.stack().visible) == (2, "vc4")
    done = session.tap("done", when="!name.isEmpty")
    assert done.tap == Tap("done", "done:", "Sources/EditViewController.swift:10", "!name.isEmpty")
    assert (done.performed, done.stack.path, done.methods()[0]) == (True, ["vc1", "vc2"], "dismiss")


def test_controls_that_cannot_be_tapped_raise_their_problems(session):
    with pytest.raises(UnknownControl) as unknown:
        session.tap("Nope")
    assert (unknown.value.status, unknown.value.controls) == (404, ["Detail", "add", "Edit", "Save"])
    with pytest.raises(AmbiguousControl) as ambiguous:
        session.tap("Edit")
    assert ambiguous.value.candidates == ["editA: (Sources/ListViewController.swift:4)", "editB: (Sources/ListViewController.swift:8)"]
    with pytest.raises(NotTappable) as label:
        session.tap("Title")
    assert label.value.status == 409
    with pytest.raises(UnknownControl):
        session.tap("Edit", occurrence=3)
    session.tap("Detail")
    with pytest.raises(NotInWindowHierarchy) as covered:
        session.tap("Save", source="vc2")
    assert covered.value.detail == "vc2's view is not in the window hierarchy"
    # A problem without a class of its own is still a Problem, with its code.
    with pytest.raises(Problem) as missing:
        session.tap("Twice")
    assert type(missing.value) is Problem and (missing.value.status, missing.value.code) == (404, "unknown-scene")
    assert session.stack().path == ["vc1", "vc3"]


def test_docs_tap_example_runs():
    """The tap example of docs/flows-and-clients.md, as written, in the fixture's folder (it starts its own daemon)."""
    import re
    import subprocess

    repository = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    page = open(os.path.join(repository, "docs", "flows-and-clients.md")).read()
    example = re.search(r"<!-- python-tap-example -->\n```python\n(.*?)```", page, re.S).group(1)
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    if env.get("SEGUED_BINARY"):  # run from another folder: a relative path as given no longer finds it
        env["SEGUED_BINARY"] = os.path.abspath(env["SEGUED_BINARY"])
    output = subprocess.run(["python3", "-c", example], capture_output=True, text=True, timeout=60, cwd=os.path.dirname(FIXTURE), env=env)
    assert output.returncode == 0, output.stderr
    assert output.stdout == re.search(r"<!-- python-tap-output -->\n```\n(.*?)```", page, re.S).group(1)
