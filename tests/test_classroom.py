"""The classroom: a real JupyterHub on this machine for a class (classroom/).

The integration test sets up a class of three students and a teacher exactly as
`make classroom` does (accounts, the class environment from the kit's wheel and
classroom/requirements.txt, the sudo rule, the teacher's password), starts the hub on a
free loopback port, and then, as the students' browsers would:

* logs each student in through the hub's REST API (first-use passwords: the first one
  sticks, a wrong one later is refused) and the teacher with the password set at set-up;
* starts their servers, saves an edited exercise notebook (the student's work) and runs
  the exercise's cells in their kernel over the Jupyter protocol (REST + websocket),
  checking the kernel runs as the student, not root;
* stops the hub, checks no student process is left and every student's folder kept its
  work and its attempts file; starts the hub again and checks a new server start keeps
  the edited notebook; gathers the class's results from the homes.

It needs root (it creates accounts), sudo, configurable-http-proxy and a system Python
with venv: `make test` installs them (scripts/system_deps.sh). Without them it is skipped,
except under CI=true. Every wait is bounded. Accounts, the sudo rule and the files are
removed afterwards.
"""
import asyncio
import concurrent.futures
import importlib.util
import json
import os
import pwd
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "classroom"))
import classroom  # noqa: E402
from hubclient import Hub, HubError  # noqa: E402

pytestmark = [pytest.mark.slow, pytest.mark.classroom]

TEACHER_PASSWORD = "teacher-" + secrets.token_hex(6)


def in_ci():
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def missing():
    if os.geteuid() != 0:
        return "needs root (it creates the class's accounts)"
    for tool in ("sudo", "visudo", "useradd", "configurable-http-proxy"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed (scripts/system_deps.sh test installs it)"
    if subprocess.run(["/usr/bin/python3", "-c", "import ensurepip, venv"],
                      capture_output=True).returncode != 0:
        return "/usr/bin/python3 with venv is missing (Debian: python3-venv)"
    return None


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Class:
    """One class set up on this machine, with its hub (started and stopped by the tests)."""

    def __init__(self, tmp_root, n_students=3):
        tag = secrets.token_hex(3)
        self.tmp_root = tmp_root
        self.students = [f"mt{tag}s{i}" for i in range(1, n_students + 1)]
        self.teacher = f"mt{tag}t"
        self.settings = classroom.Settings(
            prefix=str(tmp_root / "srv"), students=self.students, teacher=self.teacher,
            group=f"mtc{tag}", hub_user=f"mth{tag}", home_root=str(tmp_root / "home"),
            ip="127.0.0.1", port=free_port(), start_timeout=120)
        self.url = f"http://127.0.0.1:{self.settings.port}/"
        self.proc = None
        self.log_path = tmp_root / "hub.log"

    def setup(self, wheel):
        classroom.setup(self.settings, wheel=wheel, teacher_password=TEACHER_PASSWORD)

    def uids(self):
        return {pwd.getpwnam(n).pw_uid for n in self.settings.accounts}

    def home(self, name):
        return self.settings.home(name)

    def start_hub(self, timeout=90):
        self.proc = classroom.start_hub(self.settings, self.log_path, timeout)

    def stop_hub(self, timeout=60):
        return classroom.stop_hub(self.proc, timeout)

    def log_tail(self, n=60):
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-n:])
        except OSError:
            return "(no log)"

    def teardown(self):
        self.stop_hub()
        try:
            classroom.end_processes_of(self.uids())     # this class's leftovers, by pid
        except KeyError:
            pass
        classroom.remove(self.settings)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    reason = missing()
    if reason:
        if in_ci():
            pytest.fail(f"{reason} (CI=true, so this is an error, not a skip)", pytrace=False)
        pytest.skip(reason)
    return classroom.build_wheel(tmp_path_factory.mktemp("wheel"))


@pytest.fixture(scope="module")
def klass(wheel):
    # Not under pytest's tmp_path: that is private to root (mode 700), and the hub and
    # the students must reach their folders.
    tmp_root = Path(tempfile.mkdtemp(prefix="mtk-classroom-"))
    os.chmod(tmp_root, 0o755)
    k = Class(tmp_root)
    try:
        k.setup(wheel)
        yield k
    finally:
        k.teardown()
        shutil.rmtree(tmp_root, ignore_errors=True)


def off_the_loop(fn, timeout):
    """Run ``fn()`` in a thread of its own and return its result: after any test that used
    pytest-playwright's sync API, an asyncio loop is running in pytest's thread, where
    asyncio.run() and another sync Playwright refuse to start."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(fn).result(timeout)


# ------------------------------------------------------------------ what they see

CHROMIUM = os.environ.get("MINITENSOR_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]


def test_a_student_and_the_teacher_log_in_through_the_browser(klass):
    """The login page, a student's first lesson in JupyterLab and the teacher's admin
    page, in headless Chromium at 1366x768 (screenshots in artifacts/screenshots/)."""
    if importlib.util.find_spec("playwright") is None or not os.access(CHROMIUM, os.X_OK):
        if in_ci():
            pytest.fail("playwright or Chromium missing (CI=true)", pytrace=False)
        pytest.skip("playwright or Chromium missing")
    from playwright.sync_api import sync_playwright
    k = klass
    shots = ROOT / "artifacts" / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    student = k.students[-1]

    def look():
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                        headless=True)
            try:
                page = browser.new_page(viewport={"width": 1366, "height": 768})
                page.goto(k.url + "hub/login", timeout=30_000)
                assert "becomes your password" in page.inner_text("body")
                page.screenshot(path=str(shots / "classroom-login.png"))
                page.fill("#username_input", student)
                page.fill("#password_input", f"pw-of-{student}")
                page.click("#login_submit")
                # The hub starts the student's server and sends the browser to JupyterLab.
                page.wait_for_url(f"**/user/{student}/lab**", timeout=180_000)
                page.goto(k.url + f"user/{student}/lab/tree/01_start_here.ipynb",
                          timeout=60_000)
                page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=90_000)
                page.wait_for_function(
                    "() => /Idle/.test(document.querySelector('.jp-StatusBar-Widget, "
                    "#jp-main-statusbar')?.innerText || '')", timeout=90_000)
                browser_text = page.inner_text(".jp-DirListing-content")
                assert "exercises" in browser_text and "01_start_here.ipynb" in browser_text
                assert "solutions" not in browser_text
                page.wait_for_timeout(2000)     # the news question would have shown by now
                assert "Jupyter news" not in page.inner_text("body")
                page.screenshot(path=str(shots / "classroom-student-lesson.png"))

                teacher = browser.new_page(viewport={"width": 1366, "height": 768})
                teacher.goto(k.url + "hub/login", timeout=30_000)
                teacher.fill("#username_input", k.teacher)
                teacher.fill("#password_input", TEACHER_PASSWORD)
                teacher.click("#login_submit")
                teacher.wait_for_url("**/user/**", timeout=180_000)
                teacher.goto(k.url + "hub/admin", timeout=30_000)
                for name in k.students:
                    teacher.wait_for_selector(f"text={name}", timeout=30_000)
                teacher.screenshot(path=str(shots / "classroom-teacher-admin.png"))
            finally:
                browser.close()

    k.start_hub()
    try:
        off_the_loop(look, timeout=600)
    finally:
        assert k.stop_hub(timeout=60), k.log_tail()


# ------------------------------------------------------------------ the integration test

EXERCISE = "exercises/01_start_here.ipynb"


def code_cells(nb):
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]


async def a_class_session(k):
    hub = Hub(k.url)
    # The teacher's password was set before the hub started: nobody can claim the admin.
    with pytest.raises(HubError, match="403"):
        await hub.login(k.teacher, "someone-elses-guess")
    teacher = await hub.login(k.teacher, TEACHER_PASSWORD)
    listed = {u["name"]: u for u in await hub.request("GET", "hub/api/users", teacher)}
    assert set(listed) == set(k.settings.accounts)
    assert listed[k.teacher]["admin"] and not any(listed[s]["admin"] for s in k.students)
    # Names not on the class list cannot log in, whatever the password.
    with pytest.raises(HubError, match="403"):
        await hub.login("mtnotonthelist", "a-long-password")

    # First use: each student's first password becomes theirs.
    passwords = {s: f"pw-of-{s}" for s in k.students}
    tokens = dict(zip(k.students, await asyncio.gather(
        *(hub.login(s, passwords[s]) for s in k.students))))
    with pytest.raises(HubError, match="403"):
        await hub.login(k.students[0], passwords[k.students[1]])

    start_times = await asyncio.gather(*(hub.start_server(s, tokens[s], timeout=150)
                                         for s in k.students))
    assert all(t < 150 for t in start_times)

    async def work(student):
        server = hub.server(student, tokens[student])
        listing = await server.api("GET", "api/contents/exercises")
        names = {item["name"] for item in listing["content"]}
        assert {"01_start_here.ipynb", "check.py", "attempts.py"} <= names
        assert not names & {"solutions", "source"}
        # The student's work: an answer typed into the exercise and saved, as JupyterLab
        # saves it (PUT to the contents API).
        model = await server.api("GET", f"api/contents/{EXERCISE}")
        nb = model["content"]
        cell = next(c for c in nb["cells"] if 'check("1.1"' in "".join(c["source"]))
        cell["source"] = "".join(cell["source"]).replace(
            "answer = None", f"answer = (1, 2)   # {student}'s answer")
        await server.api("PUT", f"api/contents/{EXERCISE}",
                         {"type": "notebook", "format": "json", "content": nb})
        kernel = await server.open_notebook(EXERCISE)
        try:
            _, who, errors = await kernel.execute(
                "import os, pwd; print(pwd.getpwuid(os.getuid()).pw_name, os.getcwd())")
            assert not errors
            cells = code_cells(nb)
            _, _, errors = await kernel.execute(cells[0])           # imports check
            assert not errors
            _, out, errors = await kernel.execute(cells[1])         # exercise 1.1
            assert not errors
        finally:
            await kernel.close()
        return who.split(), out

    for student, (who, out) in zip(k.students, await asyncio.gather(
            *(work(s) for s in k.students))):
        assert who == [student, str(k.home(student) / "lessons" / "exercises")]
        assert out.startswith("✓ 1.1 right"), out



def test_a_class_on_one_hub_keeps_every_students_work(klass):
    k = klass
    k.start_hub()
    off_the_loop(lambda: asyncio.run(asyncio.wait_for(a_class_session(k), 600)), 660)
    uids = k.uids()
    assert classroom.processes_of(uids), "the students' servers should be running"

    # Stop the hub: it stops the students' servers; their files stay.
    assert k.stop_hub(timeout=60), k.log_tail()
    deadline = time.monotonic() + 30
    while classroom.processes_of(uids) and time.monotonic() < deadline:
        time.sleep(0.3)
    assert not classroom.processes_of(uids), "a student's process outlived the hub"
    for s in k.students:
        home = k.home(s)
        owner = pwd.getpwnam(s).pw_uid
        assert home.stat().st_mode & 0o777 == 0o700 and home.stat().st_uid == owner
        nb = home / "lessons" / EXERCISE
        assert f"answer = (1, 2)   # {s}'s answer" in nb.read_text(encoding="utf-8")
        assert nb.stat().st_uid == owner
        log = home / "lessons" / "exercises" / "attempts.jsonl"
        entries = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
        assert [(e["question"], e["verdict"], e["try"]) for e in entries] == [("1.1", "right", 1)]
        assert log.stat().st_uid == owner

    # Start it again: a student's new server runs `minitensor-kit lessons` again, which
    # must keep the edited notebook.
    k.start_hub()

    async def again():
        hub = Hub(k.url)
        s = k.students[0]
        token = await hub.login(s, f"pw-of-{s}")
        await hub.start_server(s, token, timeout=150)
        await hub.stop_server(s, token)
    off_the_loop(lambda: asyncio.run(asyncio.wait_for(again(), 300)), 330)
    nb = k.home(k.students[0]) / "lessons" / EXERCISE
    assert f"answer = (1, 2)   # {k.students[0]}'s answer" in nb.read_text(encoding="utf-8")
    assert (k.home(k.students[0]) / "lessons" / "01_start_here.ipynb").exists()
    assert k.stop_hub(timeout=60)

    # The teacher gathers the class's results from the homes.
    from minitensor_kit import results
    table = results.tabulate(results.gather([k.home(s) for s in k.students]))
    assert table.students == k.students and not table.problems
    assert all(table.cells[s, "1.1"] == ("right", 1) for s in k.students)
    assert all(table.cells[s, "1.2"] == ("unanswered", 0) for s in k.students)
