"""Shedding family: the same seeds give the same transcripts on CPython and on MicroPython
(-X heapsize=192K), for every preset and every seat count, 20 games each."""

import pytest

from tests.parity import assert_parity

CASES = (
    [("screw", n) for n in (2, 3, 4, 5)]
    + [("moonshine", n) for n in (2, 3, 4)]
    + [("popcorn", n) for n in (2, 3, 4)]
    + [("shithead", n) for n in (2, 3, 4, 5, 6)]
)


@pytest.mark.slow
@pytest.mark.parametrize("gid,seats", CASES)
def test_parity_one_round_matches(gid, seats):
    # chips=1: a match of one round (chip phase included) keeps 20 games per case affordable
    s = assert_parity(gid, seats, games=20, seed=1, options=("chips=1",), bots="heuristic")
    assert s["peak_heap_bytes"] < 150 * 1024


@pytest.mark.slow
@pytest.mark.parametrize(
    "gid,seats,bots",
    [
        ("screw", 3, "heuristic"),
        ("shithead", 4, "heuristic,random,heuristic,random"),
        ("popcorn", 2, "random,heuristic"),
    ],
)
def test_parity_full_matches(gid, seats, bots):
    assert_parity(gid, seats, games=20, seed=3, bots=bots)
