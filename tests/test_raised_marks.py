"""Combining marks drawn over or under their base, off its baseline.

SIL's Pollard (Miao) fonts set the vowel signs, spacing marks (Mc), over
the consonant's right half, 0.34 to 0.74 em above its baseline
(fonts-sil-shimenkan's "UsingTheFonts", 18 pt: "𖼖" on the baseline, "𖽳"
drawn 4.5 pt into it and 6.2 pt up, the tone mark "𖾐" after it).  Each
mark was a segment of its own, too far off the baseline for the line's
tolerance, and the page's vowels made a line of their own over the text
("𖽜 𖽳 𖽡"), the syllables read without them ("𖼚𖾑𖼖𖾐𖼘𖾐").  A segment of
marks alone joins the line of the base it overlaps, drawn just before or
after it (``lines._line_of_its_mark``).
"""

from __future__ import annotations

import pyengine

from pdfbuild import bfchar, make_pdf, tounicode, type0

MIAO = {1: "\U00016F1A", 2: "\U00016F5C", 3: "\U00016F91", 4: "\U00016F16", 5: "\U00016F73",
        6: "\U00016F90", 7: "\U00016F18", 8: "\U00016F61", 9: "\U00016F04", 10: "\U00016F77"}
ZERO = [3, 6]
"""The tone marks: no advance."""
WIDTHS = {1: 606, 2: 276, 4: 489, 5: 276, 7: 591, 8: 315, 9: 552, 10: 276}
"""The other glyphs' advances, as drawn at 18 pt (thousandths of an em)."""


def _text(content: bytes) -> str:
    font = type0(tounicode(bfchar(MIAO.items()), two_byte=True), dw=600)
    font["/DescendantFonts"][0]["/W"] = [x for c in ZERO for x in (c, [0])] + [x for c, w in WIDTHS.items()
                                                                                 for x in (c, [w])]
    return pyengine.extract(make_pdf([b"BT /F1 18 Tf " + content + b"ET"], {"/F1": font})).pages[0].text


def _at(code: int, x: float, y: float = 700.0) -> bytes:
    return b"1 0 0 1 %g %g Tm <%04X> Tj " % (x, y, code)


def test_vowel_signs_drawn_over_their_consonants_stay_in_their_syllables():
    # The glyphs as the Shimenkan guide draws "𖼚𖽜𖾑𖼖𖽳𖾐𖼘𖽡𖾐𖼄𖽷" (x, rise
    # over the baseline in points): each tone mark at its consonant's end,
    # 0.1 pt past the start of the next consonant.
    glyphs = [(1, 199.9, 0), (2, 203.1, 13.3), (3, 210.8, 0), (4, 210.7, 0), (5, 215.2, 6.2),
              (6, 220.2, 0), (7, 220.1, 0), (8, 224.6, 7.3), (6, 230.2, 0), (9, 230.3, 0), (10, 240.1, 0)]
    content = b"".join(_at(code, x, 700 + rise) for code, x, rise in glyphs)
    assert _text(content) == "".join(MIAO[code] for code, _, _ in glyphs) + "\n"
