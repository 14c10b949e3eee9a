"""Build the static data files the font layer reads through ``pyengine.data``.

Run once per checkout (CPython) or when packaging the web page::

    python -c "from pyengine.fonts.databuild import build_data; \
               build_data('pyengine/_data', 'node_modules/pdfjs-dist')"

Writes ``cmaps/*.bcmap`` + ``cmaps/LICENSE`` (Adobe's CMaps as packed by
pdfjs-dist), ``metrics/<Font>.json`` for the 14 standard fonts (from the AFM
transcription pypdf ships), and ``SOURCES.md``.  Build-time only: nothing
here runs in the browser.
"""

from __future__ import annotations

import json
import os
import shutil

STD14 = (
    "Courier", "Courier-Bold", "Courier-BoldOblique", "Courier-Oblique",
    "Helvetica", "Helvetica-Bold", "Helvetica-BoldOblique", "Helvetica-Oblique",
    "Times-Roman", "Times-Bold", "Times-BoldItalic", "Times-Italic",
    "Symbol", "ZapfDingbats",
)


def _metrics_json(name: str) -> dict:
    from pypdf._codecs.core_font_metrics import CORE_FONT_METRICS

    metrics = CORE_FONT_METRICS[name]
    desc = metrics.font_descriptor
    widths = {k: v for k, v in metrics.character_widths.items() if k != "default"}
    out = {
        "FontName": name,
        "Ascent": desc.ascent,
        "Descent": desc.descent,
        "CapHeight": desc.cap_height,
        "Flags": desc.flags,
        "FontBBox": list(desc.bbox),
        "DefaultWidth": metrics.character_widths.get("default", 0),
    }
    if name == "ZapfDingbats":
        # pypdf keys this font by chr(N) for glyph "aN" (its AGL completion),
        # which is not Unicode: keep the widths under their glyph names.
        out["GlyphWidths"] = {
            ("space" if k == " " else f"a{ord(k)}"): v for k, v in widths.items()
        }
        out["Widths"] = {" ": widths.get(" ", 278)}
        values = sorted(widths.values())
        out["DefaultWidth"] = values[len(values) // 2]
    else:
        # Keyed by Unicode text, as in pypdf's transcription of the AFM files.
        out["Widths"] = widths
    return out


def build_data(dest_dir: str, pdfjs_dir: str) -> list[str]:
    """Write the data files under dest_dir; return their relative names."""
    written: list[str] = []
    cmap_src = os.path.join(pdfjs_dir, "cmaps")
    cmap_dst = os.path.join(dest_dir, "cmaps")
    os.makedirs(cmap_dst, exist_ok=True)
    # Without pdfjs-dist (npm install not run) only the metrics are written;
    # fonts that need a predefined CMap then report "cmap-missing".
    cmap_entries = sorted(os.listdir(cmap_src)) if os.path.isdir(cmap_src) else []
    for entry in cmap_entries:
        if entry.endswith(".bcmap") or entry == "LICENSE":
            shutil.copyfile(os.path.join(cmap_src, entry), os.path.join(cmap_dst, entry))
            written.append(f"cmaps/{entry}")

    metrics_dst = os.path.join(dest_dir, "metrics")
    os.makedirs(metrics_dst, exist_ok=True)
    for name in STD14:
        with open(os.path.join(metrics_dst, f"{name}.json"), "w", encoding="utf-8") as fh:
            json.dump(_metrics_json(name), fh, ensure_ascii=False, sort_keys=True)
        written.append(f"metrics/{name}.json")

    version = "unknown"
    try:
        with open(os.path.join(pdfjs_dir, "package.json"), encoding="utf-8") as fh:
            version = json.load(fh).get("version", version)
    except (OSError, ValueError):
        pass
    import pypdf

    with open(os.path.join(dest_dir, "SOURCES.md"), "w", encoding="utf-8") as fh:
        fh.write(
            "# Sources of the data files\n\n"
            f"- `cmaps/*.bcmap`: Adobe's predefined CMaps (cmap-resources), in the "
            f"packed binary form shipped by the npm package pdfjs-dist {version} "
            "(`cmaps/`). Licence: BSD-3-Clause, Copyright 1990-2009 Adobe "
            "Systems Incorporated; the text is in `cmaps/LICENSE`.\n"
            "- `metrics/*.json`: widths and font-wide metrics of the 14 standard "
            "fonts, generated from `pypdf._codecs.core_font_metrics` "
            f"(pypdf {pypdf.__version__}, BSD-3-Clause), itself derived from "
            "Adobe's Core 14 AFM files, which may be used, copied and "
            "distributed for any purpose provided the copyright notices are "
            "retained (Copyright 1985-1997 Adobe Systems Incorporated). "
            "Modified: converted to JSON; widths keyed by Unicode text "
            "(ZapfDingbats: by glyph name).\n"
        )
    written.append("SOURCES.md")
    return written
