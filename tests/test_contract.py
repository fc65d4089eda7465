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


@pytest.mark.parametrize("gid", [e[0] for e in games.CATALOGUE])
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


@pytest.mark.parametrize("gid", [e[0] for e in games.CATALOGUE])
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


@pytest.mark.parametrize("gid", [e[0] for e in games.CATALOGUE])
def test_option_rows_have_one_shape(gid):
    mod = games.rules(gid)
    rows = mod.OPTIONS
    shown = games.options_for(gid)
    assert [r[0] for r in rows] == [o[0] for o in shown]
    for r, o in zip(rows, shown):
        assert len(r) == 5 and isinstance(r[3], str) and r[3]
        if r[2] is None:
            assert o[1] is True or o[1] is False
        else:
            lo, hi = r[2]
            assert lo <= o[1] <= hi
            with pytest.raises(GameError, match="must be"):
                check_options({r[0]: hi + 1}, rows)
        if r[4] is not None:
            # words for the numbers from the lowest up; the last one stands for the rest
            assert r[2] is not None and 1 <= len(r[4]) <= r[2][1] - r[2][0] + 1
            assert "%d" in r[4][-1] or len(r[4]) == r[2][1] - r[2][0] + 1, r
