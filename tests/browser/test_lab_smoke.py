"""The browser harness works end to end: JupyterLab starts, a notebook opens, one cell
runs in a real kernel, and an ipywidgets.HTML holding an inline SVG renders in Chromium."""


def test_smoke_notebook_renders_widget_svg(lab):
    lab.open("smoke.ipynb")
    assert lab.cell_count() == 2

    assert lab.run_cell(1) is True

    out = lab.output(1)
    lab.wait_for_text("smoke value: 42", out)
    # The widget's SVG label: text content, since inner_text is empty for SVG <text>.
    label = out.locator("svg text")
    lab.wait_for_text("smoke label 42", label)
    assert label.all_text_contents() == ["smoke label 42"]

    shot = lab.screenshot("lab_smoke")
    assert shot.stat().st_size > 1000
    lab.screenshot("lab_smoke_output", target=out)
