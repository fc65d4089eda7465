"""The engine contract kept the same way by every family (engine/game.py): one error type,
labels and event texts from public data only, option rows in one shape."""

import pytest

from engine import games
from engine.game import GameError
from engine.setup import check_options


def _walk(gid, seats, steps=60):
    g = games.new_game(gid, seats, 7)
    events = []
    g.attach_log(events.append)
    for i in range(steps):
        if g.over:
            break
        yield g, events
        acts = g.legal_actions()
        g.apply(acts[(i * 7) % len(acts)])


@pytest.mark.parametrize("gid", [e[games.ID] for e in games.CATALOGUE])
def test_labels_come_from_the_view_and_every_event_reads(gid):
    mod = games.rules(gid)
    seats = games.seat_counts(gid)[0]
    names = ["P%d" % s for s in range(seats)]
    for g, events in _walk(gid, seats):
        v = g.view(g.to_act)
        for a in g.legal_actions():
            t = mod.action_label(v, a)
            assert isinstance(t, str) and t
        for ev in events:
            t = mod.describe_event(ev, names)
            assert t is None or (isinstance(t, str) and t)


@pytest.mark.parametrize("gid", [e[games.ID] for e in games.CATALOGUE])
def test_one_error_type_for_bad_actions_options_and_saves(gid):
    seats = games.seat_counts(gid)[0]
    g = games.new_game(gid, seats, 3)
    for bad in ({}, {"act": "nonsense"}, {"act": "play", "cards": ["ZZ"]}, {"act": 5}):
        with pytest.raises(GameError):
            g.parse_action(bad)
    with pytest.raises(GameError):
        g.apply(("nonsense",))
    with pytest.raises(GameError):
        g.apply(["not", "a", "tuple"])
    with pytest.raises(GameError, match="unknown option"):
        games.new_game(gid, seats, 3, {"no_such_option": 1})
    with pytest.raises(ValueError, match="damaged"):
        games.decode(gid, g.encode()[:-3])


@pytest.mark.parametrize("gid", [e[games.ID] for e in games.CATALOGUE])
def test_option_rows_have_one_shape(gid):
    mod = games.rules(gid)
    rows = mod.OPTIONS
    shown = games.options_for(gid)
    for r, o in zip(rows, shown):
        assert len(r) == 5 and len(o) == 5
        name, default, limits, help_, words = r  # an option row
        oname, odefault, ohelp, olimits, owords = o  # options_for(): help before limits
        assert (oname, ohelp, olimits, owords) == (name, help_, limits, words)
        assert isinstance(help_, str) and help_
        if limits is None:
            assert odefault is True or odefault is False
        else:
            lo, hi = limits
            assert lo <= odefault <= hi
            with pytest.raises(GameError, match="must be"):
                check_options({name: hi + 1}, mod, gid)
        if words is not None:
            # words for the numbers from the lowest up; the last one stands for the rest
            assert limits is not None and 1 <= len(words) <= hi - lo + 1
            assert "%d" in words[-1] or len(words) == hi - lo + 1, r
    assert len(rows) == len(shown)


@pytest.mark.parametrize("gid", [e[games.ID] for e in games.CATALOGUE])
def test_the_base_reads_every_save_header_and_the_family_only_its_body(gid):
    mod = games.rules(gid)
    assert not hasattr(mod, "decode") and not hasattr(mod, "read_header")
    assert "_decode_body" in mod.GAME_CLASS.__dict__
    seats = games.seat_counts(gid)[-1]
    g = games.new_game(gid, seats, 11)
    for i in range(25):  # a fresh game and one in play round-trip
        d = g.encode()
        back = games.decode(gid, d)
        assert back.encode() == d and type(back) is mod.GAME_CLASS
        assert (back.seats, back.seed, back.opts) == (seats, 11, g.opts)
        if g.over:
            break
        acts = g.legal_actions()
        g.apply(acts[(i * 5) % len(acts)])
    d = g.encode()
    # what the shared header checks holds for every family: a byte left over after the body,
    # a seat count the catalogue does not offer, a save of another game of the family
    with pytest.raises(ValueError, match="damaged"):
        games.decode(gid, d + b"\x00")
    at = 2 + len(gid)  # format u8, game id as text (u8 length), then the seat count
    bad = bytearray(d)
    bad[at] = seats + 1
    with pytest.raises(ValueError, match="players, not %d" % (seats + 1)):
        games.decode(gid, bytes(bad))
    for other in mod.GAME_IDS:
        if other != gid:
            with pytest.raises(ValueError, match="save is for %s, not %s" % (gid, other)):
                games.decode(other, d)
