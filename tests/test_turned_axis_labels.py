"""A chart's axis labels turned to run down and right, read along the axis.

hunt24 gp_bars (gnuplot pdfcairo, ``set xtics rotate by -45``): the four
category labels under the bars were read in their direction's frame, top to
bottom; for text running down and right that frame's top is the page's
right, and the axis came out right to left ("Insurance / Customs /
Warehousing / Shipping").  Labels turned the other way (+45) read left to
right in their frame already.
"""

import math

from pyengine.api import extract

from pdfbuild import helvetica, make_pdf

LABELS = ["Aberdeen", "Bristol", "Cardiff", "Dundee", "Exeter"]


def _axis(angle: float, pitch: float = 60.0, labels=LABELS) -> bytes:
    """Upright ticks 0..40 up a value axis, and ``labels`` under the plot,
    ``pitch`` pt apart, each turned ``angle`` degrees (PDF's sense:
    negative runs down and right), starting at its tick, drawn right to
    left (the order must come from the page, not the stream)."""
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    ops = [f"BT /F1 9 Tf 50 {200 + 40 * k} Td ({10 * k}) Tj ET".encode() for k in range(5)]
    for k in reversed(range(len(labels))):
        x = 100 + pitch * k
        ops.append(f"BT /F1 9 Tf {c:.4f} {s:.4f} {-s:.4f} {c:.4f} {x} 180 Tm ({labels[k]}) Tj ET"
                   .encode())
    return make_pdf([b"\n".join(ops)], fonts={"/F1": helvetica()})


def _words(pdf: bytes) -> list[str]:
    return extract(pdf).pages[0].text.split()


def _label_order(pdf: bytes) -> list[str]:
    return [w for w in _words(pdf) if w in LABELS]


def test_axis_labels_turned_to_run_down_and_right_are_read_left_to_right():
    for angle in (-30, -45, -60, -75):
        assert _label_order(_axis(angle)) == LABELS, angle


def test_axis_labels_turned_to_run_up_still_read_left_to_right():
    for angle in (30, 45, 90):
        assert _label_order(_axis(angle)) == LABELS, angle


def test_turned_paragraph_running_down_is_still_read_top_line_first():
    # A paragraph turned -90 degrees (a landscape table on a portrait
    # page, turned clockwise): its first line is the rightmost, its lines
    # one leading (1.2 em) apart, not a row of labels.
    lines = ["first line of the turned note", "second line of the turned note",
             "third line of the turned note", "fourth line of the turned note"]
    ops = [f"BT /F1 10 Tf 0 -1 1 0 {300 - 12 * k} 600 Tm ({t}) Tj ET".encode()
           for k, t in enumerate(lines)]
    text = extract(make_pdf([b"\n".join(ops)], fonts={"/F1": helvetica()})).pages[0].text
    assert [ln for ln in text.splitlines() if ln.strip()] == lines, text


def test_page_turned_a_right_angle_keeps_its_frames_order():
    # unstructured-rotated-page-90: three short lines running down the
    # page, 3.5 em apart, starting level: the page's text turned 90
    # degrees, read from the rightmost line (its first), not an axis.
    lines = ["Hello World Test Text", "Second line of text here", "Rotated page fixture"]
    ops = [f"BT /F1 16 Tf 0 -1 1 0 {500 - 56.7 * k:.1f} 700 Tm ({t}) Tj ET".encode()
           for k, t in enumerate(lines)]
    text = extract(make_pdf([b"\n".join(ops)], fonts={"/F1": helvetica()})).pages[0].text
    assert [ln for ln in text.splitlines() if ln.strip()] == lines, text


def test_axis_labels_turned_down_a_right_angle_beside_a_value_axis_are_read_left_to_right():
    # fix25 gp_rot_m90 (gnuplot ``set xtics rotate by -90``) and r_rot_m90
    # (R ``text(srt=-90)``, its value axis's figures turned +90, R's
    # default ``las=0``): labels running straight down the page are read
    # as a page turned 90 degrees is, rightmost first, unless a chart's
    # value axis (figures stacked left of them, above them) stands beside.
    assert _label_order(_axis(-90)) == LABELS
    c, s = 0.0, 1.0  # the value axis's figures turned +90, one over another
    ops = [f"BT /F1 9 Tf {c} {s} {-s} {c} 50 {200 + 40 * k} Tm ({10 * k}) Tj ET".encode() for k in range(5)]
    for k in reversed(range(len(LABELS))):
        ops.append(f"BT /F1 9 Tf 0 -1 1 0 {100 + 60 * k} 180 Tm ({LABELS[k]}) Tj ET".encode())
    pdf = make_pdf([b"\n".join(ops)], fonts={"/F1": helvetica()})
    assert _label_order(pdf) == LABELS


def test_page_turned_a_right_angle_with_a_page_number_keeps_its_frames_order():
    # (the rule above needs a column of three figures or more: an upright
    # page number under a turned page is no value axis)
    lines = ["Hello World Test Text", "Second line of text here", "Rotated page fixture"]
    ops = [f"BT /F1 16 Tf 0 -1 1 0 {500 - 56.7 * k:.1f} 700 Tm ({t}) Tj ET".encode()
           for k, t in enumerate(lines)]
    ops.append(b"BT /F1 10 Tf 40 40 Td (12) Tj ET")
    text = extract(make_pdf([b"\n".join(ops)], fonts={"/F1": helvetica()})).pages[0].text
    assert [ln for ln in text.splitlines() if ln.strip() and ln != "12"] == lines, text
