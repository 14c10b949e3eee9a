"""Columns of right-to-left pages: read from the right column, on PDFs
written here (a two-byte font of Hebrew letters, Latin letters and digits,
every glyph 5 pt wide at 10 pt, each glyph drawn at its place on the line:
the page shows the text in visual order)."""

import pyengine
from pdfbuild import bfchar, helvetica, make_pdf, tounicode, type0

CHARS = ("אבגדהוזחטיכלמנסעפצקרשתךםןףץ"
         "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.:")
CODE = {ch: i + 1 for i, ch in enumerate(CHARS)}
ADVANCE = 5.0


def _font() -> dict:
    body = bfchar((code, ch) for ch, code in CODE.items())
    return {"/F2": type0(tounicode(body, two_byte=True), dw=500), "/F1": helvetica()}


def _draw(shown: str, x: float, y: float, size: float = 10.0) -> bytes:
    """``shown`` as it appears on the page, left to right, from ``x``."""
    out = b""
    step = ADVANCE * size / 10
    for ch in shown:
        if ch != " ":
            out += b"BT /F2 %.1f Tf %.1f %.1f Td <%04X> Tj ET " % (size, x, y, CODE[ch])
        x += step
    return out


def _latin(text: str, x: float, y: float) -> bytes:
    """A line of Latin text in Helvetica 10 pt, one string, from ``x``."""
    return b"BT /F1 10 Tf %.1f %.1f Td (%s) Tj ET " % (x, y, text.encode("latin-1"))


def _rtl(logical: str, right: float, y: float, size: float = 10.0) -> bytes:
    """A line of Hebrew words (no digits or Latin) set flush right at ``right``."""
    shown = logical[::-1]
    return _draw(shown, right - len(shown) * ADVANCE * size / 10, y, size)


def _text(content: bytes) -> str:
    return pyengine.extract(make_pdf([content], fonts=_font())).pages[0].text


WORDS = ["שורה", "ראשונה", "שנייה", "שלישית", "רביעית", "חמישית", "שישית"]


def _column(tag: str, right: float, top: float, lines: int = 6) -> bytes:
    """``lines`` lines of a column ending with their column's ``tag``
    (a Hebrew word) set flush right at ``right``."""
    return b"".join(_rtl("%s %s בטור %s" % (WORDS[0], WORDS[1 + k % 6], tag), right, top - 14 * k)
                    for k in range(lines))


def _order(text: str, tags: list[str]) -> list[str]:
    return sorted(tags, key=text.index)


def test_two_columns_of_hebrew_are_read_right_column_first():
    text = _text(_column("ימני", 560, 700) + _column("שמאלי", 280, 700))
    assert _order(text, ["ימני", "שמאלי"]) == ["ימני", "שמאלי"]
    assert text.index("שורה ראשונה בטור ימני") < text.index("שורה שנייה בטור ימני")


def test_three_columns_of_hebrew_are_read_from_the_right():
    text = _text(_column("ימני", 560, 700) + _column("אמצעי", 380, 700)
                 + _column("שמאלי", 200, 700))
    assert _order(text, ["ימני", "אמצעי", "שמאלי"]) == ["ימני", "אמצעי", "שמאלי"]


def test_a_hebrew_heading_over_two_columns_is_read_before_them():
    head = _rtl("כותרת ראשית", 420, 740, size=16)
    text = _text(head + _column("ימני", 560, 700) + _column("שמאלי", 280, 700))
    assert _order(text, ["כותרת", "ימני", "שמאלי"]) == ["כותרת", "ימני", "שמאלי"]


def test_two_columns_of_english_are_still_read_left_column_first():
    def col(tag: str, x: float) -> bytes:
        return b"".join(_latin("Line number %s of column %s" % ("abcdef"[k], tag), x, 700 - 14 * k)
                        for k in range(6))
    text = _text(col("Left", 60) + col("Right", 330))
    assert _order(text, ["Left", "Right"]) == ["Left", "Right"]


def test_an_english_page_with_a_hebrew_quote_in_its_right_column_reads_left_first():
    left = b"".join(_latin("Line number %s of column Left" % "abcdef"[k], 60, 700 - 14 * k)
                    for k in range(6))
    right = b"".join(_latin("Line number %s of column Right" % "abcdef"[k], 330, 700 - 14 * k)
                     for k in range(4)) + _rtl("ציטוט בעברית", 470, 700 - 14 * 4)
    text = _text(left + right)
    assert _order(text, ["Left", "Right", "ציטוט"]) == ["Left", "Right", "ציטוט"]


def test_a_hebrew_sample_beside_its_english_label_in_an_english_page_reads_label_first():
    # deb-ar-texnegar-doc p.5: "With KashidaOn:" left of an Arabic sample, in
    # an English page; the box alone holds more Hebrew letters than Latin.
    prose = b"".join(_latin("English prose line %s of the page set across it whole" % "abcdef"[k],
                           60, 720 - 14 * k) for k in range(6))
    # (the samples set larger, their baselines under the labels': lines apart)
    box = _latin("Label:", 60, 600) + _latin("Other:", 60, 580) + \
        _rtl("דוגמה ארוכה בעברית שורה אחת", 500, 596, 12) + _rtl("ועוד דוגמה בעברית", 500, 576, 12)
    text = _text(prose + box)
    assert _order(text, ["English", "Label", "דוגמה"]) == ["English", "Label", "דוגמה"]


def test_two_english_columns_in_a_hebrew_page_are_read_left_column_first():
    head = b"".join(_rtl(" ".join(["%s %s בעמוד עברי ארוך" % (WORDS[0], WORDS[1 + k % 6])] * 3),
                         560, 740 - 14 * k) for k in range(10))
    # (the right column's baselines apart from the left's: no rows)
    cols = b"".join(_latin("English %s of the left" % "abcdef"[k] + " more" * (k % 3),
                           60, 580 - 14 * k)
                    + _latin("English line %s of the right" % "abcdef"[k] + " text" * (2 - k % 3),
                             330, 573 - 14 * k) for k in range(6))
    text = _text(head + cols)
    tags = ["שורה", "a of the left", "f of the left", "a of the right"]
    assert _order(text, tags) == tags


def test_hebrew_verses_side_by_side_in_an_english_page_read_right_one_first():
    # deb-ar-arabluatex pp.30-33: an Arabic verse's two halves side by side in
    # an English manual; the region is Hebrew only: read from the right.
    prose = b"".join(_latin("English prose line %s of the page set across it whole and long"
                            % "abcdefghijkl"[k], 60, 740 - 14 * k) for k in range(12))
    text = _text(prose + _column("ימני", 500, 540, 3) + _column("שמאלי", 260, 540, 3))
    assert _order(text, ["English", "ימני", "שמאלי"]) == ["English", "ימני", "שמאלי"]
