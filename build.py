#!/usr/bin/env python3
"""Assemble the static site in ``site/`` from pinned sources, and serve it.

    python build.py                  build site/
    python build.py serve [--port N] build, then serve site/ on localhost
    python build.py lock             rewrite build.lock.json from the sources
                                     now present (after a deliberate upgrade)

Everything that goes into the site is pinned in ``build.lock.json`` by
version and sha256, and checked on every build:

* the Pyodide runtime, from the npm package ``pyodide`` (``npm ci`` installs
  it from package-lock.json; only the five files the page loads are copied);
* the pypdf wheel, fetched once from PyPI with pip into ``.cache/``;
* our package ``pyengine`` and pypdf, compiled to .pyc by Pyodide's own
  Python (run under Node) so the browser skips compiling ~1.5 s of source.
  If that step fails the site ships the .py sources instead, and says so;
* CMap and font-metric data (``pyengine.fonts.databuild``) as separate
  same-origin files under ``site/data/``, also written to ``pyengine/_data``
  for CPython;
* ``web/`` and the bundled sample PDF (``scripts/make_sample.py``);
* last, ``sw.js`` (the service worker) gets the site's version, a hash over
  all its files, and the list of files to keep for offline use.

A rerun with everything in ``.cache/`` makes no network request.
"""

from __future__ import annotations

import argparse
import hashlib
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
SITE = Path(os.environ.get("PYENGINE_SITE") or ROOT / "site")
"""Where the site is built; PYENGINE_SITE lets parallel work build apart."""
CACHE = ROOT / ".cache"
LOCK_FILE = ROOT / "build.lock.json"
WEB = ROOT / "web"
PACKAGE = ROOT / "pyengine"
NODE_MODULES = ROOT / "node_modules"
PYODIDE_DIR = NODE_MODULES / "pyodide"
PDFJS_DIR = NODE_MODULES / "pdfjs-dist"
PRECOMPILE = ROOT / "scripts" / "precompile.mjs"
SAMPLE_SCRIPT = ROOT / "scripts" / "make_sample.py"

# The only Pyodide files the page loads (no package wheels: we ship ours).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
                 "python_stdlib.zip", "pyodide-lock.json")

# The page's Content-Security-Policy.  web/index.html carries it as a <meta>
# (checked below to be this exact string) and the dev server sends it as a
# header, which is what also covers the worker.  'wasm-unsafe-eval' lets
# Pyodide compile its WebAssembly; nothing needs 'unsafe-eval'.
CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; "
       "connect-src 'self'; worker-src 'self'; img-src 'self' blob: data:; "
       "style-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'none'")

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".pdf": "application/pdf",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
}


class BuildError(Exception):
    """A build step failed in a way the person running it must fix."""


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def load_lock() -> dict:
    with open(LOCK_FILE, encoding="utf-8") as fh:
        return json.load(fh)


# --- pinned sources ----------------------------------------------------------

def npm_package_version(name: str) -> str | None:
    try:
        with open(NODE_MODULES / name / "package.json", encoding="utf-8") as fh:
            return json.load(fh).get("version")
    except OSError:
        return None


def ensure_node_modules(lock: dict) -> None:
    """Run ``npm ci`` when the pinned npm packages are missing or differ."""
    wanted = {"pyodide": lock["pyodide"]["version"],
              "pdfjs-dist": lock["pdfjs-dist"]["version"]}
    if all(npm_package_version(n) == v for n, v in wanted.items()):
        return
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError("node_modules is missing or out of date and npm is not "
                         "installed (apt-get install nodejs npm)")
    log("installing the pinned npm packages (npm ci)")
    subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)
    for name, version in wanted.items():
        if npm_package_version(name) != version:
            raise BuildError(f"npm installed {name} {npm_package_version(name)}, "
                             f"build.lock.json pins {version}")


def copy_pyodide(lock: dict, dest: Path) -> None:
    dest.mkdir(parents=True, exist_ok=True)
    pinned = lock["pyodide"]["files"]
    for name in PYODIDE_FILES:
        src = PYODIDE_DIR / name
        digest = sha256_file(src)
        if digest != pinned.get(name):
            raise BuildError(f"{src} has sha256 {digest}, build.lock.json pins "
                             f"{pinned.get(name)}")
        shutil.copy2(src, dest / name)


def fetch_wheel(lock: dict) -> Path:
    """The pinned pypdf wheel, from .cache/ or (once) from PyPI via pip."""
    spec = lock["pypdf"]
    wheels = CACHE / "wheels"
    path = wheels / spec["wheel"]
    if path.exists() and sha256_file(path) == spec["sha256"]:
        return path
    log(f"downloading {spec['wheel']} with pip")
    wheels.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
             "--only-binary=:all:", "--python-version", lock["pyodide"]["python"],
             "--dest", tmp, f"pypdf=={spec['version']}"],
            check=True)
        got = Path(tmp) / spec["wheel"]
        if not got.exists():
            raise BuildError(f"pip did not produce {spec['wheel']}")
        digest = sha256_file(got)
        if digest != spec["sha256"]:
            raise BuildError(f"{spec['wheel']} has sha256 {digest}, "
                             f"build.lock.json pins {spec['sha256']}")
        shutil.copyfile(got, path)
    return path


# --- the Python bundle -------------------------------------------------------

def package_sources() -> list[Path]:
    """Our package's .py files, as they go into the browser (no _data)."""
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE)
        if rel.parts[0] in ("_data", "__pycache__"):
            continue
        out.append(path)
    return out


def stage_tree(wheel: Path, dest: Path) -> None:
    """pypdf (from the wheel, without its metadata) and pyengine, as .py."""
    with zipfile.ZipFile(wheel) as zf:
        for info in zf.infolist():
            if info.filename.startswith("pypdf/") and not info.is_dir():
                zf.extract(info, dest)
    for path in package_sources():
        target = dest / "pyengine" / path.relative_to(PACKAGE)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)


def zip_tree(tree: Path, out: Path, suffix: str) -> None:
    """Zip the files ending in ``suffix`` (plus non-Python files) in a fixed order."""
    out.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in sorted(tree.rglob("*")):
            if path.is_dir():
                continue
            name = path.relative_to(tree).as_posix()
            if name.endswith((".py", ".pyc")) and not name.endswith(suffix):
                continue
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, path.read_bytes())


def bundle_key(lock: dict) -> str:
    h = hashlib.sha256()
    h.update(json.dumps(lock, sort_keys=True).encode())
    h.update(PRECOMPILE.read_bytes())
    for path in package_sources():
        h.update(path.relative_to(PACKAGE).as_posix().encode() + b"\0")
        h.update(path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def build_bundle(lock: dict, wheel: Path, dest: Path) -> dict:
    """Write py/bundle-pyc.zip (if Pyodide can compile) and py/bundle-src.zip.

    Returns the manifest the worker reads: which archive to load first and
    which to fall back to.
    """
    key = bundle_key(lock)
    cached_src = CACHE / "bundles" / f"{key}-src.zip"
    cached_pyc = CACHE / "bundles" / f"{key}-pyc.zip"
    cached_fail = CACHE / "bundles" / f"{key}-pyc.failed"
    if not cached_src.exists() or not (cached_pyc.exists() or cached_fail.exists()):
        with tempfile.TemporaryDirectory() as tmp:
            tree = Path(tmp) / "tree"
            stage_tree(wheel, tree)
            zip_tree(tree, cached_src, ".py")
            node = shutil.which("node")
            try:
                if node is None:
                    raise BuildError("node is not installed")
                subprocess.run([node, str(PRECOMPILE), str(PYODIDE_DIR), str(tree)],
                               check=True, capture_output=True, text=True, timeout=600)
                zip_tree(tree, cached_pyc, ".pyc")
            except (BuildError, subprocess.SubprocessError, OSError) as exc:
                detail = getattr(exc, "stderr", None) or str(exc)
                log(f"WARNING: precompiling for Pyodide failed; the site ships "
                    f".py sources (slower start-up): {detail.strip()[-400:]}")
                cached_fail.write_text(str(detail))
    dest.mkdir(parents=True, exist_ok=True)
    archives = []
    if cached_pyc.exists():
        shutil.copy2(cached_pyc, dest / "bundle-pyc.zip")
        archives.append({"file": "bundle-pyc.zip", "kind": "pyc",
                         "sha256": sha256_file(cached_pyc)})
    shutil.copy2(cached_src, dest / "bundle-src.zip")
    archives.append({"file": "bundle-src.zip", "kind": "py",
                     "sha256": sha256_file(cached_src)})
    return {"key": key, "archives": archives}


# --- data, sample, web -------------------------------------------------------

def build_data(dest: Path) -> int:
    """CMaps and font metrics into ``dest`` and pyengine/_data.  Returns files."""
    package_data = PACKAGE / "_data"
    stamp = package_data / ".stamp"
    try:
        from pyengine.fonts import databuild
    except ImportError as exc:
        log(f"NOTE: pyengine.fonts.databuild is not available yet ({exc}); "
            "the site has no CMap/metric data files")
        return 0
    source_key = hashlib.sha256(Path(databuild.__file__).read_bytes()).hexdigest()
    source_key += ":" + json.dumps(load_lock()["pdfjs-dist"], sort_keys=True)
    if not stamp.exists() or stamp.read_text() != source_key:
        log("building CMap and font-metric data into pyengine/_data")
        if package_data.exists():
            shutil.rmtree(package_data)
        package_data.mkdir(parents=True)
        databuild.build_data(str(package_data), str(PDFJS_DIR))
        stamp.write_text(source_key)
    count = 0
    for path in sorted(package_data.rglob("*")):
        if path.is_file() and path.name != ".stamp":
            target = dest / path.relative_to(package_data)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
            count += 1
    return count


def build_sample(dest: Path) -> None:
    subprocess.run([sys.executable, str(SAMPLE_SCRIPT), str(dest)], check=True)


# Files are copied with their modification times (copy2), so a rebuild does not
# make browsers download unchanged files again (Last-Modified revalidation).


def copy_web(dest: Path) -> None:
    html = (WEB / "index.html").read_text(encoding="utf-8")
    metas = re.findall(r'<meta http-equiv="Content-Security-Policy"\s+content="([^"]*)"', html)
    if metas != [CSP]:
        raise BuildError("web/index.html must carry exactly build.CSP as its "
                         "Content-Security-Policy <meta>")
    for path in sorted(WEB.rglob("*")):
        if path.is_file():
            target = dest / path.relative_to(WEB)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)


# --- the service worker --------------------------------------------------------

SERVICE_WORKER = "sw.js"
# Fetched only when needed, so not downloaded ahead by the service worker:
# the CMap/metric data (a PDF needs a few of 180 files) and the .py bundle
# (used only if the .pyc one cannot be imported).  Both are cached by the
# service worker the first time they are fetched.
NOT_PRECACHED = ("data/", "py/bundle-src.zip")


def site_version(site: Path) -> str:
    """A hash over every file of the built site (paths and bytes), sw.js aside."""
    h = hashlib.sha256()
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        rel = path.relative_to(site).as_posix()
        if rel == SERVICE_WORKER:
            continue
        h.update(rel.encode() + b"\0" + sha256_file(path).encode() + b"\0")
    return h.hexdigest()[:20]


def precache_list(site: Path) -> list[str]:
    files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    return ["./"] + [f for f in files
                     if f != SERVICE_WORKER and not f.startswith(NOT_PRECACHED)]


def write_service_worker(site: Path) -> str:
    """Fill the built sw.js with the site's version and precache list.

    Runs last, over the finished site: any change to any file gives a new
    version, hence a changed sw.js, which the browser installs in place of
    the old one (whose cache it then deletes).  Returns the version.
    """
    path = site / SERVICE_WORKER
    source = path.read_text(encoding="utf-8")
    version = site_version(site)
    filled, n_version = re.subn(r'^const VERSION = "[^"]*";', f'const VERSION = "{version}";',
                                source, flags=re.MULTILINE)
    filled, n_list = re.subn(r"^const PRECACHE = \[[^\n]*\];",
                             "const PRECACHE = " + json.dumps(precache_list(site)) + ";",
                             filled, flags=re.MULTILINE)
    if (n_version, n_list) != (1, 1):
        raise BuildError(f"web/{SERVICE_WORKER} must have one 'const VERSION = \"...\";' "
                         "and one 'const PRECACHE = [];' line for the build to fill in")
    path.write_text(filled, encoding="utf-8")
    return version


def build(site: Path = SITE) -> dict:
    """Build the whole site; returns the build info written to build-info.json."""
    started = time.monotonic()
    lock = load_lock()
    ensure_node_modules(lock)
    wheel = fetch_wheel(lock)
    tmp_site = site.parent / f".{site.name}-staging"   # moved into place when complete
    if tmp_site.exists():
        shutil.rmtree(tmp_site)
    tmp_site.mkdir(parents=True)
    copy_pyodide(lock, tmp_site / "pyodide")
    manifest = build_bundle(lock, wheel, tmp_site / "py")
    data_files = build_data(tmp_site / "data")
    build_sample(tmp_site / "sample.pdf")
    copy_web(tmp_site)
    info = {
        "pyodide": lock["pyodide"]["version"],
        "python": lock["pyodide"]["python"],
        "pypdf": lock["pypdf"]["version"],
        "pdfjs-dist": lock["pdfjs-dist"]["version"],
        "bundle": manifest,
        "data_files": data_files,
    }
    with open(tmp_site / "py" / "manifest.json", "w", encoding="utf-8") as fh:
        json.dump(info, fh, indent=1, sort_keys=True)
    info["version"] = write_service_worker(tmp_site)
    if site.exists():
        shutil.rmtree(site)
    tmp_site.rename(site)
    kinds = "+".join(a["kind"] for a in manifest["archives"])
    log(f"site/ built in {time.monotonic() - started:.1f} s (python bundle: {kinds}, "
        f"{data_files} data files)")
    return info


def write_lock() -> None:
    """Record the versions and hashes of the sources now present."""
    lock = load_lock() if LOCK_FILE.exists() else {}
    pyodide_version = npm_package_version("pyodide")
    with open(PYODIDE_DIR / "pyodide-lock.json", encoding="utf-8") as fh:
        py_full = json.load(fh)["info"]["python"]
    lock["pyodide"] = {
        "version": pyodide_version,
        "python": ".".join(py_full.split(".")[:2]),
        "files": {n: sha256_file(PYODIDE_DIR / n) for n in PYODIDE_FILES},
    }
    lock["pdfjs-dist"] = {"version": npm_package_version("pdfjs-dist")}
    wheel = next(iter(sorted((CACHE / "wheels").glob("pypdf-*.whl"))), None)
    if wheel is not None:
        lock["pypdf"] = {"version": wheel.name.split("-")[1], "wheel": wheel.name,
                         "sha256": sha256_file(wheel)}
    with open(LOCK_FILE, "w", encoding="utf-8") as fh:
        json.dump(lock, fh, indent=2, sort_keys=True)
        fh.write("\n")
    log(f"wrote {LOCK_FILE.name}")


# --- the dev server ----------------------------------------------------------

class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right MIME types and the CSP on every response."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      **MIME_TYPES}

    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002
        if os.environ.get("BUILD_SERVE_LOG"):
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        # A browser that closes a connection mid-download is not an error.
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def make_server(site: Path = SITE, host: str = "127.0.0.1",
                port: int = 8000) -> SiteServer:
    handler = lambda *a, **kw: SiteHandler(*a, directory=str(site), **kw)  # noqa: E731
    server = SiteServer((host, port), handler)
    return server


def serve_in_thread(site: Path = SITE) -> tuple[SiteServer, str]:
    """Serve ``site`` on a free localhost port in a daemon thread (tests)."""
    server = make_server(site, port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    return server, f"http://{host}:{port}/"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command")
    serve = sub.add_parser("serve", help="build, then serve site/ on localhost")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--no-build", action="store_true",
                       help="serve site/ as it is")
    sub.add_parser("lock", help="rewrite build.lock.json from present sources")
    args = parser.parse_args(argv)
    try:
        if args.command == "lock":
            write_lock()
            return 0
        if not (args.command == "serve" and args.no_build):
            build()
    except (BuildError, subprocess.CalledProcessError) as exc:
        print(f"build failed: {exc}", file=sys.stderr)
        return 1
    if args.command == "serve":
        server = make_server(SITE, port=args.port)
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        print(f"Serving site/ at {url} (Ctrl+C to stop)\n"
              f"Open {url}#sample to see it read the bundled sample PDF.", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
