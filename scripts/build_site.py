"""Build the lessons as a static HTML site (`make site`): one page per lesson, an index.

    python scripts/build_site.py [OUT] [--lang en]      # OUT defaults to build/site

Uses nbconvert with the template in scripts/site/minitensor/ (JupyterLab's look, and no
script from a CDN: the pages load nothing from the network). Notebooks are not executed:
the pages show the stored outputs, pictures included (PNG; widgets/picture.py says why).
The live panel shows as the picture its output stores beside the widget: the lab's state
after the lesson's last cell, stored with the panel's last display (widgets/panel.py).
Links between lessons (`03_clone.ipynb`) point to the pages (`03_clone.html`).
"""
import argparse
import copy
import html
import re
import sys
from pathlib import Path

import nbformat
from nbconvert import HTMLExporter

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from minitensor_kit.catalog import DEFAULT_SET, LESSON_SETS, set_root, student_files  # noqa: E402

TEMPLATES = ROOT / "scripts" / "site"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
LESSON_LINK = re.compile(r"(\]\(|href=[\"'])((?:\./)?[0-9][0-9]_[^)\"'#]*)\.ipynb")
# what a page must never load from elsewhere (a link the reader clicks is fine)
REMOTE_LOAD = re.compile(r"<(?:script|link|img|iframe)\b[^>]*\b(?:src|href)=[\"']?(?:https?:)?//",
                         re.I)


def title_of(nb, fallback):
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("# "):
                    return line[2:].strip().replace("`", "")
    return fallback


def for_the_page(nb):
    """A copy of ``nb`` ready for a static page: widget views give way to their stored
    fallback (the panel's picture), and lesson links point to pages."""
    nb = copy.deepcopy(nb)
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            cell.source = LESSON_LINK.sub(r"\1\2.html", cell.source)
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            if WIDGET_VIEW in data and len(data) > 1:
                del data[WIDGET_VIEW]
    return nb


INDEX = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>minitensor kit: the lessons</title>
<style>
 body {{ font: 16px/1.6 system-ui, sans-serif; max-width: 44em; margin: 2em auto; padding: 0 1em; color: #222; }}
 a {{ color: #1a5fb4; }} li {{ margin: 0.3em 0; }} code {{ background: #f3f3f3; padding: 0 0.2em; }}
</style></head>
<body>
<h1>minitensor kit: the lessons</h1>
<p>PyTorch's tensor semantics, lesson by lesson: what <code>clone()</code>, <code>detach()</code>,
<code>copy_()</code> and views do to memory and to the autograd graph. These pages show each
lesson with its stored outputs, for reading. To run the lessons and do the exercises:</p>
<pre><code>pip install minitensor-kit
minitensor-kit lab</code></pre>
<ol>
{items}
</ol>
</body></html>
"""


def build(out, lang=DEFAULT_SET):
    src = set_root(lang)
    lessons = [rel for rel in student_files(src) if "/" not in rel]
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    for stale in out.glob("*.html"):
        stale.unlink()
    notebooks = [nbformat.read(src / rel, as_version=4) for rel in lessons]
    pages = [{"href": Path(rel).with_suffix(".html").name, "title": title_of(nb, rel)}
             for rel, nb in zip(lessons, notebooks)]
    exporter = HTMLExporter(template_name="minitensor", extra_template_basedirs=[str(TEMPLATES)])
    for i, (nb, page) in enumerate(zip(notebooks, pages)):
        resources = {"metadata": {"name": page["title"]},
                     "site": {"prev": pages[i - 1] if i else None,
                              "next": pages[i + 1] if i + 1 < len(pages) else None}}
        body, _ = exporter.from_notebook_node(for_the_page(nb), resources=resources)
        remote = REMOTE_LOAD.findall(body)
        if remote:
            raise RuntimeError(f"{page['href']} would load from the network: {remote[:3]}")
        (out / page["href"]).write_text(body, encoding="utf-8")
    items = "\n".join(f'<li><a href="{p["href"]}">{html.escape(p["title"])}</a></li>' for p in pages)
    (out / "index.html").write_text(INDEX.format(items=items), encoding="utf-8")
    return [out / "index.html"] + [out / p["href"] for p in pages]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", nargs="?", default=str(ROOT / "build" / "site"))
    ap.add_argument("--lang", default=DEFAULT_SET, choices=sorted(LESSON_SETS))
    args = ap.parse_args(argv)
    written = build(args.out, args.lang)
    print(f"site: {len(written) - 1} lessons in {args.out} (open {written[0]})")


if __name__ == "__main__":
    main()
