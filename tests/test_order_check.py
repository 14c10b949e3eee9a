"""scripts/order_check.py's two measures, on words written here."""

import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "order_check.py"
spec = importlib.util.spec_from_file_location("order_check", SCRIPT)
order_check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(order_check)


def test_a_line_made_of_two_far_pieces_of_the_other_text_is_woven():
    theirs = order_check._words(
        "the left column opens here and runs on down the page " + "filler " * 30 +
        "while the right column says other things entirely at its top")
    woven = "the left column opens here while the right column says other"
    whole = "the left column opens here and runs on down"
    assert order_check.woven_lines(woven + "\n" + whole, theirs) == [woven]


def test_order_similarity_is_one_for_the_same_order_and_lower_when_swapped():
    words = order_check._words("one two three four five six seven eight")
    assert order_check.order_similarity(words, words) == (1.0, 1.0)
    share, similarity = order_check.order_similarity(words[4:] + words[:4], words)
    assert share == 1.0 and similarity < 0.6
