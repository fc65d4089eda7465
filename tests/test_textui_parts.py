"""A text screen given as a list of paragraphs (the pause menu's house rules and scores) shows
the same lines as the same text joined with newlines, without the joined string: the soak at
288K found the 1.8 KB house rules of a shedding game with no room in a broken-up heap."""

from firmware import bigfont as F
from firmware.textui import TextScreen
from firmware.ui import wrap
from sim.autoplay import setup_game
from sim.headless import Device


def test_paragraphs_show_as_the_joined_text():
    dev = Device("pico_display_2")
    dev.press("a")
    setup_game(dev, "popcorn", humans=1, speed="instant")
    dev.press("b")
    pause = dev.app.screen
    assert pause.__class__.__name__ == "Pause"
    while pause.cur != 3:
        dev.press("down")
    dev.press("a")
    shown = dev.app.screen
    assert shown.__class__.__name__ == "TextScreen" and shown.ttl == "House rules"
    parts = shown.text
    assert isinstance(parts, list) and len(parts) > 10  # not one long string
    c = dev.app.canvas
    joined = TextScreen(dev.app, "House rules", "\n".join(parts + ["", "end"]))
    listed = TextScreen(dev.app, "House rules", parts + ["", "end"])
    want = wrap(joined.text, (c.width - 6) // F.ADV)
    assert listed.count(c) == joined.count(c) == len(want)
    assert [listed.line(i) for i in range(len(want))] == want
    assert [joined.line(i) for i in range(len(want))] == want
    # scrolled to the end, A goes back to the pause menu
    for _ in range(len(want)):
        dev.press("down")
    dev.press("a")
    assert dev.app.screen is pause
