"""The document report: one pure function over the finished pages and fonts.

It answers what a reader of the text should know before trusting it: which
kinds of font maps decoded the text, which fonts could not be mapped and on
which pages, how much text was kept apart (annotations, form fields, text
outside the crop box, invisible text), the verdict of each page, the limits
reached and the issues recorded.  No IO, no pypdf: records in, record out.
"""

from __future__ import annotations

from .records import (SOURCE_ANNOTATION, SOURCE_FORM_FIELD, DocumentReport, FlaggedText,
                      FontInfo, Issue, Page)


def flagged_text(pages: tuple[Page, ...] | list[Page]) -> FlaggedText:
    annotation = form_field = offpage = invisible = 0
    for page in pages:
        for w in page.words:
            if w.source == SOURCE_ANNOTATION:
                annotation += 1
            elif w.source == SOURCE_FORM_FIELD:
                form_field += 1
            if w.offpage:
                offpage += 1
            if w.invisible:
                invisible += 1
    return FlaggedText(annotation, form_field, offpage, invisible)


def merge_fonts(fonts: tuple[FontInfo, ...]) -> list[FontInfo]:
    """One FontInfo per (name, kind): a font written once per page (or per
    resource dictionary) is one font to the reader."""
    merged: dict[tuple[str, str], FontInfo] = {}
    for f in fonts:
        key = (f.name or f.key, f.kind)
        m = merged.get(key)
        if m is None:
            merged[key] = f
            continue
        merged[key] = FontInfo(m.key, m.name, m.kind, m.glyphs + f.glyphs, m.unmapped + f.unmapped,
                               tuple(sorted(set(m.unmapped_pages) | set(f.unmapped_pages))))
    return list(merged.values())


def _counts(items) -> dict[str, int]:
    """How many times each item comes (collections.Counter's counts,
    without its set-up: a one-page file's report made two)."""
    out: dict[str, int] = {}
    for item in items:
        out[item] = out.get(item, 0) + 1
    return out


def build_report(pages: tuple[Page, ...] | list[Page], fonts: tuple[FontInfo, ...],
                 truncated: tuple[str, ...], issues: tuple[Issue, ...]) -> DocumentReport:
    fonts_seen = merge_fonts(fonts)
    kinds = _counts(f.kind for f in fonts_seen)
    unmapped = sorted((f for f in fonts_seen if f.unmapped),
                      key=lambda f: (-f.unmapped, f.name, f.key))
    verdicts: dict[str, list[int]] = {}
    for page in pages:
        verdicts.setdefault(page.verdict, []).append(page.number)
    reasons = list(truncated)
    for page in pages:
        reasons.extend(r for r in page.truncated if r not in reasons)
    return DocumentReport(
        font_kinds=tuple(sorted(kinds.items())),
        unmapped_fonts=tuple(unmapped),
        flagged=flagged_text(pages),
        verdicts=tuple((v, tuple(n)) for v, n in verdicts.items()),
        truncated=tuple(reasons),
        issues=tuple(sorted(_counts(i.code for i in issues).items())),
    )
