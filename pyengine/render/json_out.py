"""JSON: the schema ../shared/eval/score.py reads, plus verdicts and report."""

from __future__ import annotations

from ..records import Document, Page, SOURCE_PAGE


def _r(v: float) -> float:
    return round(v, 2)


def page_to_dict(page: Page) -> dict:
    words = []
    flags = []
    for w in page.words:
        words.append([_r(w.x0), _r(w.y0), _r(w.x1), _r(w.y1), w.text])
        f = []
        if w.source != SOURCE_PAGE:
            f.append(w.source)
        if w.invisible:
            f.append("invisible")
        if w.offpage:
            f.append("off-page")
        if w.unmapped:
            f.append("unmapped")
        flags.append(f)
    return {
        "number": page.number,
        "width": _r(page.width),
        "height": _r(page.height),
        "text": page.text,
        "words": words,
        "word_flags": flags,
        "verdict": page.verdict,
        "reasons": list(page.reasons),
        "truncated": list(page.truncated),
        "unmapped_fonts": list(page.unmapped_fonts),
        "issues": [{"code": i.code, "message": i.message} for i in page.issues],
    }


def document_to_dict(doc: Document | None, error: dict | None = None) -> dict:
    if doc is None:
        return {"pages": [], "error": error}
    return {
        "pages": [page_to_dict(p) for p in doc.pages],
        "page_count": doc.page_count,
        "encrypted": doc.encrypted,
        "fonts": [{"key": f.key, "name": f.name, "kind": f.kind,
                   "glyphs": f.glyphs, "unmapped": f.unmapped} for f in doc.fonts],
        "truncated": list(doc.truncated),
        "issues": [{"code": i.code, "message": i.message, "page": i.page}
                   for i in doc.issues],
        "metadata": doc.metadata,
        "error": error,
    }
