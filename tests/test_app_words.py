"""Words, not codes: option values in words, pips where a card is named, seat marks in words,
results with names, every screen saying what B does, notices that are not cut off."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hst

from engine import games
from firmware.menus import available
from firmware.cardtext import pips
from firmware.ui import wrap
from firmware import bigfont
from sim.autoplay import AutoPlayer, setup_game
from sim.headless import Device

GAMES = available()


def open_setup(dev, gid):
    """From the main menu, the setup screen of gid (by buttons)."""
    menu = dev.app.screen
    for _ in range([it[1] for it in menu.items].index(gid)):
        dev.press("down")
    dev.press("a")
    return dev.app.screen


@pytest.mark.parametrize("gid", GAMES)
def test_every_option_value_reads_as_words(gid):
    dev = Device("pico_lcd_1_3")
    dev.press("a")
    open_setup(dev, gid)
    st = dev.app.screen
    lay = st.layout()
    for i, r in enumerate(st.rows()):
        lab, val = r[0], r[1]  # then the row's short forms, if any
        if lay[i][0] == "opt":
            assert val and not val.isdigit(), (lab, val)
            assert "_" not in lab, lab


def _word(gid, name, v):
    from engine import games
    from engine.optrows import option_word

    return option_word([o for o in games.options_for(gid) if o[0] == name][0], v)


def test_option_words_come_from_the_engine_rows_and_follow_their_help():
    assert _word("shithead", "seven_lower", 2) == "7 or lower"
    assert _word("shithead", "joker", 3) == "reverse (6 pl.)"
    assert _word("screwed", "target", 0) == "single hand"
    assert _word("screwed", "target", 350) == "350 points"
    assert _word("schieber", "target", 0) == "auto (1000/2500)"
    assert _word("schieber", "hands", 12) == "12 hands"
    assert _word("screwed", "joker_mode", 1) == "Screwed card"
    assert _word("syn-swap", "lives", 1) == "1 life"
    assert _word("syn-swap", "lives", 3) == "3 lives"
    assert _word("screw", "chips", 0) == "one round" and _word("screw", "chips", 3) == "3 chips"
    assert _word("screw", "ten_burns", True) == "on"


@pytest.mark.parametrize("gid", GAMES)
def test_every_value_of_every_option_reads_as_words(gid):
    from engine import games
    from engine.optrows import option_word

    for o in games.options_for(gid):
        name, default, help_, limits, words = o
        assert help_ and isinstance(help_, str)
        if limits is None:
            assert default in (True, False) and option_word(o, False) == "off"
            continue
        lo, hi = limits
        assert lo <= default <= hi, (gid, name, default, limits)
        assert words, (gid, name)  # every number reads as words
        for v in range(lo, min(hi, lo + 30) + 1):
            w = option_word(o, v)  # the last entry stands for the rest
            assert w and not w.isdigit() and "%" not in w, (gid, name, v, w)


def test_the_number_editor_keeps_an_option_within_its_range():
    from engine import games

    dev = Device("pico_lcd_1_3")
    dev.press("a")
    st = open_setup(dev, "syn-swap")
    j = [o[0] for o in st.opts].index("lives")
    name, default, help_, limits, words = games.options_for("syn-swap")[j]
    lo, hi = limits
    row = st.layout().index(("opt", j))
    while st.cur != row:
        dev.press("down")
    dev.press("a")
    ed = dev.app.screen
    assert type(ed).__name__ == "NumberEdit", ed
    for _ in range(5):
        dev.press("right")  # +10 each: far past the top
    assert ed.value == hi
    for _ in range(5):
        dev.press("left")
    assert ed.value == lo
    dev.press("a")
    assert dev.app.screen is st and st.vals[j] == lo


def test_a_card_named_in_text_gets_its_pip():
    assert pips("Anna played 7H 7D") == "Anna played 7} 7|"
    assert pips("Play TS") == "Play \x7f~"
    assert pips("Ben took QC into the hand", True) == "Ben took O@ into the hand"  # the Ober
    assert pips("Ben took QC JS", False) == "Ben took Q{ J~"
    assert pips("THE END, AS4") == "THE END, AS4"  # words are left alone
    # a text past ASCII is none of the console's (no glyph for it, names are picked from A-Z)
    assert pips("Zo\u00eb played 7H") == "Zo\u00eb played 7H"


@settings(max_examples=400, deadline=None)
@given(hst.text(alphabet="23456789TJQKACDHS xz.,!1-", max_size=14), hst.booleans())
def test_card_names_get_pips_exactly_where_a_rank_and_suit_stand_alone(t, swiss):
    """pips() (found with str.find, for speed on the Pico) against the rule said as a pattern."""
    suits = "@^\\`" if swiss else "{|}~"

    def one(m):
        rank, suit = m.group(1), m.group(2)
        if swiss:
            rank = {"J": "U", "Q": "O"}.get(rank, rank)  # Under and Ober
        return ("\x7f" if rank == "T" else rank) + suits["CDHS".index(suit)]

    want = re.sub(r"(?<![A-Za-z0-9])([2-9TJQKA])([CDHS])(?![A-Za-z0-9])", one, t)
    assert pips(t, swiss) == want


def test_the_message_lines_name_cards_with_pips():
    dev = Device("pico_lcd_1_3")
    dev.press("a")
    setup_game(dev, "screw", humans=1, seats=3, speed="instant")
    play = dev.app.screen
    ap = AutoPlayer(dev, seed=2)
    for _ in range(12):
        ap.step()
    played = [t for t in play.turn.log if " played " in t]
    assert played, play.turn.log
    for t in played:
        assert any(ch in t for ch in "{|}~"), t
        assert t == pips(t)


def test_seat_marks_are_words():
    from firmware import table

    g = games.new_game("shithead", 3, 4, {})
    m = table.model(games.entry("shithead")[games.RULES], g.view(0), ["Anna", "Ben", "Cleo"])
    extras = [extra for count, up, extra in m.seats]  # table.Model.seats
    assert any("down" in e for e in extras), extras
    assert not any(e.startswith("d3") for e in extras)
    g = games.new_game("schieber", 4, 4, {})
    m = table.model(games.entry("schieber")[games.RULES], g.view(0), ["A", "B", "C", "D"])
    count, up, extra = m.seats[0]
    assert extra.startswith("partner C"), m.seats  # a team named by its players


def test_results_name_every_score():
    from firmware.results import summary

    class P:
        names = ["Anna", "Ben", "Cleo"]
        log = []

    text = summary(P, {"winners": [0], "losers": [2], "scores": [3, 1, 0]})
    assert "Anna: 3" in text and "Ben: 1" in text and "Cleo: 0" in text

    class J:
        names = ["Anna", "Ben", "Cleo", "Dev"]
        log = []

    text = summary(J, {"winners": [0, 2], "scores": [1020, 700]})
    assert "Anna & Cleo: 1020" in text and "Ben & Dev: 700" in text


def title_of(dev):
    return dev.app.screen.sig.get("title")


def test_every_screen_says_what_b_does():
    dev = Device("pico_lcd_1_14")
    dev.press("a")
    seen = []
    # settings, rules, statistics, a rules text, setup, the table, the pause menu, scores
    menu = dev.app.screen
    for name in ("Settings", "Rules", "Statistics"):
        i = [r[0] for r in menu.rows()].index(name)
        while menu.cur != i:
            dev.press("down")
        dev.press("a")
        seen.append((dev.app.screen.__class__.__name__, title_of(dev)))
        if name == "Rules":
            dev.press("a")
            seen.append(("rules text", title_of(dev)))
            dev.press("b")
        dev.press("b")
        assert dev.app.screen.__class__.__name__ == "MainMenu"
        menu = dev.app.screen
    setup_game(dev, "screw", humans=1, seats=2, speed="instant")
    dev.wait(1)
    # the table has no title bar: its menu says it, under the last entry (firmware.tableview)
    play = dev.app.screen
    while play.turn.human.cur != play.turn.human.rows() - 1:
        dev.press("down")
    from firmware import tableview

    rows = play.parts[tableview._MENU].sig
    seen.append(("table", ("", " ".join([r[0] for r in rows]))))
    dev.press("b")
    seen.append(("pause", title_of(dev)))
    dev.press("down")
    dev.press("a")
    seen.append(("scores", title_of(dev)))
    for name, t in seen:
        assert t is not None and "B:" in t[1], (name, t)


def test_notices_fit_the_help_lines_of_the_menu():
    for board in ("pico_lcd_1_3", "pico_lcd_1_14", "pico_display_2"):
        dev = Device(board)
        dev.press("a")
        cols = (dev.app.canvas.width - 6) // bigfont.ADV
        for notice in (
            "Slot 1 (Shithead (Palace)): unreadable; kept aside.",
            "Slot 2 (Schieber Jass): failed; kept aside.",
            "Slot 3: the save was damaged; kept aside.",
        ):
            dev.app.notice = notice
            dev.app.menu()
            dev.wait(1)  # the menu built anew makes room for the notice
            assert len(wrap(notice, cols)) <= dev.app.screen.help_lines, (board, notice)


def test_wrapped_lines_fit_keep_every_word_and_break_only_long_words():
    from hypothesis import given, settings, strategies as st

    from firmware.ui import spans

    word = st.text(alphabet="abc", max_size=30)  # an empty word: two spaces in a row
    para = st.lists(word, max_size=10).map(" ".join)

    @settings(max_examples=300, deadline=None)
    @given(st.lists(para, min_size=1, max_size=4).map("\n".join), st.integers(3, 26))
    def check(text, cols):
        lines = wrap(text, cols)
        sp = spans(text, cols)
        assert len(sp) == 2 * len(lines)  # the offsets are the lines
        assert all(len(ln) <= cols for ln in lines)
        assert len(lines) >= text.count("\n") + 1
        # every word survives, a word longer than a line only as consecutive cuts
        assert "".join(" ".join(lines).split()) == "".join(text.split())
        assert not [ln for ln in lines if ln.startswith(" ")]  # no indent kept

    check()
