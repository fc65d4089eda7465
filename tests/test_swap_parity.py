"""syn-swap on CPython and MicroPython: the same seeds give the same transcripts, event for event,
and a whole match fits the 192K heap."""

import pytest

from tests.conftest import run_micropython
from tests.parity import assert_parity


@pytest.mark.slow
@pytest.mark.parametrize("seats", [3, 4, 5, 6, 7, 8, 9, 10])
def test_transcripts_match_between_cpython_and_micropython(seats):
    out = assert_parity("syn-swap", seats, games=20, seed=seats * 100)
    assert out["peak_heap_bytes"] < 120 * 1024


@pytest.mark.slow
@pytest.mark.parametrize(
    "seats,bots", [(4, "random"), (7, "random,heuristic,random,heuristic,random,heuristic,random")]
)
def test_parity_with_king_blocks_and_random_bots(seats, bots):
    assert_parity(
        "syn-swap", seats, games=20, seed=7, options=("king_blocks=on", "lives=2"), bots=bots
    )


def test_scenario_rules_give_the_same_outcome_on_micropython():
    code = (
        "from engine import swap\n"
        "g = swap.scenario(4, 3, ['AC', 'KD', '4H', '3S'], cut='3D')\n"
        "for a in (('keep',), ('keep',), ('cut',)):\n"
        "    g.apply(a)\n"
        "print(g.losers, g.lives, list(g.hands[3]))\n"
        "g = swap.scenario(3, 1, ['7C', '7D', ''], lives=[1, 1, 0])\n"
        "g.apply(('keep',)); g.apply(('keep',))\n"
        "print(g.lives, g.restarted, g.over)\n"
    )
    out = run_micropython(code).split("\n")
    assert out[0] == "[2] [3, 3, 2, 3] [5, 7]"
    assert out[1] == "[3, 3, 3] True False"
