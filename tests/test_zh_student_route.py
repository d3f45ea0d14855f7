"""The student route in Chinese: `minitensor-kit lessons DIR --lang zh`.

The zh lesson set is notebooks/zh/ through the same allow-list (minitensor_kit/catalog.py):
the lessons and the glossary, the students' exercise notebooks and the .py files they import,
never the solutions, their sources or the teacher's guides. A student's copy answers in
Chinese in a real kernel, with the check.py it was given; the built wheel carries the set.
"""
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from minitensor_kit import catalog, cli, copies
from test_student_route import _teacher_only, _teacher_texts, dists  # noqa: F401  (fixture)

ROOT = Path(__file__).resolve().parent.parent
ZH = ROOT / "notebooks" / "zh"


def expected():
    """The zh students' files, listed without catalog.py."""
    names = [p.name for p in ZH.glob("*.ipynb") if p.name[:2].isdigit()]
    ex = ["exercises/" + p.name for p in (ZH / "exercises").iterdir() if p.is_file()
          and (p.suffix == ".py" or (p.suffix == ".ipynb" and p.name[:2].isdigit()))]
    return sorted(names + ex)


def test_the_zh_set_is_the_chinese_edition_through_the_allow_list():
    assert "zh" in catalog.available_sets()
    files = catalog.student_files(catalog.set_root("zh"))
    assert files == expected()
    assert "00_glossary.ipynb" in files and "exercises/check.py" in files \
        and "exercises/check_zh.py" in files
    assert len([f for f in files if "/" not in f]) == 12          # glossary + 11 lessons
    assert not [f for f in files if _teacher_only(f)]
    # the English set does not pick up the Chinese one
    assert not [f for f in catalog.student_files(catalog.set_root("en")) if f.startswith("zh/")]


def test_lessons_lang_zh_writes_the_chinese_copies_and_they_answer_in_chinese(tmp_path, capsys):
    dest = tmp_path / "课堂"                                 # a Chinese folder name, too
    assert cli.main(["lessons", str(dest), "--lang", "zh"]) == 0
    got = sorted(p.relative_to(dest).as_posix() for p in dest.rglob("*")
                 if p.is_file() and p.name != copies.MANIFEST)
    assert got == expected()
    texts = {p.read_bytes() for p in dest.rglob("*") if p.is_file()}
    assert not texts & _teacher_texts()
    assert not any(b"### BEGIN SOLUTION" in t for t in texts)
    assert "minitensor-kit lab" in capsys.readouterr().out

    nb = dest / "exercises" / "04_detach.ipynb"
    script = f"""
import json, nbformat
from nbclient import NotebookClient
nb = nbformat.read({str(nb)!r}, as_version=4)
nb.cells = nb.cells[:2] + [nbformat.v4.new_code_cell('check("4.1", 10.)\\ncheck("4.1", "ten")')]
NotebookClient(nb, timeout=180, kernel_name="python3",
               resources={{"metadata": {{"path": {str(nb.parent)!r}}}}}).execute()
print(json.dumps([o.get("text", "") for c in nb.cells for o in c.get("outputs", [])
                  if o.get("output_type") == "stream" and o.get("name") == "stdout"]))
"""
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                       timeout=600, cwd=tmp_path)
    assert r.returncode == 0, r.stderr[-2000:]
    lines = "".join(json.loads(r.stdout.strip().splitlines()[-1])).splitlines()
    assert lines[0].startswith("✓ 4.1 正确："), lines
    assert lines[1] == "✗ 4.1 还没有作答：请回答一个数（你给的是 'ten'）。", lines


@pytest.mark.slow
def test_the_wheel_carries_the_chinese_set_and_no_teacher_files(dists):  # noqa: F811
    wheel, _ = dists
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
    zh = sorted(n.removeprefix("minitensor_kit/lessons/zh/") for n in names
                if n.startswith("minitensor_kit/lessons/zh/"))
    assert zh == expected()
    assert not [n for n in names if _teacher_only(n)]
