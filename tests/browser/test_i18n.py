"""The page speaks English and Spanish, from one catalogue (web/i18n.js).

The language follows the browser (a context with locale es-ES is a Spanish
browser), a switch on the page changes it, and the choice is remembered in
localStorage.
"""

from __future__ import annotations

import pytest

from browser_helpers import App

# The catalogue as the page has it, walked in the page: for each language,
# every key path with the kind of its entry ("string", or "function/N" for a
# function of N arguments).
CATALOGUE_SHAPE = """async () => {
    const { CATALOGUE } = await import("./i18n.js");
    const walk = (node, path, out) => {
        for (const [key, value] of Object.entries(node)) {
            const at = path ? `${path}.${key}` : key;
            if (typeof value === "function") out[at] = `function/${value.length}`;
            else if (typeof value === "object") walk(value, at, out);
            else out[at] = typeof value;
        }
        return out;
    };
    const shape = {};
    for (const [code, strings] of Object.entries(CATALOGUE)) shape[code] = walk(strings, "", {});
    return shape;
}"""

# What a person reads of the page's own words (not the PDF's text, not the
# file name): every element translate() fills, every label, the page titles
# and buttons of the result, the announcements.
UI_TEXTS = """() => {
    const out = [document.title];
    const seen = (el) => !el.closest("[hidden]") || el.id === "status";
    for (const el of document.querySelectorAll(
            "[data-i18n], label, legend, button, h1, h3, #status, #job-label, .page-note")) {
        if (el.closest("template") || !seen(el)) continue;
        if (el.closest(".page-text, .wordview svg")) continue;
        out.push(el.textContent.trim());
        if (el.hasAttribute("aria-label")) out.push(el.getAttribute("aria-label"));
    }
    return out.filter(Boolean);
}"""


@pytest.fixture(scope="module")
def spanish(browser, site_url):
    """One Spanish browser for this module (a Pyodide start costs seconds);
    each test leaves it in Spanish."""
    context = browser.new_context(base_url=site_url, locale="es-ES")
    page = context.new_page()
    app = App(page)
    page.goto("/")
    app.wait_ready()
    yield app
    context.close()


def english_strings(page) -> set[str]:
    """The English static strings that differ from their Spanish ones."""
    return set(page.evaluate("""async () => {
        const { CATALOGUE: { en, es } } = await import("./i18n.js");
        return Object.keys(en.html).filter((k) => en.html[k] !== es.html[k])
            .map((k) => en.html[k]);
    }"""))


def read_sample(app: App) -> None:
    job = int(app.page.get_attribute("body", "data-job") or 0) + 1
    app.page.click("#sample")
    assert app.wait_job(job) == "done"


def test_spanish_covers_every_english_string(spanish: App):
    shape = spanish.page.evaluate(CATALOGUE_SHAPE)
    assert set(shape) == {"en", "es"}
    assert shape["es"] == shape["en"]
    # Every key the page's HTML names is in the catalogue.
    keys = spanish.page.evaluate("""() => [...document.querySelectorAll(
        "[data-i18n], template"), ...document.querySelector("#page-template").content
        .querySelectorAll("[data-i18n]")].map((el) => el.dataset.i18n).filter(Boolean)""")
    labels = spanish.page.evaluate("""() => [...document.querySelectorAll("[data-i18n-label]")]
        .map((el) => el.dataset.i18nLabel)""")
    assert keys and labels
    for key in keys + labels:
        assert f"html.{key}" in shape["en"], key


def test_a_spanish_browser_gets_the_page_in_spanish(spanish: App):
    page = spanish.page
    assert page.get_attribute("html", "lang") == "es"
    assert page.title() == "PDF a texto, en tu navegador"
    assert page.text_content("h1") == "PDF a texto"
    assert page.text_content("#drop .dropzone-title") == "Suelta aquí tus PDF"
    assert page.text_content("#sample") == "Prueba el ejemplo"
    assert page.input_value("#language") == "es"
    read_sample(spanish)
    assert page.text_content("#pages .page .page-title") == "Página 1"
    assert page.text_content("#status") == "sample.pdf está leído: 2 páginas."
    assert page.text_content("#copy-all") == "Copiar todo"
    shown = page.evaluate(UI_TEXTS)
    assert {"Copiar página", "Cajas de palabras", "Página 1", "Buscar en el texto"} <= set(shown)
    english = english_strings(page) | {"Page 1", "Copy page", "Word boxes", "Copy all",
                                       "Download .txt", "sample.pdf is read: 2 pages."}
    leftovers = sorted(t for t in shown if t in english)
    assert leftovers == [], leftovers
    # Notices too: a file that is not a PDF.
    job = int(page.get_attribute("body", "data-job") or 0) + 1
    page.set_input_files("#file", files=[{"name": "x.pdf", "mimeType": "application/pdf",
                                          "buffer": b"no PDF here"}])
    assert spanish.wait_job(job) == "error"
    assert spanish.notice() == ("not-a-pdf", "Este archivo no es un PDF. Elige un archivo "
                                "que sea un documento PDF.")


def test_the_language_switch_changes_the_page_and_is_remembered(spanish: App):
    page = spanish.page
    read_sample(spanish)
    page.select_option("#language", "en")
    assert page.get_attribute("html", "lang") == "en"
    assert page.text_content("h1") == "PDF to text"
    assert page.text_content("#copy-all") == "Copy all"
    # What was already on the page follows, not only what comes next.
    assert page.text_content("#pages .page .page-title") == "Page 1"
    spanish_words = {"PDF a texto", "Copiar todo", "Página 1", "Prueba el ejemplo"}
    assert not spanish_words & set(page.evaluate(UI_TEXTS))

    page.reload()
    spanish.wait_ready()
    assert page.get_attribute("html", "lang") == "en"
    assert page.input_value("#language") == "en"
    assert page.text_content("#drop .dropzone-title") == "Drop PDFs here"

    page.select_option("#language", "es")
    assert page.text_content("#drop .dropzone-title") == "Suelta aquí tus PDF"
    assert page.evaluate("localStorage.getItem('pdf-text:language')") == "es"
