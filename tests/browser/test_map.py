"""The storyboard map module (Sources/WebApp/Assets/map.js) on every storyboard of ../shared and on
the demo: one box per scene, one edge per relationship and segue with the style of its kind, no two
boxes overlapping, and the scenes with instances on screen highlighted as the stack says."""
import json
from pathlib import Path

import pytest

from test_corpus import STORYBOARDS

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "Sources" / "WebApp" / "Assets"
STYLE_OF_KIND = {"show": "push", "push": "push", "showDetail": "push", "replace": "push",
                 "presentation": "modal", "modal": "modal", "popoverPresentation": "popover",
                 "popover": "popover", "unwind": "unwind", "embed": "embed", "custom": "custom"}

# Loads map.js as a module from its source (a blob: URL, so no server is needed), draws the map
# into a fresh container and answers what it drew.
DRAW = """
const [source, css, storyboard, stack, done] = arguments;
document.head.innerHTML = `<style>${css}</style>`;
const url = URL.createObjectURL(new Blob([source], {type: 'text/javascript'}));
import(url).then(({renderMap}) => {
  const container = document.createElement('div');
  document.body.replaceChildren(container);
  const svg = renderMap(container, storyboard, stack);
  const scenes = [...svg.querySelectorAll('[data-scene]')].map(g => {
    const box = g.querySelector('rect').getBoundingClientRect();
    return {id: g.dataset.scene, classes: g.getAttribute('class'), name: g.querySelector('.map-scene-name').textContent,
            box: [box.left, box.top, box.width, box.height]};
  });
  const edges = [...svg.querySelectorAll('.map-edge[data-kind]')].map(g => ({kind: g.dataset.kind,
    style: [...g.classList].find(c => c.startsWith('map-edge--')), from: g.dataset.from, to: g.dataset.to,
    stroke: getComputedStyle(g.querySelector('.map-edge-line')).stroke,
    dash: getComputedStyle(g.querySelector('.map-edge-line')).strokeDasharray}));
  done({scenes, edges, label: svg.getAttribute('aria-label'),
        size: [svg.width.baseVal.value, svg.height.baseVal.value]});
}).catch(error => done({error: String(error)}));
"""


def draw(driver, storyboard, stack):
    drawn = driver.execute_async_script(DRAW, (ASSETS / "map.js").read_text(),
                                        (ASSETS / "map.css").read_text(), storyboard, stack)
    assert "error" not in drawn, drawn
    return drawn


def expected_edges(document):
    """(kind, from) of every relationship and segue, counted as the map must draw them (an unwind
    once per implementing scene, at least once)."""
    count = {}
    for scene_id, scene in document["scenes"].items():
        contained = [scene.get(key) for key in ("root", "primary", "supplementary", "secondary", "compact")]
        for child in [c for c in contained if c] + (scene.get("tabs") or []):
            count[("relationship", scene_id)] = count.get(("relationship", scene_id), 0) + 1
        for segue in scene.get("segues") or []:
            count[(segue["kind"], scene_id)] = count.get((segue["kind"], scene_id), 0) + 1
    return count


def check(drawn, document, stack):
    scenes = document["scenes"]
    assert sorted(scene["id"] for scene in drawn["scenes"]) == sorted(scenes)
    boxes = [scene["box"] for scene in drawn["scenes"]]
    for index, (x, y, width, height) in enumerate(boxes):
        assert width > 100 and height > 30
        for (x2, y2, width2, height2) in boxes[index + 1:]:
            assert x + width <= x2 or x2 + width2 <= x or y + height <= y2 or y2 + height2 <= y, \
                f"boxes overlap: {drawn['scenes'][index]}"
    drawn_count = {}
    for edge in drawn["edges"]:
        assert edge["style"] == "map-edge--" + STYLE_OF_KIND.get(edge["kind"], "relationship"), edge
        drawn_count[(edge["kind"], edge["from"])] = drawn_count.get((edge["kind"], edge["from"]), 0) + 1
    expected = expected_edges(document)
    for key, number in expected.items():
        if key[0] == "unwind":
            assert drawn_count.get(key, 0) >= number, key
        else:
            assert drawn_count.get(key, 0) == number, (key, drawn_count.get(key), number)
    assert set(drawn_count) == set(expected)
    # Styles are told apart by colour or dash, kind by kind.
    looks = {}
    for edge in drawn["edges"]:
        looks.setdefault(edge["style"], set()).add((edge["stroke"], edge["dash"]))
    assert all(len(seen) == 1 for seen in looks.values()), looks
    assert len({next(iter(seen)) for seen in looks.values()}) == len(looks), looks
    # Highlighted: every scene with an instance on the visible path, the visible one most.
    nodes = {}

    def visit(node):
        nodes[node["id"]] = node
        for child in node.get("children") or []:
            visit(child)
    for layer in stack["layers"]:
        visit(layer["root"])
    on_path = {nodes[vc]["scene"] for vc in stack["path"]}
    visible = nodes[stack["visible"]]["scene"]
    classes = {scene["id"]: scene["classes"].split() for scene in drawn["scenes"]}
    for scene_id in on_path:
        assert "map-scene--on-screen" in classes[scene_id], (scene_id, classes[scene_id])
    assert [s for s, c in classes.items() if "map-scene--visible" in c] == [visible]
    without_instances = set(scenes) - {node["scene"] for node in nodes.values()}
    for scene_id in without_instances:
        assert "map-scene--instantiated" not in classes[scene_id]


def test_map_of_the_demo(browser, segued, shots):
    driver = browser()
    driver.get("about:blank")
    document = segued.storyboard("demo")["storyboard"]
    session = segued.start_session("demo")["id"]
    segued.post(f"/v1/sessions/{session}/segues", {"identifier": "showItem"})
    segued.post(f"/v1/sessions/{session}/segues", {"identifier": "editItem"})
    stack = segued.stack(session)
    drawn = draw(driver, document, stack)
    check(drawn, document, stack)
    names = {scene["id"]: scene["name"] for scene in drawn["scenes"]}
    assert names["itemList"] == "Items" and names["editItem"] == "Edit"
    shots.take(driver, "demo map with the edit form presented")


def test_map_of_every_shared_storyboard(browser, segued, shots):
    if not STORYBOARDS.exists():
        pytest.skip(f"the shared corpus is absent: no {STORYBOARDS}")
    driver = browser()
    driver.get("about:blank")
    files = sorted(STORYBOARDS.glob("*.storyboard"))
    assert len(files) >= 20
    for file in files:
        uploaded = segued.upload_storyboard(file, "Main")
        document = segued.storyboard(uploaded["id"])["storyboard"]
        stack = segued.start_session(uploaded["id"])["stack"]
        drawn = draw(driver, document, stack)
        try:
            check(drawn, document, stack)
        except AssertionError as error:
            raise AssertionError(f"{file.name}: {error}") from error
        assert max(drawn["size"]) < 8000, (file.name, drawn["size"])
        if len(document["scenes"]) >= 20 or "UnwindSegue_Main" in file.name:
            shots.take_whole(driver, file.stem, drawn["size"])
