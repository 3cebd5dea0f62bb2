"""The transcript of a session with a history, and of operations another client performed: a page
opened late shows each earlier operation as its own run (the stream's backlog says where each one
began and ended), and a segue without an identifier is named the same in every window, whoever
performed it (the API's segue object carries its storyboard id)."""
import ui
from transcript import Step

# Each run of the transcript: its header's text and its callbacks, each as [seq, receiver, what]
# (the entry's parts as shown: `vc3 ItemListViewController itemList`, `prepareForSegue segue: …`).
_RUNS = """
const text = element => (element?.textContent ?? '').replace(/\\s+/g, ' ').trim();
return [...document.querySelectorAll('.op-group')].map(group => ({
  head: text(group.querySelector('.group-head')),
  callbacks: [...group.querySelectorAll('[data-seq]')].map(element =>
    [Number(element.dataset.seq), text(element.querySelector('.receiver')), text(element.querySelector('.what'))]),
}));
"""


def runs(driver):
    return driver.execute_script(_RUNS)


def seqs(answer):
    return [event["seq"] for event in answer["events"]]


def entry(run, method):
    """(seq, receiver, what) of the run's one callback entry of `method`."""
    found = [tuple(callback) for callback in run["callbacks"] if callback[2].split(" ")[0] == method]
    assert len(found) == 1, (method, run)
    return found[0]


def seq_of(answer, method):
    return [event["seq"] for event in answer["events"] if event["method"] == method][0]


def test_a_page_opened_late_shows_each_earlier_operation_as_its_own_run(browser, segued, shots):
    scenes = segued.storyboard("demo")["storyboard"]["scenes"]
    detail_title = ui.scene_title(scenes["itemDetail"])
    started = segued.start_session("demo")
    session = started["id"]
    # A harness's history before any page is open: three operations after the launch.
    shown = segued.post(f"/v1/sessions/{session}/segues", {"identifier": "showItem"})
    edit = segued.post(f"/v1/sessions/{session}/segues", {"identifier": "editItem"})
    saved = segued.post(f"/v1/sessions/{session}/unwind", {"identifier": "save"})
    launch = [event["seq"] for event in segued.events(session) if event["seq"] < seqs(shown)[0]]
    detail = shown["segue"]["destination"]
    assert saved["destination"] == detail

    driver = browser()
    driver.get(f"{segued.base}/ui/sessions/{session}")
    ui.heading(driver, detail_title)
    expected = [
        ("launch · revision 1", launch),
        ("segue showItem (show) · revision 2", seqs(shown)),
        ("segue editItem (presentation) · revision 3", seqs(edit)),
        (f"unwind save (unwind) → {detail} · revision 4", seqs(saved)),
    ]
    found = ui.wait_until(
        lambda: (lambda r: r if [(run["head"], [c[0] for c in run["callbacks"]]) for run in r] == expected else None)(
            runs(driver)),
        f"four runs, one per earlier operation, each with its own callbacks (page: "
        f"{[(run['head'], len(run['callbacks'])) for run in runs(driver)]})")
    shots.take(driver, "page opened late: one run per earlier operation")
    for index, (head, _) in enumerate(expected[1:], start=1):
        # Each boundary where a person reads it: the run's header a little below the panel's top.
        driver.execute_script("""
          const header = document.querySelectorAll('.op-group')[arguments[0]].querySelector('.group-head');
          const panel = header.closest('.op-group').parentElement;
          panel.scrollTop += header.getBoundingClientRect().top - panel.getBoundingClientRect().top - 120;""", index)
        shots.take(driver, f"run {index + 1}: {head}")

    # Each run's callbacks read as the operation's own, in words.
    _, pushed, presented, unwound = found
    assert entry(pushed, "prepareForSegue") == (
        seq_of(shown, "prepareForSegue"), "vc3 ItemListViewController itemList",
        f"prepareForSegue segue: showItem vc3→{detail}, sender: null")
    editor = edit["segue"]["destination"]
    assert entry(presented, "prepareForSegue") == (
        seq_of(edit, "prepareForSegue"), f"{detail} ItemDetailViewController itemDetail",
        f"prepareForSegue segue: editItem {detail}→{editor}, sender: null")
    source = saved["segue"]["source"]
    assert entry(unwound, "unwindAction") == (
        seq_of(saved, "unwindAction"), f"{detail} ItemDetailViewController itemDetail",
        f"unwindAction action: \"saveEdit:\", segue: save {source}→{detail}")

    # And live after it: the next operation is a fifth run.
    step = Step(driver, segued, session)
    segued.post(f"/v1/sessions/{session}/segues", {"identifier": "editItem"})
    step.callbacks()
    ui.wait_until(lambda: len(runs(driver)) == 5 and runs(driver)[4]["head"] == "segue editItem (presentation) · revision 5",
                  "a fifth run for the live operation")


# A storyboard whose cell's segue has no identifier, as Interface Builder often saves it: only its id
# names it (performed by tapping the cell, or `POST …/segues {"id"}`).
CELLS = {
    "format": "segued.storyboard/1", "name": "Cells", "initialScene": "nav",
    "scenes": {
        "nav": {"kind": "navigationController", "root": "list"},
        "list": {"class": "FruitListViewController",
                 "segues": [{"id": "Kx3-cE-8vQ", "kind": "show", "destination": "fruit"}],
                 "ui": {"navigationItem": {"title": "Fruit"},
                        "controls": [{"type": "tableViewCell", "text": "Apple",
                                      "trigger": {"kind": "show", "id": "Kx3-cE-8vQ"}}]}},
        "fruit": {"class": "FruitViewController", "ui": {"navigationItem": {"title": "Apple"}}},
    },
}


def test_a_segue_without_identifier_is_named_alike_in_every_window(browser, segued, shots):
    storyboard = segued.post("/v1/storyboards", CELLS)["id"]
    session = segued.start_session(storyboard)["id"]
    first, second = browser(), browser()
    for window, name in ((first, "first"), (second, "second")):
        window.get(f"{segued.base}/ui/sessions/{session}")
        ui.heading(window, "Fruit")
        shots.take(window, f"{name} window opened")

    # The first window taps the cell; the second only sees the stream.
    ui.tap(first, "Apple")
    for window in (first, second):
        ui.heading(window, "Apple")
    named = "segue “Apple” (id Kx3-cE-8vQ) (show) · revision 2"
    for window in (first, second):
        ui.wait_until(lambda: runs(window)[-1]["head"] == named,
                      f"the run named {named!r} (page: {[run['head'] for run in runs(window)]})")
    tapped = [run["callbacks"] for run in (runs(first)[-1], runs(second)[-1])]
    assert tapped[0] == tapped[1]
    assert entry(runs(second)[-1], "prepareForSegue")[1:] == (
        "vc2 FruitListViewController list", "prepareForSegue segue: “Apple” (id Kx3-cE-8vQ) vc2→vc3, sender: null")
    shots.take(first, "first window tapped Apple")
    shots.take(second, "second window names the segue as the first does")

    # A harness performs it by id (no tap anywhere): both windows name it by the cell that triggers it.
    ui.back_button(second, "Fruit", 0).click()
    for window in (first, second):
        ui.heading(window, "Fruit")
    answer = segued.post(f"/v1/sessions/{session}/segues", {"id": "Kx3-cE-8vQ"})
    assert answer["segue"]["id"] == "Kx3-cE-8vQ" and answer["segue"]["identifier"] is None
    by_harness = f"segue “Apple” (id Kx3-cE-8vQ) (show) · revision {answer['revision']}"
    for window in (first, second):
        ui.heading(window, "Apple")
        ui.wait_until(lambda: runs(window)[-1]["head"] == by_harness,
                      f"the run named {by_harness!r} (page: {[run['head'] for run in runs(window)]})")
    shots.take(second, "harness performed it by id, named by its cell")
