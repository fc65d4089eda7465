"""Every word on every panel, whole and plain: a walk by buttons through every screen of every game
on every board (tools/screens/walk.py: menus, settings, rules, statistics, each setup with every
option's editor and the deal number's, a two-human game with its hand-overs, recaps, pause entries,
hint, undo, Schieber's score board, the sleep and the wake, table pages, round-over panels, results
and the play-again list, the saves) with the text layer recorded. No string is cut, none
runs past the panel's edge, no engine card code ("TS") and no empty "()" is drawn; the selected
row of every list shows its value, every part of the table's prompt is a sentence, every part of
a hand-over's recap starts one, and no help names a button the board does not have."""

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


def test_the_recorder_sees_a_row_without_its_value_a_fragment_and_a_missing_button():
    """The walk's checks of issue 56: a selected row drawn without its value, a part of the
    table's prompt that is no sentence, a help line naming a button the board lacks."""
    from types import SimpleNamespace

    from firmware import keys, listui
    from firmware.gfx import Canvas
    from firmware.tableview import sentences

    rec = walk.Recorder()
    rec.install({})
    try:
        c = Canvas(240, 40)
        listui.row(c, ("Target", "auto (1000/2500)"), True, 19, 236, 0)  # fits: "Target auto"
        listui.row(c, ("A label far too long here", "on"), True, 19, 236, 0)  # no form fits
        rec.keys = keys.UP | keys.DOWN | keys.A | keys.B  # the Display Pack 2's buttons
        rec.drawn[("NamePicker", "B: erase  START: OK")] = True
        text = "Round 1: keep your card or swap to the left."
        top = SimpleNamespace(wrapped=(text,) + sentences(text, 15, 1))
        play = type("Play", (), {})()
        play.parts = [top]
        rec.look(SimpleNamespace(app=SimpleNamespace(screen=play)), lambda: "Play")
    finally:
        rec.undo()
    kinds = sorted(set(k for k, scr, s in rec.problems()))
    assert kinds == ["button", "cut", "part", "row"], rec.problems()
    assert [s for k, scr, s in rec.problems() if k == "row"] == [
        "A label far too long here | on -> A label far too lo. | "
    ]


def test_the_recorder_sees_a_hand_row_with_cards_out_of_view_that_the_fan_holds():
    """Issue 56's whole hand: nine cards on 240 px fit the fan, so a row drawn with seven of
    them (the old scrolled row) is a problem; a hand too large for any fan may show part of
    itself only with the cards out of view counted at its ends."""
    from types import SimpleNamespace

    def play(n, shown, first, after):
        row = SimpleNamespace(
            w=240, sig=[None] * shown, deco=(False, False, first, after, 2, True, 28)
        )
        turn = SimpleNamespace(interactive=lambda: True, panel=None)
        scr = SimpleNamespace(
            turn=turn, parts=[None, None, None, row], model=SimpleNamespace(hand=bytes(n)), page=0
        )
        return scr

    rec = walk.Recorder()
    rec.look_hand(play(9, 9, 0, 0))  # whole
    rec.look_hand(play(30, 14, 0, 16))  # too large for a fan, the rest counted
    assert rec.problems() == [] and rec.most[0] == 9
    rec.look_hand(play(9, 7, 0, 2))  # two cards scrolled away
    rec.look_hand(play(30, 14, 0, 0))  # cards out of view, not counted
    assert [k for k, scr, s in rec.problems()] == ["hand", "hand"], rec.problems()


def test_a_selected_row_reads_at_once_in_a_short_form_and_whole_in_the_help():
    """Issue 56: a row too long for its line shows, selected or not, a short label (or the
    value without its explanation) beside its value: nothing scrolls; the help line under the
    list starts with the row's whole wording."""
    from firmware import listui

    assert listui.layout(("Target", "auto (1000/2500)"), 19) == ("Target", "auto")
    assert listui.layout(("Strict undertrump", "on", "Undertrump"), 19) == ("Undertrump", "on")
    row = ("Continue Popcorn", "move 12", "Continue Popcorn", "Popcorn")
    assert listui.layout(row, 19) == ("Popcorn", "move 12")
    assert listui.layout(("Hands", "to the target"), 19) == ("Hands", "to the target")
    assert listui.whole(row, 19, "A: carry on") == "Continue Popcorn\nA: carry on"
    assert listui.whole(("Target", "auto (1000/2500)"), 19, "") == "Target: auto (1000/2500)"
    assert listui.whole(("Hands", "to the target"), 19, "How many") == "How many"
    assert not hasattr(listui.F, "window")  # no marquee left


@pytest.mark.parametrize("board", BOARDS)
def test_every_screen_of_every_game_shows_whole_words_and_no_codes(board):
    rec = walk.walk(board)
    screens = set(scr for scr, s in rec.drawn)
    # the walk reached what it is meant to check
    for name in (
        "MainMenu",
        "Settings",
        "BoardPage",  # the board's own settings, apart from a player's
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
    assert rec.most[0] >= 9  # a Schieber hand, whole, at every decision (no "hand" problem)
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
