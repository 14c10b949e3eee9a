"""A stack of bare numbers between two columns is a gutter's line numbers
(linenos.gutter_numbers) unless the count goes on in numbered lines of text
right over or under it (linenos._count_goes_on): then it is a listing's
numbered lines whose text was cut from its number (deb-zh-zhnumber p.17)."""

from pyengine.layout.linenos import Item, gutter_numbers

SIZE = 9.0
PITCH = 10.8


def _page(over: str | None, under: str | None) -> list[Item]:
    items = []
    for r in range(6):  # the margin's macro names, right-aligned 8 pt left of the numbers
        items.append(Item("\\zhnum_set_digits_map:nnn", 25.0, 125.5, 560 + PITCH * r, SIZE))
    for r, number in enumerate(range(700, 706)):
        v = 560 + PITCH * r
        items.append(Item(str(number), 133.6, 142.7, v, SIZE))
        items.append(Item("\\prop_put_if_new:Nnn \\l__zhnum_cfg_map_prop {#1} {#3}", 164.4, 414.8, v, SIZE))
    if over is not None:
        items.append(Item(over, 133.6, 400.6, 560 - PITCH, SIZE))
    if under is not None:
        items.append(Item(under, 133.6, 391.2, 560 + PITCH * 6, SIZE))
    return items


def test_a_stack_between_two_columns_is_a_gutter():
    found = gutter_numbers(_page(None, None))
    assert {_page(None, None)[k].text for k in found} == {str(n) for n in range(700, 706)}


def test_a_stack_the_count_goes_on_over_is_no_gutter():
    assert gutter_numbers(_page("699 \\cs_new_protected:Npn \\zhnum_set_digits_map:nnn", None)) == set()


def test_a_stack_the_count_goes_on_under_is_no_gutter():
    assert gutter_numbers(_page(None, "706 \\cs_new_protected:Npn \\zhnum_set_financial_map:nn")) == set()


def test_other_numbers_over_and_under_leave_the_gutter():
    # (a line opened by another number, or by the number far from the stack)
    found = gutter_numbers(_page("12 items over it", "Section 706 of the code"))
    assert len(found) == 6
