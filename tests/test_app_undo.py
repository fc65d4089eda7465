"""Undo against bots in the app, by button presses.

Undo takes back a human's last move (and the bots' replies) from the pause menu: with one human
until that human moves again; with two or more, until the next human has seen their hand, and
then only when that human agrees on their hand-over screen; and never once a card hidden from a
human at that point has since been shown to them (tests/test_undo_reveals.py has the property
test over every family). It restores exactly the previous state (the game's generator included:
the encoding is the same), survives a power-off (the log is in the save) and can be turned off
at setup.
"""

from engine import games
from firmware.handover import ARM_MS
from sim.autoplay import AutoPlayer, setup_game
from sim.headless import Device, MemStorage


def _table(game, humans, st=None, undo=True, seats=None, speed="normal"):
    st = st if st is not None else MemStorage()
    dev = Device("pico_lcd_1_3", st)
    dev.press("a")
    if not undo:
        dev.app.undo = False  # what the setup's Undo row sets (pressed in its own test)
    # at the normal pace the bots reply 0.7 s after a move: the pause menu opens before them
    setup_game(dev, game, humans=humans, seats=seats, speed=speed)
    play = dev.app.screen
    assert play.__class__.__name__ == "Play"
    return dev, st, play


def _until(dev, cond, n=400):
    for _ in range(n):
        if cond():
            return True
        dev.wait(1)
    return cond()


def _pause_rows(dev):
    for _ in range(3):  # B first clears a selection, or closes a round panel
        dev.press("b")
        if dev.app.screen.__class__.__name__ == "Pause":
            break
    pause = dev.app.screen
    assert pause.__class__.__name__ == "Pause"
    return pause, [r[0] for r in pause.rows()]


def _choose(dev, pause, label):
    while pause.rows()[pause.cur][0] != label:
        dev.press("down")
    dev.press("a")


def _human_move(dev, play, ap):
    """The shown human's move by buttons; returns the encoding before it."""
    t = play.turn
    for _ in range(400):  # round panels closed on the way
        if t.interactive():
            break
        if t.panel is not None:
            dev.press("a")
        else:
            dev.wait(1)
    assert t.interactive()
    before = play.turn.game.encode()
    ap.turn(play)
    assert play.turn.game.encode() != before
    return before


def _quiet_move(dev, play, ap, n=40):
    """A human move that shows no human a card it could not see (a card played from the hand
    against bots; not a draw): the encoding before it. Moves that do show one are made and
    passed over."""
    for _ in range(n):
        before = _human_move(dev, play, ap)
        if play.turn.can_undo():
            return before
    raise AssertionError("no quiet move in %d" % n)


def test_undo_restores_the_exact_previous_state_rng_included():
    dev, st, play = _table("screwed", 1, seats=3)
    ap = AutoPlayer(dev)
    _human_move(dev, play, ap)  # a first move: then another, with the bots' replies between
    before = _quiet_move(dev, play, ap)
    rng_before = games.decode(play.turn.gid, before).rng.get_state()
    me = play.turn.mark.seat
    t = play.turn
    # the autosave before the move is the state to come back to: decoded, not played again
    assert t.mark.state == before
    pause, rows = _pause_rows(dev)
    assert "Take back my move" in rows
    _choose(dev, pause, "Take back my move")
    assert dev.app.screen is play
    t = play.turn
    assert t.game.encode() == before
    assert t.game.rng.get_state() == rng_before
    assert t.game.to_act == me and t.interactive()
    assert "took back a move" in t.log[-1]
    # one step: nothing more to take back until the human moves again
    pause, rows = _pause_rows(dev)
    assert "Take back my move" not in rows
    dev.press("b")
    _quiet_move(dev, play, ap)
    pause, rows = _pause_rows(dev)
    assert "Take back my move" in rows


def test_undo_survives_a_power_off():
    dev, st, play = _table("screw", 1)
    ap = AutoPlayer(dev)
    before = _quiet_move(dev, play, ap)
    dev.wait(5)  # the autosave after the frame (the bots wait 0.7 s)
    assert play.turn.can_undo()
    dev2 = Device("pico_lcd_1_3", st)
    dev2.press("a")
    menu = dev2.app.screen
    assert menu.items[0][0] == "continue"
    dev2.press("a")
    dev2.wait(3)
    play2 = dev2.app.screen
    assert play2.__class__.__name__ == "Play"
    pause, rows = _pause_rows(dev2)
    assert "Take back my move" in rows
    assert (
        play2.turn.mark.state is None
    )  # after a power-off: played again from the deal by the log
    _choose(dev2, pause, "Take back my move")
    assert play2.turn.game.encode() == before


def test_undo_after_a_power_off_decodes_the_undo_state_kept_in_the_save(capsys):
    """Late in a match the log takes seconds to play again on the Pico: the save keeps the state
    undo goes back to (flag bit 2), so undo after a power-off decodes it; a damaged one is not
    trusted: the log is played again instead, to the same state."""
    dev, st, play = _table("screwed", 1, seats=3)
    ap = AutoPlayer(dev)
    _human_move(dev, play, ap)
    before = _quiet_move(dev, play, ap)  # the autosave before it is the undo state
    dev.wait(5)
    assert play.turn.mark.state == before and play.turn.can_undo()
    saved = dict(st.files)
    for damaged in (False, True):
        st2 = MemStorage()
        st2.files.update(saved)  # the console as it was at the power-off, each time
        dev2 = Device("pico_lcd_1_3", st2)
        dev2.press("a")
        dev2.press("a")  # continue
        dev2.wait(3)
        play2 = dev2.app.screen
        t = play2.turn
        assert t.mark.state == before  # read back from the save
        if damaged:
            t.mark.state = before[:20] + bytes([before[20] ^ 0x5A]) + before[21:]
        pause, rows = _pause_rows(dev2)
        _choose(dev2, pause, "Take back my move")
        assert t.game.encode() == before
        assert t.game.to_act == play.turn.mark.seat
        assert ("undo state unreadable" in capsys.readouterr().out) == damaged


def test_undo_off_at_setup_offers_no_undo():
    dev, st, play = _table("screw", 1, undo=False)
    ap = AutoPlayer(dev)
    _human_move(dev, play, ap)
    pause, rows = _pause_rows(dev)
    assert "Take back my move" not in rows


def _keep_until_handed_on(dev, play, ap):
    """Two humans at the swap game: the humans keep their cards (a move that shows nobody a
    card) until one's keep hands the console to the other. (mover, the encoding before)."""
    t = play.turn
    for _ in range(300):
        if t.privacy():
            ap.handover(play)
            continue
        if t.interactive():
            before = t.game.encode()
            mover = t.game.to_act
            want = ("keep",) if ("keep",) in t.game.legal_actions() else None
            ap.turn(play, want)
            dev.wait(2)
            if want and t.privacy() and t.human_to_act() != mover and t.can_undo():
                return mover, before
            continue
        dev.wait(1)
    raise AssertionError("no keep handed the console on")


def test_undo_never_reveals_a_card_not_seen_with_two_humans():
    """Anna keeps her card and the console waits for Ben's hand-over: Ben may let her take it
    back (asked on his hand-over screen). Then the hand-over goes back to Anna: Ben never sees a
    hand."""
    dev, st, play = _table("syn-swap", 2, seats=4, speed="instant")
    ap = AutoPlayer(dev)
    t = play.turn
    shown = []
    mover, before = _keep_until_handed_on(dev, play, ap)
    other = t.human_to_act()
    assert t.privacy() and other != mover
    seen_other = t.viewer  # the hand shown now is still the mover's
    assert seen_other == mover
    dev.skip(ARM_MS)
    dev.wait(1)
    pause, rows = _pause_rows(dev)
    label = "Let %s take back" % t.names[mover]
    assert label in rows
    _choose(dev, pause, label)
    confirm = dev.app.screen
    assert confirm.__class__.__name__ == "Confirm"
    assert t.names[other] in confirm.title()[0]  # its longest wording
    dev.press("down")
    dev.press("a")
    assert dev.app.screen is play
    assert t.game.encode() == before
    # the console is with the other human: no hand shows until the mover takes it back
    assert t.viewer == -1 and t.privacy() and t.human_to_act() == mover
    assert t.shown_seat() == -1
    shown.append(t.viewer)
    ap.handover(play)
    assert t.viewer == mover and t.interactive()
    assert other not in shown


def test_undo_ends_once_the_next_human_has_seen_their_hand():
    dev, st, play = _table("syn-swap", 2, seats=4, speed="instant")
    ap = AutoPlayer(dev)
    t = play.turn
    mover, before = _keep_until_handed_on(dev, play, ap)
    assert t.can_undo()
    ap.handover(play)  # the next human looks at their hand
    assert t.viewer != mover
    assert not t.can_undo()
    pause, rows = _pause_rows(dev)
    assert not [r for r in rows if "take back" in r.lower()]


def test_the_first_move_after_continue_takes_its_undo_point_without_working_it_out_in_the_press(
    monkeypatch,
):
    """What each human sees at a continued game's undo point is worked out after the table's
    first frame (Turn.ready), not in the press of the first move (a view per human on the Pico:
    several ms of that press); the undo state is the save's own bytes."""
    dev, st, play = _table("screw", 1)
    ap = AutoPlayer(dev)
    _quiet_move(dev, play, ap)
    dev.wait(30)
    for _ in range(400):
        if play.turn.interactive():
            break
        ap.step()
    dev.wait(5)
    dev2 = Device("pico_lcd_1_3", st)
    dev2.press("a")
    dev2.press("a")  # continue
    dev2.wait(3)
    play2 = dev2.app.screen
    t = play2.turn
    assert t.saved.unchecked is None and t.mark.snap_seen is not None and t.mark.snap[0] == t.moves
    from firmware import human

    real, acting = human.seen, []

    def seen(*a):
        assert not acting, "seen() worked out in the move's press"
        return real(*a)

    def act(a, real_act=t.act):
        acting.append(1)
        try:
            real_act(a)
        finally:
            acting.pop()

    monkeypatch.setattr(human, "seen", seen)
    t.act = act
    before = t.game.encode()
    AutoPlayer(dev2).turn(play2)
    assert t.game.encode() != before and t.mark.state == before
