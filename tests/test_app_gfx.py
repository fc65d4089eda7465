"""Canvas, font and input: the drawing primitives set exactly the pixels a plain per-pixel
reference sets, the font bytes match their design, and button handling needs no sleeps."""

import random

from firmware import keys as K
from firmware import font
from firmware.gfx import Canvas
from firmware.input import Input, REPEAT_DELAY_MS, REPEAT_MS
from sim import font_design


def ref_fill(ref, w, h, x, y, rw, rh, c):
    for yy in range(max(0, y), min(h, y + rh)):
        for xx in range(max(0, x), min(w, x + rw)):
            ref[yy][xx] = c


def test_font_and_pips_match_their_design():
    assert font.FONT == font_design.font_bytes()
    assert font.PIPS == font_design.pip_bytes()
    from firmware import bigfont

    assert b"".join(bigfont.BIG) == font_design.big_bytes()
    assert len(font.FONT) == 96 * 6


def test_fill_rect_sets_exactly_the_clipped_rectangle():
    rnd = random.Random(5)
    for w in (1, 2, 7, 16, 33):
        h = 9
        c = Canvas(w, h)
        assert c.fb is None  # CPython: the pure-Python path
        assert len(c.buf) == ((w + 1) // 2) * h
        ref = [[0] * w for _ in range(h)]
        for _ in range(60):
            x, y = rnd.randrange(-4, w + 2), rnd.randrange(-4, h + 2)
            rw, rh, col = rnd.randrange(0, w + 6), rnd.randrange(0, 8), rnd.randrange(16)
            c.fill_rect(x, y, rw, rh, col)
            ref_fill(ref, w, h, x, y, rw, rh, col)
            got = [[c.pixel(xx, yy) for xx in range(w)] for yy in range(h)]
            assert got == ref, (x, y, rw, rh, col)


def test_text_is_drawn_from_the_font_columns_and_clipped():
    c = Canvas(20, 10)
    c.fill_rect(0, 0, 20, 10, 2)
    end = c.text("A", 1, 1, 5)
    assert end == 7
    col0 = font.FONT[(ord("A") - 32) * 6]
    for r in range(8):
        assert c.pixel(1, 1 + r) == (5 if col0 & (1 << r) else 2)
    c.text("WWWW", 15, 5, 7, 0)  # runs off the edges: no error, clipped
    assert c.pixel(19, 9) in (0, 7)


def test_dirty_rectangles_merge_and_stay_inside_the_screen():
    c = Canvas(100, 50)
    c.mark(-5, -5, 10, 10)
    assert c.dirty == [[0, 0, 5, 5]]
    c.mark(0, 2, 5, 10)
    assert c.dirty == [[0, 0, 5, 12]]  # overlapping: merged
    c.mark(0, 30, 100, 5)
    c.mark(0, 35, 100, 5)
    assert [0, 30, 100, 10] in c.dirty  # stacked bands join without waste
    c.mark(50, 0, 10, 10)
    assert len(c.dirty) == 3  # far apart: kept apart
    from firmware.gfx import MAXDIRTY

    for i in range(MAXDIRTY + 4):
        c.mark(i * 6, 45, 3, 3)
    assert len(c.dirty) <= MAXDIRTY  # too many: the least wasteful pairs join
    for x, y, w, h in c.dirty:
        assert x >= 0 and y >= 0 and x + w <= 100 and y + h <= 50


def test_cards_drawn_face_up_are_recorded_backs_are_not():
    c = Canvas(60, 40)
    c.seen = set()
    c.card(0, 0, 16, 22, 5)
    c.back(20, 0, 16, 22)
    assert c.seen == {5}


def test_input_edges_debounce_and_repeat_without_sleeping():
    inp = Input()
    assert inp.update(K.A, 0) == K.A
    assert inp.update(K.A, 33) == 0  # held: no new press
    assert inp.update(0, 66) == 0
    assert inp.update(K.A, 99) == K.A  # pressed again
    assert inp.update(0, 101) == 0  # a bounce 2 ms later is ignored ...
    assert inp.update(K.A, 103) == 0  # ... and so is its return
    t = 200
    assert inp.update(0, t) == 0
    assert inp.update(K.DOWN, t + 33) == K.DOWN
    got = 0
    ms = t + 33
    while ms < t + 33 + REPEAT_DELAY_MS + 5 * REPEAT_MS:
        ms += 10
        if inp.update(K.DOWN, ms) & K.DOWN:
            got += 1
    assert 4 <= got <= 6  # auto-repeat after the delay
    assert inp.update(K.DOWN | K.A, ms + 10) & K.A  # another button while one is held


def _big_pip(ch):
    """The large face's glyph ch as drawn on a canvas: its rows of lit pixels (sets of x)."""
    from firmware import bigfont

    c = Canvas(bigfont.ADV, bigfont.H)
    bigfont.text(c, ch, 0, 0, 1)
    return [{x for x in range(bigfont.W) if c.pixel(x, y) == 1} for y in range(bigfont.H)]


def _widths(rows):
    """The width of each lit row, from the first lit row to the last."""
    w = [max(r) - min(r) + 1 if r else 0 for r in rows]
    while w and not w[-1]:
        w.pop()
    while w and not w[0]:
        w.pop(0)
    return w


def test_pips_of_one_colour_differ_in_shape_at_arms_length():
    # the pairs that share an ink in the two-colour deck (French C S, D H; Swiss acorns and
    # shields) differ in many pixels of the 10 x 15 cell, not in a handful
    for a, b in (("{", "~"), ("|", "}"), ("@", "`")):
        pa, pb = _big_pip(a), _big_pip(b)
        differ = sum(len(ra ^ rb) for ra, rb in zip(pa, pb))
        assert differ >= 30, (a, b, differ)
        # each as large as the capitals: 13 rows or more of the 15
        assert len(_widths(pa)) >= 13 and len(_widths(pb)) >= 13, (a, b)
    # the spade is a blade coming to a point: its first rows 2 px wide, then wider and wider
    # to its widest row (no waist)
    spade = _widths(_big_pip("~"))
    widest = spade.index(max(spade))
    assert spade[0] <= 2 and spade[1] <= 2
    assert all(spade[k] <= spade[k + 1] for k in range(widest))
    # the club is three lobes: a top lobe wider than its point, then a waist narrower than the
    # rows above and below it (the side lobes), before the stem
    club = _widths(_big_pip("{"))
    assert club[0] >= 6
    waist = [k for k in range(1, 8) if club[k] < club[k - 1] and club[k] < max(club[k + 1 :])]
    assert waist, club
    # the heart has two lobes at the top (a notch between them); the diamond a point at both ends
    heart = _big_pip("}")
    top = heart[min(k for k in range(len(heart)) if heart[k])]
    assert len(top) < max(top) - min(top) + 1  # a gap in the top row: two lobes
    diamond = _widths(_big_pip("|"))
    assert diamond[0] <= 2 and diamond[-1] <= 2 and max(diamond) >= 10
