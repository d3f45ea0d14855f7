"""Write the lesson notebooks, the exercise sources and the teacher's guides from plain text.

    python scripts/build_lessons.py          # then: make notebooks

Each lesson lives in ``scripts/lessons/NN_name.md`` as cells separated by marker lines:

    %% md          a Markdown cell
    %% code        a code cell whose output nbval compares
    %% error       a code cell that is meant to raise (tag ``raises-exception``: nbval
                   compares the error's name and message)
    %% live        a code cell showing the live lab panel (tag ``nbval-ignore-output``)
    %% predict     a question the learner answers before the cells after it show the result:
                   ``ask(...)`` from widgets/predict.py. Its code is folded away (it holds
                   the answer); its output, the question, is compared by nbval. A small
                   heading "Prediction N" goes before it
    %% reveal      starts the answer to the prediction above: a small heading ("Check
                   prediction N: ...", or the block's own text) that JupyterLab keeps folded,
                   with every cell under it, until the learner runs or opens it. The answer
                   runs to the next heading (the next prediction or section); nbval compares
                   its outputs as usual
    %% teacher     notes for the teacher's guide only; not in the notebook

After the kind, a header may carry ``#marker``: a stable name for the cell (its notebook
cell id), e.g. ``%% code #clone-plain-leaf``. The seed coverage table and the guides point
at cells by these names, never by position.

A line starting with ``%%#`` is a comment and is dropped.

``scripts/lessons/exercises/NN_name.md`` (same format) become
``notebooks/exercises/source/NN_name.ipynb``, the one source with ``### BEGIN SOLUTION``
/ ``### END SOLUTION`` markers; ``scripts/make_exercises.py`` makes the students' and the
solutions' notebooks from it.

Each lesson also gets a teacher's guide, ``notebooks/teacher/NN_name.md``, made from the
same lesson file (its ``%% teacher`` notes, section headings and predictions with their
answers), from the seed coverage table ``notebooks/teacher/seed_coverage.md`` (the old
posts' claims the lesson corrects) and from the exercise headings (``### N.M ...``, with an
optional ``<!-- kind: ... -->`` comment under them).

A notebook is rewritten only when its cells changed, and then without outputs: run
``make notebooks`` to execute it and store fresh outputs. tests/test_exercises.py checks
that every notebook still matches its text file; tests/test_lessons_guides.py does the
same for the guides.

The Chinese edition is built from the same English cells and a translation file keyed to
them (``scripts/lessons/zh/``, format in scripts/editions.py) into ``notebooks/zh/``: the
lessons, the exercise sources (then scripts/make_exercises.py), the teacher's guides and the
seed coverage table. Its code cells are the English ones (only comments translated), its
cell ids are the English ids, and its first code cell also calls
``widgets.set_language("zh")``, so pictures, predictions and feedback speak Chinese.

    python scripts/build_lessons.py --status     # which translations are missing or older
                                                 # than their English cells (exit 1 if any)
    python scripts/build_lessons.py --stub FILE  # a translation file to start from
"""
import argparse
import ast
import re
import sys
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parent))
import editions  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "scripts" / "lessons"
TEACHER = ROOT / "notebooks" / "teacher"
COVERAGE = TEACHER / "seed_coverage.md"
ZH_TEXTS = LESSONS / "zh"                   # the Chinese edition's translation files
ZH = ROOT / "notebooks" / "zh"              # and what they build
LANGUAGE_LINE = {"zh": 'widgets.set_language("zh")     # 图、预测题和练习反馈都用中文'}
TAGS = {"md": None, "code": [], "error": ["raises-exception"], "live": ["nbval-ignore-output"],
        "predict": ["predict"], "reveal": ["reveal"], "teacher": None}
FOLDED = "jp-MarkdownHeadingCollapsed"      # JupyterLab's metadata for a folded heading
PREDICT_FIRST_LINE = ("# This cell holds the answer: choose in the question below "
                      "before you open it.")
# The words the build itself writes into a notebook, per edition.
WORDS = {
    "en": {"prediction": "Prediction %d", "reveal": "Check prediction %d: run the cells below",
           "answer_cell": PREDICT_FIRST_LINE},
    "zh": {"prediction": "预测 %d", "reveal": "核对预测 %d：运行下面的单元格",
           "answer_cell": "# 这个单元格里有答案：先在下面的问题里选好，再打开它。"},
}
KERNEL = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
MARKER = re.compile(r"^[a-z][a-z0-9-]{1,62}$")
LETTERS = "ABCDEFGH"


# ------------------------------------------------------------------ lesson text -> cells

class Cell:
    """One block of a lesson file."""

    def __init__(self, kind, source, marker=None, line=0):
        self.kind, self.source, self.marker, self.line = kind, source, marker, line

    def __iter__(self):                 # (kind, source), as parse() returned before markers
        return iter((self.kind, self.source))

    def __repr__(self):
        return "Cell(%r, #%s, line %d)" % (self.kind, self.marker, self.line)


def _header(line, number):
    words = line[3:].split()
    if not words or words[0] not in TAGS:
        raise ValueError("line %d: unknown cell kind %r" % (number, line[3:].strip()))
    marker = None
    for word in words[1:]:
        if not word.startswith("#") or marker is not None or not MARKER.match(word[1:]):
            raise ValueError("line %d: bad cell marker %r (one #name per cell: lowercase "
                             "letters, digits, hyphens)" % (number, word))
        marker = word[1:]
    return words[0], marker


def parse(text):
    """[Cell] from a lesson file (teacher notes included)."""
    cells, head, lines = [], None, []

    def close():
        if head is not None:
            kind, marker, number = head
            cells.append(Cell(kind, "\n".join(lines).strip("\n"), marker, number))

    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("%%#"):
            continue
        if line.startswith("%% "):
            close()
            head = _header(line, number) + (number,)
            lines = []
        elif head is not None:
            lines.append(line)
    close()
    seen = set()
    for c in cells:
        if c.marker in seen:
            raise ValueError("line %d: cell marker #%s is used twice" % (c.line, c.marker))
        if c.marker:
            seen.add(c.marker)
    _check_reveals(cells)
    return cells


def _is_heading(cell):
    """Does JupyterLab fold at this cell? (A Markdown cell with a heading on any line.)"""
    if cell.kind in ("reveal", "predict"):
        return True
    return cell.kind == "md" and any(re.match(r"#{1,6} ", line)
                                     for line in cell.source.splitlines())


def _check_reveals(cells):
    """Every reveal follows a prediction, and its folded block holds the answer only."""
    shown = [c for c in cells if c.kind != "teacher"]
    for i, c in enumerate(shown):
        if c.kind != "reveal":
            continue
        before = [p for p in shown[:i] if p.kind in ("predict", "reveal")]
        if not before or before[-1].kind != "predict":
            raise ValueError("line %d: %%%% reveal must follow a %%%% predict" % c.line)
        block = []
        for d in shown[i + 1:]:
            if _is_heading(d):
                break
            block.append(d)
        if not block or len(block) > 6:
            raise ValueError("line %d: a reveal folds 1 to 6 cells up to the next heading, "
                             "here %d" % (c.line, len(block)))


def notebook(cells, stem="xx", lang="en"):
    """The notebook for a lesson's cells: ids are the markers, else ``NN-ii`` by position."""
    words = WORDS[lang]
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = dict(KERNEL)
    nb.metadata["language_info"] = {"name": "python"}
    n = 0
    for cell in cells:
        if not isinstance(cell, Cell):
            cell = Cell(*cell)
        if cell.kind == "teacher":
            continue
        if cell.kind == "predict":
            n += 1
            head = nbformat.v4.new_markdown_cell("###### " + words["prediction"] % n)
            head["id"] = "%s-p%d" % (stem[:2], n)
            nb.cells.append(head)
        if cell.kind == "md":
            nbcell = nbformat.v4.new_markdown_cell(cell.source)
        elif cell.kind == "reveal":
            text = cell.source.strip() or words["reveal"] % n
            nbcell = nbformat.v4.new_markdown_cell("###### " + text)
            nbcell.metadata[FOLDED] = True
            nbcell.metadata["tags"] = list(TAGS["reveal"])
        else:
            source = cell.source
            if cell.kind == "predict":
                source = words["answer_cell"] + "\n" + source
            nbcell = nbformat.v4.new_code_cell(source)
            if cell.kind == "predict":
                nbcell.metadata["jupyter"] = {"source_hidden": True}
            if TAGS[cell.kind]:
                nbcell.metadata["tags"] = list(TAGS[cell.kind])
        nbcell["id"] = cell.marker or "%s-%02d" % (stem[:2], len(nb.cells))
        nb.cells.append(nbcell)
    return nb


def signature(nb):
    """What the text file decides: each cell's type, id, source, tags and folding."""
    out = []
    for c in nb.cells:
        meta = c.get("metadata", {})
        out.append((c.cell_type, c.get("id"), c.source, list(meta.get("tags", [])),
                    bool(meta.get(FOLDED)), dict(meta.get("jupyter", {}))))
    return out


def targets():
    """[(text file, notebook path)] for every lesson and exercise source."""
    out = [(p, ROOT / "notebooks" / (p.stem + ".ipynb")) for p in lesson_files()]
    out += [(p, ROOT / "notebooks" / "exercises" / "source" / (p.stem + ".ipynb"))
            for p in sorted((LESSONS / "exercises").glob("*.md"))]
    return out


def lesson_files():
    return sorted(LESSONS.glob("[0-9][0-9]_*.md"))


def build(src):
    return notebook(parse(src.read_text(encoding="utf-8")), src.stem)


# ------------------------------------------------------------------ the Chinese edition

def translation_file(src, lang="zh"):
    """The translation file of an English lesson or exercise file."""
    rel = src.relative_to(LESSONS)
    return LESSONS / lang / rel


def translated(src, lang="zh"):
    """(cells of the translated edition, [Pair], [orphan Block]) for an English file.

    The cells are the English cells with the translated texts; a cell with no translation
    keeps its English text (``--status`` and tests/test_zh_pairing.py report it)."""
    en = parse(src.read_text(encoding="utf-8"))
    path = translation_file(src, lang)
    blocks = editions.parse(path.read_text(encoding="utf-8"), TAGS) if path.exists() else []
    pairs, orphans = editions.pair(en, blocks)
    cells = [Cell(p.en.kind, p.source(), p.en.marker, p.en.line) for p in pairs]
    return with_language_line(cells, lang), pairs, orphans


def with_language_line(cells, lang):
    """The first code cell that imports widgets also sets the edition's language."""
    for c in cells:
        if c.kind == "code" and re.search(r"^import widgets\b", c.source, re.M):
            c.source = c.source + "\n" + LANGUAGE_LINE[lang]
            return cells
    raise ValueError("no code cell imports widgets: the edition cannot set its language")


def build_translated(src, lang="zh"):
    cells, _, _ = translated(src, lang)
    return notebook(cells, src.stem, lang)


def own_pages(lang="zh"):
    """[(text file, notebook path)]: pages only the edition has (its glossary), not
    translations of English cells."""
    return [(p, ROOT / "notebooks" / lang / (p.stem + ".ipynb"))
            for p in sorted((LESSONS / lang).glob("00_*.md"))]


def translated_targets(lang="zh"):
    """[(English text file, translated notebook path)] for every lesson and exercise source."""
    root = ROOT / "notebooks" / lang
    out = [(p, root / (p.stem + ".ipynb")) for p in lesson_files()]
    out += [(p, root / "exercises" / "source" / (p.stem + ".ipynb"))
            for p in sorted((LESSONS / "exercises").glob("*.md"))]
    return out


DOC_KINDS = {"md": None, "row": None}


def translated_document(src, dst_text=None, lang="zh"):
    """(translated Markdown, [Pair], [orphan Block]) of an English document (a coverage table)."""
    en, ends = editions.document_cells(src.read_text(encoding="utf-8"), Cell)
    path = ZH_TEXTS / src.name if lang == "zh" else LESSONS / lang / src.name
    blocks = editions.parse(path.read_text(encoding="utf-8"), DOC_KINDS) if path.exists() else []
    pairs, orphans = editions.pair(en, blocks)
    return editions.join_document([p.source() for p in pairs], ends), pairs, orphans


def documents(lang="zh"):
    """[(English document, its translation file, the translated document)]."""
    return [(COVERAGE, LESSONS / lang / COVERAGE.name, ROOT / "notebooks" / lang / "teacher" /
             COVERAGE.name)]


def translated_guides(lang="zh"):
    """[(English lesson file, translated guide path)]."""
    return [(p, ROOT / "notebooks" / lang / "teacher" / (p.stem + ".md")) for p in lesson_files()]


def guide_translated(src, table, lang="zh"):
    cells, _, _ = translated(src, lang)
    return guide(src, table, lang, cells)


def status(lang="zh"):
    """Every problem of the translations, one sentence each."""
    out = []
    for src, path, _ in documents(lang):
        if not path.exists():
            out.append("%s: no translation file" % path.relative_to(ROOT))
            continue
        _, pairs, orphans = translated_document(src, lang=lang)
        out += editions.problems(pairs, orphans, str(path.relative_to(ROOT)))
    for src, _ in translated_targets(lang):
        path = translation_file(src, lang)
        if not path.exists():
            out.append("%s: no translation file (start one with --stub %s)"
                       % (path.relative_to(ROOT), path.relative_to(ROOT)))
            continue
        _, pairs, orphans = translated(src, lang)
        out += editions.problems(pairs, orphans, str(path.relative_to(ROOT)))
    return out


# ------------------------------------------------------------------ predictions

def prediction(source):
    """{question, choices, answer (index), why, feedback {index: text}} of an ask(...) cell."""
    tree = ast.parse(source)
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)
             and getattr(n.func, "id", getattr(n.func, "attr", None)) == "ask"]
    if len(calls) != 1:
        raise ValueError("a predict cell holds exactly one ask(...) call")
    call = calls[0]
    names = ["question", "choices", "answer", "why", "feedback", "pictures"]
    args = dict(zip(names, call.args))
    args.update({k.arg: k.value for k in call.keywords})
    q = {k: ast.literal_eval(args[k]) for k in ("question", "choices", "answer", "why")}
    q["feedback"] = ast.literal_eval(args["feedback"]) if "feedback" in args else {}
    q["pictures"] = "pictures" in args
    if isinstance(q["answer"], str):
        q["answer"] = q["choices"].index(q["answer"])
    q["feedback"] = {(q["choices"].index(k) if isinstance(k, str) else k): v
                     for k, v in q["feedback"].items()}
    return q


# ------------------------------------------------------------------ seed coverage table

_TICKS = re.compile(r"`([^`]+)`")
_CELL_REF = re.compile(r"^(\d\d_[a-z0-9_]+)#([a-z][a-z0-9-]+)$")


def coverage(path=COVERAGE, like=None):
    """{"items": [row], "claims": [row]} from the tables of seed_coverage.md.

    A row is a dict of the table's columns; ``cells`` holds the (lesson, marker) pairs
    named in backquotes in its "taught in" / "named in" / "collected in" columns.
    ``like``: the English table this one translates; its sections and column names are
    used, by position (the Chinese table's headings are Chinese).
    """
    tables, current, header = {"items": [], "claims": []}, None, None
    names = _table_names(like) if like is not None else None
    sections_seen = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            title = line[3:].lower()
            if names is not None:
                current = names[sections_seen][0] if sections_seen < len(names) else None
                sections_seen += 1
            else:
                current = ("items" if "seed items" in title else
                           "claims" if "claims" in title else None)
            header = None
            continue
        if current is None or not line.startswith("|"):
            continue
        cols = [c.strip() for c in line.strip().strip("|").split("|")]
        if header is None:
            header = [c.lower() for c in cols]
            if names is not None:
                header = dict(names)[current]
            continue
        if set("".join(cols)) <= set("-: "):
            continue
        row = dict(zip(header, cols))
        for key in ("taught in", "named in", "collected in"):
            if key in row:
                refs = []
                for ref in _TICKS.findall(row[key]):
                    m = _CELL_REF.match(ref)
                    if not m:
                        raise ValueError("%s: %r is not lesson#marker" % (path.name, ref))
                    refs.append((m.group(1), m.group(2)))
                row[key] = refs
        if "the cell shows" in row:
            row["the cell shows"] = _TICKS.findall(row["the cell shows"])
        tables[current].append(row)
    return tables


# ------------------------------------------------------------------ teacher's guides

def _table_names(path):
    """[(section, [column names])] of an English coverage table, in order."""
    out, current = [], None
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            title = line[3:].lower()
            current = "items" if "seed items" in title else "claims" if "claims" in title else None
            out.append((current, None))
        elif current is not None and line.startswith("|") and out[-1][1] is None:
            out[-1] = (current, [c.strip().lower() for c in line.strip().strip("|").split("|")])
    return out


def exercises(stem, lang="en"):
    """[(number, title, kind or None)] from the exercise file's ``### N.M`` headings."""
    path = LESSONS / ("exercises" if lang == "en" else lang + "/exercises") / (stem + ".md")
    if not path.exists():
        return []
    lines = path.read_text(encoding="utf-8").splitlines()
    out = []
    for i, line in enumerate(lines):
        m = re.match(r"^###\s+(\d+\.\d+)\s+(.*)$", line)
        if not m:
            continue
        kind = None
        if i + 1 < len(lines):
            k = re.match(r"^\s*<!--\s*kind:\s*(.*?)\s*-->\s*$", lines[i + 1])
            if k:
                kind = k.group(1)
        out.append((m.group(1), m.group(2).strip(), kind))
    return out


def _when(kind, lang="en"):
    w = GUIDE_WORDS[lang]
    if not kind:
        return w["anytime"]
    first = re.split(r"[;,\s]+", kind.strip())[0]
    if first in ("predict", "picture", "tf", "choose"):
        return w["in class"]
    return w["homework"]


def _one_line(text):
    return " ".join(text.split())


def _title(cells):
    for c in cells:
        if c.kind == "md":
            for line in c.source.splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return "?"


def _minutes(cells):
    for c in cells:
        if c.kind == "md":
            m = re.search(r"\*(?:About (\d+) minutes\.|约 (\d+) 分钟。)\*", c.source)
            if m:
                return int(m.group(1) or m.group(2))
    return None


def _split_time(text):
    """(minutes or None, text without the ``time: N min`` line)."""
    minutes, keep = None, []
    for line in text.splitlines():
        m = re.match(r"^\s*time:\s*(\d+)\s*min\s*$", line)
        if m:
            minutes = int(m.group(1))
        else:
            keep.append(line)
    return minutes, "\n".join(keep).strip("\n")


OPENING = "Opening"


def sections(cells):
    """[(title, minutes, [cells])]: the lesson cut at its ``## `` headings."""
    out = [[OPENING, None, []]]
    for c in cells:
        if c.kind == "md":
            for line in c.source.splitlines():
                if line.startswith("## "):
                    out.append([line[3:].strip(), None, []])
        if c.kind == "teacher" and not _is_front(c):
            minutes, _ = _split_time(c.source)
            if minutes is not None:
                out[-1][1] = (out[-1][1] or 0) + minutes
        out[-1][2].append(c)
    return [tuple(s) for s in out if s[2] or s[0] != OPENING]


FRONT = ("## Objectives", "## 教学目标")     # how the guide's opening notes start


def _is_front(cell):
    return cell.kind == "teacher" and cell.source.lstrip().startswith(FRONT)


GUIDE_WORDS = {
    "en": {
        "title": "# Teacher's guide · %s",
        "generated": "<!-- Generated by scripts/build_lessons.py from scripts/lessons/%s.md (and "
                     "the exercise headings, the seed coverage table): edit those and run it "
                     "again. -->",
        "time": "**Time:** about %s minutes · **Lesson:** `notebooks/%s.ipynb` · **Exercises:** "
                "`notebooks/exercises/%s.ipynb` (answers: `notebooks/exercises/solutions/%s.ipynb`)",
        "claims": "## Old posts' claims this lesson corrects",
        "claims intro": "Learners who read the seed posts arrive believing these. Each is named "
                        "in the lesson (\"Old posts say ...\") next to the cell that shows what "
                        "PyTorch 2.13 does.",
        "claim": "- **%s** (seed %s, review row %s). Old post: %s. **2.13:** %s (cell %s)",
        "timing": "## Timing", "timing head": "| minutes | section |", "total": "| **%d** | total |",
        "opening": "Opening",
        "plan": "## Plan: where to pause, and the answers",
        "plan intro": "Every **Predict** is a pause: read the question aloud, let the class "
                      "commit (hands up for A, B, C...), then click the majority's answer in "
                      "the widget and run the cells under \"Check prediction N\" (Shift+Enter "
                      "unfolds them), which show the result. Learners see the answers below "
                      "only after they choose.",
        "section": "### %s (%d min)",
        "pause": "**Pause P%d** (cell `%s`)%s: %s", "picture": " · a picture question",
        "answer": " **(answer)**", "why": "*Why:* %s", "if": "- *If they say %s:* %s",
        "item": "*Seed item %s (post %s) is taught at cell `%s`:* %s",
        "exercises": "## Exercises to assign",
        "exercises intro": "From `notebooks/exercises/%s.ipynb`. The kind comes from the "
                           "exercise file (`<!-- kind: ... -->`).",
        "exercises head": "| exercise | kind | when |",
        "no exercises": "No exercise file yet (`scripts/lessons/exercises/%s.md`).",
        "anytime": "in class or at home",
        "in class": "in class, right after the lesson (2-3 min each)",
        "homework": "homework or the next session",
    },
    "zh": {
        "title": "# 教师指南 · %s",
        "generated": "<!-- 由 scripts/build_lessons.py 根据 scripts/lessons/zh/%s.md（英文原文的"
                     "中文版）、练习标题和博文覆盖表生成：请修改这些文件，然后重新运行它。 -->",
        "time": "**时长**：约 %s 分钟 · **课程**：`notebooks/zh/%s.ipynb` · **练习**："
                "`notebooks/zh/exercises/%s.ipynb`（答案：`notebooks/zh/exercises/solutions/%s.ipynb`）",
        "claims": "## 本课纠正的旧文说法",
        "claims intro": "读过那几篇博文的同学，来上课时会相信这些说法。每一条都在课程里点名指出"
                        "（“旧文说……”），旁边的单元格展示 PyTorch 2.13 实际是怎样的。",
        "claim": "- **%s**（博文 %s，评审表第 %s 行）。旧文：%s。**2.13**：%s（单元格 %s）",
        "timing": "## 时间安排", "timing head": "| 分钟 | 小节 |", "total": "| **%d** | 合计 |",
        "opening": "开场",
        "plan": "## 教学计划：在哪里停下来，以及答案",
        "plan intro": "每一道**预测**题都是一次停顿：把题目读出来，让全班先表态（选 A、B、C……的"
                      "举手），然后在小部件里点多数人选的答案，再运行“核对预测 N”下面的单元格"
                      "（Shift+Enter 会把它们展开），看看结果。学生只有在选完之后才会看到下面的答案。",
        "section": "### %s（%d 分钟）",
        "pause": "**暂停 P%d**（单元格 `%s`）%s：%s", "picture": " · 看图题",
        "answer": " **（答案）**", "why": "*为什么*：%s", "if": "- *如果有人选 %s*：%s",
        "item": "*博文条目 %s（博文 %s）在单元格 `%s` 讲授*：%s",
        "exercises": "## 布置哪些练习",
        "exercises intro": "出自 `notebooks/zh/exercises/%s.ipynb`。题型取自练习源文件"
                           "（`<!-- kind: ... -->`）。",
        "exercises head": "| 练习 | 题型 | 什么时候用 |",
        "no exercises": "还没有练习文件（`scripts/lessons/zh/exercises/%s.md`）。",
        "anytime": "课上或课后",
        "in class": "课上，讲完之后马上做（每题 2-3 分钟）",
        "homework": "作业，或下一次课",
    },
}


def guide(src, table=None, lang="en", cells=None):
    """The teacher's guide (Markdown) of one lesson file (``cells``: its translated cells)."""
    w = GUIDE_WORDS[lang]
    cells = parse(src.read_text(encoding="utf-8")) if cells is None else cells
    stem = src.stem
    table = coverage() if table is None else table
    title = _title(cells)
    fronts = [c for c in cells if _is_front(c)]
    out = [w["title"] % title, "", w["generated"] % stem, ""]
    minutes = _minutes(cells)
    out += [w["time"] % (minutes if minutes is not None else "?", stem, stem, stem), ""]
    for c in fronts:
        out += [c.source.strip(), ""]

    claims = [r for r in table["claims"] if any(l == stem for l, _ in r.get("named in", []))]
    if claims:
        out += [w["claims"], "", w["claims intro"], ""]
        for r in claims:
            marks = ", ".join("`%s`" % m for l, m in r["named in"] if l == stem)
            out.append(w["claim"] % (r["claim"], r["seed"], r["row"], r["the old post says"],
                                     r["in pytorch 2.13"], marks))
        out.append("")

    secs = sections(cells)
    out += [w["timing"], "", w["timing head"], "|---|---|"]
    for name, mins, _ in secs:
        out.append("| %s | %s |" % (mins if mins is not None else "-",
                                    w["opening"] if name == OPENING else name))
    total = sum(m or 0 for _, m, _ in secs)
    out += [w["total"] % total, ""]

    out += [w["plan"], "", w["plan intro"], ""]
    items_at = {}
    for r in table["items"]:
        for lesson, marker in r.get("taught in", []):
            if lesson == stem:
                items_at.setdefault(marker, []).append(r)
    n = 0
    for i, (name, mins, scells) in enumerate(secs, 1):
        if name == OPENING and not any(c.kind in ("predict", "teacher") and not _is_front(c)
                                       for c in scells):
            continue
        name = w["opening"] if name == OPENING else name
        out += [w["section"] % (name, mins) if mins else "### %s" % name, ""]
        for c in scells:
            if c.kind == "teacher" and not _is_front(c):
                _, text = _split_time(c.source)
                if text:
                    out += [text, ""]
            elif c.kind == "predict":
                n += 1
                q = prediction(c.source)
                out.append(w["pause"] % (n, c.marker or "?", w["picture"] if q["pictures"] else "",
                                         _one_line(q["question"])))
                out.append("")
                for j, choice in enumerate(q["choices"]):
                    out.append("- %s. %s%s" % (LETTERS[j], choice,
                                               w["answer"] if j == q["answer"] else ""))
                out += ["", w["why"] % _one_line(q["why"]), ""]
                for j, text in sorted(q["feedback"].items()):
                    out.append(w["if"] % (LETTERS[j], _one_line(text)))
                if q["feedback"]:
                    out.append("")
            if c.marker in items_at:
                for r in items_at[c.marker]:
                    out += [w["item"] % (r["#"], r["seed"], c.marker,
                                         r["what the post shows or claims"]), ""]
    ex = exercises(stem, lang)
    out += [w["exercises"], ""]
    if ex:
        out += [w["exercises intro"] % stem, "", w["exercises head"], "|---|---|---|"]
        for number, text, kind in ex:
            out.append("| %s %s | %s | %s |" % (number, text.replace("|", "\\|"),
                                                kind or "-", _when(kind, lang)))
    else:
        out.append(w["no exercises"] % stem)
    out.append("")
    return "\n".join(out)


def guide_targets():
    """[(lesson file, guide path)]."""
    return [(p, TEACHER / (p.stem + ".md")) for p in lesson_files()]


# ------------------------------------------------------------------ main

def write_notebook(nb, dst):
    if dst.exists():
        old = nbformat.read(dst, as_version=4)
        if signature(old) == signature(nb):
            print("unchanged", dst.relative_to(ROOT))
            return
    dst.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, dst)
    print("wrote    ", dst.relative_to(ROOT))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--status", action="store_true",
                        help="list missing or outdated translations; exit 1 if any")
    parser.add_argument("--stub", metavar="FILE",
                        help="write a translation file to start from (e.g. "
                             "scripts/lessons/zh/12_new.md)")
    args = parser.parse_args(argv)
    if args.status:
        todo = status()
        for line in todo:
            print(line)
        print("%d problem(s) in the translations" % len(todo) if todo
              else "every translation is complete and up to date")
        return 1 if todo else 0
    if args.stub:
        return write_stub(Path(args.stub))
    for src, dst in targets():
        write_notebook(build(src), dst)
    table = coverage() if COVERAGE.exists() else {"items": [], "claims": []}
    for src, dst in guide_targets():
        text = guide(src, table)
        if dst.exists() and dst.read_text(encoding="utf-8") == text:
            print("unchanged", dst.relative_to(ROOT))
            continue
        dst.parent.mkdir(parents=True, exist_ok=True)
        dst.write_text(text, encoding="utf-8")
        print("wrote    ", dst.relative_to(ROOT))
    for src, dst in translated_targets("zh"):
        if translation_file(src).exists():
            write_notebook(build_translated(src), dst)
    for src, dst in own_pages("zh"):
        write_notebook(notebook(parse(src.read_text(encoding="utf-8")), src.stem, "zh"), dst)
    for src, path, dst in documents("zh"):
        if path.exists():
            write_text(translated_document(src)[0], dst)
    zh_table = zh_coverage()
    for src, dst in translated_guides("zh"):
        if translation_file(src).exists():
            write_text(guide_translated(src, zh_table), dst)
    todo = status()
    if todo:
        print("the Chinese edition has %d problem(s); see --status" % len(todo))
    return 0


def zh_coverage(lang="zh"):
    """The translated coverage table, parsed with the English table's column names."""
    _, path, dst = documents(lang)[0]
    if not dst.exists():
        return {"items": [], "claims": []}
    return coverage(dst, like=COVERAGE)


def write_text(text, dst):
    if dst.exists() and dst.read_text(encoding="utf-8") == text:
        print("unchanged", dst.relative_to(ROOT))
        return
    dst.parent.mkdir(parents=True, exist_ok=True)
    dst.write_text(text, encoding="utf-8")
    print("wrote    ", dst.relative_to(ROOT))


def write_stub(path):
    path = path.resolve()
    rel = path.relative_to(ZH_TEXTS)
    src = LESSONS / rel
    if rel.as_posix() == COVERAGE.name:
        cells, _ = editions.document_cells(COVERAGE.read_text(encoding="utf-8"), Cell)
        path.write_text(editions.stub(cells), encoding="utf-8")
        print("wrote    ", path.relative_to(ROOT))
        return 0
    if not src.exists():
        print("no English file %s to translate" % src.relative_to(ROOT), file=sys.stderr)
        return 1
    if path.exists():
        print("%s exists; not overwritten" % path.relative_to(ROOT), file=sys.stderr)
        return 1
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(editions.stub(parse(src.read_text(encoding="utf-8"))), encoding="utf-8")
    print("wrote    ", path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
