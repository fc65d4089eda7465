"""Engine core: card names, packs, the PRNG (same on both runtimes), options, codec."""

import pytest

from engine import cards, rng, codec
from engine.game import GameError, view_cards
from engine.optrows import defaults, option_word, options_for
from engine.setup import check_options
from tests.conftest import run_micropython


def test_card_names_round_trip_for_every_card_and_joker():
    for c in range(54):
        assert cards.parse(cards.name(c)) == c
    assert cards.name(cards.card(cards.TEN, 1)) == "TD"
    assert cards.name(52) == "RJ" and cards.name(53) == "BJ"


def test_bad_card_text_raises():
    for bad in ("1H", "TX", "", "10H", "JJ"):
        with pytest.raises(ValueError):
            cards.parse(bad)


def test_packs_have_the_right_cards():
    assert len(cards.pack(52)) == 52 and len(set(cards.pack(52))) == 52
    assert sorted(cards.pack(54))[-2:] == [52, 53]
    p36 = cards.pack(36)
    assert len(p36) == 36 and min(cards.value(c) for c in p36) == 6
    with pytest.raises(ValueError):
        cards.pack(40)


def test_rng_is_deterministic_and_stays_in_30_bits():
    a, b = rng.Rng(7), rng.Rng(7)
    xs = [a.next() for _ in range(1000)]
    assert xs == [b.next() for _ in range(1000)]
    assert all(0 <= x < 2**30 for x in xs)
    assert len(set(xs)) == 1000
    assert rng.Rng(8).next() != rng.Rng(7).next()


def test_rng_below_is_roughly_uniform():
    r = rng.Rng(3)
    counts = [0] * 6
    for _ in range(60000):
        counts[r.below(6)] += 1
    assert all(9000 < c < 11000 for c in counts)


def test_shuffle_is_a_permutation():
    d = cards.pack(52)
    rng.Rng(1).shuffle(d)
    assert sorted(d) == list(range(52)) and list(d) != list(range(52))


def test_rng_and_shuffle_match_on_micropython():
    code = (
        "from engine import rng, cards\nr = rng.Rng(12345)\nd = cards.pack(54)\nr.shuffle(d)\n"
        "print(list(d))\nprint([r.next() for _ in range(20)])\n"
    )
    out = run_micropython(code).split("\n")
    r = rng.Rng(12345)
    d = cards.pack(54)
    r.shuffle(d)
    assert out[0] == str(list(d))
    assert out[1] == str([r.next() for _ in range(20)])


class Family:
    """The option rows, game ids and presets of a made-up family (engine.setup)."""

    GAME_IDS = ("a", "b")
    OPTIONS = (
        ("flag", False, None, "a flag", None),
        ("chips", 3, (1, 9), "chips", None),
        ("mode", 0, (0, 1), "mode", ("plain", "fancy")),
    )
    PRESETS = {"b": {"chips": 4}}


def test_options_reject_unknown_names_and_bad_values():
    fam = Family
    assert check_options({"flag": "on", "chips": "5"}, fam, "a") == {
        "flag": True,
        "chips": 5,
        "mode": 0,
    }
    assert check_options(None, fam, "b")["chips"] == 4
    assert list(defaults(fam, "b").items()) == [("flag", False), ("chips", 4), ("mode", 0)]
    with pytest.raises(GameError, match="no game 'c'"):
        defaults(fam, "c")
    with pytest.raises(GameError, match="unknown option"):
        check_options({"nope": 1}, fam, "a")
    with pytest.raises(GameError, match="true/false"):
        check_options({"flag": "maybe"}, fam, "a")
    with pytest.raises(GameError, match="needs a number"):
        check_options({"chips": "lots"}, fam, "a")
    with pytest.raises(GameError, match="must be 1 to 9, not 10"):
        check_options({"chips": 10}, fam, "a")
    shown = options_for(fam, "a")  # (name, default, help, limits, words)
    assert option_word(shown[2], 1) == "fancy"
    assert option_word(shown[0], True) == "on"
    assert option_word(shown[1], 7) == "7"


def test_codec_round_trip_and_truncation():
    w = codec.Writer()
    w.u8(5)
    w.u16(1000)
    w.i16(-3)
    w.u32(123456789)
    w.blob(b"\x01\x02")
    w.text("Anna")
    r = codec.Reader(w.data())
    assert (r.u8(), r.u16(), r.i16(), r.u32(), bytes(r.blob()), r.text()) == (
        5,
        1000,
        -3,
        123456789,
        b"\x01\x02",
        "Anna",
    )
    r.done()
    with pytest.raises(ValueError):
        codec.Reader(w.data()[:3]).u32()


def test_view_cards_finds_bytes_only():
    v = {"hand": bytes([1, 2]), "count": 7, "others": [{"up": bytearray([9])}]}
    assert sorted(view_cards(v)) == [1, 2, 9]
