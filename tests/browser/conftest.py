"""Browser-test harness: a real JupyterLab driven by headless Debian Chromium (Playwright).

Tests in this directory get the ``browser`` marker. They are skipped when Chromium
(``/usr/bin/chromium``, or ``$MINITENSOR_CHROMIUM``), JupyterLab or Playwright is
missing, except under ``CI=true``, where a missing piece is an error.

Fixtures
--------
``lab`` (function scope) -> :class:`LabPage`
    A fresh Chromium page on the ``lab_server`` below. At teardown the page is closed and
    every Jupyter session (hence kernel) on the server is deleted, so the next test starts
    clean. The usual test is::

        def test_something(lab):
            lab.open("smoke.ipynb")            # fresh copy, ?reset, waits for kernel idle
            lab.run_cell(0)                    # runs cell 0 only, waits until executed
            lab.wait_for_text("42", lab.output(0))
            lab.screenshot("something")        # -> artifacts/screenshots/something.png

``lab_server`` (session scope) -> :class:`LabServer`
    JupyterLab serving a temporary copy of ``tests/browser/``. To serve another directory,
    override it in your test module (servers are shared per source directory)::

        @pytest.fixture(scope="session")
        def lab_server(lab_server_factory):
            return lab_server_factory(ROOT / "notebooks")

``lab_server_factory`` (session scope) -> ``factory(src_dir) -> LabServer``
    Starts, at most once per session per ``src_dir``, a JupyterLab on a free port of
    127.0.0.1 serving a temporary COPY of ``src_dir`` (JupyterLab autosaves outputs into
    what it serves), with temporary Jupyter config/data/runtime/settings/workspaces
    directories, a random token, ``window.jupyterapp`` exposed, and the Jupyter news toast
    off. All servers are shut down (their process groups killed) at the end of the session.

``browser_type_launch_args`` (session scope; overrides pytest-playwright's)
    Launches ``/usr/bin/chromium`` headless with the flags this machine needs. Plain
    pytest-playwright fixtures (``page``, ``context``, ``browser``) work too.

``screenshot_dir`` (session scope) -> ``Path`` of ``artifacts/screenshots/`` (git-ignored).

:class:`LabServer`: ``url`` (base URL, ends with ``/``), ``token``, ``port``, ``root``
(the served copy), ``source``, ``log_path``; ``api(method, path, body=None)`` (JSON REST
call, e.g. ``api("GET", "api/sessions")``), ``sessions()``, ``delete_sessions()``,
``restore(relpath)`` (copy a file from the source over the served copy), ``stop()``.

:class:`LabPage`: ``page`` (the Playwright page), ``server``, ``console`` (browser console
messages so far); ``open(relpath, restore=True, timeout=60_000)``;
``wait_kernel_idle(timeout=60_000)``; ``run_cell(i, timeout=60_000)`` (sets
``activeCellIndex`` and executes ``notebook:run-cell`` via ``window.jupyterapp.commands``;
returns the command's result, False when the cell raised); ``cell(i)``, ``output(i)``
(locators of cell i and of its output area); ``cell_count()``;
``wait_for_selector(selector, timeout=30_000, state="visible")``;
``wait_for_text(text, within=None, timeout=30_000)`` (``within``: selector or locator; uses
text content, so it works for SVG ``<text>``); ``evaluate(js, arg=None)``;
``screenshot(name, target=None, full_page=False)`` -> Path (``target``: a locator to shoot
just that element).
"""
import importlib.util
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
CHROMIUM = os.environ.get("MINITENSOR_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
HAVE_PLAYWRIGHT = (importlib.util.find_spec("playwright") is not None
                   and importlib.util.find_spec("pytest_playwright") is not None)


def in_ci():
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def unavailable(reason):
    """Skip, or fail under CI=true: in CI a missing browser piece is a set-up bug."""
    if in_ci():
        pytest.fail(f"{reason} (CI=true, so this is an error, not a skip)", pytrace=False)
    pytest.skip(reason)


def pytest_collection_modifyitems(config, items):
    for item in items:
        if HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.browser)


# ------------------------------------------------------------------ the browser

if HAVE_PLAYWRIGHT:
    @pytest.fixture(scope="session")
    def browser_type_launch_args(browser_type_launch_args):
        if not os.access(CHROMIUM, os.X_OK):
            unavailable(f"Chromium not found at {CHROMIUM} (Debian: apt-get install chromium)")
        return {**browser_type_launch_args, "executable_path": CHROMIUM,
                "args": CHROMIUM_ARGS, "headless": browser_type_launch_args.get("headless", True)}
else:
    @pytest.fixture
    def page():
        unavailable("playwright / pytest-playwright not installed (pip install -e '.[test]')")


@pytest.fixture(scope="session")
def screenshot_dir(pytestconfig):
    d = pytestconfig.rootpath / "artifacts" / "screenshots"
    d.mkdir(parents=True, exist_ok=True)
    return d


# ------------------------------------------------------------------ JupyterLab

def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LabServer:
    """One JupyterLab process serving a temporary copy of ``source``."""

    def __init__(self, source, workdir):
        self.source = Path(source).resolve()
        self.workdir = Path(workdir)
        self.root = self.workdir / "served"
        shutil.copytree(self.source, self.root,
                        ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
        self.token = secrets.token_hex(16)
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log_path = self.workdir / "jupyterlab.log"
        self.proc = None

    def start(self, timeout=60):
        env = dict(os.environ)
        for var, sub in [("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_DATA_DIR", "data"),
                         ("JUPYTER_RUNTIME_DIR", "runtime"),
                         ("JUPYTERLAB_SETTINGS_DIR", "settings"),
                         ("JUPYTERLAB_WORKSPACES_DIR", "workspaces")]:
            (self.workdir / sub).mkdir(exist_ok=True)
            env[var] = str(self.workdir / sub)
        env["JUPYTER_PLATFORM_DIRS"] = "1"
        notif = self.workdir / "settings" / "@jupyterlab" / "apputils-extension"
        notif.mkdir(parents=True, exist_ok=True)
        (notif / "notification.jupyterlab-settings").write_text(json.dumps({"fetchNews": "false"}))
        cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip", "127.0.0.1",
               f"--port={self.port}", "--ServerApp.port_retries=0",
               f"--IdentityProvider.token={self.token}",
               "--LabApp.expose_app_in_browser=True",
               f"--ServerApp.root_dir={self.root}"]
        if os.geteuid() == 0:
            cmd.append("--allow-root")
        self._log = open(self.log_path, "wb")
        self.proc = subprocess.Popen(cmd, env=env, cwd=self.root, stdout=self._log,
                                     stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                     start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"JupyterLab exited with {self.proc.returncode}:\n{self.log_tail()}")
            try:
                self.api("GET", "api/status", timeout=2)
                return self
            except (urllib.error.URLError, ConnectionError, OSError):
                time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"JupyterLab did not answer /api/status in {timeout} s:\n{self.log_tail()}")

    def log_tail(self, n=40):
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-n:])
        except OSError:
            return "(no log)"

    def api(self, method, path, body=None, timeout=10):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url + path.lstrip("/"), data=data, method=method,
                                     headers={"Authorization": f"token {self.token}",
                                              "Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=timeout) as r:
            raw = r.read()
        return json.loads(raw) if raw else None

    def sessions(self):
        return self.api("GET", "api/sessions")

    def delete_sessions(self):
        for s in self.sessions():
            try:
                self.api("DELETE", f"api/sessions/{s['id']}")
            except urllib.error.HTTPError as e:
                if e.code != 404:
                    raise

    def restore(self, relpath):
        src, dst = self.source / relpath, self.root / relpath
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dst)

    def stop(self):
        if self.proc is None or self.proc.poll() is not None:
            return
        try:
            self.delete_sessions()
            self.api("POST", "api/shutdown", timeout=5)
            self.proc.wait(timeout=10)
        except Exception:
            pass
        for sig, wait in ((signal.SIGTERM, 5), (signal.SIGKILL, 5)):
            try:
                os.killpg(self.proc.pid, sig)
            except ProcessLookupError:
                break
            try:
                self.proc.wait(timeout=wait)
            except subprocess.TimeoutExpired:
                continue
        self._log.close()


@pytest.fixture(scope="session")
def lab_server_factory(tmp_path_factory):
    if importlib.util.find_spec("jupyterlab") is None:
        unavailable("JupyterLab not installed (pip install -e '.[lab]')")
    servers = {}

    def factory(src_dir):
        key = Path(src_dir).resolve()
        if key not in servers:
            workdir = tmp_path_factory.mktemp(f"lab-{key.name}")
            servers[key] = LabServer(key, workdir).start()
        return servers[key]

    yield factory
    for server in servers.values():
        server.stop()


@pytest.fixture(scope="session")
def lab_server(lab_server_factory):
    return lab_server_factory(HERE)


# ------------------------------------------------------------------ driving a notebook

_CURRENT_NOTEBOOK_JS = """
() => {
  const app = window.jupyterapp;
  const w = app && app.shell && app.shell.currentWidget;
  return w && w.content && w.sessionContext && w.context ? w : null;
}
"""

_KERNEL_IDLE_JS = """
() => {
  const app = window.jupyterapp;
  const w = app && app.shell && app.shell.currentWidget;
  if (!w || !w.sessionContext || !w.context || !w.context.isReady) return false;
  const sc = w.sessionContext;
  const k = sc.session && sc.session.kernel;
  return !!k && k.status === 'idle' && k.connectionStatus === 'connected' && !sc.isRestarting;
}
"""

_RUN_CELL_JS = """
async (i) => {
  const app = window.jupyterapp;
  const panel = app.shell.currentWidget;
  if (i < 0 || i >= panel.content.widgets.length)
    throw new Error(`no cell ${i}: the notebook has ${panel.content.widgets.length}`);
  panel.content.activeCellIndex = i;
  const ok = await app.commands.execute('notebook:run-cell');
  return ok === undefined ? null : ok;
}
"""


def _slug(name):
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", name).strip("-") or "shot"


class LabPage:
    """A Playwright page on a :class:`LabServer`, with notebook helpers."""

    def __init__(self, page, server, screenshot_dir):
        self.page = page
        self.server = server
        self.screenshot_dir = screenshot_dir
        self.console = []
        page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"))

    def open(self, relpath, restore=True, timeout=60_000):
        """Open ``relpath`` (relative to the served root) in a reset workspace; wait for idle."""
        if restore:
            self.server.restore(relpath)
        self.page.goto(f"{self.server.url}lab/tree/{relpath}?reset&token={self.server.token}")
        self.page.wait_for_function(_CURRENT_NOTEBOOK_JS, timeout=timeout)
        self.page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=timeout)
        self.wait_kernel_idle(timeout=timeout)
        return self

    def wait_kernel_idle(self, timeout=60_000):
        self.page.wait_for_function(_KERNEL_IDLE_JS, timeout=timeout)

    def run_cell(self, i, timeout=60_000):
        """Run cell ``i`` alone (by index, not "run next") and wait until it has executed."""
        result = self.page.evaluate(_RUN_CELL_JS, i)
        self.wait_kernel_idle(timeout=timeout)
        return result

    def cell_count(self):
        return self.page.evaluate("() => window.jupyterapp.shell.currentWidget.content.widgets.length")

    def cell(self, i):
        return self.page.locator(".jp-NotebookPanel:visible .jp-Notebook .jp-Cell").nth(i)

    def output(self, i):
        return self.cell(i).locator(".jp-OutputArea")

    def wait_for_selector(self, selector, timeout=30_000, state="visible"):
        return self.page.wait_for_selector(selector, timeout=timeout, state=state)

    def wait_for_text(self, text, within=None, timeout=30_000):
        """Wait until ``text`` is in the text content of ``within`` (default: the page)."""
        if within is None:
            within = self.page.locator("body")
        elif isinstance(within, str):
            within = self.page.locator(within)
        deadline = time.monotonic() + timeout / 1000
        while True:
            texts = within.all_text_contents()
            if any(text in t for t in texts):
                return
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} did not appear within {timeout} ms; "
                                     f"found {[t[:200] for t in texts]}")
            self.page.wait_for_timeout(50)

    def evaluate(self, js, arg=None):
        return self.page.evaluate(js, arg)

    def screenshot(self, name, target=None, full_page=False):
        path = self.screenshot_dir / f"{_slug(name)}.png"
        if target is not None:
            target.screenshot(path=str(path))
        else:
            self.page.screenshot(path=str(path), full_page=full_page)
        return path


@pytest.fixture
def lab(page, lab_server, screenshot_dir):
    lab_page = LabPage(page, lab_server, screenshot_dir)
    yield lab_page
    try:
        page.close()
    finally:
        lab_server.delete_sessions()
