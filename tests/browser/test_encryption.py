"""Encrypted PDFs in real Chromium: WebCrypto AES through JSPI, and the
pure-Python fallback.

* web/webcrypto.js gives raw AES-CBC (no padding added or checked) on top of
  WebCrypto; checked here in the page against ``cryptography`` on data whose
  last block is not valid PKCS#7 padding.
* The worker picks the backend once at start-up (``versions.aes`` in READY,
  mirrored in the worker's ``pyengineStats.aesBackend``); with JSPI it is
  "webcrypto" and the AES bytes go through WebCrypto (``pyengineStats.aes``).
* Every encrypted corpus file gives, in the browser, the words (and boxes)
  the CPython engine gives for its decrypted copy.
* Synthetic AES-128 and AES-256 (/R 6) files: password asked, wrong one said
  wrong, right one opens; an empty user password opens without asking.
* Python is entered through callPromising (needed to wait for WebCrypto) only
  for files whose bytes show /Encrypt near either end (web/webcrypto.js
  mayNeedWebCrypto), plainly for the others; an encrypted file the scan
  misses still gets WebCrypto from its second page on (web.Steps.PROMISING).
* Calls of up to SYNC_MAX_BYTES go to the synchronous JavaScript AES of
  web/synccrypto.js instead (a WebCrypto round trip costs more), larger ones
  to WebCrypto; RC4 goes to synccrypto.js's.  Both ciphers are checked here
  against ``cryptography``, and the split on both sides of the threshold.
* A browser without JSPI (simulated by removing ``WebAssembly.Suspending``
  before Pyodide loads, in a served copy of worker.js) falls back to the
  JavaScript AES for every call and reads the same; the speed of both is
  measured.
"""

from __future__ import annotations

import io
import json
import os
import re
import time
from pathlib import Path

import pytest
from browser_helpers import App, app_workers
from cryptography.hazmat.decrepit.ciphers.algorithms import ARC4
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from pdfbuild import helvetica, make_pdf
from pypdf import PdfReader, PdfWriter
from test_encrypted_corpus import ENTRIES, decrypted_copy, opens_with_empty_password

from pyengine import extract
from pyengine.rc4 import rc4_encrypt
from pyengine.webcrypto import SYNC_MAX_BYTES

LINES = ["Sealed envelope number one", "Second line: 42 apples"]
TEXT = "\n".join(LINES)
MIB = 1 << 20
LARGE_BYTES = MIB
"""Size of the content stream of the speed test (pure-Python AES takes about
2 s per MiB in Chromium)."""


# --- helpers -------------------------------------------------------------------


COMMENT = b"%" + b"x" * 78 + b"\n"


def text_content(lines: list[str], filler: int = 0) -> bytes:
    """A page's content of Helvetica lines (/F1); ``filler`` bytes of
    comment lines first (content the interpreter skips quickly, so
    decryption dominates)."""
    ops = [b"BT /F1 12 Tf 14 TL 72 700 Td"]
    ops += [b"(" + line.encode("latin-1") + b") Tj T*" for line in lines]
    return COMMENT * (filler // len(COMMENT)) + b"\n".join(ops + [b"ET"])


def text_pdf(lines: list[str] = LINES, filler: int = 0) -> bytes:
    """One page of ``text_content``."""
    return make_pdf([text_content(lines, filler)], fonts={"/F1": helvetica()})


def encrypted(pdf: bytes, algorithm: str, user: str, owner: str = "owner pw") -> bytes:
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    writer.encrypt(user_password=user, owner_password=owner, algorithm=algorithm)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def worker_stats(app: App) -> dict:
    """The live worker's pyengineStats (see web/worker.js)."""
    return json.loads(app_workers(app.page)[-1].evaluate("JSON.stringify(self.pyengineStats)"))


def shown_text(app: App) -> list[str]:
    """Each page's text as shown (blank lines at either end aside)."""
    return [t.strip() for t in app.page_texts()]


def downloaded_words(app: App, tmp_path: Path) -> list[list]:
    """Per page, the words [x0, y0, x1, y1, text] of the .json download."""
    with app.page.expect_download() as info:
        app.page.click("#download-json")
    path = tmp_path / "words.json"
    info.value.save_as(path)
    return [page["words"] for page in json.loads(path.read_text("utf-8"))["pages"]]


def engine_words(pdf: bytes) -> list[list]:
    """The CPython engine's words, as the .json download has them."""
    doc = extract(pdf)
    return [[[round(w.x0, 2), round(w.y0, 2), round(w.x1, 2), round(w.y1, 2), w.text]
             for w in page.words if not w.offpage] for page in doc.pages]


def open_with(app: App, data: bytes, name: str, password: str) -> str:
    """Open a file; if it asks for a password, give ``password``."""
    state = app.open_pdf(data, name)
    if state == "error" and app.notice()[0] == "password-required" and password:
        state = app.submit_password(password)
    return state


def timed_open(app: App, data: bytes, name: str) -> float:
    started = time.perf_counter()
    assert app.open_pdf(data, name) == "done"
    return time.perf_counter() - started


# --- the JS side of the WebCrypto backend ------------------------------------------

RAW_CBC = """async ([op, key, iv, data]) => {
  const m = await import("./webcrypto.js");
  const fn = op === "decrypt" ? m.aesCbcDecrypt : m.aesCbcEncrypt;
  return Array.from(await fn(new Uint8Array(key), new Uint8Array(iv), new Uint8Array(data)));
}"""


def _reference(op: str, key: bytes, iv: bytes, data: bytes) -> bytes:
    cipher = Cipher(algorithms.AES(key), modes.CBC(iv))
    ctx = cipher.decryptor() if op == "decrypt" else cipher.encryptor()
    return ctx.update(data) + ctx.finalize()


@pytest.mark.parametrize("key_bytes", [16, 32])
def test_webcrypto_js_is_raw_cbc_whatever_the_padding(app: App, key_bytes: int):
    for blocks in (1, 2, 5, 64):
        key, iv = os.urandom(key_bytes), os.urandom(16)
        # Ciphertexts whose plaintext ends in bytes that are not PKCS#7
        # padding (0, 17, 255) or are (1): all must come back untouched.
        for last in (0, 1, 17, 255):
            plain = os.urandom(16 * blocks - 1) + bytes([last])
            data = _reference("encrypt", key, iv, plain)
            got = app.page.evaluate(RAW_CBC, ["decrypt", list(key), list(iv), list(data)])
            assert bytes(got) == plain, (key_bytes, blocks, last)
        got = app.page.evaluate(RAW_CBC, ["encrypt", list(key), list(iv), list(plain)])
        assert bytes(got) == _reference("encrypt", key, iv, plain)


SYNC_CALL = """async ([fn, key, data, ...extra]) => {
  const m = await import("./synccrypto.js");
  const packed = new Uint8Array(key.length + data.length);
  packed.set(key);
  packed.set(data, key.length);
  return Array.from(m[fn](packed, key.length, ...extra));
}"""


@pytest.mark.parametrize("key_bytes", [16, 24, 32])
def test_javascript_aes_is_raw_cbc(app: App, key_bytes: int):
    for blocks in (1, 2, 5, 64, 1030):
        key, iv = os.urandom(key_bytes), os.urandom(16)
        for last in (0, 1, 17, 255):
            plain = os.urandom(16 * blocks - 1) + bytes([last])
            data = _reference("encrypt", key, iv, plain)
            got = app.page.evaluate(SYNC_CALL, ["aesCbcRaw", list(key), list(iv + data), False])
            assert bytes(got) == plain, (key_bytes, blocks, last)
        got = app.page.evaluate(SYNC_CALL, ["aesCbcRaw", list(key), list(iv + plain), True])
        assert bytes(got) == data


def test_javascript_rc4_is_rc4(app: App):
    # cryptography's RC4 takes keys of 5 to 32 bytes; rc4.py's pure Python
    # (pinned against it in test_rc4.py) answers for the others.
    for key_bytes in (1, 5, 16, 32, 300):
        for n in (0, 1, 32, 5000):
            key, data = os.urandom(key_bytes), os.urandom(n)
            if 5 <= key_bytes <= 32:
                want = Cipher(ARC4(key), mode=None).encryptor().update(data)
            else:
                want = rc4_encrypt(key, data)
            got = app.page.evaluate(SYNC_CALL, ["rc4Raw", list(key), list(data)])
            assert bytes(got) == want, (key_bytes, n)


@pytest.mark.parametrize("first,last", [(0, 19), (19, 0), (3, 3), (0, 255)])
def test_javascript_rc4_chain_is_rc4_passes(app: App, first: int, last: int):
    # The loops of a password check at /R 3 and 4 (rc4.py rc4_chain).
    key, data = os.urandom(16), os.urandom(32)
    want = data
    step = 1 if last >= first else -1
    for i in range(first, last + step, step):
        want = rc4_encrypt(bytes(x ^ i for x in key), want)
    got = app.page.evaluate(SYNC_CALL, ["rc4Chain", list(key), list(data), first, last])
    assert bytes(got) == want


def aes_work(app: App, opened) -> dict[str, int]:
    """Bytes of AES-CBC each path took while ``opened()`` ran: "webcrypto",
    "javascript" (web/synccrypto.js) and "python"."""
    before = worker_stats(app)
    opened()
    after = worker_stats(app)
    return {"webcrypto": after["aes"]["bytes"] - before["aes"]["bytes"],
            "javascript": after["sync"]["bytes"] - before["sync"]["bytes"],
            "python": after["python"]["python"]["bytes"] - before["python"]["python"]["bytes"]}


@pytest.mark.parametrize("algorithm", ["AES-128", "AES-256"])
def test_calls_split_at_sync_max_bytes(app: App, algorithm: str):
    """A content stream of SYNC_MAX_BYTES (padded: the ciphertext is one
    block more) or less goes to the JavaScript AES, a larger one to
    WebCrypto.  The text is right both ways."""
    def text_of(size: int) -> bytes:
        return encrypted(text_pdf(filler=size), algorithm, user="")

    def opened(data: bytes, name: str):
        return lambda: (app.open_pdf(data, name), shown_text(app) == [TEXT]
                        or pytest.fail(f"{name}: {shown_text(app)}"))

    # The content stream: the filler's whole comment lines, the text's
    # operators, PKCS#7 padding; sized so the ciphertext is just under and
    # just over SYNC_MAX_BYTES.
    body = len(text_content(LINES))
    under = SYNC_MAX_BYTES - 16 - body - len(COMMENT)
    small = aes_work(app, opened(text_of(under), "under.pdf"))
    assert small["webcrypto"] == 0 and small["python"] == 0
    assert SYNC_MAX_BYTES - 4 * len(COMMENT) < small["javascript"]
    large = aes_work(app, opened(text_of(SYNC_MAX_BYTES + len(COMMENT)), "over.pdf"))
    assert SYNC_MAX_BYTES < large["webcrypto"] < SYNC_MAX_BYTES + 4 * len(COMMENT)
    assert large["python"] == 0


# --- the worker with JSPI: WebCrypto -------------------------------------------------


def test_backend_is_webcrypto(app: App):
    assert worker_stats(app)["aesBackend"] == "webcrypto"


@pytest.mark.skipif(not ENTRIES, reason="shared corpus not available")
def test_corpus_encrypted_files_read_like_their_decrypted_copies(app: App, tmp_path: Path):
    for e in ENTRIES:
        data = Path(e["path"]).read_bytes()
        password = e.get("password") or ""
        want = engine_words(decrypted_copy(data, password))
        before = worker_stats(app)
        assert open_with(app, data, e["file"], password) == "done", (e["file"], app.notice())
        assert downloaded_words(app, tmp_path) == want, e["file"]
        after = worker_stats(app)
        if e["encryption"].startswith("AES"):
            # Inputs over SYNC_MAX_BYTES went to WebCrypto, the others to
            # the JavaScript AES; none to pure Python.
            assert after["sync"]["bytes"] > before["sync"]["bytes"], e["file"]
            assert after["python"]["python"]["calls"] == before["python"]["python"]["calls"]
        else:
            assert after["sync"]["rc4Bytes"] > before["sync"]["rc4Bytes"], e["file"]


@pytest.mark.parametrize("algorithm", ["AES-128", "AES-256"])
def test_user_password_asked_wrong_said_right_opens(app: App, algorithm: str):
    data = encrypted(text_pdf(), algorithm, user="s3cret pw")
    assert app.open_pdf(data, f"{algorithm}.pdf") == "error"
    assert app.notice()[0] == "password-required"
    assert app.submit_password("guess") == "error"
    assert app.notice()[0] == "password-wrong"
    before = worker_stats(app)["sync"]
    assert app.submit_password("s3cret pw") == "done"
    assert shown_text(app) == [TEXT]
    after = worker_stats(app)["sync"]   # (all small: the JavaScript AES)
    assert after["bytes"] > before["bytes"]
    if algorithm == "AES-256":  # /R 6: 64+ hash rounds per password try
        assert after["calls"] - before["calls"] >= 64


def with_bad_padding(pdf: bytes) -> tuple[bytes, int]:
    """The AES-256 ``pdf`` (empty user password) with its content stream
    re-encrypted, same length, over a plaintext whose last block is not
    PKCS#7 padding: it ends in spaces and one newline (0x0A), so pypdf's
    lenient rule drops the last 10 bytes, all blank.  Returns the file and
    the size of the stream's ciphertext (IV excluded)."""
    reader = PdfReader(io.BytesIO(pdf))
    assert reader.decrypt("")
    key = reader._encryption._key  # AES-256: one file key for every object
    number = reader.pages[0].raw_get("/Contents").idnum
    header = re.compile(rb"\n%d 0 obj\s*<<[^>]*/Length (\d+)[^>]*>>\s*stream\r?\n" % number)
    found = header.search(pdf)
    start, length = found.end(), int(found.group(1))
    iv, size = pdf[start:start + 16], length - 16
    plain = reader.pages[0].get_contents().get_data()
    assert len(plain) + 11 <= size
    bad = plain + b" " * (size - len(plain) - 1) + b"\n"
    cipher = Cipher(algorithms.AES(key), modes.CBC(iv)).encryptor()
    body = cipher.update(bad) + cipher.finalize()
    return pdf[:start + 16] + body + pdf[start + length:], size


def test_stream_with_invalid_padding_reads(app: App):
    data, size = with_bad_padding(encrypted(text_pdf(), "AES-256", user=""))
    assert extract(data).pages[0].text.strip() == TEXT  # CPython, cryptography
    before = worker_stats(app)
    assert app.open_pdf(data, "bad-padding.pdf") == "done"
    assert shown_text(app) == [TEXT]
    after = worker_stats(app)
    assert after["python"]["backend"]["bytes"] - before["python"]["backend"]["bytes"] >= size


@pytest.mark.parametrize("algorithm", ["AES-128", "AES-256"])
def test_empty_user_password_opens_without_asking(app: App, algorithm: str):
    data = encrypted(text_pdf(), algorithm, user="")
    assert app.open_pdf(data, f"{algorithm}-open.pdf") == "done"
    assert app.notice() == (None, "")
    assert shown_text(app) == [TEXT]


# --- plain or promising entry ------------------------------------------------------

WEB = Path(__file__).resolve().parents[2] / "web"
ENCRYPT_WINDOW = int(re.search(r"ENCRYPT_WINDOW = (\d+);",
                               (WEB / "webcrypto.js").read_text()).group(1))


def steps_since(app: App, before: dict) -> dict:
    now = worker_stats(app)["steps"]
    return {k: now[k] - before[k] for k in now}


SCAN = """async (cases) => {
  const m = await import("./webcrypto.js");
  return cases.map(([n, at, text]) => {
    const bytes = new Uint8Array(n).fill(0x2f);   // "/" everywhere: worst case
    for (let k = 0; k < text.length && at + k < n; k++) bytes[at + k] = text.charCodeAt(k);
    return m.mayNeedWebCrypto(bytes);
  });
}"""


def test_encrypt_scan_sees_exactly_the_two_windows(app: App):
    w, pattern = ENCRYPT_WINDOW, "/Encrypt"
    cases = [(n, at, text) for n in (0, 7, 8, 100, 2 * w, 2 * w + 1, 3 * w)
             for text in (pattern, "/Encrypu", "Encrypt")
             for at in sorted({0, 1, n - 9, n - 8, n - 7, w - 9, w - 8, w - 7,
                               n - w - 1, n - w, n - w + 1, n // 2}) if 0 <= at < max(n, 1)]

    def expected(n: int, at: int, text: str) -> bool:
        data = bytearray(b"/" * n)
        part = text.encode()[:max(n - at, 0)]
        data[at:at + len(part)] = part
        data = bytes(data)
        if n <= 2 * w:
            return pattern.encode() in data
        return pattern.encode() in data[:w] or pattern.encode() in data[n - w:]

    got = app.page.evaluate(SCAN, cases)
    assert got == [expected(*c) for c in cases]
    assert any(got) and not all(got)


def test_only_files_that_may_be_encrypted_are_entered_promising(app: App):
    before = worker_stats(app)["steps"]
    assert app.open_pdf(text_pdf(), "plain.pdf") == "done"
    plain = steps_since(app, before)
    assert plain["plain"] >= 2 and plain["promising"] == 0
    before = worker_stats(app)["steps"]
    assert app.open_pdf(encrypted(text_pdf(), "AES-128", user=""), "aes.pdf") == "done"
    assert shown_text(app) == [TEXT]
    sealed = steps_since(app, before)
    assert sealed["plain"] == 0 and sealed["promising"] >= 2


def far_from_both_ends(lines: list[list[str]]) -> bytes:
    """An AES-128 file (empty user password), a page per list of lines, whose
    "/Encrypt" is more than ENCRYPT_WINDOW bytes from either end: each page's
    content stream is padded past the window, and a window of junk follows
    %%EOF (which readers skip)."""
    pages = [text_content(page, ENCRYPT_WINDOW + len(COMMENT)) for page in lines]
    data = encrypted(make_pdf(pages, fonts={"/F1": helvetica()}), "AES-128", user="")
    data += b"\n" + b"% junk after the end of the file\n" * (ENCRYPT_WINDOW // 32 + 1)
    assert b"/Encrypt" not in data[:ENCRYPT_WINDOW] + data[-ENCRYPT_WINDOW:]
    return data


def test_encryption_the_scan_misses_gets_webcrypto_from_page_two(app: App):
    pages = [["Page one sealed"], ["Page two sealed"], ["Page three sealed"]]
    data = far_from_both_ends(pages)
    stats = worker_stats(app)
    before = stats["steps"]
    assert app.open_pdf(data, "far.pdf") == "done"
    assert shown_text(app) == [page[0] for page in pages]
    # Four steps: opening, then one per page (the last one also ends the job).
    # The first two entered plainly: page 1's content stream decrypted by the
    # synchronous JavaScript AES, so Python said PROMISING before page 2;
    # pages 2 and 3 were entered through callPromising, their content
    # streams decrypted by WebCrypto.
    assert steps_since(app, before) == {"plain": 2, "promising": 2}
    after = worker_stats(app)
    assert after["sync"]["bytes"] - stats["sync"]["bytes"] > ENCRYPT_WINDOW
    assert after["aes"]["bytes"] - stats["aes"]["bytes"] > 2 * ENCRYPT_WINDOW
    assert after["python"]["python"]["bytes"] == stats["python"]["python"]["bytes"]


# --- without JSPI: the JavaScript AES, and the speed of both ------------------------

NO_JSPI = "delete WebAssembly.Suspending; delete WebAssembly.Suspender;\n"


@pytest.fixture(scope="module")
def app_without_jspi(browser, site_url):
    """The app in a worker that sees no JSPI, as in a browser without it."""
    # A service worker's fetches would bypass page.route.
    context = browser.new_context(base_url=site_url, accept_downloads=True,
                                  service_workers="block")
    page = context.new_page()

    def strip_jspi(route):
        response = route.fetch()
        route.fulfill(response=response, body=NO_JSPI + response.text())

    page.route("**/worker.js", strip_jspi)
    app = App(page)
    page.goto(site_url)
    app.wait_ready()
    yield app
    context.close()


def test_without_jspi_javascript_aes_reads_the_same(app_without_jspi: App, tmp_path: Path):
    app = app_without_jspi
    assert worker_stats(app)["aesBackend"] == "javascript"
    before = worker_stats(app)["sync"]["bytes"]
    data = encrypted(text_pdf(), "AES-128", user="pw")
    assert open_with(app, data, "AES-128.pdf", "pw") == "done"
    assert shown_text(app) == [TEXT]
    r6 = [e for e in ENTRIES if e["file"] == "pypdf-r6-owner-password.pdf"]
    for e in r6:
        data = Path(e["path"]).read_bytes()
        assert opens_with_empty_password(e["path"])
        assert app.open_pdf(data, e["file"]) == "done"
        assert downloaded_words(app, tmp_path) == engine_words(decrypted_copy(data, ""))
    stats = worker_stats(app)
    assert stats["aes"]["calls"] == 0 and stats["python"]["python"]["calls"] == 0
    assert stats["sync"]["bytes"] > before
    # Every step entered plainly: there is no callPromising without JSPI (the
    # AES-128 file above alone: the try that asked for the password, then
    # opening and its page).
    steps = worker_stats(app)["steps"]
    assert steps["promising"] == 0 and steps["plain"] >= 3


def test_speed_webcrypto_against_javascript(app: App, app_without_jspi: App):
    """Prints ms per MiB of AES-CBC decryption (Python's view: the call into
    pyengine.crypto, copies included) and the time to open and read a
    one-page /R 6 file, for WebCrypto (calls over SYNC_MAX_BYTES, with the
    JavaScript AES for the rest) and the JavaScript AES alone."""
    large = encrypted(text_pdf(filler=LARGE_BYTES), "AES-128", user="")
    r6 = encrypted(text_pdf(), "AES-256", user="")
    figures = {}
    for name, a in (("webcrypto", app), ("javascript", app_without_jspi)):
        before = worker_stats(a)
        t_large = timed_open(a, large, "large.pdf")
        after = worker_stats(a)
        t_r6 = timed_open(a, r6, "r6.pdf")
        assert shown_text(a) == [TEXT]
        done = {k: after["python"]["backend"][k] - before["python"]["backend"][k]
                for k in ("bytes", "seconds")}
        assert done["bytes"] >= LARGE_BYTES
        figures[name] = {
            "aes_ms_per_mib": round(1000 * done["seconds"] * MIB / done["bytes"], 1),
            "large_open_ms": round(1000 * t_large),
            "r6_open_ms": round(1000 * t_r6),
        }
    print("AES in Chromium:", json.dumps(figures))
    # Pure Python needed about 1.5 to 2.5 s per MiB and per /R 6 open;
    # WebCrypto takes a few ms per MiB, the JavaScript AES 20 to 60.  Loose
    # bounds: the machine may be busy.
    for backend in figures.values():
        assert backend["aes_ms_per_mib"] < 300
        assert backend["r6_open_ms"] < 1000
