"""Offline use: the service worker (web/sw.js, filled in by build.py).

Each test serves the site from its own server (its own origin, so its own
service worker and cache) and really takes the server down, so a page that
loads afterwards can only have come from the service worker's cache.
"""

from __future__ import annotations

import shutil
import time
from contextlib import contextmanager

from browser_helpers import READY_TIMEOUT_MS, SITE, App, build
from pdfbuild import make_pdf

JAPANESE = "日本語のテキスト"
CACHE_PREFIX = "pdf-text-"


def japanese_pdf() -> bytes:
    """Shift-JIS codes in a font with the predefined CMap 90ms-RKSJ-H and no
    /ToUnicode: reading it needs two CMap files from data/ (90ms-RKSJ-H and
    Adobe-Japan1-UCS2), which the reader fetches only now."""
    font = {"/Type": "/Font", "/Subtype": "/Type0", "/BaseFont": "/MS-Mincho",
            "/Encoding": "/90ms-RKSJ-H",
            "/DescendantFonts": [{"/Type": "/Font", "/Subtype": "/CIDFontType0",
                                  "/BaseFont": "/MS-Mincho", "/DW": 1000,
                                  "/CIDSystemInfo": {"/Supplement": 2}}]}
    codes = JAPANESE.encode("shift_jis").hex().encode()
    return make_pdf([b"BT /F1 12 Tf 72 700 Td <" + codes + b"> Tj ET"], fonts={"/F1": font})


def cache_names(page) -> list[str]:
    return page.evaluate("caches.keys()")


def cached_paths(page, name: str) -> list[str]:
    return page.evaluate("""async (name) => {
        const cache = await caches.open(name);
        return (await cache.keys()).map((r) => new URL(r.url).pathname);
    }""", name)


def wait_offline_ready(page) -> None:
    """Until a service worker controls the page (body[data-offline=ready])."""
    page.wait_for_selector("body[data-offline=ready], body[data-offline=failed]",
                           state="attached", timeout=READY_TIMEOUT_MS)
    assert page.get_attribute("body", "data-offline") == "ready"


@contextmanager
def first_visit(browser, site=SITE):
    """A page of a new context on a server of its own for ``site``, after
    its first visit: the reader started and a service worker in control.
    Yields (server, context, page, app); the context and server close after."""
    server, url = build.serve_in_thread(site)
    context = browser.new_context(base_url=url)
    try:
        page = context.new_page()
        app = App(page)
        page.goto("/")
        app.wait_ready()
        wait_offline_ready(page)
        yield server, context, page, app
    finally:
        context.close()
        server.shutdown()


def test_offline_after_the_first_visit_cmap_included(browser):
    with first_visit(browser) as (server, context, page, app):
        data = japanese_pdf()
        assert app.open_pdf(data, "japanese.pdf") == "done"
        assert app.page_texts() == [JAPANESE]
        (name,) = cache_names(page)
        assert name.startswith(CACHE_PREFIX)
        paths = cached_paths(page, name)
        # The runtime and the app were cached ahead; the CMaps once fetched.
        for path in ("/", "/worker.js", "/pyodide/pyodide.asm.wasm", "/py/bundle-pyc.zip",
                     "/sample.pdf", "/data/cmaps/90ms-RKSJ-H.bcmap"):
            assert path in paths, (path, paths)

        # Online, the runtime is left to the browser's HTTP cache (where
        # Chromium keeps its compiled WebAssembly), not handed over by the
        # service worker; the rest of the app comes from the worker's cache.
        online = []

        def record_online(r) -> None:
            online.append((r.url, r.from_service_worker))

        context.on("response", record_online)
        page.reload()
        app.wait_ready()
        runtime = [(u, sw) for u, sw in online if "/pyodide/" in u]
        assert any(u.endswith("/pyodide/pyodide.asm.wasm") for u, _ in runtime), online
        assert not any(sw for _, sw in runtime), runtime
        assert any(sw for u, sw in online if u.endswith("/worker.js")), online
        context.remove_listener("response", record_online)

        server.shutdown()
        server.server_close()            # nothing listens on that port any more
        context.set_offline(True)
        served = []
        context.on("response", lambda r: served.append((r.url, r.from_service_worker)))
        page.reload()
        app.wait_ready()
        assert app.open_pdf(data, "japanese-offline.pdf") == "done"
        assert app.page_texts() == [JAPANESE]
        urls = [u for u, _ in served]
        # The runtime could not be fetched from pyodide/: the worker took the
        # same files from pyodide-cached/, which the service worker answers.
        assert any(u.endswith("/pyodide-cached/pyodide.asm.wasm") for u in urls), urls
        assert any(u.endswith("/data/cmaps/90ms-RKSJ-H.bcmap") for u in urls), urls
        assert all(from_sw for _, from_sw in served), served


def test_a_new_build_replaces_the_old_cache(browser, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(SITE, site)
    with first_visit(browser, site) as (_server, _context, page, _app):
        (old,) = cache_names(page)
        assert old == CACHE_PREFIX + build.site_version(site)

        # A new build: one file changed, so a new version in sw.js.
        marker = "<!-- the second build -->"
        index = site / "index.html"
        index.write_text(index.read_text(encoding="utf-8") + marker + "\n", encoding="utf-8")
        new = CACHE_PREFIX + build.write_service_worker(site)
        assert new != old

        page.reload()        # the browser checks sw.js for an update on navigation
        deadline = time.monotonic() + READY_TIMEOUT_MS / 1000
        while cache_names(page) != [new]:
            assert time.monotonic() < deadline, cache_names(page)
            page.wait_for_timeout(200)
        assert marker in page.reload().text()
        assert "/index.html" in cached_paths(page, new)


def test_a_page_the_service_worker_missed_is_claimed(browser):
    """A page that loads while no worker controls it, though one is active
    (here a hard reload, which bypasses the service worker; in the field a
    reload while the first visit's worker installs, which then activates
    before the new page runs), still comes under control: it asks the
    active worker to claim it.  Before, it stayed uncontrolled, so the data
    files it fetched were not cached, and data-offline was never set."""
    with first_visit(browser) as (_server, context, page, app):
        cdp = context.new_cdp_session(page)
        cdp.send("Page.reload", {"ignoreCache": True})
        page.wait_for_load_state("load")
        app.wait_ready()
        wait_offline_ready(page)
        assert page.evaluate("navigator.serviceWorker.controller !== null")
