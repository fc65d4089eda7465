"""The catalogue and the games agree on the seats: every seat count the menu offers starts a game
with the default options and plays to the end with bots; every other count is refused."""

import pytest

from engine import games, runner

CASES = [(e[games.ID], n) for e in games.CATALOGUE for n in games.seat_counts(e[games.ID])]


@pytest.mark.parametrize("game_id,seats", CASES)
def test_every_offered_seat_count_plays_a_whole_game_with_default_options(game_id, seats):
    g, n = runner.play(game_id, seats, 7, {}, ["heuristic", "random"] * 5, check=False)
    assert g.over and n > 0
    res = g.result()
    assert res["winners"] or res.get("draw")
    assert all(0 <= s < seats for s in res["winners"])
    # one result shape for every game (engine.game.Game.result)
    assert not set(res["winners"]) & set(res["losers"])
    assert sorted(res["ranking"]) == list(range(seats))
    assert res["ranking"][0] in res["winners"] or not res["winners"]
    assert isinstance(res["scores"], list)


@pytest.mark.parametrize("game_id", [e[games.ID] for e in games.CATALOGUE])
def test_seat_counts_not_offered_are_refused(game_id):
    offered = games.seat_counts(game_id)
    for n in range(0, 13):
        if n not in offered:
            with pytest.raises(ValueError):
                games.new_game(game_id, n, 1, {})


def test_partners_offer_four_or_six_seats_only():
    assert games.seat_counts("syn-partners") == [4, 6]
    assert games.seats_label("syn-partners") == "4/6" and games.seats_label("syn-swap") == "3-10"
    assert games.seats_label("schieber") == "4"


def test_setup_screen_cycles_through_exactly_the_offered_counts():
    from sim.headless import Device
    from firmware.menus import Setup

    dev = Device("pico_lcd_1_3")
    for e in games.CATALOGUE:
        gid = e[games.ID]
        s = Setup(dev.app, gid)
        if len(games.seat_counts(gid)) == 1:  # a row that cannot change is not shown
            assert "players" not in [k for k, _ in s.layout()], gid
            continue
        row = [k for k, _ in s.layout()].index("players")
        seen = [s.seats]
        for _ in range(len(games.seat_counts(gid))):
            s.adjust(row, 1)
            seen.append(s.seats)
        assert seen[:-1] == games.seat_counts(gid) and seen[-1] == seen[0], (gid, seen)
        s.adjust(row, -1)
        assert s.seats == games.seat_counts(gid)[-1]
