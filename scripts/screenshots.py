#!/usr/bin/env python3
"""Refresh the README's screenshots (docs/screenshots/*.png) in one command.

    ./dev screenshots            (or: python scripts/screenshots.py [--out DIR])

Builds the site if it is older than its sources (as the browser tests do),
serves it on a free localhost port, and drives the real app in Chromium with
Playwright, as the browser tests do (tests/browser/browser_helpers.py):

    idle.png       the page, ready for a file
    result.png     the bundled sample, read
    wordboxes.png  the word-box view of the sample's first page
    dark.png       the result with the system in dark mode
    phone.png      the result on a 375 px wide phone screen
    spanish.png    the idle page in a Spanish browser

Nothing leaves the machine: the page is served from localhost and reads the
bundled sample.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from browser_helpers import CHROMIUM, CHROMIUM_ARGS, SITE, App, build  # noqa: E402
from conftest import _newest_source_mtime  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
DESKTOP = {"width": 1100, "height": 760}
PHONE = {"width": 375, "height": 740}


def ensure_site() -> None:
    stamp = SITE / "py" / "manifest.json"
    if not stamp.exists() or stamp.stat().st_mtime < _newest_source_mtime():
        subprocess.run([sys.executable, str(ROOT / "build.py")], cwd=ROOT, check=True)


def open_page(browser, url: str, **context_args) -> App:
    options = {"viewport": DESKTOP, "locale": "en-US", **context_args}
    context = browser.new_context(base_url=url, **options)
    page = context.new_page()
    app = App(page)
    page.goto("/")
    app.wait_ready()
    return app


def read_sample(app: App) -> None:
    job = int(app.page.get_attribute("body", "data-job") or 0) + 1
    app.page.click("#sample")
    if app.wait_job(job) != "done":
        raise SystemExit("the sample could not be read")
    app.page.evaluate("document.activeElement.blur()")


def shoot(app: App, out: Path, name: str, full_page: bool = False) -> None:
    path = out / name
    app.page.screenshot(path=str(path), full_page=full_page, animations="disabled")
    print(f"[screenshots] {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help=f"default: {OUT}")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    ensure_site()
    server, url = build.serve_in_thread(SITE)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            app = open_page(browser, url)
            shoot(app, args.out, "idle.png")
            read_sample(app)
            shoot(app, args.out, "result.png")
            toggle = app.page.locator("#pages .page .toggle-words").first
            if toggle.count():
                toggle.click()
                view = app.page.locator("#pages .page .wordview").first
                view.wait_for(state="visible")
                app.page.evaluate("document.activeElement.blur()")
                app.page.locator("#pages .page").first.scroll_into_view_if_needed()
                shoot(app, args.out, "wordboxes.png")
            else:
                print("[screenshots] no word-box view in this build: wordboxes.png skipped")
            app.page.context.close()

            dark = open_page(browser, url, color_scheme="dark")
            read_sample(dark)
            shoot(dark, args.out, "dark.png")
            dark.page.context.close()

            phone = open_page(browser, url)
            phone.page.set_viewport_size(PHONE)
            read_sample(phone)
            shoot(phone, args.out, "phone.png")
            phone.page.context.close()

            spanish = open_page(browser, url, locale="es-ES")
            shoot(spanish, args.out, "spanish.png")
            spanish.page.context.close()
            browser.close()
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
