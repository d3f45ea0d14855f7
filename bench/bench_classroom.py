"""How many students one machine holds: a simulated class against a real JupyterHub.

    python bench/bench_classroom.py [--levels 5 10 20 30] [--think 3 8] [--arrive 20]

Sets up a class as `make classroom` does (accounts, the class environment, the sudo rule;
in a temporary folder, removed afterwards), starts its hub on 127.0.0.1, and for each class
size N: N students arrive within --arrive seconds; each logs in (the hub's REST API),
starts their server, opens lesson 1 (their own copy, read through the contents API, as
JupyterLab does) and runs its code cells one by one over the kernel's websocket, reading
for a random --think time (seconds, seeded) between cells. Then their servers stop and the
next size starts. It prints per N:

* login: seconds for the hub to check the password and give a token (median, worst);
* server start: seconds from the start request to the hub's "ready" (median and worst);
* cell latency: seconds from sending a cell to the kernel being idle again (p50, p95);
* memory per student: the PSS of the student's processes (server, kernel, dot), mean,
  sampled when every student has run every cell;
* errors: failed logins, starts, cells (an error output counts) and time-outs.

It stops after the first size with errors or a p95 above 5 s. Everything is bounded: each
request has a time limit, each size --level-timeout seconds; all traffic is on 127.0.0.1.
Needs root, sudo, configurable-http-proxy and /usr/bin/python3 with venv (make test installs
them); without them it says so and exits. The machine's load is printed before and after:
other work on the machine makes the figures pessimistic.
"""
import argparse
import asyncio
import os
import random
import secrets
import shutil
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "classroom"))
import classroom  # noqa: E402
from hubclient import Hub, HubError  # noqa: E402

LESSON = "01_start_here.ipynb"
PASSWORD = "bench-" + secrets.token_hex(6)


def missing():
    if os.geteuid() != 0:
        return "needs root (it creates the class's accounts)"
    for tool in ("sudo", "visudo", "useradd", "configurable-http-proxy"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed (scripts/system_deps.sh test installs it)"
    return None


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def load():
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def pct(values, q):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


async def student(hub, name, delay, think, rng, result):
    await asyncio.sleep(delay)
    try:
        t0 = time.monotonic()
        token = await hub.login(name, PASSWORD)
        result["login"].append(time.monotonic() - t0)
        result["tokens"][name] = token
        result["start"].append(await hub.start_server(name, token, timeout=240))
        server = hub.server(name, token)
        nb = (await server.api("GET", f"api/contents/{LESSON}"))["content"]
        cells = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
        kernel = await server.open_notebook(LESSON, timeout=180)
        result["kernels"].append((server, kernel, token))
        for code in cells:
            await asyncio.sleep(rng.uniform(*think))
            seconds, _, errors = await kernel.execute(code, timeout=120)
            result["cells"].append(seconds)
            if errors:
                result["errors"].append(f"{name}: {errors[0][:120]}")
    except (HubError, asyncio.TimeoutError, OSError, KeyError) as e:
        result["errors"].append(f"{name}: {type(e).__name__}: {str(e)[:160]}")


async def one_size(url, names, think, arrive, seed, uids, timeout):
    hub = Hub(url)
    rng = random.Random(seed)
    result = {"tokens": {}, "login": [], "start": [], "cells": [], "errors": [], "kernels": [], "memory": None}
    tasks = [student(hub, n, rng.uniform(0, arrive), think, random.Random(seed + i), result)
             for i, n in enumerate(names)]
    try:
        await asyncio.wait_for(asyncio.gather(*tasks), timeout)
    except asyncio.TimeoutError:
        result["errors"].append(f"the size did not finish in {timeout} s")
    per = classroom.memory_by_uid(uids)
    alive = [v for v in per.values() if v]
    result["memory"] = statistics.mean(alive) if alive else float("nan")
    for server, kernel, token in result["kernels"]:
        await kernel.close()
    await asyncio.gather(*(stop(hub, n, result["tokens"].get(n)) for n in names),
                         return_exceptions=True)
    return result


async def stop(hub, name, token):
    token = token or await hub.login(name, PASSWORD)
    await hub.stop_server(name, token, timeout=90)


def spread(values):
    if not values:
        return "-"
    return f"{statistics.median(values):.1f} s / {max(values):.1f} s"


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--levels", type=int, nargs="+", default=[5, 10, 20, 30])
    p.add_argument("--think", type=float, nargs=2, default=[3.0, 8.0], metavar=("MIN", "MAX"))
    p.add_argument("--arrive", type=float, default=20.0,
                   help="the students arrive within this many seconds")
    p.add_argument("--level-timeout", type=float, default=900.0)
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args()
    reason = missing()
    if reason:
        print(f"bench_classroom: skipped: {reason}")
        return 0

    tmp_root = Path(tempfile.mkdtemp(prefix="mtk-bench-classroom-"))
    os.chmod(tmp_root, 0o755)
    tag = secrets.token_hex(2)
    names = [f"mb{tag}s{i:02d}" for i in range(1, max(args.levels) + 1)]
    s = classroom.Settings(prefix=str(tmp_root / "srv"), students=names,
                           teacher=f"mb{tag}t", group=f"mbc{tag}", hub_user=f"mbh{tag}",
                           home_root=str(tmp_root / "home"), ip="127.0.0.1", port=free_port(),
                           start_timeout=240)
    proc = None
    try:
        print(f"bench_classroom: setting up {len(names)} accounts and the class environment")
        classroom.setup(s, teacher_password=PASSWORD,
                        student_passwords={n: PASSWORD for n in names})
        proc = classroom.start_hub(s, tmp_root / "hub.log")
        uids = {classroom.account(n).pw_uid for n in names}
        url = f"http://127.0.0.1:{s.port}/"
        print(f"machine: {os.cpu_count()} cores, "
              f"{os.sysconf('SC_PAGE_SIZE') * os.sysconf('SC_PHYS_PAGES') / 2**30:.0f} GiB; "
              f"lesson 1 ({LESSON}); think {args.think[0]:g}-{args.think[1]:g} s between "
              f"cells; students arrive within {args.arrive:g} s")
        print("| students | login median / max | server start median / max | cell p50 | "
              "cell p95 | memory per student | errors | load before -> after |")
        print("|---|---|---|---|---|---|---|---|")
        for n in args.levels:
            before = load()
            t0 = time.monotonic()
            r = asyncio.run(one_size(url, names[:n], tuple(args.think), args.arrive,
                                     args.seed + n, uids, args.level_timeout))
            p50, p95 = pct(r["cells"], 0.5), pct(r["cells"], 0.95)
            print(f"| {n} | {spread(r['login'])} | {spread(r['start'])} | {p50:.2f} s | "
                  f"{p95:.2f} s | {r['memory'] / 2**20:.0f} MB | {len(r['errors'])} | "
                  f"{before} -> {load()} |", flush=True)
            for e in r["errors"][:5]:
                print(f"    error: {e}")
            print(f"    ({len(r['cells'])} cells, {time.monotonic() - t0:.0f} s)", flush=True)
            if r["errors"] or p95 > 5.0:
                print(f"bench_classroom: stopping after {n} students (errors or p95 > 5 s)")
                break
        return 0
    finally:
        classroom.stop_hub(proc)
        try:
            classroom.end_processes_of({classroom.account(n).pw_uid
                                        for n in s.accounts if classroom.account(n)})
        finally:
            classroom.remove(s)
            shutil.rmtree(tmp_root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
