"""A Python script run in a child process where cryptography and
pycryptodome cannot be imported, so that pypdf picks its pure-Python
fallback provider, as under Pyodide (test_crypto.py, test_rc4.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

BLOCK_NATIVE_CRYPTO = r"""
import sys

class _BlockNativeCrypto:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("cryptography", "Crypto"):
            raise ImportError(f"{name} is blocked (simulating Pyodide)")
        return None

sys.meta_path.insert(0, _BlockNativeCrypto())
"""
"""Put before a script's own imports: it blocks the native providers before
pypdf is imported."""


def run_without_native_crypto(script: str, job) -> dict:
    """``script`` after ``BLOCK_NATIVE_CRYPTO``, with this repository first on
    its path, ``job`` as JSON on its standard input; what it prints, read as
    JSON."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    proc = subprocess.run([sys.executable, "-c", BLOCK_NATIVE_CRYPTO + script],
                          input=json.dumps(job), capture_output=True, text=True, env=env,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)
