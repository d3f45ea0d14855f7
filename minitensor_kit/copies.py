"""Writing a student's copies of a lesson set, without ever losing the student's work.

``write_lessons(dest)`` copies the students' files (see ``catalog``) into ``dest`` and
records what it wrote in ``dest/.minitensor-kit.json`` (path -> SHA-256). On the next run
each file is one of:

* missing, or identical to the kit's copy: written / left as it is;
* unchanged since the kit wrote it (its hash is the recorded one): updated to the kit's
  current copy, so a newer kit brings fixed lessons;
* changed by the student (anything else, including a file the kit never wrote): kept.
  With ``force=True`` it is replaced, and the student's version is first saved beside it
  as ``NAME.mine.ipynb`` (``NAME.mine-2.ipynb``, ...), so even --force loses nothing.

Files are written to a temporary name and renamed, so an interrupted run leaves either
the old file or the new one. Safe to run again and again (a JupyterHub can run it at every
login).
"""
import hashlib
import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from . import __version__
from .catalog import DEFAULT_SET, set_root, student_files

MANIFEST = ".minitensor-kit.json"


@dataclass
class Report:
    dest: Path
    written: list = field(default_factory=list)     # new files
    updated: list = field(default_factory=list)     # unedited files brought up to date
    unchanged: list = field(default_factory=list)   # already the kit's copy
    kept: list = field(default_factory=list)        # edited by the student, left alone
    replaced: list = field(default_factory=list)    # (path, where the student's copy went)

    def lines(self, brief=False):
        """What happened, for people; ``brief``: only what the student should know
        about (files kept or replaced)."""
        out = []
        for verb, paths in (("wrote", self.written), ("updated", self.updated)):
            if paths and not brief:
                names = f": {', '.join(paths)}" if len(paths) <= 5 else ""
                out.append(f"{verb} {len(paths)} file(s){names}")
        if self.unchanged and not brief:
            out.append(f"{len(self.unchanged)} file(s) already up to date")
        for path, saved in self.replaced:
            out.append(f"replaced {path} (your version is saved as {saved})")
        if self.kept:
            out.append(f"kept {len(self.kept)} file(s) you changed: {', '.join(self.kept)}")
            out.append("  (to get fresh copies of those, run again with --force; "
                       "your versions are then saved as NAME.mine.ipynb)")
        return out


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def read_manifest(dest):
    """The recorded hashes, or {} when there is no readable manifest (then every file
    that differs from the kit's copy counts as the student's: the safe side)."""
    try:
        data = json.loads((Path(dest) / MANIFEST).read_text(encoding="utf-8"))
        files = data.get("files", {})
        return {k: v for k, v in files.items() if isinstance(k, str) and isinstance(v, str)}
    except (OSError, ValueError, AttributeError):
        return {}


def _write_atomically(path, data):
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _free_backup_name(path):
    for n in range(1, 1000):
        tag = "mine" if n == 1 else f"mine-{n}"
        candidate = path.with_name(f"{path.stem}.{tag}{path.suffix}")
        if not candidate.exists():
            return candidate
    raise FileExistsError(f"too many saved versions of {path}")


def write_lessons(dest, lang=DEFAULT_SET, force=False):
    """Write the students' copies of lesson set ``lang`` into ``dest``; returns a Report."""
    src = set_root(lang)
    dest = Path(dest)
    if dest.exists() and not dest.is_dir():
        raise NotADirectoryError(f"{dest} exists and is not a folder")
    dest.mkdir(parents=True, exist_ok=True)
    recorded = read_manifest(dest)
    report = Report(dest)
    for rel in student_files(src):
        data = (src / rel).read_bytes()
        new = sha256(data)
        target = dest / rel
        if not target.exists():
            _write_atomically(target, data)
            report.written.append(rel)
        else:
            current = sha256(target.read_bytes())
            if current == new:
                report.unchanged.append(rel)
            elif current == recorded.get(rel):
                _write_atomically(target, data)
                report.updated.append(rel)
            elif force:
                saved = _free_backup_name(target)
                os.replace(target, saved)
                _write_atomically(target, data)
                report.replaced.append((rel, saved.relative_to(dest).as_posix()))
            else:
                report.kept.append(rel)
                continue  # its recorded hash stays what the kit last wrote
        recorded[rel] = new
    manifest = {"kit": __version__, "lang": lang, "files": dict(sorted(recorded.items()))}
    _write_atomically(dest / MANIFEST, (json.dumps(manifest, indent=1) + "\n").encode())
    return report
