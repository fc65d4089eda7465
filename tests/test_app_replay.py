"""Replay in the app, by button presses: after a match (the results' "Replay this match", every
hand may be seen, A passing the table round) and during a game (the pause menu's "Look back over
this hand", the holder's view only). Every state shown is the state the game was in at that move
(its encoding), forward and back, drawn with the table's widgets (a step sends what changed and
draws what a whole frame draws); the look-back never draws or names a card the holder may not
know at that move; the rows are offered only when they may be used."""

import pytest

import sim.headless as headless

from conftest import run_micropython
from sim.autoplay import AutoPlayer, setup_game
from sim.headless import Device, MemStorage

LOOK = "Look back over this hand"


def _recording(dev):
    """Every state of every game the app starts, as played (its encoding before the first
    move and after each)."""
    states = []
    app = dev.app
    go = app.go

    def hook(scr):
        t = getattr(scr, "turn", None)
        if t is not None and not hasattr(t, "_rec"):
            t._rec = 1
            del states[:]
            states.append(t.game.encode())
            act = t.act

            def rec(a):
                act(a)
                states.append(t.game.encode())

            t.act = rec
        return go(scr)

    app.go = hook
    return states


def _until_screen(dev, name, n=6000):
    for _ in range(n):
        if dev.app.screen.__class__.__name__ == name:
            return dev.app.screen
        dev.wait(1)
    raise AssertionError("no %s screen" % name)


def _to_again(dev):
    res = _until_screen(dev, "TextScreen")
    assert res.ttl == "Game over"
    for _ in range(40):
        if dev.app.screen.__class__.__name__ == "Again":
            return dev.app.screen
        dev.press("a")
    raise AssertionError("no Again screen")


def _opened(dev, n=400):
    """The replay on the panel once it has gone over the moves (SCAN a frame)."""
    r = dev.app.screen
    assert r.__class__.__name__ == "Replay"
    for _ in range(n):
        if r.keyq is None:
            return r
        dev.wait(1)
    raise AssertionError("the replay never finished reading the moves")


def _choose(dev, scr, label):
    for _ in range(40):
        if scr.rows()[scr.cur][0] == label:
            dev.press("a")
            return
        dev.press("down")
    raise AssertionError("no row %r" % label)


@pytest.mark.parametrize(
    "game,seats", [("shithead", 2), ("screwed", 3), ("syn-swap", 4), ("schieber", 4)]
)
def test_replay_after_a_match_steps_through_every_state_played(game, seats):
    dev = Device("pico_lcd_1_3", MemStorage(), deal=4711)
    dev.press("a")
    states = _recording(dev)
    setup_game(dev, game, humans=0, seats=seats, speed="instant")
    again = _to_again(dev)
    assert "Replay this match" in [r[0] for r in again.rows()]
    _choose(dev, again, "Replay this match")
    r = _opened(dev)
    assert r.moves == len(states) - 1
    assert r.played == 0 and r.game.encode() == states[0]
    assert r.title() == "Move 0 of %d" % r.moves
    dev.wait(1)
    # every hand may be seen: A passes the table round, each seat's cards at the bottom
    c = dev.app.canvas
    hands = [set(r.game.view(s)["hand"]) for s in range(seats)]
    for s in range(seats):
        assert r.seat == s and set(r.model.hand) == hands[s]
        assert r.parts[4].sig[0][0][0].startswith(r.names[s])  # whose: the words' first line
        if game == "shithead":  # the face-down rows too once the match is over
            assert [x for x, _ in r.wl[0] if x.startswith("Face down: ")], r.wl
        c.seen = set()
        r.full = True
        dev.wait(1)
        drawn = c.seen & set().union(*hands)
        assert drawn <= hands[s] and (drawn or not hands[s]), (s, drawn)
        c.seen = None
        dev.press("a")
    assert r.seat == 0
    # the title bar says what B does; "Move 0 of N" where it fits beside it, else "Move 0/N"
    assert r.sig["title"] in (
        ("Move 0 of %d" % r.moves, "B:back"),
        ("Move 0/%d" % r.moves, "B:back"),
    )
    assert len(r.sig["title"][0]) <= (dev.app.canvas.width - 8) // 12 - 7
    for k in range(1, r.moves + 1):
        dev.press("down")
        assert r.played == k and r.game.encode() == states[k], k
    dev.press("down")  # past the end: stays
    assert r.played == r.moves
    # back across a checkpoint, then forward again: the same states
    back = min(r.moves, r.ck + 5)
    for _ in range(back):
        dev.press("up")
    assert r.played == r.moves - back and r.game.encode() == states[r.played]
    for _ in range(3):
        dev.press("down")
    assert r.game.encode() == states[r.played]
    # a trick or a round (at most 10 moves) back and on
    k = r.played
    dev.press("left")
    assert 0 < k - r.played <= 10 and r.game.encode() == states[r.played]
    dev.press("right")
    assert r.played > k - 10 and r.game.encode() == states[r.played]
    if game == "schieber":  # tricks of four: RIGHT from a trick's end is the next trick's end
        while not r.marks[r.played]:
            dev.press("down")
        k = r.played
        dev.press("right")
        assert r.played == k + 4
    # B: back to the results' choices
    dev.press("b")
    assert dev.app.screen is again


def test_results_offer_no_replay_without_the_log():
    dev = Device("pico_lcd_1_3", MemStorage(), deal=808)
    dev.press("a")
    setup_game(dev, "screw", humans=0, speed="instant")
    dev.app.screen.turn.actions = None  # a game continued from a save before the log
    again = _to_again(dev)
    assert "Replay this match" not in [r[0] for r in again.rows()]
    assert [r[0] for r in again.rows()][-1] == "Main menu"


def _pause_rows(dev):
    dev.press("b")
    pause = dev.app.screen
    assert pause.__class__.__name__ == "Pause"
    return pause, [r[0] for r in pause.rows()]


def _until(dev, cond, n=400):
    for _ in range(n):
        if cond():
            return True
        dev.wait(1)
    return cond()


def test_look_back_with_one_human_shows_the_moves_so_far_and_returns():
    dev = Device("pico_lcd_1_3", MemStorage(), deal=99)
    dev.press("a")
    states = _recording(dev)
    setup_game(dev, "screwed", humans=1, seats=3, speed="instant")
    play = dev.app.screen
    t = play.turn
    ap = AutoPlayer(dev)
    for _ in range(3):
        assert _until(dev, t.interactive)
        ap.turn(play)
    assert _until(dev, t.interactive)
    now = t.game.encode()
    pause, rows = _pause_rows(dev)
    assert LOOK in rows
    _choose(dev, pause, LOOK)
    r = _opened(dev)
    assert r.played == r.moves == t.moves == len(states) - 1
    h = r.moves - r.first  # the hand in play's moves
    assert r.game.encode() == now and r.title() == "Move %d of %d" % (h, h)
    for k in range(r.moves - 1, r.first - 1, -1):
        dev.press("up")
        assert r.played == k and r.game.encode() == states[k]
    dev.press("up")  # no further back than the start of the hand
    assert r.played == r.first
    for k in range(r.first + 1, r.moves + 1):
        dev.press("down")
        assert r.game.encode() == states[k]
    dev.press("b")
    assert dev.app.screen is pause
    dev.press("b")
    assert dev.app.screen is play and t.game.encode() == now  # the game itself never moved
    dev.wait(2)
    assert play.parts is not None  # the table's drawing, let go meanwhile, is back
    assert t.interactive()


def test_the_look_back_answers_at_once_and_reads_a_long_match_a_few_moves_a_frame():
    """A long log is read SCAN moves a frame: the first frame says so (a bar fills), presses made
    meanwhile are handled in order once the page is up, and B goes back at once."""
    from firmware.replay_screen import SCAN

    dev = Device("pico_lcd_1_3", MemStorage(), deal=3)
    dev.press("a")
    setup_game(dev, "shithead", humans=1, seats=6, speed="instant")
    play = dev.app.screen
    t = play.turn
    ap = AutoPlayer(dev, seed=1)
    for _ in range(20000):
        if t.moves > 12 * SCAN and t.interactive() and not t.privacy() and t.panel is None:
            break
        ap.step()
    assert t.moves > 12 * SCAN  # more than the frames of the presses below read
    now = t.game.encode()
    pause, rows = _pause_rows(dev)
    _choose(dev, pause, LOOK)
    r = dev.app.screen
    assert r.__class__.__name__ == "Replay" and r.keyq is not None  # still reading
    assert r.sig["title"] == ("Look back", "B:back")
    dev.press("up")
    dev.press("up")
    dev.press("down")
    assert r.keyq is not None and r.game is None  # queued, not yet handled
    r = _opened(dev)
    assert r.played == r.moves - 1 and r.moves == t.moves  # up, up, down: one move back from now
    dev.press("b")
    assert dev.app.screen is pause
    # B while it reads: back at once, the reading dropped
    _choose(dev, pause, LOOK)
    r = dev.app.screen
    assert r.keyq is not None
    dev.press("b")
    assert dev.app.screen is pause and r.sg is None
    dev.press("b")
    dev.wait(2)
    assert dev.app.screen is play and t.game.encode() == now


def _hand_starts(gid, seats, deal, opts, log):
    """The moves after which a hand (a deal's play) ended, by the engine's events."""
    from engine import deals, games

    g = games.new_game(gid, seats, deal, opts)
    evs = []
    g.log = evs.append
    out = []
    for j, i in enumerate(deals.indices(log)):
        del evs[:]
        deals.step(g, i)
        if [e for e in evs if e["ev"] in ("round", "score", "hand", "restart")]:
            out.append(j + 1)
    return out


def test_the_look_back_covers_the_hand_in_play_and_the_replay_every_hand():
    """A Schieber match in its second hand: the look back starts where the first hand ended
    (no earlier move, no earlier hand's cards); the replay after a match starts at the deal."""
    dev = Device("pico_lcd_1_3", MemStorage(), deal=7)
    dev.press("a")
    setup_game(dev, "schieber", humans=1, seats=4, speed="instant")
    play = dev.app.screen
    t = play.turn
    ap = AutoPlayer(dev, seed=2)
    ends = []
    for _ in range(4000):
        if dev.app.screen is play and t.interactive():
            log = bytes(t.actions.data())
            ends = _hand_starts("schieber", 4, t.game.seed, t.game.opts, log)
            if ends and ends[-1] < t.moves - 2:
                break
        ap.step()
    assert ends and ends[-1] < t.moves - 2
    pause, rows = _pause_rows(dev)
    _choose(dev, pause, LOOK)
    r = _opened(dev)
    assert r.first == ends[-1] and r.played == r.moves == t.moves
    for _ in range(r.moves - r.first + 3):
        dev.press("up")
    assert r.played == r.first
    assert r.title().startswith("Move 0 ")
    dev.press("left")  # a trick back: still the start of the hand
    assert r.played == r.first
    dev.press("b")
    dev.press("b")
    assert dev.app.screen is play


def test_look_back_is_not_offered_without_a_holder_or_a_log():
    # bots only: nobody holds the console
    dev = Device("pico_lcd_1_3", MemStorage(), deal=5)
    dev.press("a")
    setup_game(dev, "screw", humans=0, speed="normal")
    pause, rows = _pause_rows(dev)
    assert LOOK not in rows
    # two humans, on the hand-over screen: the console is being passed
    dev = Device("pico_lcd_1_3", MemStorage(), deal=5)
    dev.press("a")
    setup_game(dev, "screw", humans=2, seats=3, speed="instant")
    play = dev.app.screen
    t = play.turn
    assert _until(dev, t.privacy)
    dev.skip(600)
    dev.wait(1)
    pause, rows = _pause_rows(dev)
    assert LOOK not in rows
    dev.press("b")
    # the holder took the console: offered; without the log: not
    ap = AutoPlayer(dev)
    ap.handover(play)
    assert t.viewer >= 0 and not t.privacy()
    ap.turn(play)
    assert _until(dev, lambda: t.interactive() or t.privacy())
    if t.privacy():
        ap.handover(play)
    pause, rows = _pause_rows(dev)
    assert LOOK in rows
    dev.press("b")
    t.actions = None
    pause, rows = _pause_rows(dev)
    assert LOOK not in rows


def _glyph(c, swiss=False):
    from firmware.replay_screen import card_words

    class C:
        seen = None

    C.swiss = swiss
    return card_words(C, [c])


def _names_in(text):
    return set(text.replace(",", " ").replace(":", " ").replace(".", " ").split())


@pytest.mark.parametrize("game", ["screw", "screwed"])
def test_look_back_never_shows_a_card_the_holder_may_not_know(game, monkeypatch):
    """Two humans: at every move looked back at, nothing drawn (card faces recorded by the
    canvas, card names in the text) is hidden from the holder at that move, and no card of the
    other human's hand as it is now appears unless the holder could see it then."""
    texts = []  # every string the large face draws (the replay screen draws only with it)

    def record(r):
        """Record what the screen's own large face (firmware.bigfont, as it imported it: the
        module may have been loaded again since this test began) draws."""
        import sys

        F = sys.modules[type(r).__module__].F
        draw = F.text

        def text(c, s, x, y, fg, bg=None):
            texts.append(s if isinstance(s, str) else bytes(s).decode("latin-1"))
            return draw(c, s, x, y, fg, bg)

        monkeypatch.setattr(F, "text", text)

    dev = Device("pico_lcd_1_3", MemStorage(), deal=2024)
    dev.press("a")
    setup_game(dev, game, humans=2, seats=3, speed="instant")
    play = dev.app.screen
    t = play.turn
    ap = AutoPlayer(dev)
    looked = 0
    for _ in range(400):
        if t.game.over or looked >= 3:
            break
        if t.privacy():
            ap.handover(play)
            continue
        if not t.interactive():
            dev.wait(1)
            continue
        if t.moves >= 6 * (looked + 1):
            me = t.viewer
            other = [s for s in t.humans if s != me][0]
            theirs_now = set(t.game.hidden_from(me)) & set(t.game.view(other)["hand"])
            pause, rows = _pause_rows(dev)
            assert LOOK in rows
            _choose(dev, pause, LOOK)
            r = _opened(dev)
            record(r)
            c = dev.app.canvas
            drawn = set()
            while True:
                c.seen = set()
                words = set()
                r.full = True
                del texts[:]
                dev.wait(1)
                assert texts
                for x in texts:
                    words |= _names_in(x)
                for x, _ in r.wl[0]:  # every part of the words (shown in turn)
                    words |= _names_in(x)
                hidden = set(r.game.hidden_from(me))
                # (a joker's "*" names neither joker: those are checked by the canvas alone)
                named = set(x for x in range(52) if _glyph(x, t.swiss) in words)
                assert not (c.seen | named) & hidden, (r.played, (c.seen | named) & hidden)
                # the other human's cards of now: only those the holder knew at that move
                known_then = set(range(54)) - hidden
                assert not ((c.seen | named) & theirs_now) - known_then, r.played
                drawn |= c.seen | named
                if r.played == 0:
                    break
                dev.press("up")
            assert drawn  # the check saw cards
            c.seen = None
            monkeypatch.undo()
            dev.press("b")
            dev.press("b")
            assert dev.app.screen is play
            looked += 1
            continue
        ap.turn(play)
    assert looked >= 2


def test_the_replay_module_imports_and_steps_on_micropython():
    """The unix port: the screen is built on a real app and steps forward and back to the same
    states; prints the rebuild time of a whole match from the deal."""
    code = """
from sim.session import Session
from engine import games, deals
import time
s = Session('pico_lcd_1_3')
s.frame(0)
gid = 'screw'
g = games.new_game(gid, 3, 4711, None)
bots = [games.make_bot(gid, 'heuristic', i, 16 * i + 1) for i in range(3)]
log = bytearray()
enc = [g.encode()]
while not g.over:
    legal = g.legal_actions()
    a = bots[g.to_act].choose(g.view(g.to_act), legal)
    deals.record(log, legal, a)
    g.apply(a)
    enc.append(g.encode())
log = bytes(log)
t0 = time.ticks_ms()
deals.rebuild(gid, 3, 4711, g.opts, log)
print('rebuild', len(enc) - 1, time.ticks_diff(time.ticks_ms(), t0))
from firmware.replay_screen import Replay
r = Replay(s.app, gid, 3, 4711, g.opts, log, ['Anna', 'Ben', 'Cleo'], -1, None)
s.app.go(r)
s.frame(0)
while r.keyq is not None:  # the moves gone over, SCAN a frame
    s.frame(0)
ok = r.game.encode() == enc[0]
for k in range(1, r.moves + 1):
    r.go_to(k)
    ok = ok and r.game.encode() == enc[k]
t0 = time.ticks_ms()
r.go_to(r.moves - 1)  # from the last checkpoint
print('back', time.ticks_diff(time.ticks_ms(), t0))
ok = ok and r.game.encode() == enc[r.moves - 1]
s.frame(0)
print('ok' if ok else 'bad', r.moves)
"""
    out = run_micropython(code, heap="2M")  # from source (compiled at import): not a heap test
    print(out)
    assert "ok" in out.split(), out


def test_a_look_back_left_open_gives_way_to_the_hand_over_at_the_sleep():
    """The look back shows the holder's hand: asleep, nobody holds the console any more, so the
    table (and its hand-over) comes back, as for a hint left open."""

    dev = Device("pico_lcd_1_3", MemStorage(), deal=7)
    dev.press("a")
    setup_game(dev, "shithead", humans=2, seats=2, speed="instant")
    play = dev.app.screen
    t = play.turn
    ap = AutoPlayer(dev, seed=3)
    for _ in range(200):
        if t.interactive() and t.moves > 2:
            break
        ap.step()
    pause, rows = _pause_rows(dev)
    _choose(dev, pause, LOOK)
    assert dev.app.screen.__class__.__name__ == "Replay"
    dev.app.power.sleep()
    dev.wait(1)
    assert dev.app.screen is play and t.viewer == -1 and t.privacy()


def _hidden_drawn(dev, r, me):
    """The cards hidden from seat me that the look back draws face up (the canvas records
    every face), each state from the one shown back to the start of the hand drawn whole."""
    c = dev.app.canvas
    leaked = set()
    while True:
        c.seen = set()
        r.full = True
        dev.wait(1)
        leaked |= c.seen & set(r.game.hidden_from(me))
        if r.played == r.first:
            break
        dev.press("up")
    c.seen = None
    return leaked


@pytest.mark.parametrize("game,humans,seats", [("schieber", 1, 4), ("shithead", 2, 3)])
def test_the_look_back_draws_no_card_hidden_from_the_holder_and_the_check_sees_a_leak(
    game, humans, seats
):
    """The look back draws the table from the holder's view only: at every move of the hand,
    drawn whole, no card face on the panel is hidden from the holder then, and A does not pass
    the table on. The same check on a mutant that draws the next seat's table (as the replay
    after a match does) finds hidden cards: the check can fail."""
    dev = Device("pico_lcd_1_3", MemStorage(), deal=31)
    dev.press("a")
    setup_game(dev, game, humans=humans, seats=seats, speed="instant")
    play = dev.app.screen
    t = play.turn
    ap = AutoPlayer(dev, seed=5)
    for _ in range(4000):
        if t.moves >= 14 and t.interactive() and not t.privacy() and t.panel is None:
            break
        ap.step()
    me = t.viewer
    assert me >= 0
    pause, rows = _pause_rows(dev)
    _choose(dev, pause, LOOK)
    r = _opened(dev)
    assert r.moves - r.first >= 4
    dev.press("a")
    assert r.seat == me
    assert not _hidden_drawn(dev, r, me)
    r.seat = (me + 1) % seats  # the mutant: another seat's table
    r.go_to(r.moves)
    assert _hidden_drawn(dev, r, me)


def _same_as_whole(dev):
    """The panel (what was sent) equals the canvas, and the canvas drawn by the widgets' changes
    equals the screen drawn whole (in the same instant: the words' part stays)."""
    c = dev.app.canvas
    assert dev.display.shadow == c.buf, "the panel kept stale pixels"
    part = bytes(c.buf)
    r = dev.app.screen
    r.full = True
    r.draw()
    assert bytes(c.buf) == part, "a step drew other pixels than a whole frame"


@pytest.mark.parametrize("board", ["pico_lcd_1_3", "pico_lcd_1_14"])
@pytest.mark.parametrize("game,seats", [("schieber", 4), ("shithead", 3)])
def test_a_replay_step_sends_what_changed_and_draws_what_a_whole_frame_draws(
    board, game, seats, monkeypatch
):
    """The replay drawn with the table's widgets: after each step on, A (another seat's table),
    steps back across a checkpoint and trick jumps, the panel holds every change and the
    picture is the one drawn whole; the table's widgets drew it (the centre and the cards)."""
    from test_app_dirty import ShadowDisplay

    monkeypatch.setattr(headless, "RecordingDisplay", ShadowDisplay)
    dev = Device(board, MemStorage(), deal=4711)
    dev.press("a")
    setup_game(dev, game, humans=0, seats=seats, speed="instant")
    again = _to_again(dev)
    _choose(dev, again, "Replay this match")
    r = _opened(dev)
    dev.wait(1)
    assert r.parts[1].sig is not None and r.parts[3].sig is not None
    for key in ["down"] * 30 + ["a", "down", "a"] + ["up"] * (r.ck + 3) + ["right", "left"]:
        dev.press(key)
        _same_as_whole(dev)
    assert r.seat == 2
