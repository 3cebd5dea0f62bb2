"""Issue 30, item 3: screens as the storyboard lays them, at a laptop's 1400×900. A table cell's label
and its switch are one row; the transcript's class names wrap between words, never inside one; the
iPad in landscape is whole on the stage."""
import ui
from transcript import Step

# Every text node of the transcript's class names on one line: a name wraps only between the words
# of its camel case (where the page puts <wbr>), never inside a word.
_BROKEN_WORDS = """
const broken = [];
for (const element of document.querySelectorAll('.receiver-class')) {
  for (const node of element.childNodes) {
    if (node.nodeType !== Node.TEXT_NODE || !node.textContent.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const lines = new Set([...range.getClientRects()].map(rect => Math.round(rect.top)));
    if (lines.size > 1) broken.push(node.textContent);
  }
}
return broken;
"""


def test_a_cells_switch_is_its_row_and_class_names_wrap_between_words(browser, segued, shots):
    scenes = segued.storyboard("demo")["storyboard"]["scenes"]
    session = segued.start_session("demo")["id"]
    driver = browser(1400, 900)
    driver.get(f"{segued.base}/ui/sessions/{session}")
    ui.heading(driver, ui.scene_title(scenes["itemList"]))
    step = Step(driver, segued, session)
    ui.tap(driver, "Settings")
    ui.heading(driver, ui.scene_title(scenes["settings"]))
    step.callbacks()
    rows = ui.wait_until(lambda: [" ".join(row.text.split()) for row in driver.find_elements("css selector", ".cell-row")],
                         "the settings table")
    assert rows == ["Notifications", "Sync over cellular", "About"], rows
    switches = driver.find_elements("css selector", ".cell-row [role=switch]")
    assert [switch.accessible_name for switch in switches] == ["Notifications", "Sync over cellular"]
    assert [switch.is_selected() for switch in switches] == [True, False]
    assert not ui.buttons(driver, "Switch") and "Switch" not in ui.visible_text(driver)
    classes = driver.execute_script("return [...document.querySelectorAll('.receiver-class')].map(e => e.textContent)")
    assert "SettingsViewController" in classes and "UINavigationController" in classes
    assert driver.execute_script(_BROKEN_WORDS) == []
    shots.take(driver, "settings at 1400x900: switches in their rows, class names whole")


def test_the_ipad_in_landscape_fits_its_stage(browser, segued, shots):
    session = segued.start_session("demo", traits={"idiom": "pad", "horizontalSizeClass": "regular"})["id"]
    driver = browser(1400, 900)
    driver.get(f"{segued.base}/ui/sessions/{session}")
    ui.heading(driver, "Items")
    fit = driver.execute_script("""
      const device = document.getElementById('device').getBoundingClientRect();
      const stage = document.querySelector('.stage').getBoundingClientRect();
      return {device: [device.left, device.top, device.right, device.bottom, device.width, device.height],
              stage: [stage.left, stage.top, stage.right, stage.bottom],
              viewport: [innerWidth, innerHeight]};""")
    left, top, right, bottom, width, height = fit["device"]
    stage_left, stage_top, stage_right, stage_bottom = fit["stage"]
    assert stage_left <= left and stage_top <= top and right <= stage_right and bottom <= stage_bottom, fit
    assert bottom <= fit["viewport"][1] and right <= fit["viewport"][0], fit
    assert width > height, fit  # landscape
    shots.take(driver, "ipad landscape at 1400x900")
