"""Games whose strong level plays as their good one: the setup says so on a seat's row, and
the strong bot of SCREWED! chooses as the good one does."""

from engine import games


def seat_help(gid, kind):
    from sim.headless import Device
    from firmware.menus import Setup

    s = Setup(Device("pico_lcd_1_3").app, gid)
    rows = s.layout()
    i = [k for k, _ in rows].index("kind")
    s.kinds[rows[i][1]] = kind
    return s.help(i)


def test_setup_says_strong_plays_as_good_in_screwed_and_the_swap_game():
    for gid in ("screwed", "syn-swap"):
        assert gid in games.STRONG_AS_GOOD
        assert seat_help(gid, 3) == "Here Bot strong plays as Bot good does"
        assert seat_help(gid, 1) == "Here Bot strong plays as Bot good does"
        assert "strong" in seat_help(gid, 0)  # a human seat: the kinds on offer


def test_setup_names_no_likeness_where_strong_is_stronger():
    for gid in ("schieber", "shithead", "syn-partners"):
        assert "plays as" not in seat_help(gid, 3)


def test_screwed_strong_bot_chooses_as_the_good_one():
    g = games.new_game("screwed", 2, 7, {"target": 0})
    strong = [games.make_bot("screwed", "strong", s, 5) for s in range(2)]
    good = [games.make_bot("screwed", "heuristic", s, 5) for s in range(2)]
    while not g.over:
        s = g.to_act
        legal = g.legal_actions()
        a = strong[s].choose(g.view(s), legal)
        assert a == good[s].choose(g.view(s), legal)
        g.apply(a)
