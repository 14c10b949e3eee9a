"""What the first file after start-up no longer pays: pypdf.filters, which
pypdf imports when its first reader is made, and the modules of the UTF-16
codecs are imported with pyengine (the web worker imports it while it
starts, before any file comes)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from pdfbuild import helvetica, make_pdf


def test_first_file_imports_nothing():
    """After ``import pyengine``, extracting a file imports no module and
    the codecs of UTF-16 strings are found without an import."""
    pdf = make_pdf([b"BT /F1 12 Tf 72 700 Td (A) Tj ET"], fonts={"/F1": helvetica()})
    code = ("import sys, pyengine\n"
            "before = set(sys.modules)\n"
            "pyengine.extract(sys.stdin.buffer.read())\n"
            "b'\\x00A'.decode('utf-16-be'); b'\\x00A'.decode('utf-16be')\n"
            "b'A\\x00'.decode('utf-16le')\n"
            "b'\\xfe\\xff\\x00A'.decode('utf-16')\n"
            "print(sorted(set(sys.modules) - before))\n")
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    out = subprocess.run([sys.executable, "-c", code], input=pdf, capture_output=True,
                         check=True, env=env).stdout.decode()
    assert out.strip() == "[]"
