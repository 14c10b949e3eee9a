"""Two columns of prose whose gutter is narrowed by overfull lines.

hunt24 ctx_twocol (ConTeXt, two columns 16.5 pt apart): a few lines of the
left column ran past the measure ("tem-", "which" of overfull lines), and
the white from the top of the columns to their bottom was 6.8 pt wide,
under ``column_gap_min`` (8 pt).  No gutter was found, and the columns,
whose baselines line up, were read across the gutter line by line.
"""

from pyengine.api import extract

from pdfbuild import helvetica, make_pdf

LEFT = [f"left column line {k:02d} of the harbour text" for k in range(14)]
RIGHT = [f"right column line {k:02d} of the harbour text" for k in range(14)]


def _page(overfull: set[int]) -> bytes:
    """Two columns of 10 pt type set as TeX sets them: the left column
    drawn whole, then the right one, on the same baselines 12 pt apart;
    the font's box (1.4 em tall) makes lines overlap, so no white runs
    between them.  Every glyph is 5 pt wide: the left column's lines run
    from x 72 to 267, its overfull ones (two more letters) to 277; the
    right column starts at 284, 7 pt past them (0.7 em)."""
    font = helvetica()
    font["/FontDescriptor"].update({"/Ascent": 1000, "/Descent": -400,
                                    "/FontBBox": [0, -400, 1000, 1000]})
    ops = []
    for x, column in ((72, LEFT), (284, RIGHT)):
        for k, text in enumerate(column):
            if column is LEFT and k in overfull:
                text += " x"
            ops.append(f"BT /F1 10 Tf {x} {700 - 12 * k} Td ({text}) Tj ET".encode())
    return make_pdf([b"\n".join(ops)], fonts={"/F1": font})


def _lines(pdf: bytes) -> list[str]:
    return [ln for ln in extract(pdf).pages[0].text.splitlines() if ln.strip()]


def test_overfull_lines_narrowing_the_gutter_of_two_prose_columns_do_not_interleave_them():
    lines = _lines(_page({3, 8}))
    joined = "\n".join(lines)
    assert joined.index("left column line 13") < joined.index("right column line 00"), joined
    assert [ln for ln in lines if ln.startswith("right")] == RIGHT


def test_two_prose_columns_with_a_full_gutter_are_read_column_by_column():
    # (the same page without overfull lines: 16 pt of gutter, as before)
    joined = "\n".join(_lines(_page(set())))
    assert joined.index("left column line 13") < joined.index("right column line 00"), joined
