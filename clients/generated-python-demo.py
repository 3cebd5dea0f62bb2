#!/usr/bin/env python3
"""The README's demo walkthrough through a client that openapi-python-client generated from
openapi.yaml (issue 30: generated clients are complete): a session on the demo storyboard, Show
Item with data, Edit Item, the save unwind, a scene's `ui` read, the session ended; each answer
checked against what the README prints. .ci/check-clients generates it as the package
`segued_generated` (`--meta none`) in a temporary folder put on PYTHONPATH.

Usage: generated-python-demo.py URL (a token, when the daemon asks for one, in SEGUED_TOKEN)."""
import os
import sys

from segued_generated.api.operations import perform_segue, unwind
from segued_generated.api.sessions import end_session, put_session
from segued_generated.api.storyboards import get_storyboard, upload_storyboard
from segued_generated.client import AuthenticatedClient, Client
from segued_generated.models import LaunchSession, StoryboardBundle, StoryboardSegueByIdentifier, UnwindByAction
from segued_generated.models.storyboard_bundle_storyboards import StoryboardBundleStoryboards
from segued_generated.models.storyboard_segue_by_identifier_data_type_0 import StoryboardSegueByIdentifierDataType0
from segued_generated.models.unwind_by_action_data_type_0 import UnwindByActionDataType0


# One scene, as Interface Builder writes it.
TINY_STORYBOARD = """<?xml version="1.0" encoding="UTF-8"?>
<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="a">
  <scenes><scene sceneID="s"><objects><viewController id="a" sceneMemberID="viewController"/></objects></scene></scenes>
</document>
"""


def expect(actual, expected, what):
    if actual != expected:
        sys.exit(f"FAIL {what}: expected {expected!r}, got {actual!r}")
    print(f"ok  {what}: {actual!r}")


def main(url):
    token = os.environ.get("SEGUED_TOKEN")
    client = AuthenticatedClient(base_url=url, token=token) if token else Client(base_url=url)
    session = "python-generated-demo"
    launched = put_session.sync(session, client=client, body=LaunchSession(storyboard="demo"))
    expect(launched.stack.path, ["vc1", "vc2", "vc3"], "launch: path")
    expect(len(launched.events), 55, "launch: events")

    shown = perform_segue.sync(session, client=client, body=StoryboardSegueByIdentifier(
        identifier="showItem", data=StoryboardSegueByIdentifierDataType0.from_dict({"itemID": 42})))
    expect(shown.performed, True, "showItem: performed")
    expect(shown.revision, 2, "showItem: revision")
    first = shown.events[0]
    expect(f"{first.seq} {first.vc} {first.scene} {first.method.value}", "56 vc3 itemList shouldPerformSegue", "showItem: first event")
    expect(len(shown.events), 17, "showItem: events")

    edited = perform_segue.sync(session, client=client, body=StoryboardSegueByIdentifier(identifier="editItem"))
    expect(edited.stack.visible, "vc12", "editItem: visible")
    expect(edited.stack.path, ["vc1", "vc11", "vc12"], "editItem: path")

    saved = unwind.sync(session, client=client, body=UnwindByAction(
        action="saveEdit:", data=UnwindByActionDataType0.from_dict({"title": "Milk"})))
    expect(saved.performed, True, "saveEdit: performed")
    expect(saved.destination, "vc10", "saveEdit: destination")
    expect(saved.stack.path, ["vc1", "vc2", "vc10"], "saveEdit: path")

    # A scene's `ui` reads as the generated models (openapi.yaml names its navigation and tab bar
    # items, which openapi-python-client otherwise dropped with the whole `ui`).
    settings = get_storyboard.sync("demo", client=client).storyboard.scenes.additional_properties["settings"].ui
    expect(settings.navigation_item.title, "Settings", "demo settings: navigation title")
    expect([(control.type_.value, control.text) for control in settings.controls][:2],
           [("tableViewCell", "Notifications"), ("switch", None)], "demo settings: first controls")

    # What the generator does not express (docs/flows-and-clients.md, "Generated clients"), the way the README says:
    # an Interface Builder storyboard goes up as the XML text of a bundle, and the contract, a YAML
    # answer, comes through the client's own httpx client.
    uploaded = upload_storyboard.sync(client=client, body=StoryboardBundle(
        name="Tiny", entry="Tiny", storyboards=StoryboardBundleStoryboards.from_dict({"Tiny": TINY_STORYBOARD})))
    expect((uploaded.name, uploaded.entry), ("Tiny", "Tiny"), "storyboard XML in a bundle: name and entry")
    contract = client.get_httpx_client().get("/openapi.yaml")
    expect((contract.headers["content-type"], contract.text.splitlines()[0]), ("application/yaml", "openapi: 3.1.0"),
           "GET /openapi.yaml through the httpx client")

    end_session.sync_detailed(session, client=client)
    print("the demo walkthrough passes through the client openapi-python-client generated")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: generated-python-demo.py URL")
    main(sys.argv[1])
