"""The client and its fixtures against a real daemon ($SEGUED_BINARY: CI gives the release build)."""

import os
import re
import subprocess

import pytest

from segued_client import Problem

REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

SHOW_ITEM = [
    "shouldPerformSegue", "init", "awakeFromNib", "prepareForSegue", "performSegue", "pushViewController",
    "willMoveToParent", "loadView", "viewDidLoad", "viewWillDisappear", "viewWillAppear",
    "navigationControllerWillShow", "viewIsAppearing", "viewDidDisappear", "viewDidAppear", "didMoveToParent",
    "navigationControllerDidShow",
]


def test_segue_answers_its_callbacks_and_stack(segued_session):
    shown = segued_session.segue("showItem", data={"itemID": 42})
    assert shown.performed and shown.reason is None
    assert shown.methods() == SHOW_ITEM
    assert shown.events[0].line() == 'vc3 itemList shouldPerformSegue {"identifier":"showItem","sender":null} -> true'
    # The segue object carries its storyboard id (null here); the flow line leaves it out, as `segued test` does.
    assert shown.events[3].args["segue"]["id"] is None
    assert shown.events[3].line() == ('vc3 itemList prepareForSegue {"segue":{"destination":"vc10","identifier":"showItem",'
                                      '"kind":"show","source":"vc3"},"sender":null}')
    assert [e.seq for e in shown.events] == list(range(segued_session.events[-1].seq + 1, segued_session.events[-1].seq + 18))
    assert (shown.stack.visible, shown.stack.path, shown.revision) == ("vc10", ["vc1", "vc2", "vc10"], 2)
    assert segued_session.stack().path == ["vc1", "vc2", "vc10"]


def test_unwind_lands_on_the_implementer(segued_session):
    segued_session.segue("showItem")
    segued_session.segue("editItem")
    saved = segued_session.unwind("saveEdit:", data={"title": "Milk"})
    assert (saved.performed, saved.destination) == (True, "vc10")
    assert [(step["vc"], step["method"], step["result"]) for step in saved.search][-1] == ("vc10", "canPerformUnwindSegueAction", True)
    assert saved.stack.path == ["vc1", "vc2", "vc10"]


def test_actions_and_the_event_log(segued_session):
    answers = [segued_session.segue("showItem"), segued_session.back(), segued_session.select_tab(1)]
    assert [a.performed for a in answers] == [True, True, True]
    assert answers[2].stack.path == ["vc1", "vc4", "vc5"]
    logged = segued_session.events_after(segued_session.events[-1].seq)
    assert [e.seq for e in logged] == [e.seq for a in answers for e in a.events]
    assert segued_session.back().reason == "nothingToPop"


def test_a_refused_operation_is_a_problem_and_changes_nothing(segued_session):
    with pytest.raises(Problem) as refused:
        segued_session.segue("noSuchSegue")
    assert refused.value.code == "unknown-segue" and 400 <= refused.value.status < 500
    assert segued_session.stack().revision == 1


@pytest.mark.segued(initial_scene="settings")
def test_marker_starts_elsewhere(segued_session):
    assert segued_session.stack().path[-1:] == [segued_session.stack().visible]
    assert segued_session.events[0].scene == "settings"


def test_uploaded_storyboard_and_a_chosen_id(segued_daemon):
    uploaded = segued_daemon.upload(os.path.join(REPOSITORY, "Tests", "NavigationTests", "Fixtures", "plain.json"))
    session = segued_daemon.session(uploaded["id"], id="chosen-id")
    assert session.id == "chosen-id" and session.events[0].method == "init"
    session.delete()
    with pytest.raises(Problem) as gone:
        session.stack()
    assert gone.value.status == 404


def test_readme_example_runs(segued_daemon):
    """The Python example of docs/flows-and-clients.md, as written, on the daemon the fixture started."""
    readme = open(os.path.join(REPOSITORY, "docs", "flows-and-clients.md")).read()
    example = re.search(r"<!-- python-client-example -->\n```python\n(.*?)```", readme, re.S).group(1)
    output = subprocess.run(
        ["python3", "-c", example], capture_output=True, text=True, timeout=60,
        env=dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    assert output.returncode == 0, output.stderr
    expected = re.search(r"<!-- python-client-output -->\n```\n(.*?)```", readme, re.S).group(1)
    assert output.stdout == expected


@pytest.fixture(scope="module")
def at_edit_form(segued_daemon):
    """An expensive set-up made once: the demo's edit form, presented over an item."""
    session = segued_daemon.session("demo")
    session.segue("showItem", data={"itemID": 42})
    session.segue("editItem")
    yield session
    session.delete()


@pytest.mark.parametrize("action", ["saveEdit:", "cancelEdit:"])
def test_forks_of_one_setup_are_independent_and_identical(at_edit_form, segued_fork, action):
    first, second = segued_fork(at_edit_form), segued_fork(at_edit_form)
    assert first.id != second.id != at_edit_form.id
    assert first.stack() == second.stack() == at_edit_form.stack()
    one, other = first.unwind(action), second.unwind(action)
    assert [e.line() for e in one.events] == [e.line() for e in other.events]
    assert [e.seq for e in one.events] == [e.seq for e in other.events]
    assert one.stack.path == ["vc1", "vc2", "vc10"] if action == "saveEdit:" else ["vc1", "vc2", "vc3"]
    # The set-up itself is untouched.
    assert at_edit_form.stack().visible == "vc12"


def test_snapshot_restores_in_another_daemon(at_edit_form):
    from segued_client import Daemon

    snapshot = at_edit_form.snapshot()
    with Daemon() as other:
        restored = other.restore(snapshot)
        assert restored.stack() == at_edit_form.stack()
        here, there = segued_fork_unwind(at_edit_form), restored.unwind("saveEdit:")
        assert [e.line() for e in there.events] == here
    # A snapshot is untrusted input: one whose window root is not an instance it holds is refused.
    with pytest.raises(Problem) as tampered:
        at_edit_form.client.restore(dict(snapshot, windowRoot="vc999"))
    assert tampered.value.status == 422 and "windowRoot" in tampered.value.detail


def segued_fork_unwind(session):
    child = session.fork()
    try:
        return [e.line() for e in child.unwind("saveEdit:").events]
    finally:
        child.delete()
