"""Names and values go into DOT, SVG and HTML as text, never as markup."""
import json
import re

import pytest

import minitensor as torch
from widgets import dot, render
from widgets import snapshot as S
from widgets.panel import details

EVIL = ['<b>bold</b>', 'say "hi"', '{x}', 'a\\nb', '</TD></TR></TABLE>>];evil[', "it's & <i>"]


def evil_snapshot():
    ns = {"d": {k: torch.ones(2, requires_grad=True) * 2 for k in EVIL}}
    from widgets import names as N
    return S.build(*N.scan(ns), regs=S.Registries())


def test_names_are_escaped_in_dot():
    s = evil_snapshot()
    names = [t["name"] for t in s["tensors"]]
    assert any("<b>bold</b>" in n for n in names)
    for src in (render.graph_dot(s), render.memory_dot(s)):
        assert "<b>bold</b>" not in src and "<i>" not in src
        assert "&lt;b&gt;bold&lt;/b&gt;" in src
        assert "&quot;hi&quot;" in src
        assert "</TD></TR></TABLE>>];evil[" not in src


@pytest.mark.skipif(not dot.available(), reason="graphviz `dot` not installed")
def test_names_render_as_text_in_svg():
    s = evil_snapshot()
    for src in (render.graph_dot(s), render.memory_dot(s)):
        svg = dot.render(src)
        assert "<b>" not in svg and "<i>" not in svg
        text = " ".join(re.findall(r"<text[^>]*>([^<]*)</text>", svg))
        assert "&lt;b&gt;bold&lt;/b&gt;" in text
        assert "{x}" in text
        assert "a\\nb" in text or "a\\\\nb" in text


def test_esc_handles_control_characters_and_newlines():
    assert render.esc("a\x00b") == "a\ufffdb"
    assert render.esc("<&>\"'") == "&lt;&amp;&gt;&quot;&#x27;"
    assert render.esc("x\ny") == "x<BR/>y"


def test_details_are_plain_text_data():
    s = evil_snapshot()
    d = details(s, s["tensors"][0]["id"])
    json.dumps(d)
    assert d["title"].startswith("tensor d['<b>bold</b>']")   # the panel sets textContent


def test_panel_sets_text_with_textContent_only():
    from widgets.panel import ESM
    assert "innerHTML" in ESM
    # innerHTML only ever receives dot's SVG; text goes through textContent / createTextNode
    for line in ESM.splitlines():
        if "innerHTML" in line:
            assert "_svg" in line
