"""The Chinese edition: a translation file keyed to the English cells it translates.

    scripts/lessons/zh/NN_name.md             translates  scripts/lessons/NN_name.md
    scripts/lessons/zh/exercises/NN_name.md   translates  scripts/lessons/exercises/NN_name.md
    scripts/lessons/zh/seed_coverage.md       translates  notebooks/teacher/seed_coverage.md

A translation file holds one block per English cell, in the English order and of the
English kind. Its header names the English text it was translated from:

    %% md @3f2a9c1d               a Markdown cell: the Chinese text follows
    %% code #slice-shares @0b1c2d3e
    v = a[2:]          # 切片：一个视图
    %% code =                     a code cell with no comment: nothing to translate, the
                                  English code is used as it is (the block has no body)
    %% reveal =                   likewise a "Check prediction N" heading with no own text

``@3f2a9c1d`` is the start of the SHA-1 of the English cell's text (:func:`cell_hash`).
When the English cell changes, its hash changes, and the translation is reported as
*older than its source* until someone updates the Chinese and the hash
(``python scripts/build_lessons.py --status`` lists them; tests/test_zh_pairing.py fails).
A ``#marker`` repeats the English cell's marker, so both editions' cells have the same id.

Pairing is by order and hash (:func:`pair`): an English cell added, removed or changed is
reported by name and line, never silently shifted onto the wrong translation. Code is
shared: a translated code cell may differ from the English one only in its comments
(:func:`code_tokens`), and a prediction only in its texts (:func:`ask_shape`).

``%%#`` lines are comments, as in the English files.
"""
import ast
import difflib
import hashlib
import io
import re
import tokenize

CODE_KINDS = ("code", "error", "live")
HASH = re.compile(r"^@([0-9a-f]{8})$")
MARKER = re.compile(r"^#([a-z][a-z0-9-]{1,62})$")
CJK = re.compile(r"[\u3400-\u9fff]")
SOLUTION_MARK = re.compile(r"^\s*### (BEGIN|END) SOLUTION\s*$")
LABEL = re.compile(r"\(([a-h])\)")
TIME = re.compile(r"^\s*time:\s*\d+\s*min\s*$")


def cell_hash(source):
    """What a translation records of the English text it was made from."""
    return hashlib.sha1(source.strip("\n").encode("utf-8")).hexdigest()[:8]


class Block:
    """One block of a translation file."""

    def __init__(self, kind, source, marker=None, hash=None, same=False, line=0):
        self.kind, self.source, self.marker = kind, source, marker
        self.hash, self.same, self.line = hash, same, line

    def key(self):
        return (self.kind, "=" if self.same else self.hash)

    def __repr__(self):
        return "Block(%r, #%s, @%s, line %d)" % (self.kind, self.marker, self.hash, self.line)


def has_comment(source):
    """Does this Python code hold a comment or a docstring (texts a translation changes)?"""
    try:
        return (any(t.type == tokenize.COMMENT and _prose(t.string) for t in _tokens(source))
                or code_tokens(source)[0] != _plain_dump(source))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return "#" in source


def _prose(comment):
    """Is there text to translate in this comment (not only a solution marker or a label)?"""
    if SOLUTION_MARK.match(comment):
        return False
    return bool(re.search(r"[^\W\d_]", LABEL.sub("", comment)))


def _plain_dump(source):
    return ast.dump(ast.parse(source))


def english_key(cell):
    """(kind, "=") when a cell has nothing to translate, else (kind, hash of its text)."""
    if cell.kind in CODE_KINDS and not has_comment(cell.source):
        return (cell.kind, "=")
    if cell.kind == "reveal" and not cell.source.strip():
        return (cell.kind, "=")
    if cell.kind == "row" and set(cell.source) <= set("|-: "):
        return (cell.kind, "=")         # a table's |---| line
    if cell.kind == "teacher" and all(TIME.match(l) for l in cell.source.splitlines() if l.strip()):
        return (cell.kind, "=")         # only "time: N min", which the guide reads
    return (cell.kind, cell_hash(cell.source))


def parse(text, kinds):
    """[Block] of a translation file; ``kinds`` are the cell kinds it may hold."""
    blocks, head, lines = [], None, []

    def close():
        if head is not None:
            blocks.append(Block(source="\n".join(lines).strip("\n"), **head))

    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("%%#"):
            continue
        if line.startswith("%% "):
            close()
            head, lines = _header(line, number, kinds), []
        elif head is not None:
            lines.append(line)
    close()
    for b in blocks:
        if b.same and b.source:
            raise ValueError("line %d: a '%%%% %s =' block takes the English cell as it is "
                             "and has no text of its own" % (b.line, b.kind))
    return blocks


def _header(line, number, kinds):
    words = line[3:].split()
    if not words or words[0] not in kinds:
        raise ValueError("line %d: unknown block kind %r" % (number, line[3:].strip()))
    head = {"kind": words[0], "line": number}
    for word in words[1:]:
        if word == "=" and "same" not in head and "hash" not in head:
            head["same"] = True
        elif HASH.match(word) and "hash" not in head and "same" not in head:
            head["hash"] = word[1:]
        elif MARKER.match(word) and "marker" not in head:
            head["marker"] = word[1:]
        else:
            raise ValueError("line %d: %r: a block header is a kind, an optional #marker and "
                             "either @hash (8 hex digits of the English text's SHA-1) or =."
                             % (number, word))
    if "hash" not in head and "same" not in head:
        raise ValueError("line %d: the block says neither which English text it translates "
                         "(@hash) nor that it takes it as it is (=)" % number)
    return head


class Pair:
    """An English cell and its translation. ``status``: "ok", "stale" (the English text
    changed since it was translated) or "missing" (no translation)."""

    def __init__(self, en, zh, status):
        self.en, self.zh, self.status = en, zh, status

    def source(self):
        """The text the translated edition shows for this cell."""
        if self.zh is None or self.zh.same:
            return self.en.source
        return self.zh.source


def pair(en_cells, blocks):
    """([Pair] one per English cell, [orphan Block]) by order and hash."""
    en_keys = [english_key(c) for c in en_cells]
    zh_keys = [b.key() for b in blocks]
    pairs, orphans = [None] * len(en_cells), []
    matcher = difflib.SequenceMatcher(None, en_keys, zh_keys, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            for i, j in zip(range(i1, i2), range(j1, j2)):
                pairs[i] = Pair(en_cells[i], blocks[j], "ok")
            continue
        ens, zhs = list(range(i1, i2)), list(range(j1, j2))
        # a replaced run: cells of the same kind, in order, are old translations
        while ens and zhs:
            i, j = ens[0], zhs[0]
            if en_cells[i].kind == blocks[j].kind:
                pairs[i] = Pair(en_cells[i], blocks[j], "stale")
                ens.pop(0)
                zhs.pop(0)
            elif len(ens) >= len(zhs):
                pairs[i] = Pair(en_cells[i], None, "missing")
                ens.pop(0)
            else:
                orphans.append(blocks[j])
                zhs.pop(0)
        for i in ens:
            pairs[i] = Pair(en_cells[i], None, "missing")
        orphans += [blocks[j] for j in zhs]
    return pairs, orphans


def problems(pairs, orphans, name="?"):
    """Everything wrong with a translation, one sentence each (empty: all in order)."""
    out = []
    for p in pairs:
        where = "%s: English %s cell%s at line %d" % (
            name, p.en.kind, " #" + p.en.marker if p.en.marker else "", p.en.line)
        if p.status == "missing":
            out.append("%s has no translation (its key: %s)" % (where, "@" + cell_hash(p.en.source)
                       if english_key(p.en)[1] != "=" else "="))
            continue
        if p.status == "stale":
            out.append("%s changed since it was translated (translation at line %d says "
                       "@%s; the English text is now @%s)" % (
                           where, p.zh.line, p.zh.hash or "=", cell_hash(p.en.source)))
        if (p.zh.marker or None) != (p.en.marker or None):
            out.append("%s: the translation at line %d has marker %r, the English cell %r"
                       % (where, p.zh.line, p.zh.marker, p.en.marker))
        out += ["%s: %s" % (where, d) for d in differences(p)]
    for b in orphans:
        out.append("%s: the translation at line %d (%s @%s) matches no English cell"
                   % (name, b.line, b.kind, b.hash or "="))
    return out


def differences(p):
    """What a translated cell changes that it may not (code, answers, structure)."""
    if p.zh is None or p.zh.same:
        return []
    en, zh, kind = p.en.source, p.zh.source, p.en.kind
    out = []
    if kind in CODE_KINDS:
        try:
            if code_tokens(en) != code_tokens(zh):
                out.append("the code differs from the English cell beyond its comments")
        except SyntaxError as e:
            out.append("the code cannot be read: %s" % e)
    elif kind == "predict":
        if not CJK.search(zh):
            out.append("the question holds no Chinese")
        try:
            if ask_shape(en) != ask_shape(zh):
                out.append("the question differs from the English one beyond its texts "
                           "(answer, number of choices, feedback keys or pictures)")
        except (SyntaxError, ValueError) as e:
            out.append("the question cannot be read: %s" % e)
    elif kind == "row":
        out += _row_differences(en, zh)
    elif kind in ("md", "teacher") or (kind == "reveal" and en.strip()):
        if not CJK.search(zh) or zh.strip() == en.strip():
            out.append("the translation holds no Chinese" if not CJK.search(zh)
                       else "the translation is the English text")
        out += _same_code_spans(en, zh)
        if kind == "teacher" and _times(en) != _times(zh):
            out.append("the 'time: N min' lines differ from the English ones")
        if kind == "md" and _headings(en) != _headings(zh):
            out.append("its headings (levels %s) differ from the English ones (%s)"
                       % (_headings(zh), _headings(en)))
        for what, pattern in (("HTML comments", _COMMENT), ("exercise numbers", _EXERCISE)):
            if pattern.findall(en) != pattern.findall(zh):
                out.append("its %s %s differ from the English ones %s"
                           % (what, pattern.findall(zh), pattern.findall(en)))
    return out


_COMMENT = re.compile(r"<!--.*?-->", re.S)          # e.g. an exercise's kind
_EXERCISE = re.compile(r"^### (\d+\.\d+) ", re.M)


def _columns(row):
    return [c.strip() for c in row.strip().strip("|").split("|")]


def _row_differences(en, zh):
    """A table row keeps its columns, and every column that holds no prose (numbers, ids,
    `code` and cell names) as it is."""
    a, b = _columns(en), _columns(zh)
    if len(a) != len(b):
        return ["the row has %d columns, the English one %d" % (len(b), len(a))]
    fixed = [i for i, c in enumerate(a) if not re.search(r"[A-Za-z]{2,}", _SPAN.sub("", c))]
    out = ["column %d should be %r as in English, not %r" % (i + 1, a[i], b[i])
           for i in fixed if a[i] != b[i]]
    if not CJK.search(zh) and any(i not in fixed for i in range(len(a))):
        out.append("the translation holds no Chinese")
    return out + _same_code_spans(en, zh)


def document_cells(text, cell):
    """A Markdown document as cells to translate: a paragraph is an "md" cell, each line of
    a table a "row" (``cell`` makes one: cell(kind, source, marker, line)). Returns the cells
    and, for each, whether it ends its paragraph."""
    cells, ends, line = [], [], 1
    for para in text.strip("\n").split("\n\n"):
        if para.startswith("|"):
            rows = para.split("\n")
            for i, row in enumerate(rows):
                cells.append(cell("row", row, None, line + i))
                ends.append(i == len(rows) - 1)
        else:
            cells.append(cell("md", para, None, line))
            ends.append(True)
        line += para.count("\n") + 2
    return cells, ends


def join_document(sources, ends):
    """The document again, from its (translated) cells."""
    out = []
    for source, end in zip(sources, ends):
        out.append(source + ("\n\n" if end else "\n"))
    return "".join(out).rstrip("\n") + "\n"


def _times(text):
    return [l.strip() for l in text.splitlines() if TIME.match(l)]


def _headings(text):
    """The levels of a Markdown text's headings: the lesson's sections and folding."""
    return [len(m.group(1)) for m in re.finditer(r"^(#{1,6}) ", text, re.M)]


_SPAN = re.compile(r"`([^`\n]+)`")


def _same_code_spans(en, zh):
    """Inline code is code: every `span` of the English text is in the translation."""
    missing = sorted(m for m in set(_SPAN.findall(en)) if m not in zh)
    return ["inline code %s of the English text is not in the translation"
            % ", ".join("`%s`" % m for m in missing[:5])] if missing else []


def _tokens(source):
    return list(tokenize.generate_tokens(io.StringIO(source + "\n").readline))


def code_tokens(source):
    """What a code cell does, its comments and docstrings left out, but for the solution
    markers and the line labels ``(a)``, ``(b)`` that questions refer to."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) \
                and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            body[0].value.value = ""            # a docstring is prose
    marks = []
    for t in _tokens(source):
        if t.type == tokenize.COMMENT:
            if SOLUTION_MARK.match(t.string):
                marks.append(("mark", t.string.strip(), t.start[0]))
            else:
                marks += [("label", x, t.start[0]) for x in LABEL.findall(t.string)]
    return ast.dump(tree), marks


def ask_shape(source):
    """What a prediction cell decides, its texts left out: the code around the question,
    the number of choices, the answer, which choices have feedback, the pictures."""
    tree = ast.parse(source)
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)
             and getattr(n.func, "id", getattr(n.func, "attr", None)) == "ask"]
    if len(calls) != 1:
        raise ValueError("a predict cell holds exactly one ask(...) call")
    call = calls[0]
    args = dict(zip(["question", "choices", "answer", "why", "feedback", "pictures"], call.args))
    args.update({k.arg: k.value for k in call.keywords})
    choices = ast.literal_eval(args["choices"])
    answer = ast.literal_eval(args["answer"])
    if isinstance(answer, str):
        answer = choices.index(answer)
    feedback = ast.literal_eval(args["feedback"]) if "feedback" in args else {}
    keys = sorted(choices.index(k) if isinstance(k, str) else k for k in feedback)
    pictures = ast.dump(args["pictures"]) if "pictures" in args else None
    for node in list(args.values()):
        if node is not args.get("pictures"):
            _blank(node)
    return ast.dump(tree), len(choices), answer, keys, pictures


def _blank(node):
    for n in ast.walk(node):
        if isinstance(n, ast.Constant) and isinstance(n.value, str):
            n.value = ""


def stub(en_cells):
    """A translation file to start from: every block keyed, English text to replace."""
    out = ["%%# Translation of the English cells, in their order (see scripts/editions.py).",
           "%%# Replace each English text with Chinese; keep the header line as it is."]
    for c in en_cells:
        key = english_key(c)
        head = "%% " + c.kind + (" #" + c.marker if c.marker else "")
        if key[1] == "=":
            out.append(head + " =")
        else:
            out += [head + " @" + key[1], c.source]
    return "\n".join(out) + "\n"
