"""A small client of segued's HTTP API for the browser tests: what a harness driving a session does,
and what the tests compare the page against."""
import json
import urllib.error
import urllib.request


class APIError(Exception):
    def __init__(self, status, body):
        super().__init__(f"HTTP {status}: {body}")
        self.status = status
        self.body = body


class API:
    def __init__(self, base):
        self.base = base

    def request(self, method, path, body=None, content_type="application/json", headers=None):
        data = None
        if body is not None:
            data = body if isinstance(body, bytes) else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", content_type)
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                raw = response.read()
                return json.loads(raw) if raw else None
        except urllib.error.HTTPError as error:
            raw = error.read()
            try:
                raise APIError(error.code, json.loads(raw)) from None
            except ValueError:
                raise APIError(error.code, raw.decode(errors="replace")) from None

    def request_text(self, path):
        """GET `path`; answers the body as text (a flow is text/plain)."""
        with urllib.request.urlopen(self.base + path, timeout=10) as response:
            return response.read().decode()

    def get(self, path):
        return self.request("GET", path)

    def post(self, path, body):
        return self.request("POST", path, body)

    def upload_storyboard(self, path, name):
        """Uploads one Interface Builder .storyboard file; answers its summary (id, name, …)."""
        with open(path, "rb") as file:
            return self.request("POST", f"/v1/storyboards?name={name}", file.read(), "application/xml")

    def storyboard(self, storyboard_id):
        return self.get(f"/v1/storyboards/{storyboard_id}")

    def start_session(self, storyboard="demo", **options):
        return self.post("/v1/sessions", {"storyboard": storyboard, **options})

    def stack(self, session_id):
        return self.get(f"/v1/sessions/{session_id}/stack")

    def events(self, session_id, after=0):
        """The whole event log after `after`, page by page."""
        events = []
        while True:
            page = self.get(f"/v1/sessions/{session_id}/events?after={after}&limit=1000")
            batch = page["events"] if isinstance(page, dict) else page
            if not batch:
                return events
            events.extend(batch)
            after = batch[-1]["seq"]

    def sessions(self):
        page = self.get("/v1/sessions")
        return page["sessions"] if isinstance(page, dict) else page
