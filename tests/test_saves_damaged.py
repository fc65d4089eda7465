"""A damaged or foreign save is refused with ValueError by engine.games.decode (the app then
reports it and keeps the file aside); the storage layer's CRC catches torn writes before this."""

import random

import pytest

from engine import games

CASES = [
    ("screw", 3),
    ("moonshine", 2),
    ("popcorn", 4),
    ("shithead", 6),
    ("screwed", 3),
    ("syn-partners", 4),
    ("syn-swap", 5),
    ("schieber", 4),
]


def play_a_little(gid, seats, seed, n):
    g = games.new_game(gid, seats, seed)
    bots = [games.make_bot(gid, "random", s, seed + s) for s in range(seats)]
    for _ in range(n):
        if g.over:
            break
        g.apply(bots[g.to_act].choose(g.view(g.to_act), g.legal_actions()))
    return g


@pytest.mark.parametrize("gid,seats", CASES)
def test_damaged_save_bytes_raise_value_error_or_load_a_consistent_game(gid, seats):
    g = play_a_little(gid, seats, 11, 25)
    data = g.encode()
    assert games.decode(gid, data).encode() == data
    r = random.Random(gid)
    for i in range(600):
        d = bytearray(data)
        kind = i % 3
        if kind == 0:
            d = d[: r.randrange(len(d))]
        elif kind == 1:
            for _ in range(1 + r.randrange(3)):
                d[r.randrange(len(d))] = r.randrange(256)
        else:
            d = bytearray(r.randrange(256) for _ in range(r.randrange(1, 120)))
        try:
            g2 = games.decode(gid, bytes(d))
        except ValueError as e:
            assert gid in str(e)
            continue
        # Whatever still loads holds exactly the pack, re-encodes to the same bytes and
        # answers the app's questions (legal actions, every seat's view).
        assert g2.encode() == bytes(d)
        assert sorted(g2.all_cards()) == sorted(g.all_cards())
        if not g2.over:
            assert g2.legal_actions()
        for s in range(g2.seats):
            g2.view(s)


def test_unknown_game_in_a_save_is_a_value_error():
    with pytest.raises(ValueError):
        games.decode("poker", b"\x00")
