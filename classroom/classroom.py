"""A whole class on one JupyterHub, on this machine (`make classroom` runs this as root).

    python classroom/classroom.py start --students FILE --teacher NAME [options]
    python classroom/classroom.py remove [--prefix DIR]

`start` sets up what the class needs, then runs the hub until you stop it (Ctrl-C):

1. an account per student and one for the teacher, in one group (a student's home is
   theirs alone, mode 700), and an unprivileged account for the hub itself;
2. one environment for everyone, PREFIX/env: the kit's wheel (built from this checkout)
   with its pinned lesson extras, plus classroom/requirements.txt (JupyterHub,
   SudoSpawner, FirstUseAuthenticator), owned by root and read-only to the class;
3. one sudo rule: the hub's account may run PREFIX/env/bin/sudospawner as a member of the
   class group, and nothing else (SudoSpawner's mediator then starts that student's
   server: start-student-server, which writes ~/lessons as the student);
4. the teacher's password, set now so nobody can claim the admin account first;
5. JupyterHub, as the hub's account, with classroom/jupyterhub_config.py.

Running `start` again reuses all of it: accounts that exist in the class group, the
environment (rebuilt when the wheel or requirements change), the hub's database and
passwords, and every file in the students' homes. Stopping the hub stops the students'
servers; their files stay where they are. `remove` deletes the sudo rule and the
accounts, keeping their home directories.

Only root can create accounts; after set-up nothing runs as root: the hub and its proxy
run as the hub's account, each student's server and kernels as that student.
"""
import argparse
import hashlib
import json
import os
import pwd
import grp
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
DEFAULT_PREFIX = "/srv/minitensor-classroom"
NAME = re.compile(r"^[a-z_][a-z0-9_-]{0,30}$")       # a Linux and a JupyterHub name
EXTRAS = "widgets,lab"                               # the kit's extras each student needs


@dataclass
class Settings:
    """Everything the hub's configuration reads (written to PREFIX/classroom.json)."""
    prefix: str
    students: list
    teacher: str
    group: str = "minitensor-class"
    hub_user: str = "minitensor-hub"
    home_root: str = "/home"
    ip: str = "0.0.0.0"
    port: int = 8000
    hub_port: int = 0
    proxy_api_port: int = 0
    python: str = "/usr/bin/python3"
    proxy: str = ""
    start_timeout: int = 180
    env: str = field(init=False, default="")
    state: str = field(init=False, default="")

    def __post_init__(self):
        self.env = str(Path(self.prefix) / "env")
        self.state = str(Path(self.prefix) / "hub")

    @property
    def accounts(self):
        """Everyone who gets a server: the students and the teacher."""
        return list(dict.fromkeys([*self.students, self.teacher]))

    @property
    def settings_file(self):
        return Path(self.prefix) / "classroom.json"

    @property
    def sudoers_file(self):
        return Path("/etc/sudoers.d") / f"minitensor-{self.group}"

    def home(self, name):
        return Path(self.home_root) / name


class SetupError(Exception):
    """Something the teacher must fix; the message says what."""


def log(msg):
    print(f"classroom: {msg}", flush=True)


def run(cmd, **kw):
    r = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, **kw)
    if r.returncode != 0:
        raise SetupError(f"{' '.join(map(str, cmd))} failed ({r.returncode}): "
                         f"{(r.stderr or r.stdout).strip()[-2000:]}")
    return r


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def read_class_list(path):
    """Names, one a line; '#' starts a comment."""
    names = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        name = line.split("#", 1)[0].strip()
        if name:
            names.append(name)
    return names


def check_settings(s):
    if not s.students:
        raise SetupError("the class list is empty")
    bad = [n for n in [*s.accounts, s.group, s.hub_user] if not NAME.match(n)]
    if bad:
        raise SetupError(f"not usable as account names: {', '.join(bad)} (lower-case "
                         "letters, digits, - and _, starting with a letter; at most 31)")
    if s.hub_user in s.accounts:
        raise SetupError(f"{s.hub_user} is the hub's own account, not a student's")
    if re.search(r"[\s,:=\\]", s.prefix) or not Path(s.prefix).is_absolute():
        raise SetupError(f"the prefix must be an absolute path without spaces: {s.prefix}")
    if not Path(s.home_root).is_absolute():
        raise SetupError(f"the home root must be an absolute path: {s.home_root}")


# ------------------------------------------------------------------ accounts

def account(name):
    try:
        return pwd.getpwnam(name)
    except KeyError:
        return None


def ensure_group(name):
    try:
        grp.getgrnam(name)
    except KeyError:
        run(["groupadd", name])
        log(f"created group {name}")


def ensure_hub_account(s):
    if account(s.hub_user) is None:
        run(["useradd", "--system", "--user-group", "--no-create-home",
             "--home-dir", s.state, "--shell", "/usr/sbin/nologin", s.hub_user])
        log(f"created the hub's account {s.hub_user}")


def ensure_class_account(s, name):
    """A student's (or the teacher's) account, in the class group, with a private home.
    An existing account is used only if it is already in the class: a name on the list
    must never hand someone else's account (or root's) to the hub."""
    found = account(name)
    if found is not None:
        members = grp.getgrnam(s.group).gr_mem
        if name not in members:
            raise SetupError(f"an account named {name} already exists and is not in the "
                             f"class group {s.group}; rename the student on the list")
        return found
    Path(s.home_root).mkdir(parents=True, exist_ok=True)
    run(["useradd", "--create-home", "--home-dir", s.home(name), "--user-group",
         "--groups", s.group, "--shell", "/bin/bash", name])
    os.chmod(s.home(name), 0o700)
    log(f"created account {name} (home {s.home(name)})")
    return account(name)


# ------------------------------------------------------------------ the environment

def build_wheel(out_dir):
    """The kit's wheel from this checkout, as `make dist` builds it (offline)."""
    run([sys.executable, "-m", "build", "--no-isolation", "--wheel", "--outdir", out_dir,
         REPO])
    wheels = sorted(Path(out_dir).glob("minitensor_kit-*.whl"))
    if not wheels:
        raise SetupError(f"no wheel was built in {out_dir}")
    return wheels[-1]


def install_command(env_python, wheel):
    """The one pip command that installs the class's environment (the Dockerfile runs
    the same one; tests/test_classroom.py checks that)."""
    return [env_python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
            f"{wheel}[{EXTRAS}]", "-r", HERE / "requirements.txt"]


def ensure_environment(s, wheel):
    env = Path(s.env)
    stamp = env / ".classroom-installed"
    key = hashlib.sha256(Path(wheel).read_bytes()
                         + (HERE / "requirements.txt").read_bytes()
                         + (HERE / "start-student-server").read_bytes()
                         + (HERE / "overrides.json").read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == key:
        return
    python = Path(s.python)
    if not os.access(python, os.X_OK):
        raise SetupError(f"no Python at {python} (Debian: apt-get install python3-venv)")
    log(f"installing the kit and JupyterHub into {env} (a few minutes the first time)")
    run([python, "-m", "venv", "--clear", env])
    env_python = env / "bin" / "python"
    run(install_command(env_python, wheel), timeout=1800)
    # SudoSpawner's mediator runs bin/sudospawner-singleuser, when present beside it, in
    # place of jupyterhub-singleuser: ours writes the lessons first (as the student).
    target = env / "bin" / "sudospawner-singleuser"
    shutil.copyfile(HERE / "start-student-server", target)
    os.chmod(target, 0o755)
    # JupyterLab settings for the whole class: no "Jupyter news?" question to 30 students.
    settings = env / "share" / "jupyter" / "lab" / "settings"
    settings.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(HERE / "overrides.json", settings / "overrides.json")
    # Everyone reads and runs it, only root may change it: sudospawner trusts its bin/.
    for path in [env, *env.rglob("*")]:
        if not path.is_symlink():
            os.chown(path, 0, 0)
            os.chmod(path, (path.stat().st_mode | 0o444 | (0o111 if path.is_dir() else 0))
                     & ~0o022)
    stamp.write_text(key)


def check_readable_by(user, path):
    """Fail early, with the reason, if ``user`` cannot read ``path`` (e.g. a Python under
    /root, mode 700)."""
    r = subprocess.run([str(Path(path)), "-c", "pass"], user=user, group=account(user).pw_gid,
                       extra_groups=[], capture_output=True, text=True)
    if r.returncode != 0:
        raise SetupError(f"{user} cannot run {path}: {r.stderr.strip()[-300:]} (the class "
                         "environment needs a Python every account can read: --python)")


# ------------------------------------------------------------------ the hub's state

def write_state(s):
    hub = account(s.hub_user)
    prefix = Path(s.prefix)
    prefix.mkdir(parents=True, exist_ok=True)
    os.chmod(prefix, 0o755)
    state = Path(s.state)
    state.mkdir(exist_ok=True)
    os.chown(state, hub.pw_uid, hub.pw_gid)
    os.chmod(state, 0o700)
    # The configuration and the settings: the hub reads them, only root may change them.
    shutil.copyfile(HERE / "jupyterhub_config.py", prefix / "jupyterhub_config.py")
    s.settings_file.write_text(json.dumps(asdict(s), indent=1) + "\n", encoding="utf-8")
    for f in (prefix / "jupyterhub_config.py", s.settings_file):
        os.chown(f, 0, 0)
        os.chmod(f, 0o644)


def ensure_sudo_rule(s):
    """The hub's account may run the mediator as a member of the class, nothing else."""
    rule = (f"# minitensor classroom: JupyterHub ({s.hub_user}) starts the servers of the "
            f"class ({s.group})\n"
            f"{s.hub_user} ALL=(%{s.group}) NOPASSWD: {s.env}/bin/sudospawner\n")
    if s.sudoers_file.exists() and s.sudoers_file.read_text() == rule:
        return
    if shutil.which("sudo") is None or shutil.which("visudo") is None:
        raise SetupError("sudo is not installed (Debian: apt-get install sudo)")
    with tempfile.NamedTemporaryFile("w", dir="/etc/sudoers.d", prefix=".minitensor-",
                                     delete=False) as f:
        f.write(rule)
    try:
        os.chmod(f.name, 0o440)
        run(["visudo", "-cf", f.name])
        os.replace(f.name, s.sudoers_file)
    finally:
        Path(f.name).unlink(missing_ok=True)
    log(f"sudo rule in {s.sudoers_file}")


def as_hub(s):
    """subprocess arguments that run a command as the hub's account."""
    hub = account(s.hub_user)
    return dict(user=hub.pw_uid, group=hub.pw_gid, extra_groups=[], cwd=s.state,
                env=hub_environment(s))


def set_password(s, name, password):
    """Store ``name``'s password the way FirstUseAuthenticator checks it."""
    code = ("import bcrypt, dbm, sys\n"
            "name, pw = sys.stdin.read().split('\\n', 1)\n"
            f"with dbm.open({str(Path(s.state) / 'passwords')!r}, 'c', 0o600) as db:\n"
            "    db[name] = bcrypt.hashpw(pw.encode('utf-8'), bcrypt.gensalt())\n")
    subprocess.run([f"{s.env}/bin/python", "-c", code], input=f"{name}\n{password}",
                   text=True, check=True, **as_hub(s))


def has_password(s, name):
    code = ("import dbm, sys\n"
            f"try:\n    db = dbm.open({str(Path(s.state) / 'passwords')!r}, 'r')\n"
            "except Exception:\n    sys.exit(1)\n"
            "sys.exit(0 if sys.argv[1].encode() in db else 1)\n")
    return subprocess.run([f"{s.env}/bin/python", "-c", code, name],
                          capture_output=True, **as_hub(s)).returncode == 0


def ensure_teacher_password(s, password=None):
    """The teacher's password is set before the hub starts: with first-use passwords,
    whoever logged in first as the teacher would otherwise become the admin."""
    if has_password(s, s.teacher):
        if password:
            set_password(s, s.teacher, password)
        return None
    if not password:
        password = secrets.token_urlsafe(9)
        saved = Path(s.prefix) / "teacher-password.txt"
        saved.write_text(password + "\n")
        os.chmod(saved, 0o600)
        log(f"the teacher's password ({s.teacher}) is {password} (also in {saved}, "
            "readable by root only; change it at /hub/auth/change-password)")
    set_password(s, s.teacher, password)
    return password


def hub_environment(s):
    path = os.pathsep.join([f"{s.env}/bin", str(Path(s.proxy).parent),
                            "/usr/local/bin", "/usr/bin", "/bin"])
    return {"PATH": path, "HOME": s.state, "LANG": os.environ.get("LANG", "C.UTF-8"),
            "CLASSROOM_SETTINGS": str(s.settings_file)}


def hub_command(s):
    return [f"{s.env}/bin/jupyterhub", "-f", str(Path(s.prefix) / "jupyterhub_config.py")]


# ------------------------------------------------------------------ set-up as a whole

def setup(s, wheel=None, teacher_password=None, student_passwords=None):
    """Everything before the hub starts; safe to run again. Returns the settings."""
    check_settings(s)
    if os.geteuid() != 0:
        raise SetupError("run as root (sudo make classroom ...): only root can create the "
                         "students' accounts; the hub itself then runs unprivileged")
    proxy = s.proxy or shutil.which("configurable-http-proxy")
    if not proxy:
        raise SetupError("configurable-http-proxy is not installed "
                         "(npm install -g configurable-http-proxy@5.3.0)")
    s.proxy = str(Path(proxy).resolve().parent / Path(proxy).name)
    s.hub_port = s.hub_port or free_port()
    s.proxy_api_port = s.proxy_api_port or free_port()
    ensure_group(s.group)
    ensure_hub_account(s)
    for name in s.accounts:
        ensure_class_account(s, name)
    write_state(s)
    if wheel is None:
        with tempfile.TemporaryDirectory() as tmp:
            ensure_environment(s, build_wheel(tmp))
    else:
        ensure_environment(s, wheel)
    check_readable_by(s.hub_user, Path(s.env) / "bin" / "python")
    ensure_sudo_rule(s)
    ensure_teacher_password(s, teacher_password)
    for name, password in (student_passwords or {}).items():
        set_password(s, name, password)
    return s


def remove(s):
    """Undo set-up, but for the students' homes and the class environment: the sudo rule,
    the accounts (homes kept: their work stays), the hub's account and the group."""
    s.sudoers_file.unlink(missing_ok=True)
    members = []
    try:
        members = grp.getgrnam(s.group).gr_mem
    except KeyError:
        pass
    for name in members:
        subprocess.run(["userdel", name], capture_output=True)
        subprocess.run(["groupdel", name], capture_output=True)
    if account(s.hub_user) is not None:
        subprocess.run(["userdel", s.hub_user], capture_output=True)
        subprocess.run(["groupdel", s.hub_user], capture_output=True)
    subprocess.run(["groupdel", s.group], capture_output=True)


def load_settings(prefix):
    data = json.loads((Path(prefix) / "classroom.json").read_text(encoding="utf-8"))
    data.pop("env", None)
    data.pop("state", None)
    return Settings(**data)


# ------------------------------------------------------------------ a hub as a child
# (tests/test_classroom.py and bench/bench_classroom.py start and stop the hub this way)

def start_hub(s, log_path, timeout=90):
    """JupyterHub as a child process, as the hub's account; returns the Popen once the
    hub answers on its public port (bounded by ``timeout``)."""
    import time
    import urllib.request
    log_file = open(log_path, "ab")
    proc = subprocess.Popen(hub_command(s), **as_hub(s), stdout=log_file,
                            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                            start_new_session=True)
    log_file.close()
    url = f"http://{'127.0.0.1' if s.ip in ('0.0.0.0', '') else s.ip}:{s.port}/hub/api/"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SetupError(f"the hub exited with {proc.returncode} (log: {log_path})")
        try:
            urllib.request.urlopen(url, timeout=2).read()
            return proc
        except OSError:
            time.sleep(0.3)
    stop_hub(proc)
    raise SetupError(f"the hub did not answer in {timeout} s (log: {log_path})")


def stop_hub(proc, timeout=60):
    """SIGTERM, as Ctrl-C or a service manager stops it (the hub then stops the students'
    servers); SIGKILL to its process group if it has not exited within ``timeout``.
    True if it exited by itself."""
    if proc is None or proc.poll() is not None:
        return True
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout)
        return True
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(10)
        return False


def processes_of(uids):
    """{pid: uid} of the processes whose real uid is one of ``uids`` (from /proc)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
        except OSError:
            continue
        for line in status.splitlines():
            if line.startswith("Uid:"):
                uid = int(line.split()[1])
                if uid in uids:
                    found[int(entry.name)] = uid
                break
    return found


def memory_by_uid(uids):
    """{uid: bytes}: the proportional set size (PSS: shared pages split among their
    users) of each account's processes, e.g. a student's server, kernel and dot."""
    total = dict.fromkeys(uids, 0)
    for pid, uid in processes_of(uids).items():
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total[uid] += int(line.split()[1]) * 1024
                    break
        except OSError:
            pass
    return total


def end_processes_of(uids, timeout=5):
    """SIGKILL what is left of these accounts' processes, by pid (clean-up after tests)."""
    import time
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        pids = processes_of(uids)
        if not pids:
            return
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        time.sleep(0.2)


def exec_hub(s):
    """Become the hub: drop root for the hub's account, then exec JupyterHub, so Ctrl-C
    (or SIGTERM) reaches it and it stops the students' servers on its way out."""
    hub = account(s.hub_user)
    os.chdir(s.state)
    os.setgroups([])
    os.setgid(hub.pw_gid)
    os.setuid(hub.pw_uid)
    cmd = hub_command(s)
    os.execve(cmd[0], cmd, hub_environment(s))


def main(argv=None):
    p = argparse.ArgumentParser(prog="classroom.py", description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    st = sub.add_parser("start", help="set up the class (again) and run its hub")
    st.add_argument("--students", required=True, type=Path,
                    help="the class list: one account name a line")
    st.add_argument("--teacher", required=True, help="the teacher's account (the hub's admin)")
    st.add_argument("--prefix", default=DEFAULT_PREFIX)
    st.add_argument("--home-root", default="/home", help="where the homes go (default /home)")
    st.add_argument("--ip", default="0.0.0.0", help="address the hub listens on")
    st.add_argument("--port", type=int, default=8000)
    st.add_argument("--python", default="/usr/bin/python3",
                    help="the Python the class environment is made with (every account "
                         "must be able to run it)")
    st.add_argument("--group", default="minitensor-class")
    st.add_argument("--hub-user", default="minitensor-hub")
    st.add_argument("--setup-only", action="store_true", help="set up, do not start the hub")
    rm = sub.add_parser("remove", help="delete the class's accounts and sudo rule (homes stay)")
    rm.add_argument("--prefix", default=DEFAULT_PREFIX)
    args = p.parse_args(argv)
    try:
        if args.command == "remove":
            remove(load_settings(args.prefix))
            log("removed the sudo rule and the accounts; the homes are kept")
            return 0
        s = Settings(prefix=args.prefix, students=read_class_list(args.students),
                     teacher=args.teacher, group=args.group, hub_user=args.hub_user,
                     home_root=args.home_root, ip=args.ip, port=args.port, python=args.python)
        old = s.settings_file
        if old.exists():                    # keep the ports the hub used before
            before = json.loads(old.read_text())
            s.hub_port, s.proxy_api_port = before["hub_port"], before["proxy_api_port"]
        setup(s)
        if args.setup_only:
            return 0
        shown = "127.0.0.1" if s.ip in ("0.0.0.0", "") else s.ip
        log(f"{len(s.students)} student(s), teacher {s.teacher}; the hub is at "
            f"http://{shown}:{s.port}/ (Ctrl-C stops it; the students' files stay)")
        exec_hub(s)
    except (SetupError, OSError, subprocess.CalledProcessError) as e:
        print(f"classroom: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
