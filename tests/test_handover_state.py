"""The hand-over's state is one object (firmware.handover.Handover, owned by the turn controller as
Turn.handover) whose methods alone change it, and the frame's phase (Turn.phase) is worked out
once a frame, then read: its clock and hold, the move's frame it waits behind, and the count of
the phase's workings per frame on a real table."""

from firmware import keys as K
from firmware.handover import ARM_MS, HOLD_MS, Handover
from sim.autoplay import AutoPlayer, play_watched, setup_game
from sim.headless import Device


def test_the_clock_counts_from_the_screen_and_only_a_hold_after_arming_reveals():
    h = Handover()
    assert h.tick(1000, False) == 2  # appeared (SHOWN): the clock starts now
    assert h.at == 1000 and h.down == -1 and not h.armed(1000)
    assert not h.key(K.A, 1000 + ARM_MS - 1) and h.down == -1  # a leftover press
    assert h.stage(1000 + ARM_MS - 1) == 0
    assert h.tick(1000 + ARM_MS, False) == 1  # the cue: A counts now (REDRAW, once)
    assert h.cued and h.tick(1000 + ARM_MS + 5, False) == 0
    t = 1000 + ARM_MS + 10
    assert h.armed(t) and h.stage(t) == 1
    assert not h.key(K.A, t) and h.down == t
    assert h.stage(t + HOLD_MS // 2) == 6  # the bar half full (2..9)
    assert h.tick(t + HOLD_MS // 2, False) == 1 and h.down == -1  # let go: a tap
    assert h.tick(t + 5 * HOLD_MS, False) == 0  # nothing reveals without a hold
    h.key(K.A, t + 5 * HOLD_MS)
    assert h.tick(t + 6 * HOLD_MS - 1, True) == 1  # held, not long enough
    assert h.tick(t + 6 * HOLD_MS, True) == 3  # held HOLD_MS: REVEAL
    assert h.at == -1 and h.down == -1


def test_due_names_the_moment_the_cue_or_the_reveal_comes_without_a_key():
    # firmware.main runs a frame then (App.wake), so the hand shows when the hold is long
    # enough, not up to a frame later
    h = Handover()
    assert h.due() == -1  # not up
    h.moved(True)
    assert h.due() == -1  # behind the move's own frame
    h.drawn()
    h.tick(1000, False)
    assert h.due() == 1000 + ARM_MS  # the cue
    h.tick(1000 + ARM_MS, False)
    assert h.due() == -1  # cued: nothing comes by time alone
    h.key(K.A, 1500)
    assert h.due() == 1500 + HOLD_MS  # the hold's end
    assert h.tick(h.due(), True) == 3 and h.due() == -1  # revealed


def test_b_asks_for_the_pause_menu_only_once_armed():
    h = Handover()
    assert not h.key(K.B, 0)  # not up yet: it appears now, nothing counts
    assert h.at == 0
    assert not h.key(K.B, ARM_MS - 1)
    assert h.key(K.B, ARM_MS)


def test_nothing_counts_behind_the_move_that_hands_the_console_on():
    h = Handover()
    h.moved(True)
    assert h.pending == 1
    assert h.tick(0, True) == 0 and h.at == -1  # the move's own frame: no clock
    assert not h.key(K.A, ARM_MS * 9) and h.at == -1 and h.down == -1
    assert h.drawn() and h.pending == 2
    assert not h.drawn()  # once
    assert not h.key(K.A, ARM_MS * 9) and h.at == -1  # its frame's keys: still the mover's
    assert h.tick(5000, True) == 2 and h.pending == 0 and h.at == 5000
    h.moved(False)
    assert h.pending == 0 and not h.drawn()


def test_reset_and_restart():
    h = Handover()
    h.tick(0, False)
    h.key(K.A, ARM_MS)
    h.moved(True)
    h.reset()
    assert (h.at, h.down, h.pending) == (-1, -1, 0)
    h.tick(10, False)
    h.restart()  # a new hand-over screen was drawn: the clock starts at the next tick
    assert h.at == -1 and h.tick(50, False) == 2 and h.at == 50


def patch(cls, name, counter):
    """cls.name counting its calls in counter[0]; returns the undoing."""
    real = getattr(cls, name)

    def counted(self, *a):
        counter[0] += 1
        return real(self, *a)

    setattr(cls, name, counted)
    return lambda: setattr(cls, name, real)


def test_the_phase_is_worked_out_once_a_frame_and_once_more_per_move():
    """On a table with two humans (a hand-over after every human move, bots between): a frame
    works the phase out once (Turn.update), plus once for each change in it: a move, the round
    panel up or closed, the console taken by the next human; the predicates themselves are
    never asked within a frame."""
    dev = Device("pico_lcd_1_3")
    dev.press("a")
    setup_game(dev, "shithead", humans=2, seats=3, speed="instant")
    play = dev.app.screen
    t = play.turn
    T = type(t)  # the class of the module loaded now (firmware.lifetimes loads it again)
    asked = [0]
    n = [0]
    acts = [0]
    undo = [patch(T, name, asked) for name in ("privacy", "interactive", "human_to_act")]
    undo.append(patch(T, "settle", n))
    undo.append(patch(T, "act", acts))
    ap = AutoPlayer(dev)
    frames = moves = during = acted = 0
    phases = set()
    try:
        real_frame = dev.frame

        def frame(mask=None):
            nonlocal frames, during, acted
            n[0] = acts[0] = 0
            was = asked[0]
            panel = t.panel
            viewer = t.viewer
            real_frame(mask)
            during += asked[0] - was  # the driver's own questions, between frames, do not count
            acted += acts[0]
            if dev.app.screen is play:
                frames += 1
                phases.add(t.phase)
                extra = (t.panel is not panel) + (t.viewer != viewer)
                assert 1 <= n[0] <= 1 + acts[0] + extra, (n[0], acts[0])

        dev.frame = frame
        while t.moves < 30 and not t.game.over and dev.app.screen is play:
            before = t.moves
            ap.step()
            moves += t.moves - before
    finally:
        for u in undo:
            u()
    assert frames > 30 and moves >= 20 and acted == moves  # (the counting is live)
    assert {1, 2} <= phases  # the hand-over and a human's turn were both seen
    assert during == 0, "a predicate was asked within a frame: %d" % during


def _phase(t):
    g = t.game
    s = g.to_act
    if t.panel is not None:
        return 3, -1
    if g.over or s < 0 or t.kinds[s] != 0:
        return 0, -1
    return (1 if s != t.viewer else 2), s


def test_the_phase_agrees_with_its_definition_through_a_game():
    def check(play):
        t = play.turn
        assert (t.phase, t.actor) == _phase(t)

    t = play_watched(check).turn
    assert t.moves >= 40 or t.game.over
