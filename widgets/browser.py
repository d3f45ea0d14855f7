"""Graphviz in the learner's browser, for when the `dot` program is not installed.

The kit's wheel installs Graphviz compiled to WebAssembly (``widgets/static/graphviz/
viz.js``, @viz-js/viz) as a static file of the Jupyter server, next to JupyterLab's
extensions: ``share/jupyter/labextensions/minitensor-kit/static/viz.js``, served at
``<base>/lab/extensions/minitensor-kit/static/viz.js``. Nothing is loaded from the network
and nothing as big as viz.js (1.2 MB) is stored in a notebook: pictures carry their DOT
text, and the page that shows them lays it out.

:data:`LAYOUT_JS` is the one piece of JavaScript that does it, used by the live panel and
by the static pictures (:func:`html`). Where the file cannot be loaded (a front end
other than JupyterLab or Notebook 7, a kernel installed apart from the server, a page
saved as HTML), the picture stays its text, with the one-line hint.
"""
import html as _html
import json

URL_PATH = "minitensor-kit/static/viz.js"     # under the server's labextensions URL

# Defines `minitensorLayout(dot) -> Promise<svg text>`. viz.js is loaded once a page, from
# the URL the server's page config names (so a JupyterHub prefix is respected).
LAYOUT_JS = r"""
function minitensorLayout(dot) {
  const g = globalThis;
  if (!g.__minitensorViz) {
    g.__minitensorViz = (async () => {
      const cfg = document.getElementById("jupyter-config-data");
      const base = cfg ? JSON.parse(cfg.textContent).fullLabextensionsUrl : null;
      if (!base) throw new Error("no Jupyter server page to load Graphviz from");
      // a full URL: this code may run from a blob: module (anywidget), which has no base
      const m = await import(new URL(base.replace(/\/$/, "") + "/%s", document.baseURI).href);
      return await m.instance();
    })();
    g.__minitensorViz.catch(() => {});
  }
  return g.__minitensorViz.then(viz => {
    const svg = viz.renderString(dot, {format: "svg"});
    const at = svg.indexOf("<svg");
    return (at >= 0 ? svg.slice(at) : svg).replace(/<!--[^>]*-->\s*/g, "");
  });
}
""" % URL_PATH


def js_string(text):
    """``text`` as a JavaScript string literal that is safe inside a <script> element."""
    return (json.dumps(text).replace("<", "\\u003c").replace(">", "\\u003e")
            .replace("&", "\\u0026").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


def html(source, text, hint, alt=""):
    """A static picture laid out in the browser: its text picture until viz.js has drawn it.

    Untrusted (the script removed by the sanitizer) or where viz.js cannot load, the text
    picture and ``hint`` stay. The script replaces only its own element (found by
    ``document.currentScript``'s parent), so several pictures on a page never mix.
    """
    return (
        '<div class="minitensor-picture" title="%s">'
        '<pre class="minitensor-text">%s</pre>'
        '<div class="minitensor-hint">%s</div>'
        "<script>(() => {\n%s\n"
        "const box = document.currentScript.parentElement;\n"
        "minitensorLayout(%s).then(svg => {\n"
        "  const img = document.createElement('img');\n"
        "  img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg);\n"
        "  img.alt = box.title; img.style.maxWidth = '100%%';\n"
        "  const w = /<svg width=\"([0-9.]+)pt\"/.exec(svg);\n"
        "  if (w) img.style.width = (parseFloat(w[1]) * 4 / 3) + 'px';\n"
        "  box.replaceChildren(img); box.dataset.layout = 'browser';\n"
        "}).catch(e => { box.dataset.layout = 'text'; box.dataset.error = String(e); });\n"
        "})();</script></div>"
        % (_html.escape(alt, quote=True), _html.escape(text), _html.escape(hint), LAYOUT_JS,
           js_string(source)))
