"""JSON: the schema ../shared/eval/score.py reads, plus verdicts and report."""

from __future__ import annotations

from ..records import Document, Page, SOURCE_PAGE


def _r(v: float) -> float:
    return round(v, 2)


def _flags(w) -> list[str]:
    f = []
    if w.source != SOURCE_PAGE:
        f.append(w.source)
    if w.invisible:
        f.append("invisible")
    if w.unmapped:
        f.append("unmapped")
    return f


def page_to_dict(page: Page) -> dict:
    """One page.  Words outside the crop box are not in "words" (they are not
    visible on the page) but listed apart in "offpage_words"."""
    words, flags, offpage = [], [], []
    for w in page.words:
        box = [_r(w.x0), _r(w.y0), _r(w.x1), _r(w.y1), w.text]
        if w.offpage:
            offpage.append(box)
            continue
        words.append(box)
        flags.append(_flags(w))
    return {
        "number": page.number,
        "width": _r(page.width),
        "height": _r(page.height),
        "text": page.text,
        "words": words,
        "word_flags": flags,
        "offpage_words": offpage,
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
