"""Every word on every panel, whole and plain: a walk by buttons through every screen of every game
on every board (tools/screens/walk.py: menus, settings, rules, statistics, each setup with every
option's editor and the deal number's, a two-human game with its hand-overs, recaps, pause entries,
hint, undo, Schieber's score board, the sleep and the wake, table pages, round-over panels, results
and the play-again list, the saves) with the text layer recorded. No string is cut, none
runs past the panel's edge, no engine card code ("TS") and no empty "()" is drawn."""

import pytest

from tools.screens import walk

BOARDS = walk.BOARDS


def test_the_recorder_sees_a_cut_an_overflow_a_code_and_empty_brackets():
    from firmware import bigfont
    from firmware.gfx import Canvas

    rec = walk.Recorder()
    rec.install({})
    try:
        c = Canvas(120, 40)
        bigfont.text(c, bigfont.fit("Screw Your Neighbor", 8), 0, 0, 1)
        bigfont.text(c, "Put TS face up", 0, 20, 1)  # 14 characters: past 120 px
        c.text("SCREWED! () is deleted.", 0, 0, 1)
    finally:
        rec.undo()
    kinds = sorted(set(k for k, scr, s in rec.problems()))
    assert kinds == ["code", "cut", "empty ()", "overflow"], rec.problems()


def test_a_short_form_is_data_and_a_scrolled_row_shows_every_character():
    from firmware import bigfont as F

    assert F.pick(("Paused: Screw Your Neighbor (swap)", "Paused: SYN swap", "Paused"), 11) == (
        "Paused"
    )
    assert F.brief("auto (1000/2500)", 10) == "auto"
    assert F.words("3 down 1 chip", 7) == "3 down"
    s = "Screw Your Neighbor (partners)"
    seen = set()
    for step in range(60):
        w = F.window(s, 19, step)
        assert len(w) == 19 and w in s
        seen.add(s.index(w))
    assert seen == set(range(len(s) - 19 + 1))  # every part of the row comes by


@pytest.mark.parametrize("board", BOARDS)
def test_every_screen_of_every_game_shows_whole_words_and_no_codes(board):
    rec = walk.walk(board)
    screens = set(scr for scr, s in rec.drawn)
    # the walk reached what it is meant to check
    for name in (
        "MainMenu",
        "Settings",
        "RulesMenu",
        "Stats",
        "Setup",
        "NumberEdit",
        "Pause",
        "Confirm",
        "TextScreen",
        "Hand-over",
        "Play",
        "Play page 1",
        "Play page 2",
        "Play panel",
        "ReplaceSave",
        "DealEdit",  # the deal number at setup
        "Board",  # Schieber's score board from the pause menu
        "Again",  # the same deal again, after the results
        "Replay",  # the replay after a match and the look back from the pause menu
    ):
        assert name in screens, (board, name, sorted(screens))
    drawn = [s for scr, s in rec.drawn]
    assert [s for s in drawn if s.startswith("The strong level")]  # a hint (its first line)
    assert [s for s in drawn if s.startswith("Undo your last move")]  # undo's help
    assert [s for s in drawn if s.startswith("Move ")]  # the replay's place in the match
    assert [s for s in drawn if s.startswith("Yes, ") and s.endswith(" agrees")]  # its consent
    assert [s for s in drawn if s.startswith("Card Table ") and s.endswith(" LOW")]  # battery
    probs = rec.problems()
    assert not probs, "%s: %d problems:\n%s" % (
        board,
        len(probs),
        "\n".join(["%-8s %-12s %s" % p for p in sorted(probs)[:40]]),
    )
