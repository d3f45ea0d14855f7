"""What a notebook run by a program stores for the live panel (reliability review, row 4h).

Run in a real kernel by nbclient, as `make notebooks`, nbval and `nbconvert --execute` do:
the panel's stored picture (the PNG readers without the widget see) must show the lab's
state after the last cell run, not the state when the panel was displayed. The panel's
latest display stores it (once per notebook: it can be large); earlier displays store
none. Each display keeps the text/plain it was displayed with (nbval compares that). A
person at a front end is not slowed down by it.
"""
import base64

import pytest
from jupyter_core.utils import run_sync

from kernel import Kernel

pytestmark = pytest.mark.slow

PNG_NOW = "import base64; print(base64.b64encode(lab.panel.fallback_png() or b'').decode())"


@pytest.fixture
def kernel():
    k = Kernel(timeout=60)
    yield k
    k.close()


def stored(k, index):
    """(image/png bytes or None, text/plain) of the panel's output in cell ``index``."""
    outs = [o for o in k.outputs(index) if o.output_type in ("display_data", "execute_result")]
    assert len(outs) == 1, outs
    data = outs[0]["data"]
    assert "application/vnd.jupyter.widget-view+json" in data
    png = data.get("image/png")
    return (base64.b64decode(png) if png else None), data["text/plain"]


def test_the_stored_panel_picture_follows_the_notebook(kernel):
    k = kernel
    k.run("lab = watch()")
    first = len(k.nb.cells) - 1
    png, text = stored(k, first)
    assert png is None and "0 timeline steps" in text       # nothing to draw yet

    k.run("a = torch.ones(3, requires_grad=True)")
    after_a, _ = stored(k, first)
    assert after_a is not None and after_a.startswith(b"\x89PNG")
    k.run("b = (a * 2).sum()")
    after_b, _ = stored(k, first)
    assert after_b is not None and after_b != after_a

    k.run("lab")                        # displayed again, further down the notebook
    second = len(k.nb.cells) - 1
    k.run("c = a.detach()")
    k.run("pass")       # a cell that changes nothing takes the "changed" outlines away
    now = base64.b64decode(k.run(PNG_NOW).strip())
    assert stored(k, second)[0] == now, "the latest display stores an older picture"
    assert stored(k, first)[0] is None, "the picture is stored twice"
    assert now != after_b
    # each display keeps its own text (what nbval compares): from when it was displayed
    assert "0 timeline steps" in stored(k, first)[1]
    assert "b: shape ()" in stored(k, second)[1] and "c:" not in stored(k, second)[1]


def test_a_person_at_a_front_end_is_not_slowed_by_it(kernel):
    """A front end (JupyterLab, VS Code) says it can answer input(): no PNG is made after
    each cell (it would cost 0.1-0.3 s and redraw the panel's view)."""
    k = kernel
    k.run("lab = watch()")
    k.run("a = torch.ones(3)")
    k.run("pass")                   # settles: "a" no longer outlined as changed
    before = k.run("print(lab.panel.fallback_updates)").strip()
    assert before == "2"
    kc = k.client.kc
    msg_id = kc.execute("b = a + 1", allow_stdin=True)
    reply = run_sync(kc.get_shell_msg)(timeout=30)
    while reply["parent_header"].get("msg_id") != msg_id:
        reply = run_sync(kc.get_shell_msg)(timeout=30)
    assert reply["content"]["status"] == "ok"
    # printed before this cell's own update: none for "b = a + 1"
    after = k.run("print(lab.panel.fallback_updates, 'b: shape' in lab.text())").strip()
    assert after == before + " True"
