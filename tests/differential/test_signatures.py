"""minitensor/compat/_generated/signatures.py is what scripts/gen_signatures.py reads out of
the installed torch 2.13: regenerating it changes nothing, so the parser checks torch's own signatures."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_signatures_match_torch():
    fresh = subprocess.run([sys.executable, str(ROOT / "scripts" / "gen_signatures.py")],
                           capture_output=True, text=True, check=True, cwd=ROOT).stdout
    committed = (ROOT / "minitensor" / "compat" / "_generated" / "signatures.py").read_text()
    assert fresh == committed, ("regenerate: python scripts/gen_signatures.py > "
                                "minitensor/compat/_generated/signatures.py")


def test_every_signature_parses():
    sys.path.insert(0, str(ROOT))
    from minitensor.compat import arg_parser as _arg_parser
    from minitensor.compat._generated import signatures as _signatures
    tables = list(_signatures.TENSOR_METHODS.items()) + list(_signatures.FUNCTIONS.items())
    assert len(tables) > 300
    for name, sigs in tables:
        parser = _arg_parser.PythonArgParser(sigs)
        assert parser.name == name
