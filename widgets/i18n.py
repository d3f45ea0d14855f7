"""The kit's language: pictures, prediction questions and exercise feedback.

    import widgets
    widgets.set_language("zh")     # the Chinese edition's notebooks do this in their first cell

English is the default. The language belongs to the kernel: every picture drawn, every
prediction question asked and every ``check(...)`` run after the call speaks it. Names,
values, dtypes and PyTorch's own words (``grad_fn``, ``requires_grad``, ``_version``,
``AccumulateGrad``, torch's error messages) stay as PyTorch prints them in every language.

A translation is looked up by its English text (gettext's way: the English text is the
key), so a sentence changed in English and not yet in Chinese shows in English rather
than in an outdated Chinese; ``tests/test_zh_widgets.py`` fails until it is translated.
The Chinese texts are in :mod:`widgets.i18n_zh`.
"""
LANGUAGES = ("en", "zh")
_state = {"language": "en"}

# Fonts for every text the widgets draw, Latin first, then a CJK font that each system has:
# Debian's fonts-noto-cjk, Windows' Microsoft YaHei, macOS' PingFang SC. Without one of them
# a browser shows Chinese text (a Chinese variable name too) as empty boxes.
CJK_FONTS = ("Noto Sans CJK SC", "Microsoft YaHei", "PingFang SC")
FONT_FAMILY = "Arial, Helvetica, %s, sans-serif" % ", ".join('"%s"' % f for f in CJK_FONTS)
# The same for Graphviz, which measures the text with the first of these it finds (fontconfig)
# and writes the list into the SVG's font-family for the browser.
GRAPHVIZ_FONT = "Arial,%s,sans-serif" % ",".join(CJK_FONTS)


def set_language(code):
    """Speak ``code`` ("en" or "zh") from now on, in this kernel."""
    code = str(code).strip().lower().replace("_", "-")
    if code.startswith("zh"):
        code = "zh"
    if code not in LANGUAGES:
        raise ValueError("unknown language %r: choose one of %s" % (code, ", ".join(LANGUAGES)))
    _state["language"] = code


def language():
    """The language pictures and feedback speak now: "en" or "zh"."""
    return _state["language"]


def catalogue(code=None):
    """{English text: translation} for ``code`` (default: the current language)."""
    code = language() if code is None else code
    if code == "zh":
        from .i18n_zh import ZH
        return ZH
    return {}


def _(text):
    """``text`` in the current language (itself, in English or when not yet translated)."""
    if _state["language"] == "en":
        return text
    return catalogue().get(text, text)
