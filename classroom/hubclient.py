"""A small client for a JupyterHub and its students' servers, as a student's browser
uses them: log in (the hub's REST API), start a server, open a notebook's kernel and run
code in it over the Jupyter protocol (jupyter_server's REST API and kernel websocket).

Used by tests/test_classroom.py and bench/bench_classroom.py. Asynchronous (tornado), so
one process can be a whole class. Every call has a time limit.
"""
import asyncio
import json
import time
import uuid
from urllib.parse import quote

from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.websocket import websocket_connect

AsyncHTTPClient.configure(None, max_clients=200)


class HubError(Exception):
    pass


class Hub:
    def __init__(self, url):
        self.url = url.rstrip("/") + "/"
        self.http = AsyncHTTPClient()

    async def request(self, method, path, token=None, body=None, timeout=30, ok=(200, 201, 202, 204)):
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"token {token}"
        req = HTTPRequest(self.url + path.lstrip("/"), method=method, headers=headers,
                          body=None if body is None else json.dumps(body),
                          allow_nonstandard_methods=True, request_timeout=timeout,
                          connect_timeout=timeout, follow_redirects=False)
        try:
            resp = await self.http.fetch(req, raise_error=False)
        except (OSError, asyncio.TimeoutError, HTTPClientError) as e:   # incl. time-outs
            raise HubError(f"{method} {path}: {e}") from e
        if resp.code not in ok:
            text = resp.body.decode("utf-8", "replace")[:300] if resp.body else ""
            raise HubError(f"{method} {path}: HTTP {resp.code} {text}")
        return json.loads(resp.body) if resp.body else None

    async def login(self, name, password, timeout=120):
        """A token for ``name``, got the way a script logs in: the password goes to the
        hub's token API, which asks the authenticator (403 when it says no)."""
        reply = await self.request(
            "POST", f"hub/api/users/{quote(name)}/tokens",
            body={"auth": {"username": name, "password": password},
                  "note": "classroom client", "expires_in": 4 * 3600},
            timeout=timeout)
        return reply["token"]

    async def user(self, name, token):
        return await self.request("GET", f"hub/api/users/{quote(name)}", token)

    async def start_server(self, name, token, timeout=180):
        """Start ``name``'s server and wait until the hub says it is ready; seconds taken."""
        t0 = time.monotonic()
        await self.request("POST", f"hub/api/users/{quote(name)}/server", token,
                           timeout=timeout, ok=(201, 202, 400))   # 400: already running
        while True:
            info = await self.user(name, token)
            server = (info.get("servers") or {}).get("", {})
            if server.get("ready"):
                return time.monotonic() - t0
            if not server.get("pending") and not server.get("ready") and \
                    time.monotonic() - t0 > 5:
                raise HubError(f"{name}'s server stopped while starting: {info}")
            if time.monotonic() - t0 > timeout:
                raise HubError(f"{name}'s server not ready after {timeout} s")
            await asyncio.sleep(0.25)

    async def stop_server(self, name, token, timeout=60):
        await self.request("DELETE", f"hub/api/users/{quote(name)}/server", token,
                           timeout=timeout, ok=(202, 204, 400))
        t0 = time.monotonic()
        while time.monotonic() - t0 < timeout:
            info = await self.user(name, token)
            if not (info.get("servers") or {}):
                return
            await asyncio.sleep(0.25)
        raise HubError(f"{name}'s server did not stop in {timeout} s")

    def server(self, name, token):
        return StudentServer(self, name, token)


class StudentServer:
    """One student's Jupyter server, reached through the hub's proxy with their token."""

    def __init__(self, hub, name, token):
        self.hub, self.name, self.token = hub, name, token
        self.base = f"user/{quote(name)}/"

    async def api(self, method, path, body=None, timeout=60, ok=(200, 201, 204)):
        return await self.hub.request(method, self.base + path.lstrip("/"), self.token,
                                      body, timeout, ok)

    async def open_notebook(self, path, timeout=120):
        """A session for the notebook at ``path`` (its kernel runs in the notebook's
        folder, as when the student opens it); returns a Kernel, connected."""
        session = await self.api("POST", "api/sessions", {
            "path": path, "name": path.rsplit("/", 1)[-1], "type": "notebook",
            "kernel": {"name": "python3"}}, timeout=timeout)
        kernel = Kernel(self, session["kernel"]["id"], session["id"])
        await kernel.connect(timeout)
        return kernel


class Kernel:
    def __init__(self, server, kernel_id, session_id):
        self.server, self.id, self.session_id = server, kernel_id, session_id
        self.ws = None
        self.client_session = uuid.uuid4().hex

    async def connect(self, timeout=60):
        hub = self.server.hub
        url = (hub.url.replace("http://", "ws://").replace("https://", "wss://")
               + self.server.base + f"api/kernels/{self.id}/channels"
               + f"?session_id={self.client_session}")
        req = HTTPRequest(url, headers={"Authorization": f"token {self.server.token}"},
                          connect_timeout=timeout, request_timeout=timeout)
        self.ws = await asyncio.wait_for(websocket_connect(req), timeout)
        # A kernel that is still starting answers kernel_info once it is ready.
        await self.request("kernel_info_request", {}, timeout=timeout)

    async def request(self, msg_type, content, timeout=60):
        """Send one shell request; collect what comes back until the kernel is idle again.
        Returns (reply content, [stream text], [error output])."""
        msg_id = uuid.uuid4().hex
        await self.ws.write_message(json.dumps({
            "header": {"msg_id": msg_id, "username": self.server.name,
                       "session": self.client_session, "msg_type": msg_type,
                       "version": "5.3", "date": ""},
            "parent_header": {}, "metadata": {}, "content": content,
            "channel": "shell", "buffers": []}))
        reply, streams, errors, idle = None, [], [], False
        deadline = time.monotonic() + timeout
        while reply is None or not idle:
            left = deadline - time.monotonic()
            if left <= 0:
                raise HubError(f"no answer to {msg_type} in {timeout} s")
            raw = await asyncio.wait_for(self.ws.read_message(), left)
            if raw is None:
                raise HubError("the kernel's websocket closed")
            msg = decode(raw)
            if (msg.get("parent_header") or {}).get("msg_id") != msg_id:
                continue
            kind = msg.get("msg_type") or msg["header"]["msg_type"]
            if msg.get("channel") == "shell" and kind.endswith("_reply"):
                reply = msg["content"]
            elif kind == "stream":
                streams.append(msg["content"]["text"])
            elif kind == "error":
                errors.append(f"{msg['content']['ename']}: {msg['content']['evalue']}")
            elif kind == "status" and msg["content"]["execution_state"] == "idle":
                idle = True
        return reply, streams, errors

    async def execute(self, code, timeout=120):
        """Run ``code``; returns (seconds until the kernel was idle again, stdout, errors)."""
        t0 = time.monotonic()
        reply, streams, errors = await self.request("execute_request", {
            "code": code, "silent": False, "store_history": True, "user_expressions": {},
            "allow_stdin": False, "stop_on_error": True}, timeout)
        if reply.get("status") == "error" and not errors:
            errors.append(f"{reply.get('ename')}: {reply.get('evalue')}")
        return time.monotonic() - t0, "".join(streams), errors

    async def close(self):
        if self.ws is not None:
            self.ws.close()
        try:
            await self.server.api("DELETE", f"api/sessions/{self.session_id}", timeout=30)
        except HubError:
            pass


def decode(raw):
    """A kernel message from the websocket: JSON text, or (for messages carrying binary
    buffers, e.g. some widget updates) jupyter_server's binary framing: a count of parts,
    their offsets, then the JSON message and the buffers."""
    if isinstance(raw, str):
        return json.loads(raw)
    n = int.from_bytes(raw[:4], "big")
    offsets = [int.from_bytes(raw[4 * (i + 1):4 * (i + 2)], "big") for i in range(n)]
    end = offsets[1] if n > 1 else len(raw)
    return json.loads(raw[offsets[0]:end].decode("utf-8"))
