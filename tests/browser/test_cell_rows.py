"""Issue 30, item 3: a label and a control in one table cell are one row, as the storyboard lays
them out ("Ignore SSL certificates" with its switch, not that cell then a row "Switch"). The daemon
reads a cell's one control as its `accessory` (CorpusCellRowTests); the page draws it in the row.
On real storyboards: openHAB's settings (text fields and switches) and GoMap's offline tiles (a
button beside each label)."""
import os
from pathlib import Path

import pytest

import ui

SHARED = Path(os.environ.get("SEGUED_SHARED", Path(__file__).resolve().parents[2].parent / "shared"))
STORYBOARDS = SHARED / "storyboards"
OPENHAB = STORYBOARDS / "openhab__openhab-ios__Main_iPhone_2014.storyboard"
GOMAP = STORYBOARDS / "bryceco__GoMap__MainStoryboard_iPhone_2013.storyboard"

# Each row of the table as the person sees it: its text, and its control described by its kind and
# the name it is read out by (its cell's label).
ROWS = """
return [...document.querySelectorAll('#screen .table .cell-row')].map(row => {
  const text = row.querySelector('.cell-text')?.textContent ?? '';
  const control = row.querySelector('input.cell-switch, input.cell-field, .cell-button, .cell-segmented, .cell-slider, .cell-stepper');
  if (!control) return text;
  const kind = control.matches('input.cell-switch') ? (control.checked ? 'switch on' : 'switch off')
    : control.matches('input.cell-field') ? `field "${control.placeholder}"`
    : control.matches('.cell-button') ? `button "${control.textContent}"` : control.className;
  const name = control.getAttribute('aria-label');
  return `${text} | ${kind}` + (name && name !== text ? ` (named ${name})` : '');
});
"""


def open_scene(driver, segued, path, name, scene):
    if not path.exists():
        pytest.skip(f"the shared corpus is absent: no {path}")
    storyboard = segued.upload_storyboard(path, name)["id"]
    session = segued.start_session(storyboard, initialScene=scene)["id"]
    driver.get(f"{segued.base}/ui/sessions/{session}")
    return session


def test_openhabs_settings_are_rows_of_a_label_and_its_field_or_switch(browser, segued, shots):
    driver = browser()
    open_scene(driver, segued, OPENHAB, "openHAB", "0lY-On-oJ2")
    rows = ui.wait_until(lambda: (lambda found: found if len(found) == 10 else None)(driver.execute_script(ROWS)),
                         "the settings table drawn")
    assert rows == [
        'Local | field ""', 'Remote | field ""', 'Username | field ""', 'Password | field ""',
        "Ignore SSL certificates | switch on", "Demo mode | switch on", "Disable idle timeout | switch on",
        "openHAB info", "Select sitemap", "Legal",
    ], rows
    # No control of its own outside the table: the switches are not rows named "Switch".
    assert "Switch" not in ui.visible_text(driver).split("\n")
    assert driver.find_elements("css selector", "#screen .ios-switch, #screen .ios-field") == []
    shots.take(driver, "openHAB settings, each label with its field or switch")


def test_gomaps_offline_tiles_are_rows_of_a_label_and_its_button(browser, segued, shots):
    driver = browser()
    open_scene(driver, segued, GOMAP, "GoMap", "F6b-O4-VXY")
    rows = ui.wait_until(lambda: (lambda found: found if len(found) == 2 else None)(driver.execute_script(ROWS)),
                         "the offline table drawn")
    assert rows == ['Aerial Tiles | button "Start"', 'Mapnik Tiles | button "Start"'], rows
    shots.take(driver, "GoMap offline tiles, each label with its Start button")
