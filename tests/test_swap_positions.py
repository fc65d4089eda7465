"""syn-swap: life losses by position in the acting order (1 = first player, last = dealer).

Measure (figures in docs/games/swap.md):
    .venv/bin/python -m tests.test_swap_positions SEATS MATCHES LEVEL
Counts only rounds in which every seat is still in, so the positions are comparable.
"""

import sys

from engine import runner


def position_loss_rates(seats, matches, level, seed=1):
    """Returns (rounds counted, [lives lost per round at position 1..seats])."""
    lost = [0] * seats
    rounds = 0
    for s in range(seed, seed + matches):
        events = []
        runner.play("syn-swap", seats, s, levels=[level] * seats, log=events.append, check=False)
        dealer = 0
        for e in events:
            if e["ev"] in ("start", "deal"):
                dealer = e["dealer"]
            elif e["ev"] == "reveal" and all(e["hands"]):
                rounds += 1
                for i in range(seats):
                    if (dealer + 1 + i) % seats in e["losers"]:
                        lost[i] += 1
    return rounds, [x / rounds for x in lost]


def test_position_loss_rates_add_up():
    rounds, rates = position_loss_rates(4, 20, "heuristic")
    assert rounds > 20 and len(rates) == 4
    # at least one life is lost in a round unless everyone was dealt a King
    assert 1.0 <= sum(rates) <= 4.0


if __name__ == "__main__":
    n, m, level = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    r, rates = position_loss_rates(n, m, level)
    print(
        "%s, %d seats, %d full-table rounds: %s"
        % (level, n, r, " ".join("%d:%.1f%%" % (i + 1, 100 * x) for i, x in enumerate(rates)))
    )
