"""The .pyc bundle the worker imports, run in Pyodide itself (under Node).

Pyodide's python_stdlib.zip holds .py sources only; build.py compiles the
standard modules our code imports into the .pyc bundle
(scripts/precompile.mjs), so that the worker does not compile them on every
visit.  These tests read the built site's files: the bundle holds each such
package whole, and Pyodide, with the bundle first on sys.path as the worker
puts it, imports pyengine, those modules from the bundle, and reads a PDF.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import zipfile

import pytest

from browser_helpers import ROOT, SITE

NODE_SCRIPT = r"""
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
const [site, pdf] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(site, "pyodide", "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: path.join(site, "pyodide") + "/" });
py.unpackArchive(new Uint8Array(fs.readFileSync(path.join(site, "py", "bundle-pyc.zip"))), "zip",
  { extractDir: "/app/pyc" });
py.FS.writeFile("/in.pdf", new Uint8Array(fs.readFileSync(pdf)));
const report = py.runPython(`
import json, sys
sys.path.insert(0, "/app/pyc")
import pyengine.web, pyengine, statistics, xml.dom.minidom
doc = pyengine.extract(open("/in.pdf", "rb").read())
json.dumps({"statistics": statistics.__file__, "minidom": xml.dom.minidom.__file__,
            "pyengine": pyengine.__file__, "text": doc.pages[0].text})
`);
console.log(report);
"""


def _stdlib_in_bundle() -> tuple[set[str], set[str]]:
    with zipfile.ZipFile(SITE / "py" / "bundle-pyc.zip") as zf:
        ours = {n for n in zf.namelist() if n.endswith(".pyc") and n.split("/")[0] not in ("pyengine", "pypdf")}
    with zipfile.ZipFile(SITE / "pyodide" / "python_stdlib.zip") as zf:
        sources = {n for n in zf.namelist() if n.endswith(".py")}
    return ours, sources


def test_bundle_holds_the_standard_packages_whole(site_url):
    ours, sources = _stdlib_in_bundle()
    assert "statistics.pyc" in ours and "xml/dom/minidom.pyc" in ours
    assert all(n[:-1] in sources for n in ours), "a .pyc with no standard source"
    packages = {n.split("/")[0] for n in ours if "/" in n}
    missing = sorted(s for s in sources if s.split("/")[0] in packages and s + "c" not in ours)
    assert not missing, f"submodules of a compiled package left out: {missing[:5]}"
    assert "argparse.pyc" not in ours  # the command line's, never the worker's


def test_pyodide_imports_them_from_the_bundle_and_reads_a_pdf(site_url):
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed (build.py needs it too)")
    out = subprocess.run([node, "--input-type=module", "-", str(SITE), str(SITE / "sample.pdf")],
                         input=NODE_SCRIPT, capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-2000:]
    got = json.loads(out.stdout.strip().splitlines()[-1])
    assert got["statistics"] == "/app/pyc/statistics.pyc"
    assert got["minidom"] == "/app/pyc/xml/dom/minidom.pyc"
    assert got["pyengine"] == "/app/pyc/pyengine/__init__.pyc"
    assert got["text"].strip()
