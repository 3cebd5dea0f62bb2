"""A real app's storyboard from ../shared/storyboards, uploaded and tapped through by the labels the
Interface Builder importer read (issue 20, "How it is shown"). Turkey888/UnwindSegue's quiz: a
menu whose "Begin" cell presents the questions, answer cells that push the next question, and a
results screen whose cells unwind to the menu or to the quiz start."""
import csv
import json
import os
from pathlib import Path

import pytest

import ui
from transcript import Step

# ../shared beside the repository, as CI lays it out; SEGUED_SHARED names another place (a worktree).
SHARED = Path(os.environ.get("SEGUED_SHARED", Path(__file__).resolve().parents[2].parent / "shared"))
STORYBOARDS = SHARED / "storyboards"
QUIZ = "Turkey888__UnwindSegue__UnwindSegue_MainStoryboard.storyboard"


def class_facts(file):
    """The unwind actions the app's sources implement, by class (UNWIND_IMPLEMENTERS.tsv)."""
    classes = {}
    with open(STORYBOARDS / "UNWIND_IMPLEMENTERS.tsv", newline="") as table:
        for row in csv.DictReader(table, delimiter="\t"):
            if row["file"] == file:
                for implementer in row["implementing_classes"].split(","):
                    name = implementer.strip().split(" ")[0]
                    actions = classes.setdefault(name, {"unwindActions": []})["unwindActions"]
                    if row["unwindAction"] not in actions:
                        actions.append(row["unwindAction"])
    return classes


def quiz_bundle(folder):
    """An upload bundle of the quiz (what the web app takes as a dropped .json): its storyboard and the
    class facts of its sources, so that its unwinds find their destinations."""
    if not (STORYBOARDS / QUIZ).exists():
        pytest.skip(f"the shared corpus is absent: no {STORYBOARDS / QUIZ} (../shared is not beside "
                    "the repository, set SEGUED_SHARED); the real-storyboard browser test needs it")
    bundle = {"name": "UnwindSegue", "storyboards": {"Main": (STORYBOARDS / QUIZ).read_text()},
              "classes": class_facts(QUIZ)}
    path = folder / "UnwindSegue.json"
    path.write_text(json.dumps(bundle))
    return path


def label(scene, segue_id):
    """The label the importer read for the element that triggers the segue `segue_id`."""
    names = [name for name, trigger in ui.triggers(scene) if trigger.get("id") == segue_id]
    assert len(names) == 1, (segue_id, ui.triggers(scene))
    return names[0]


def test_quiz_uploaded_and_tapped_through_by_its_labels(browser, segued, shots, tmp_path):
    bundle = quiz_bundle(tmp_path)
    driver = browser()
    driver.get(segued.base + "/ui/")
    # The drop zone's file input: the page uploads the bundle and starts a session on it.
    driver.find_element("css selector", "input[type=file]").send_keys(str(bundle))
    session = ui.wait_until(lambda: ui.session_id_from_url(driver), "the page to open the new session")
    document = segued.storyboard(segued.get(f"/v1/sessions/{session}")["storyboard"])["storyboard"]
    scenes = document["scenes"]
    menu, question, results = scenes["WRK-hk-a6K"], scenes["SkI-wL-cGp"], scenes["OD6-WJ-mJl"]
    # What the XML says: the menu's "Begin" cell presents the quiz, an answer cell (its text label
    # reads "Title") pushes the next question, the results' cells unwind.
    assert label(menu, "3ti-AE-jfO") == "Begin"
    assert label(question, "Ehv-JI-ZWs") == "Title"
    assert label(results, "Cg2-R4-8qb") == "Return To The Menu Screen"
    assert label(results, "kFG-CB-b1r") == "Start Over"

    ui.heading(driver, ui.scene_title(menu))  # "Unwind Segue"
    shots.take(driver, "menu")

    step = Step(driver, segued, session)
    ui.tap(driver, "Begin")
    ui.wait_until(lambda: ui.buttons(driver, "Title"), "the question's answer cell")
    assert "prepareForSegue" in step.callbacks()
    assert segued.stack(session)["layers"][-1]["presentation"] is not None
    # "Begin"'s segue has no identifier (IB lets it have none): the transcript names it by the label
    # tapped, and its receivers by instance and whole class, never cut.
    ui.wait_until(lambda: "“Begin” (id 3ti-AE-jfO) (presentation)" in ui.visible_text(driver),
                  "the segue named by the tapped label and its id in the transcript")
    receivers = driver.execute_script("""
      return [...document.querySelectorAll('.callback .receiver')].map(element =>
        [element.textContent, element.scrollWidth <= element.clientWidth]);""")
    assert ["vc3 QuestionViewController SkI-wL-cGp", True] in receivers, receivers
    shots.take(driver, "question presented")

    step = Step(driver, segued, session)
    ui.tap(driver, "Title", index=0)
    ui.back_button(driver, "Back", 0)  # the previous question has no title: iOS shows "Back"
    pushed = step.callbacks()
    assert "prepareForSegue" in pushed and "viewDidAppear" in pushed
    shots.take(driver, "next question pushed")

    # The results come from app code (performSegue "ResultScreen"): the page's App code menu does it.
    ui.tap(driver, "App code…")
    shots.take(driver, "app code menu")
    ui.tap(driver, "Perform “ResultScreen”")
    ui.heading(driver, ui.scene_title(results))  # "Results"
    shots.take(driver, "results")

    step = Step(driver, segued, session)
    ui.tap(driver, "Start Over")
    ui.no_heading(driver, ui.scene_title(results))
    unwound = step.callbacks()
    assert [event["args"]["action"] for event in step.events()
            if event["method"] == "unwindAction"] == ["exitToQuizStart:"], unwound
    shots.take(driver, "started over")

    # Now a harness performs it over the API; the page follows through the stream.
    segued.post(f"/v1/sessions/{session}/segues", {"identifier": "ResultScreen"})
    ui.heading(driver, ui.scene_title(results))
    step = Step(driver, segued, session)
    ui.tap(driver, "Return To The Menu Screen")
    ui.heading(driver, ui.scene_title(menu))
    assert [event["args"]["action"] for event in step.events()
            if event["method"] == "unwindAction"] == ["exitToHomeScreen:"]
    step.callbacks()
    assert len(segued.stack(session)["layers"]) == 1
    shots.take(driver, "back at the menu")


def visible_scene(stack):
    """The visible instance's scene, and whether a navigation controller holds it (UIKit shows a
    view controller's toolbarItems only there)."""
    nodes, parents = {}, {}

    def visit(node, parent):
        nodes[node["id"]] = node
        parents[node["id"]] = parent
        for child in node.get("children") or []:
            visit(child, node)
    for layer in stack["layers"]:
        visit(layer["root"], None)
    parent = parents[stack["visible"]]
    return nodes[stack["visible"]]["scene"], bool(parent and parent["kind"] == "navigationController")


def tappable_names(scene, in_navigation):
    ui_of_scene = dict(scene.get("ui") or {})
    if not in_navigation:
        ui_of_scene.pop("toolbarItems", None)
    return [name for name, _ in ui.triggers({**scene, "ui": ui_of_scene}) if name]


def test_every_shared_storyboard_shows_its_labels_as_buttons(browser, segued, shots):
    """Each storyboard of the corpus opens in the page: the visible scene's title is the heading and
    every element the importer read a trigger for is a button named with its label; tapping the first
    one changes the stack or shows the problem the API answered. All in one tab, one page after the
    other, as a person going through them would: a page left behind must not keep its stream (and
    one of the browser's six connections to the daemon) open."""
    if not STORYBOARDS.exists():
        pytest.skip(f"the shared corpus is absent: no {STORYBOARDS} (set SEGUED_SHARED)")
    driver = browser()
    checked = 0
    for file in sorted(STORYBOARDS.glob("*.storyboard")):
        uploaded = segued.upload_storyboard(file, "Main")
        scenes = segued.storyboard(uploaded["id"])["storyboard"]["scenes"]
        session = segued.start_session(uploaded["id"])
        scene_id, in_navigation = visible_scene(session["stack"])
        scene = scenes[scene_id]
        driver.get(f"{segued.base}/ui/sessions/{session['id']}")
        try:
            if ui.scene_title(scene):
                ui.heading(driver, ui.scene_title(scene))
            names = tappable_names(scene, in_navigation)
            for name in names:
                ui.wait_until(lambda: ui.buttons(driver, name), f"a button named {name!r}")
            if names:
                revision = session["stack"]["revision"]
                ui.buttons(driver, names[0])[0].click()
                ui.wait_until(lambda: segued.stack(session["id"])["revision"] > revision
                              or ui.problem_shown(driver, "urn:segued:problem:"),
                              f"tapping {names[0]!r} to change the stack or show a problem")
                checked += 1
        except AssertionError as error:
            shots.take(driver, file.stem)
            raise AssertionError(f"{file.name}: {error}") from error
        if len(names) >= 3:
            shots.take(driver, file.stem)
    assert checked >= 10, f"only {checked} storyboards had a labelled trigger on their first screen"
