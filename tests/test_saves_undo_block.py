"""The whole save is checked at Continue: a save whose checksum is right but whose undo block is
wrong (the log, the undo point, the undo seat, the undo state) is refused and kept aside when it
is continued, with a line naming its slot and game, never accepted to fail at the first look
back or undo (firmware.savelog.check_undo, run by Play.check_save before anything acts)."""

import pytest

from firmware import savefile
from sim.autoplay import AutoPlayer, setup_game
from sim.headless import Device, MemStorage


def _saved():
    """A CSV3 save of SCREWED! (one human, two bots) with its log and an undo point kept."""
    st = MemStorage()
    dev = Device("pico_lcd_1_3", st)
    dev.press("a")
    setup_game(dev, "screwed", humans=1, seats=3, speed="normal")
    play = dev.app.screen
    ap = AutoPlayer(dev)
    t = play.turn
    for _ in range(400):
        if t.moves >= 8 and t.interactive():
            break
        ap.step()
    for _ in range(40):
        ap.turn(play)
        dev.wait(5)  # the autosave (the bots wait 0.7 s)
        if t.can_undo() and t.mark.state is not None:
            break
        while not t.interactive():
            ap.step()
    assert t.can_undo() and t.mark.state is not None
    return st.files[t.saved.slot]


def _parts(data):
    """(offset of the undo block, its fields) of a CSV3 save."""
    gid, kinds, names, seed, stamp, moves, pos, extra = savefile.header(data, True)
    n = len(data) - pos  # the game's bytes
    on, point, who, log, snap = extra
    at = pos - (2 + len(snap) if snap is not None else 0) - len(log) - 6
    assert data[at + 6 : at + 6 + len(log)] == log
    return at, point, who, log, snap, n


def _continue(data):
    st = MemStorage()
    st.files["save"] = bytes(data)
    dev = Device("pico_lcd_1_3", st)
    dev.press("a")
    dev.press("a")  # Continue
    dev.wait(3)
    return dev, st


def damaged(data):
    at, point, who, log, snap, n = _parts(data)
    log_at = at + 6
    out = {}
    d = bytearray(data)
    d[log_at + len(log) // 2] ^= 0x01  # one move of the log changed
    out["a move of the log"] = d
    d = bytearray(data)
    d[at + 1 : at + 3] = bytes(((point + 2) >> 8, (point + 2) & 255))  # the point moved on
    out["the undo point"] = d
    d = bytearray(data)
    d[at + 3] = (who + 1) % 3  # a bot's seat
    out["the undo seat"] = d
    d = bytearray(data)
    s_at = log_at + len(log) + 2
    d[s_at + len(snap) // 2] ^= 0x10  # a card of the undo state
    out["the undo state"] = d
    return out


def test_a_save_with_a_whole_undo_block_continues_and_undoes():
    data = _saved()
    dev, st = _continue(data)
    play = dev.app.screen
    assert play.__class__.__name__ == "Play" and play.turn.saved.unchecked is None
    assert play.turn.can_undo()


@pytest.mark.parametrize("what", ["the undo point", "the undo seat", "the undo state"])
def test_a_damaged_undo_block_is_refused_at_continue(what):
    data = _saved()
    bad = damaged(data)[what]
    dev, st = _continue(bad)
    assert dev.app.screen.__class__.__name__ == "MainMenu", (what, dev.app.screen)
    assert "save" not in st.files and "save.bad" in st.files  # kept aside, never offered again
    assert "Slot 1 (SCREWED!)" in dev.app.notice


def _to_look_back(dev):
    for _ in range(3):
        if dev.app.screen.__class__.__name__ == "Pause":
            break
        dev.press("b")
    pause = dev.app.screen
    while pause.rows()[pause.cur][0] != "Look back over this hand":
        dev.press("down")
    return pause


def test_a_whole_log_before_the_undo_point_is_checked_in_the_first_frames_and_kept():
    data = _saved()
    dev, st = _continue(data)
    t = dev.app.screen.turn
    assert t.history is not None  # the moves before the undo point: a few a frame
    dev.wait(1 + t.mark.at // 4)
    assert t.history is None and t.actions is not None and t.can_undo()
    assert dev.app.screen.__class__.__name__ == "Play"


def test_a_move_of_the_log_before_the_undo_point_damaged_is_found_after_continue_and_let_go():
    """The moves before the undo point are played again from the deal a few a frame once the
    table is up (firmware.logcheck): a damaged one is said in words within those frames, not at
    the first look back; the log goes (no look back, no undo from it), the save is written
    without it, and the game goes on: no error screen."""
    data = _saved()
    bad = damaged(data)["a move of the log"]
    dev, st = _continue(bad)
    play = dev.app.screen
    assert play.__class__.__name__ == "Play"
    t = play.turn
    dev.wait(1 + t.mark.at // 4)
    scr = dev.app.screen
    assert scr.__class__.__name__ == "TextScreen" and "do not play again" in scr.text
    assert t.actions is None and not t.can_undo()
    dev.wait(3)  # its save, without the log
    _, _, _, _, _, _, _, extra = savefile.header(st.files["save"], True)
    assert extra[3] is None
    dev.press("b")
    assert dev.app.screen is play and not t.game.over
    dev.press("b")
    pause = dev.app.screen
    assert "Look back over this hand" not in [r[0] for r in pause.rows()]


def test_the_look_back_chosen_before_the_check_ends_finishes_it_first():
    data = _saved()
    bad = damaged(data)["a move of the log"]
    dev, st = _continue(bad)
    t = dev.app.screen.turn
    dev.app.screen.turn.history.run = _slow(t.history.run)  # the check still going on
    pause = _to_look_back(dev)
    assert t.history is not None
    dev.press("a")
    scr = dev.app.screen
    assert scr.__class__.__name__ == "TextScreen" and "do not play again" in scr.text
    assert t.actions is None
    dev.press("b")
    assert dev.app.screen is pause


def _slow(run):
    """The check going on one move a frame, and at once for a larger ask (the look back's)."""
    return lambda most: run(1 if most < 100 else most)
