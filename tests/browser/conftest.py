"""Fixtures for the browser tests: the built site, a server, real Chromium.

The site is built first (``python build.py``) when ``site/`` is missing or
older than any of its sources, then served from a thread on a free localhost
port with the same handler ``python build.py serve`` uses.  One Chromium runs
for the whole session.  Most tests share one page (``app``): starting
Pyodide costs seconds per page, and reusing the page also tests that one page
keeps working file after file.  Tests that must watch a page from its very
first request get their own (``new_page``).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from browser_helpers import CHROMIUM, CHROMIUM_ARGS, ROOT, SITE, App, build

SOURCES = ["build.py", "build.lock.json", "web", "pyengine", "scripts"]


def _newest_source_mtime() -> float:
    newest = 0.0
    for name in SOURCES:
        path = ROOT / name
        files = [path] if path.is_file() else path.rglob("*")
        for f in files:
            if f.is_file() and "__pycache__" not in f.parts and "_data" not in f.parts:
                newest = max(newest, f.stat().st_mtime)
    return newest


@pytest.fixture(scope="session")
def site_url() -> str:
    stamp = SITE / "py" / "manifest.json"
    if not stamp.exists() or stamp.stat().st_mtime < _newest_source_mtime():
        subprocess.run([sys.executable, str(ROOT / "build.py")], cwd=ROOT, check=True)
    server, url = build.serve_in_thread(SITE)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


def _new_context(browser, site_url):
    return browser.new_context(
        permissions=["clipboard-read", "clipboard-write"], accept_downloads=True,
        base_url=site_url)


@pytest.fixture(scope="session")
def app(browser, site_url) -> App:
    context = _new_context(browser, site_url)
    page = context.new_page()
    app = App(page)
    page.goto(site_url)
    app.wait_ready()
    yield app
    context.close()


@pytest.fixture
def new_page(browser, site_url):
    """A fresh context and page, not yet navigated."""
    context = _new_context(browser, site_url)
    yield context, context.new_page()
    context.close()
