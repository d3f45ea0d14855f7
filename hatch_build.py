"""Build hook (hatchling): ships the students' lessons without moving ``notebooks/``.

The lessons stay where teachers and tests use them (``notebooks/``); at build time this
hook maps the students' files of each lesson set (chosen by ``minitensor_kit/catalog.py``,
an allow-list, so solutions and teachers' guides are never picked) into

* the wheel, as package data: ``minitensor_kit/lessons/<set>/...``;
* the sdist, at their own paths (``notebooks/...``), so a wheel built from the sdist
  runs this hook again and finds them. The sdist holds no solutions either.

Editable installs get nothing: there the kit reads the lessons from the checkout.
"""
import importlib.util
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def _catalog(root):
    spec = importlib.util.spec_from_file_location(
        "_minitensor_kit_catalog", Path(root, "minitensor_kit", "catalog.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class StudentLessons(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version, build_data):
        if self.target_name == "wheel" and version == "editable":
            return
        catalog = _catalog(self.root)
        for name, folder in catalog.LESSON_SETS.items():
            src = Path(self.root, folder)
            files = catalog.student_files(src)
            if not files:
                raise RuntimeError(f"lesson set {name!r}: no students' files in {src}")
            for rel in files:
                target = (f"minitensor_kit/lessons/{name}/{rel}" if self.target_name == "wheel"
                          else f"{folder}/{rel}")
                build_data["force_include"][str(src / rel)] = target
