"""quality.hidden_under_images looks only at the glyphs drawn before the
last large image (a glyph drawn after every image is under none of them),
reading their fields by index: the same count as the plain rule, which
tries every glyph, on runs made here (images drawn before, among and after
the glyphs, glyphs in render modes 3 and 7, on an image's edge) and on
the pages of corpus files with large images when the corpus is there."""

from __future__ import annotations

import random

import pytest
from corpus import verdict_inputs

from pyengine import quality
from pyengine.interpreter import PageRun
from pyengine.records import Glyph

CORPUS_FILES = ["plumber-issue-982-example", "opf-178360"]


def _plain_hidden(run: PageRun) -> int:
    """The rule as first written: every glyph against every large image."""
    big = [im for im in run.images
           if im[4] > 0 and (im[2] - im[0]) * (im[3] - im[1]) >= quality.COVER_MIN_IMAGE * run.page_area]
    if not big:
        return 0
    big.sort(key=lambda im: (im[2] - im[0]) * (im[3] - im[1]), reverse=True)
    big = big[:quality.COVER_MAX_IMAGES]
    hidden = 0
    for i, g in enumerate(run.glyphs):
        if g.render_mode in (3, 7):
            continue
        cx, cy = (g.x0 + g.x1) / 2, (g.y0 + g.y1) / 2
        for x0, y0, x1, y1, drawn_before in big:
            if i < drawn_before and x0 <= cx <= x1 and y0 <= cy <= y1:
                hidden += 1
                break
    return hidden


def _random_run(rng: random.Random) -> PageRun:
    n = rng.choice([0, 1, 5, 40, 300])
    glyphs = []
    for _ in range(n):
        x, y = rng.choice([rng.uniform(0, 600), 100.0, 300.0]), rng.choice([rng.uniform(0, 800), 200.0])
        w = rng.choice([0.0, 5.0, rng.uniform(0, 12)])
        glyphs.append(Glyph("a", x, y - 10, x + w, y, x, y, x + w, y, 10.0, 1.0, 0.0, "F1", True,
                            rng.choice([0, 0, 0, 3, 7, 2])))
    images = []
    for _ in range(rng.choice([0, 1, 2, 5, 60])):
        x0, y0 = rng.uniform(0, 400), rng.uniform(0, 600)
        # edges on glyph centres sometimes (x0 <= cx <= x1 holds at the edge)
        x1 = rng.choice([x0 + rng.uniform(0, 300), 102.5, 305.0])
        y1 = rng.choice([y0 + rng.uniform(0, 300), 195.0])
        images.append((x0, y0, x1, y1, rng.choice([0, 1, n // 2, n, n + 3, rng.randrange(n + 1)])))
    return PageRun(glyphs=glyphs, images=images, page_area=600.0 * 800.0)


def test_hidden_count_is_the_plain_count_on_random_runs():
    rng = random.Random(11)
    hidden_some = 0
    for _ in range(3000):
        run = _random_run(rng)
        got = quality.hidden_under_images(run)
        assert got == _plain_hidden(run)
        hidden_some += got > 0
    assert hidden_some > 100  # (the runs do hide glyphs)


def test_glyphs_after_the_last_image_are_not_looked_at():
    g = Glyph("a", 10, 10, 20, 20, 10, 20, 20, 20, 10.0, 1.0, 0.0, "F1", True, 0)
    run = PageRun(glyphs=[g, g, g, g], images=[(0.0, 0.0, 100.0, 100.0, 2)], page_area=100.0 * 100.0)
    assert quality.hidden_under_images(run) == 2 == _plain_hidden(run)


def test_hidden_count_on_corpus_pages():
    runs = [run for run, _fonts in verdict_inputs(CORPUS_FILES)]
    if not runs:
        pytest.skip("corpus not present")
    with_images = [run for run in runs if any(im[4] for im in run.images)]
    assert with_images
    for run in runs:
        assert quality.hidden_under_images(run) == _plain_hidden(run)
