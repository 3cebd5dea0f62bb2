"""Typed calls for segued's HTTP API (openapi.yaml, ../shared/spec/api.md)."""

from __future__ import annotations

import json
import ssl
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional


class Problem(Exception):
    """An RFC 9457 problem the daemon answered: `code` is the last part of its `type`. Every call
    raises it; a problem a caller acts on has a subclass with its members (`ChoiceRequired.choices`,
    `ActionUnread.reasons`, …): `Problem.from_answer` picks it by `code`."""

    code_of_class: Optional[str] = None

    def __init__(self, status: int, body: Dict[str, Any]):
        self.status = status
        self.body = body
        self.type = body.get("type", "")
        self.code = self.type.rsplit(":", 1)[-1]
        self.detail = body.get("detail") or body.get("title") or ""
        super().__init__(f"{status} {self.code}: {self.detail}")

    @staticmethod
    def from_answer(status: int, body: Dict[str, Any]) -> "Problem":
        """The problem of a 4xx/5xx answer, as the subclass of its code when it has one."""
        code = str(body.get("type", "")).rsplit(":", 1)[-1]
        for kind in _PROBLEMS:
            if kind.code_of_class == code:
                return kind(status, body)
        return Problem(status, body)


class UnknownControl(Problem):
    """404 `unknown-control`: no tappable control of the source's scene has the label (or the
    `occurrence` is past the last); `controls` are the scene's tappable labels, each once."""

    code_of_class = "unknown-control"

    @property
    def controls(self) -> List[str]:
        return list(self.body.get("controls", []))


class AmbiguousControl(Problem):
    """409 `ambiguous-control`: several tappable controls have the label; tap again with `occurrence`
    (from 1, in `candidates`' order: what each does, `"editA: (Sources/ListViewController.swift:4)"`)."""

    code_of_class = "ambiguous-control"

    @property
    def candidates(self) -> List[str]:
        return list(self.body.get("candidates", []))


class ChoiceRequired(Problem):
    """409 `choice-required`: the control's action has alternatives; tap again with `when` one of `choices`."""

    code_of_class = "choice-required"

    @property
    def choices(self) -> List[str]:
        return list(self.body.get("choices", []))


class UnknownChoice(ChoiceRequired):
    """422 `unknown-choice`: `when` is none of the action's `choices`."""

    code_of_class = "unknown-choice"


class ActionUnread(Problem):
    """409 `action-unread`: a call the chosen alternative makes was not read from the sources; `reasons` say why."""

    code_of_class = "action-unread"

    @property
    def reasons(self) -> List[str]:
        return list(self.body.get("reasons", []))


class NotTappable(Problem):
    """409 `not-tappable`: the control triggers nothing and sends no action (a label)."""

    code_of_class = "not-tappable"


class NotInWindowHierarchy(Problem):
    """409 `not-in-window-hierarchy`: the source is not on screen, so no person can tap it."""

    code_of_class = "not-in-window-hierarchy"


_PROBLEMS = [UnknownControl, AmbiguousControl, ChoiceRequired, UnknownChoice, ActionUnread, NotTappable, NotInWindowHierarchy]


def _without_segue_id(value: Any) -> Any:
    if isinstance(value, dict) and "kind" in value and "source" in value and "id" in value:
        return {key: item for key, item in value.items() if key != "id"}
    return value


@dataclass
class Event:
    """One UIKit callback, in order: `seq`, instance `vc`, its `scene` and `class`, `method`, `args`, `result`."""

    seq: int
    vc: str
    scene: str
    cls: str
    method: str
    args: Dict[str, Any]
    result: Any = None
    has_result: bool = False

    @classmethod
    def from_json(cls, obj: Dict[str, Any]) -> "Event":
        return cls(obj["seq"], obj["vc"], obj["scene"], obj.get("class", ""), obj["method"], obj.get("args", {}),
                   obj.get("result"), "result" in obj)

    def line(self) -> str:
        """The flow format's line (docs/flows.md): `vc3 itemList viewWillAppear {"animated":true}`.
        A segue argument is written without its `id` (the API's name for it; UIKit's segue object has
        none), as `segued test` writes it."""
        text = f"{self.vc} {self.scene} {self.method}"
        if self.args:
            args = {name: _without_segue_id(value) for name, value in self.args.items()}
            text += " " + json.dumps(args, sort_keys=True, separators=(",", ":"))
        if self.has_result:
            text += " -> " + json.dumps(self.result, separators=(",", ":"))
        return text


@dataclass
class Stack:
    revision: int
    visible: Optional[str]
    path: List[str]
    layers: List[Dict[str, Any]] = field(default_factory=list)

    @classmethod
    def from_json(cls, obj: Dict[str, Any]) -> "Stack":
        return cls(obj.get("revision", 0), obj.get("visible"), obj.get("path", []), obj.get("layers", []))


@dataclass
class Tap:
    """What a tap tapped: the control's `label` as the scene's `ui` has it, and for a control that sends
    an action its `selector`, the method's `source` (`path:line`) and the alternative taken (`when`)."""

    control: str
    selector: Optional[str] = None
    source: Optional[str] = None
    when: Optional[str] = None

    @classmethod
    def from_json(cls, obj: Dict[str, Any]) -> "Tap":
        return cls(obj["control"], obj.get("selector"), obj.get("source"), obj.get("when"))


@dataclass
class Transcript:
    """An operation's answer: whether it was performed (and why not), its callbacks, the stack after
    it; for a tap, what was tapped (`tap`)."""

    performed: bool
    reason: Optional[str]
    events: List[Event]
    stack: Stack
    revision: int
    destination: Optional[str] = None
    segue: Optional[Dict[str, Any]] = None
    search: List[Dict[str, Any]] = field(default_factory=list)
    raw: Dict[str, Any] = field(default_factory=dict, repr=False)
    reason_detail: Optional[str] = None
    tap: Optional[Tap] = None

    @classmethod
    def from_json(cls, obj: Dict[str, Any]) -> "Transcript":
        return cls(
            obj["performed"], obj.get("reason"), [Event.from_json(e) for e in obj.get("events", [])],
            Stack.from_json(obj.get("stack", {})), obj.get("revision", 0), obj.get("destination"),
            obj.get("segue"), obj.get("search", []), obj, obj.get("reasonDetail"),
            Tap.from_json(obj["tap"]) if obj.get("tap") else None)

    @property
    def runs_app_code_only(self) -> bool:
        """A tap of a control whose action makes no navigation call (`reason` `runsAppCodeOnly`)."""
        return self.reason == "runsAppCodeOnly"

    def methods(self) -> List[str]:
        return [event.method for event in self.events]


@dataclass
class Session:
    """A session: its id and launch, and the operations on it."""

    client: "Client"
    id: str
    revision: int
    events: List[Event]
    raw: Dict[str, Any] = field(default_factory=dict, repr=False)

    def segue(self, identifier: Optional[str] = None, *, id: Optional[str] = None, **options: Any) -> Transcript:
        """`POST …/segues`: `identifier` (or `id=`), and `source`, `trigger`, `shouldPerform`, `sender`, `data`, `animated`."""
        body = dict(options)
        if identifier is not None:
            body["identifier"] = identifier
        if id is not None:
            body["id"] = id
        return Transcript.from_json(self.client.request("POST", f"/v1/sessions/{self.id}/segues", body))

    def unwind(self, action: Optional[str] = None, *, identifier: Optional[str] = None, **options: Any) -> Transcript:
        """`POST …/unwind`: an action (`saveEdit:`) or an unwind segue's `identifier`, and `source`, `data`, `trigger`."""
        body = dict(options)
        if action is not None:
            body["action"] = action
        if identifier is not None:
            body["identifier"] = identifier
        return Transcript.from_json(self.client.request("POST", f"/v1/sessions/{self.id}/unwind", body))

    def action(self, type: str, **fields: Any) -> Transcript:
        """`POST …/actions`: `pop`, `back`, `popToRoot`, `popTo`, `setViewControllers`, `push`, `present`, `dismiss`, `selectTab`, `setTraits`, `tap` (`Session.tap`)."""
        return Transcript.from_json(self.client.request("POST", f"/v1/sessions/{self.id}/actions", dict(fields, type=type)))

    def tap(self, control: str, source: Optional[str] = None, occurrence: Optional[int] = None,
            when: Optional[str] = None) -> Transcript:
        """`POST …/actions {"type": "tap"}`: a person's tap on the control labelled `control`, as the app
        does it (a segue-wired control performs its segue; one that sends an action performs what its
        code calls). `source` is the instance whose control it is (default: the visible one, else the
        nearest touchable one with that label), `occurrence` which of several with the label (from 1),
        `when` the alternative of an action with several. The answer's `tap` names what was tapped;
        `runs_app_code_only` when the action navigates nowhere. Raises `UnknownControl`,
        `AmbiguousControl` (`candidates`), `ChoiceRequired` / `UnknownChoice` (`choices`),
        `ActionUnread` (`reasons`), `NotTappable`, `NotInWindowHierarchy`, or another `Problem`."""
        fields: Dict[str, Any] = {"control": control}
        if source is not None:
            fields["source"] = source
        if occurrence is not None:
            fields["occurrence"] = occurrence
        if when is not None:
            fields["when"] = when
        return self.action("tap", **fields)

    def back(self) -> Transcript:
        return self.action("back")

    def select_tab(self, index: int, **fields: Any) -> Transcript:
        return self.action("selectTab", index=index, **fields)

    def dismiss(self, **fields: Any) -> Transcript:
        return self.action("dismiss", **fields)

    def stack(self) -> Stack:
        return Stack.from_json(self.client.request("GET", f"/v1/sessions/{self.id}/stack"))

    def triggerable(self) -> Dict[str, Any]:
        """`GET …/segues`: the segues and unwinds the on-screen instances can trigger now."""
        return self.client.request("GET", f"/v1/sessions/{self.id}/segues")

    def events_after(self, after: int = 0, limit: int = 1000) -> List[Event]:
        """`GET …/events?after=&limit=`: the session's event log, in order."""
        answer = self.client.request("GET", f"/v1/sessions/{self.id}/events?after={after}&limit={limit}")
        return [Event.from_json(e) for e in answer.get("events", [])]

    def snapshot(self) -> Dict[str, Any]:
        """`GET …/snapshot`: a versioned document `Client.restore` starts a session from (issue 21 item 1)."""
        return self.client.request("GET", f"/v1/sessions/{self.id}/snapshot")

    def fork(self, id: Optional[str] = None) -> "Session":
        """A clone of this session (`POST /v1/sessions {"from": ID}`, or `PUT` with a chosen id) (issue 21 item 1)."""
        return self.client._start({"from": self.id}, id)

    def delete(self) -> None:
        self.client.request("DELETE", f"/v1/sessions/{self.id}")


class Client:
    """A segued daemon at `base` (`http://127.0.0.1:8080` or `https://…`), with a bearer `token` when
    it needs one; over HTTPS the certificate is verified against `cafile` (PEM), else the system's CAs."""

    def __init__(self, base: str, token: Optional[str] = None, timeout: float = 30, cafile: Optional[str] = None):
        self.base = base.rstrip("/")
        self.token = token
        self.timeout = timeout
        self.context = ssl.create_default_context(cafile=cafile) if self.base.startswith("https://") else None

    def request(self, method: str, path: str, body: Any = None, *, data: Optional[bytes] = None,
                content_type: str = "application/json") -> Any:
        """One request; the JSON answer, or `Problem` for a 4xx/5xx."""
        if body is not None:
            data = json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", content_type)
        if self.token:
            request.add_header("Authorization", f"Bearer {self.token}")
        try:
            with urllib.request.urlopen(request, timeout=self.timeout, context=self.context) as response:
                payload = response.read()
        except urllib.error.HTTPError as error:
            payload = error.read()
            try:
                problem = json.loads(payload)
            except ValueError:
                problem = {"title": payload.decode(errors="replace")}
            raise Problem.from_answer(error.code, problem) from None
        return json.loads(payload) if payload else None

    def upload(self, path: str, name: Optional[str] = None) -> Dict[str, Any]:
        """`POST /v1/storyboards`: a segued JSON, Interface Builder `.storyboard` or bundle file."""
        with open(path, "rb") as file:
            data = file.read()
        xml = path.endswith(".storyboard")
        query = "?name=" + urllib.parse.quote(name) if (xml and name) else ""
        return self.request("POST", "/v1/storyboards" + query, data=data,
                            content_type="application/xml" if xml else "application/json")

    def session(self, storyboard: str = "demo", *, id: Optional[str] = None, profile: Optional[str] = None,
                traits: Optional[Dict[str, str]] = None, initial_scene: Optional[str] = None) -> Session:
        """A new session (`POST /v1/sessions`, or `PUT /v1/sessions/{id}` with a chosen id)."""
        body: Dict[str, Any] = {"storyboard": storyboard}
        if profile:
            body["profile"] = profile
        if traits:
            body["traits"] = traits
        if initial_scene:
            body["initialScene"] = initial_scene
        return self._start(body, id)

    def restore(self, snapshot: Dict[str, Any], id: Optional[str] = None) -> Session:
        """A session restored from `Session.snapshot()` (issue 21 item 1)."""
        return self._start({"snapshot": snapshot}, id)

    def _start(self, body: Dict[str, Any], id: Optional[str]) -> Session:
        answer = self.request("PUT" if id else "POST", f"/v1/sessions/{id}" if id else "/v1/sessions", body)
        return Session(self, answer["id"], answer.get("revision", 0), [Event.from_json(e) for e in answer.get("events", [])], answer)

    def healthy(self) -> bool:
        try:
            self.request("GET", "/healthz")
            return True
        except (OSError, Problem):
            return False
