"""Shared pieces of the browser tests: paths, the build module, and App."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[2]
SITE = Path(os.environ.get("PYENGINE_SITE") or ROOT / "site")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
READY_TIMEOUT_MS = 120_000      # cold Pyodide start on a slow, busy machine
RESULT_TIMEOUT_MS = 120_000


def _load_build():
    spec = importlib.util.spec_from_file_location("build", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = _load_build()


HELPER_NAME = "pyengine-helper"
"""The name of the app worker's page helper (web/helper.js), a worker too."""


def app_workers(page) -> list:
    """The page's app workers, oldest first, without their page helpers
    (which Playwright lists among the page's workers as well)."""
    return [w for w in page.workers if w.evaluate("self.name") != HELPER_NAME]


class App:
    """One loaded page of the app, with helpers that wait on its state.

    The page marks its state on <body>: data-worker (loading/ready/broken),
    data-job (the last file's number) and data-state (working/done/error).
    Waiting uses CSS selectors: the page's CSP forbids eval, which
    Playwright's wait_for_function needs.
    """

    def __init__(self, page: Page) -> None:
        self.page = page
        self.errors: list[str] = []
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))

    def wait_ready(self) -> None:
        self.page.wait_for_selector("body[data-worker=ready], body[data-worker=broken]",
                                    state="attached", timeout=READY_TIMEOUT_MS)
        assert self.page.get_attribute("body", "data-worker") == "ready"

    def _next_job(self) -> int:
        return int(self.page.get_attribute("body", "data-job") or 0) + 1

    def wait_job(self, job: int) -> str:
        sel = ", ".join(f'body[data-job="{job}"][data-state="{s}"]' for s in ("done", "error"))
        self.page.wait_for_selector(sel, state="attached", timeout=RESULT_TIMEOUT_MS)
        assert not self.errors, self.errors
        return self.page.get_attribute("body", "data-state")

    def open_pdf(self, data: bytes, name: str = "document.pdf",
                 mime: str = "application/pdf") -> str:
        """Pick a file with the file input; returns "done" or "error"."""
        job = self._next_job()
        self.page.set_input_files("#file", files=[
            {"name": name, "mimeType": mime, "buffer": data}])
        return self.wait_job(job)

    def submit_password(self, password: str) -> str:
        job = self._next_job()
        self.page.fill("#password", password)
        self.page.click("#password-form button[type=submit]")
        return self.wait_job(job)

    def page_texts(self) -> list[str]:
        return self.page.locator("#pages .page-text").all_text_contents()

    def notice(self) -> tuple[str | None, str]:
        box = self.page.locator("#notice")
        if box.is_hidden():
            return None, ""
        return box.get_attribute("data-code"), box.text_content()
