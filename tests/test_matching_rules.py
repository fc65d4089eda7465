"""Matching family (screwed, syn-partners): one scenario test per rule and per flag, each built
from an exact deal with table(), plus illegal actions and options."""

import pytest

from engine import cards, games, matching
from engine.game import IllegalAction
from engine.runner import check_invariants

P = cards.parse
FULL = sorted(range(54))


def cs(text):
    """'9H 2C RJ' -> list of card ints."""
    return [P(t) for t in text.split()] if text else []


def table(
    game_id="screwed",
    seats=4,
    hands=("",),
    top="9H",
    under="",
    pile="",
    to_act=0,
    direction=1,
    dealer=None,
    fill="discard",
    options=None,
    suit=None,
):
    """A game in a chosen state. hands: one string per seat; top: the discard's top card ("" for
    none); under: cards beneath it (bottom first); pile: draw pile in draw order (first drawn
    first). Cards not placed go under the discard (fill="discard"), at the bottom of the draw
    pile (fill="pile") or into a seat's hand (fill=seat), so every game holds the whole pack."""
    g = matching.new_game(game_id, seats, 1, options)
    hands = list(hands) + [""] * (seats - len(hands))
    g.hands = [bytearray(cs(h)) for h in hands]
    disc = cs(under) + cs(top)
    drawn_first = cs(pile)
    used = set(disc) | set(drawn_first)
    for h in g.hands:
        used |= set(h)
    assert len(used) == len(disc) + len(drawn_first) + sum(len(h) for h in g.hands), "a card twice"
    rest = [c for c in range(54) if c not in used]
    if fill == "discard":
        disc = rest + disc
        rest = []
    elif fill == "none":
        rest = []
    elif fill == "pile":
        drawn_first = drawn_first + rest
        rest = []
    else:
        g.hands[fill].extend(rest)
    g.discard = bytearray(disc)
    g.pile = bytearray(list(reversed(drawn_first)))
    g.called = bytearray(seats)
    g.phase = matching.P_PLAY
    g.to_act = to_act
    g.direction = direction
    g.dealer = (to_act - direction) % seats if dealer is None else dealer
    g.pending = 0
    g.pkind = 0
    g.pjoker = 0
    g.unc = -1
    g.catcher = -1
    g.blind = 0
    if top:
        c = P(top)
        if c >= 52 or (c >> 2) == cards.JACK:
            g.fsuit = cards.SUITS.index(suit) if suit else c & 3 if c < 52 else 0
            g.frank = matching.NO_RANK
        else:
            g.fsuit = c & 3
            g.frank = c >> 2
    else:
        g.fsuit = matching.ANY_SUIT
        g.frank = matching.NO_RANK
    events = []
    g.log = events.append
    g.events = events
    return g


def play(c):
    return ("play", bytes([P(c)]))


def last(c):
    return ("lastcard", bytes([P(c)]))


def hand(g, s):
    return sorted(cards.name(c) for c in g.hands[s])


def evs(g, kind):
    return [e for e in g.events if e["ev"] == kind]


def ok(g):
    check_invariants(g, FULL)


def assert_illegal(g, action):
    before = g.encode()
    with pytest.raises(IllegalAction):
        g.apply(action)
    assert g.encode() == before


# ---- SCREWED! --------------------------------------------------------------------------------


def test_deal_direction_choice_right_deals_and_plays_to_the_right():
    g = matching.new_game("screwed", 4, 3)
    assert g.view(0)["phase"] == "direction" and g.to_act == g.dealer
    assert g.legal_actions() == [("deal_left",), ("deal_right",)]
    first_card = g.pile[-1]
    d = g.dealer
    g.apply(("deal_right",))
    assert g.direction == -1
    right = (d - 1) % 4
    assert first_card in g.hands[right]
    assert [len(h) for h in g.hands] == [5, 5, 5, 5]
    ok(g)


def test_deal_direction_choice_left():
    g = matching.new_game("screwed", 3, 3)
    d = g.dealer
    first_card = g.pile[-1]
    g.apply(("deal_left",))
    assert g.direction == 1 and first_card in g.hands[(d + 1) % 3]


def turned_up(card, seats=4, seed=2):
    """A fresh screwed game whose first turned-up card will be `card`."""
    g = matching.new_game("screwed", seats, seed)
    c = P(card)
    pile = list(g.pile)
    pile.remove(c)
    pos = len(pile) - 5 * seats  # index of the card turned up after the deal
    pile.insert(pos, c)
    g.pile = bytearray(pile)
    ev = []
    g.log = ev.append
    g.events = ev
    return g


def test_first_turned_up_plain_card_first_player_follows_it():
    g = turned_up("9H")
    g.apply(("deal_left",))
    assert evs(g, "turnup") == [{"ev": "turnup", "card": "9H"}]
    assert g.to_act == (g.dealer + 1) % 4 and g.view(0)["phase"] == "play"
    assert g.fsuit == 2 and g.frank == cards.NINE


def test_first_turned_up_six_or_seven_the_dealer_must_cover_it():
    for card in ("6H", "7S"):
        g = turned_up(card)
        g.apply(("deal_left",))
        assert g.to_act == g.dealer and g.view(0)["phase"] == "cover"
        plays = [a[1][0] for a in g.legal_actions() if a[0] == "play"]
        assert plays  # (the checks below would hold for an empty list)
        for c in plays:
            assert c >= 52 or (c & 3) == P(card) & 3 or (c >> 2) in (4, 5, 9)


def test_first_turned_up_three_the_first_player_draws_three_and_misses_a_turn():
    g = turned_up("3C")
    g.apply(("deal_left",))
    first = (g.dealer + 1) % 4
    assert g.to_act == first and g.view(first)["pending"] == 3
    assert g.legal_actions()[-1] == ("draw",)
    g.apply(("draw",))
    assert len(g.hands[first]) == 8 and g.to_act == (first + 1) % 4


def test_first_turned_up_jack_dealer_names_suit_without_seeing_the_hand():
    g = turned_up("JD")
    g.apply(("deal_left",))
    d = g.dealer
    v = g.view(d)
    assert v["phase"] == "opening" and g.to_act == d and v["hand"] == b""
    assert set(g.hands[d]) <= set(g.hidden_from(d))
    ok(g)
    g.apply(("suit", 3))
    assert g.fsuit == 3 and g.to_act == (d + 1) % 4 and g.view(d)["hand"] != b""
    assert not set(g.hands[d]) & set(g.hidden_from(d))


def test_first_turned_up_screwed_card_dealer_names_suit_then_next_player_is_screwed():
    g = turned_up("RJ")
    g.apply(("deal_left",))
    d = g.dealer
    assert g.view(d)["phase"] == "opening"
    # only the Jack is called blind: for a Screwed card the dealer may look at the hand
    assert len(g.view(d)["hand"]) == 5 and not set(g.hands[d]) & set(g.hidden_from(d))
    ok(g)
    g.apply(("suit", 1))
    first = (d + 1) % 4
    assert g.to_act == first and g.view(first)["pending_kind"] == "screwed"
    assert ("collect",) in g.legal_actions() and ("draw",) in g.legal_actions()


def test_match_suit_or_number_and_wilds():
    g = table(hands=["9C 2H 5S JD KC RJ"], top="9H")
    plays = sorted(cards.name(a[1][0]) for a in g.legal_actions() if a[0] == "play")
    assert plays == sorted(["9C", "2H", "JD", "RJ"])
    assert ("draw",) not in g.legal_actions()


def test_draw_only_when_nothing_fits_in_screwed():
    g = table(hands=["5S KC"], top="9H", pile="4H")
    assert g.legal_actions() == [("draw",)]


def test_draw_one_then_play_it_if_it_fits():
    g = table(hands=["5S KC 8D"], top="9H", pile="4H 2H")
    g.apply(("draw",))
    assert g.view(0)["phase"] == "drawn" and g.view(0)["drawn"] == bytes([P("4H")])
    assert g.legal_actions() == [play("4H")]
    g.apply(play("4H"))
    assert g.to_act == 1 and len(g.hands[0]) == 3


def test_draw_one_that_does_not_fit_loses_the_turn():
    g = table(hands=["5S KC 8D"], top="9H", pile="4C 2H")
    g.apply(("draw",))
    assert g.to_act == 1 and hand(g, 0) == ["4C", "5S", "8D", "KC"]
    assert evs(g, "pass") == [{"ev": "pass", "seat": 0}]


def test_six_or_seven_must_be_covered_by_same_suit_or_another_six_seven():
    g = table(hands=["6H 2H 7C 6S KD QS", "5C"], top="9H")
    g.apply(play("6H"))
    assert g.to_act == 0 and g.view(0)["phase"] == "cover"
    plays = sorted(cards.name(a[1][0]) for a in g.legal_actions() if a[0] == "play")
    assert plays == sorted(["2H", "7C", "6S"])
    g.apply(play("7C"))  # a 7 covering a 6 needs its own cover
    assert g.to_act == 0 and g.view(0)["phase"] == "cover"
    g.apply(play("6S"))
    g.apply(play("QS"))
    assert g.to_act == 1


def test_six_without_cover_draws_one_and_plays_it_if_it_covers():
    g = table(hands=["6H KD QS"], top="9H", pile="3H")
    g.apply(play("6H"))
    assert g.legal_actions() == [("draw",)]
    g.apply(("draw",))
    assert g.legal_actions() == [play("3H")]


def test_six_without_cover_draws_then_loses_the_turn():
    g = table(hands=["6H KD QS"], top="9H", pile="3C")
    g.apply(play("6H"))
    g.apply(("draw",))
    assert g.to_act == 1 and hand(g, 0) == ["3C", "KD", "QS"]


def test_six_as_last_card_cannot_go_out_without_cover():
    g = table(hands=["6H"], top="9H", pile="8C")
    g.apply(play("6H"))
    assert not g.over and g.legal_actions() == [("draw",)]
    g.apply(("draw",))
    assert g.to_act == 1 and hand(g, 0) == ["8C"]
    # the one card was drawn, never left by a play: there was nothing to call, nothing to catch
    assert ("catch",) not in g.legal_actions() and g.view(1)["uncalled"] == -1


def test_uncovered_six_that_left_an_uncalled_last_card_can_still_be_caught():
    # seat 0 opens with the 6H without calling; no cover in hand and nothing left to draw
    g = table(hands=["6H KC", "4D 8D", ""], top="", pile="", fill=2, options={"last_card": 2})
    assert last("6H") in g.legal_actions()
    g.apply(play("6H"))
    assert g.legal_actions() == [("draw",)]
    g.apply(("draw",))
    assert evs(g, "pass") == [{"ev": "pass", "seat": 0}] and hand(g, 0) == ["KC"]
    assert g.to_act == 1 and g.legal_actions()[0] == ("catch",)
    g.apply(("catch",))
    assert evs(g, "caught") == [{"ev": "caught", "seat": 0, "by": 1}] and len(g.hands[0]) == 3
    ok(g)


def test_three_next_player_draws_three_and_misses_a_turn_no_stacking():
    g = table(hands=["3H 4S KD", "3C 5D", "8D"], top="9H", pile="2C 2D 2S 4C")
    g.apply(play("3H"))
    assert g.to_act == 1 and g.legal_actions() == [("draw",)]  # the 3C cannot be added
    assert_illegal(g, play("3C"))
    g.apply(("draw",))
    assert hand(g, 1) == sorted(["3C", "5D", "2C", "2D", "2S"])
    assert g.to_act == 2 and evs(g, "skip") == [{"ev": "skip", "seat": 1}]


def test_stacking_flag_lets_a_three_pass_the_penalty_on():
    g = table(
        hands=["3H 4S KD", "3C 5D", "8D"],
        top="9H",
        pile="2C 2D 2S 4C 5C 6C 7C",
        options={"stacking": True},
    )
    g.apply(play("3H"))
    g.apply(play("3C"))
    assert g.to_act == 2 and g.pending == 6
    g.apply(("draw",))
    assert len(g.hands[2]) == 7 and g.to_act == 3


def test_jack_is_wild_and_its_player_names_the_suit():
    g = table(hands=["JC 4S KD", "5D"], top="9H")
    g.apply(play("JC"))
    assert g.to_act == 0 and g.view(0)["phase"] == "suit"
    g.apply(("suit", 1))
    assert g.to_act == 1 and g.fsuit == 1 and g.frank == matching.NO_RANK
    assert g.legal_actions() == [play("5D")]


def test_screwed_card_playable_even_with_a_matching_card():
    g = table(hands=["RJ 9S KD", "5D"], top="9H")
    assert play("RJ") in g.legal_actions() and play("9S") in g.legal_actions()
    g.apply(play("RJ"))
    g.apply(("suit", 0))
    assert g.to_act == 1 and g.view(1)["pending_kind"] == "screwed" and g.pending == 5


def test_screwed_victim_draws_five_then_misses_a_turn():
    g = table(hands=["RJ 9S KD", "5D", "8C"], top="9H", pile="2C 3C 4C 5C 6C 7C")
    g.apply(play("RJ"))
    g.apply(("suit", 0))
    g.apply(("draw",))
    assert hand(g, 1) == sorted(["5D", "2C", "3C", "4C", "5C", "6C"])
    assert g.to_act == 2


def test_screwed_victim_collects_a_random_card_from_each_other_player():
    g = table(hands=["RJ 9S KD", "5D", "8C 8D", "TC TD TS"], top="9H", pile="2C")
    g.apply(play("RJ"))
    g.apply(("suit", 0))
    g.apply(("collect",))
    take = evs(g, "take")[0]
    assert take["seat"] == 1 and take["from"] == [2, 3, 0]
    assert len(g.hands[1]) == 4 and len(g.hands[2]) == 1 and len(g.hands[3]) == 2
    assert len(g.hands[0]) == 1
    assert g.called[2] == 1 and g.called[0] == 1  # left with one card by giving: called for them
    assert g.to_act == 2
    ok(g)


def test_screwed_card_when_the_draw_pile_is_short_reshuffles_the_discards():
    g = table(hands=["RJ 9S KD", "5D", "8C"], top="9H", under="2S 3S 4S 5S", pile="2C 3C", fill=3)
    g.apply(play("RJ"))
    g.apply(("suit", 0))
    g.apply(("draw",))
    assert len(g.hands[1]) == 6
    assert len(evs(g, "reshuffle")) == 1
    drawn = []
    for e in evs(g, "draw"):
        drawn += e["cards"]
    assert drawn[:2] == ["2C", "3C"] and sorted(drawn[2:]) != []
    assert list(g.discard) == [P("RJ")]  # only the Screwed card stays face up
    ok(g)


def test_screwed_card_when_pile_and_discards_cannot_cover_five():
    g = table(hands=["RJ 9S KD", "5D", "8C"], top="9H", under="2S", pile="2C", fill=3)
    g.apply(play("RJ"))
    g.apply(("suit", 0))
    g.apply(("draw",))
    assert hand(g, 1) == sorted(["5D", "2C", "2S", "9H"])
    assert g.to_act == 2 and len(g.pile) == 0
    ok(g)


def test_reshuffle_when_the_discard_holds_only_its_top_card():
    g = table(hands=["5S KC", "4D"], top="9H", pile="", fill=2)
    g.apply(("draw",))
    assert hand(g, 0) == ["5S", "KC"] and g.to_act == 1
    assert evs(g, "reshuffle") == [] and evs(g, "pass") == [{"ev": "pass", "seat": 0}]
    ok(g)


def test_reshuffle_by_the_player_who_takes_the_last_card():
    g = table(hands=["5S KC", "4D"], top="9H", under="2S 3S 4S", pile="7C", fill=2)
    g.apply(("draw",))
    assert g.to_act == 1 and len(g.pile) == 3 and list(g.discard) == [P("9H")]
    assert len(evs(g, "reshuffle")) == 1
    ok(g)


def test_last_card_call_is_part_of_the_move():
    g = table(hands=["5H 9S", "4D"], top="9H")
    assert last("5H") in g.legal_actions() and last("9S") in g.legal_actions()
    g.apply(last("5H"))
    assert g.called[0] == 1 and g.view(1)["called"][0] == 1
    assert ("catch",) not in g.legal_actions()


def test_catch_of_an_uncalled_last_card_by_the_next_seat():
    g = table(hands=["5H 9S", "4D 8D", "2C"], top="9H", pile="KC QC")
    g.apply(play("5H"))
    assert g.to_act == 1 and g.view(1)["uncalled"] == 0
    assert g.legal_actions()[0] == ("catch",)
    g.apply(("catch",))
    assert hand(g, 0) == ["9S", "KC"]
    assert evs(g, "caught") == [{"ev": "caught", "seat": 0, "by": 1}]
    assert g.to_act == 1 and ("catch",) not in g.legal_actions()  # the catcher still plays
    ok(g)


def test_catch_window_closes_once_the_next_seat_acts():
    g = table(hands=["5H 9S", "4D 8H 2D", "2C 3C"], top="9H", pile="KC QC")
    g.apply(play("5H"))
    g.apply(play("8H"))
    assert g.to_act == 2 and ("catch",) not in g.legal_actions()
    assert g.view(2)["uncalled"] == -1


def test_last_card_rule_off_offers_no_call_and_no_catch():
    g = table(hands=["5H 9S", "4D 8H"], top="9H", options={"last_card": 0})
    assert all(a[0] != "lastcard" for a in g.legal_actions())
    g.apply(play("5H"))
    assert ("catch",) not in g.legal_actions()


def test_two_handed_three_as_last_card_draws_and_plays_the_card_if_it_fits():
    g = table(seats=2, hands=["3H", "4D 8D"], top="9H", pile="2C 3D 4S 5H 6C")
    g.apply(play("3H"))
    assert not g.over
    assert hand(g, 1) == sorted(["4D", "8D", "2C", "3D", "4S"])
    assert hand(g, 0) == ["5H"] and g.to_act == 0 and g.view(0)["phase"] == "drawn"
    assert g.legal_actions() == [play("5H")]
    g.apply(play("5H"))
    assert evs(g, "out") == [{"ev": "out", "seat": 0}] and g.hand_no == 2
    assert evs(g, "score")[0]["hand"][0] == 0


def test_two_handed_three_as_last_card_drawn_card_does_not_fit():
    g = table(seats=2, hands=["3H", "4D 8D"], top="9H", pile="2C 3D 4S KC 6C")
    g.apply(play("3H"))
    assert hand(g, 0) == ["KC"] and g.to_act == 1 and g.view(1)["phase"] == "play"
    assert ("catch",) not in g.legal_actions() and g.stall == 0  # a card was drawn: no stall


def test_three_as_last_card_with_more_players_goes_out():
    g = table(seats=3, hands=["3H", "4D 8D", "5C"], top="9H", pile="2C 3D 4S KC 6C")
    g.apply(play("3H"))
    assert evs(g, "out") == [{"ev": "out", "seat": 0}]
    assert g.hand_no == 2


def test_hand_scoring_values_and_match_to_350_lowest_wins():
    g = table(seats=3, hands=["5H", "2C 9C TD QD KD AS JC RJ", "4S"], top="9H")
    g.scores = [100, 200, 120]
    g.apply(play("5H"))
    sc = evs(g, "score")[0]
    assert sc["hand"] == [0, 5 + 5 + 10 + 10 + 10 + 15 + 20 + 25, 5]
    assert g.scores == [100, 300, 125] and not g.over and g.hand_no == 2
    g2 = table(seats=3, hands=["5H", "2C 9C TD QD KD AS JC RJ", "4S"], top="9H")
    g2.scores = [100, 300, 90]
    g2.apply(play("5H"))
    assert g2.over and g2.scores == [100, 400, 95]
    r = g2.result()
    assert r["winners"] == [2] and r["losers"] == [1] and r["ranking"] == [2, 0, 1]
    assert evs(g2, "end")[0]["winners"] == [2]


def test_match_ends_when_a_total_reaches_exactly_350():
    g = table(seats=3, hands=["5H", "4C", "4S"], top="9H")
    g.scores = [0, 345, 340]
    g.apply(play("5H"))
    assert g.over and g.scores == [0, 350, 345]
    assert g.result()["winners"] == [0] and g.result()["losers"] == [1]
    g = table(seats=3, hands=["5H", "4C", "4S"], top="9H")
    g.scores = [0, 344, 340]
    g.apply(play("5H"))
    assert not g.over and g.scores == [0, 349, 345] and g.hand_no == 2


def test_match_target_flag():
    g = table(seats=2, hands=["5H", "KC"], top="9H", options={"target": 10})
    g.apply(play("5H"))
    assert g.over and g.result()["winners"] == [0]
    g = table(seats=2, hands=["5H", "KC"], top="9H", options={"target": 0})
    g.apply(play("5H"))
    assert g.over and g.scores == [0, 10]


def test_next_hand_dealer_moves_left_and_chooses_direction_again():
    g = table(seats=3, hands=["5H", "KC", "4S"], top="9H", dealer=1)
    g.apply(play("5H"))
    assert g.hand_no == 2 and g.dealer == 2 and g.to_act == 2
    assert g.view(0)["phase"] == "direction"
    assert evs(g, "deal")[0]["dealer"] == 2
    ok(g)


# ---- Screw Your Neighbor (partners) ----------------------------------------------------------


def test_partners_sit_opposite_seven_cards_first_player_plays_anything():
    g = matching.new_game("syn-partners", 4, 9)
    assert [len(h) for h in g.hands] == [7, 7, 7, 7]
    assert g.view(0)["teams"] == [0, 1, 0, 1]
    assert g.to_act == (g.dealer + 1) % 4 and g.discard == bytearray()
    assert len([a for a in g.legal_actions() if a[0] == "play"]) == 7
    g6 = matching.new_game("syn-partners", 6, 9)
    assert g6.view(0)["teams"] == [0, 1, 2, 0, 1, 2]


def test_syn_partners_needs_four_or_six_players():
    for n in (2, 3, 5, 7):
        with pytest.raises(ValueError):
            matching.new_game("syn-partners", n, 1)


def test_deuce_makes_the_next_player_draw_two_and_miss_the_turn():
    g = table("syn-partners", hands=["2H 5S", "8C 9D", "4C", "KS"], top="9H", pile="3C 3D 3S")
    g.apply(play("2H"))
    assert g.to_act == 1 and g.pending == 2 and g.view(1)["phase"] == "penalty"
    g.apply(("draw",))
    assert len(g.hands[1]) == 4 and g.to_act == 2


def test_stack_deuce_joker_deuce_victim_draws_nine_and_misses_the_turn():
    g = table(
        "syn-partners",
        hands=["2H 5S 6S", "RJ 9D 4D", "2C 7C 8C", "KS 9S"],
        top="9H",
        pile="3C 3D 3S 4S 5C 5D 6C 6D 7D TC",
    )
    g.apply(play("2H"))
    g.apply(play("RJ"))
    assert g.pending == 7 and g.pjoker == 1
    g.apply(play("2C"))
    assert g.pending == 9 and g.pjoker == 0 and g.to_act == 3
    assert g.legal_actions() == [("draw",)]
    g.apply(("draw",))
    assert len(g.hands[3]) == 11 and g.to_act == 0 and g.pending == 0
    ok(g)


def test_stack_ending_in_a_joker_victim_draws_then_plays_on_the_card_beneath():
    g = table(
        "syn-partners",
        hands=["2H 5S 6S", "RJ 9D 4D", "KC 7C 8C", "KS 9S"],
        top="9H",
        pile="3C 3D 3S 4S 5C 5D 6C 6D 7D TC",
    )
    g.apply(play("2H"))
    g.apply(play("RJ"))
    g.apply(("draw",))
    assert len(g.hands[2]) == 10 and g.to_act == 2 and g.view(2)["phase"] == "play"
    assert g.fsuit == 2 and g.frank == cards.TWO  # the deuce beneath the joker is followed
    plays = [cards.name(a[1][0]) for a in g.legal_actions() if a[0] == "play"]
    assert "KC" not in plays


def test_joker_on_a_joker_victim_draws_ten_then_plays():
    g = table(
        "syn-partners",
        hands=["RJ 5S 6S", "BJ 9D 4D", "KC 7C 8C 9H", "KS 9S"],
        top="9C",
        pile="3C 3D 3S 4S 5C 5D 6C 6D 7D TC 2C",
    )
    g.apply(play("RJ"))
    assert g.legal_actions() == [play("BJ"), ("draw",)]
    g.apply(play("BJ"))
    assert g.pending == 10 and g.pjoker == 1 and g.to_act == 2
    g.apply(("draw",))
    assert len(g.hands[2]) == 14 and g.to_act == 2 and g.view(2)["phase"] == "play"
    assert g.fsuit == 0 and g.frank == cards.NINE  # the 9C beneath both jokers


def test_stacking_off_the_victim_must_draw():
    g = table(
        "syn-partners",
        hands=["2H 5S 6S", "2C 9D", "4C", "KS"],
        top="9H",
        pile="3C 3D 3S",
        options={"stacking": False},
    )
    g.apply(play("2H"))
    assert g.legal_actions() == [("draw",)]


def test_ace_reverses_direction():
    g = table("syn-partners", hands=["AH 5S", "8C 9D", "4C", "KS 4H"], top="9H")
    g.apply(play("AH"))
    assert g.direction == -1 and g.to_act == 3
    assert evs(g, "reverse") == [{"ev": "reverse", "direction": -1}]


def test_ace_reverse_in_a_two_seat_game_passes_to_the_other_player():
    g = table(
        "screwed",
        seats=2,
        hands=["AH 5S 6S", "8C 9D AD"],
        top="9H",
        options={"ace_reverses": True},
    )
    g.apply(play("AH"))
    assert g.direction == -1 and g.to_act == 1
    g.apply(play("AD"))
    assert g.to_act == 0


def test_runs_of_sevens_skip_one_player_each():
    g = table("syn-partners", hands=["7H 5S", "8C 9D", "7C 4D", "KS 4H"], top="9H")
    g.apply(play("7H"))
    assert g.to_act == 2 and evs(g, "skip") == [{"ev": "skip", "seat": 1}]
    g.apply(play("7C"))
    assert g.to_act == 0 and evs(g, "skip")[1] == {"ev": "skip", "seat": 3}


def test_jack_changes_suit_any_time_but_need_not_be_used():
    g = table("syn-partners", hands=["JC 5S 4D", "8C 9D"], top="9H", pile="3C 3D KH")
    assert g.legal_actions() == [play("JC"), ("draw",)]
    g.apply(play("JC"))
    g.apply(("suit", 3))
    assert g.to_act == 1 and g.fsuit == 3


def test_joker_playable_any_time_and_keeps_the_card_beneath():
    g = table("syn-partners", hands=["RJ 5S 4D", "8C 9D"], top="9H", pile="3C 3D KH")
    assert play("RJ") in g.legal_actions()
    g.apply(play("RJ"))
    assert g.view(0)["phase"] != "suit" and g.pending == 5 and g.fsuit == 2


def test_draw_until_able_to_play():
    g = table("syn-partners", hands=["5S 4D", "8C 9D"], top="9H", pile="3C 3D KH 2S")
    g.apply(("draw",))
    assert hand(g, 0) == sorted(["5S", "4D", "3C", "3D", "KH"])
    assert g.legal_actions() == [play("KH")]


def test_draw_one_flag_instead_of_draw_until_playable():
    g = table(
        "syn-partners",
        hands=["5S 4D", "8C 9D"],
        top="9H",
        pile="3C 3D KH 2S",
        options={"draw_until": False},
    )
    g.apply(("draw",))
    assert hand(g, 0) == sorted(["5S", "4D", "3C"]) and g.to_act == 1


def test_wild_optional_flag_off_forbids_drawing_with_a_jack():
    g = table(
        "syn-partners", hands=["JC 5S 4D", "8C 9D"], top="9H", options={"wild_optional": False}
    )
    assert g.legal_actions() == [play("JC")]


def test_syn_caught_last_card_gets_a_random_card_from_every_other_player():
    g = table("syn-partners", hands=["5H 9S", "4D 8D", "2C 3C", "KS QS"], top="9H")
    g.apply(play("5H"))
    g.apply(("catch",))
    take = evs(g, "take")[0]
    assert take["seat"] == 0 and take["from"] == [1, 2, 3]
    assert len(g.hands[0]) == 4 and [len(g.hands[i]) for i in (1, 2, 3)] == [1, 1, 1]
    assert list(g.called[1:]) == [1, 1, 1]
    assert g.to_act == 1
    ok(g)


def test_team_of_the_first_player_out_wins():
    g = table("syn-partners", hands=["5H", "4D 8D", "2C 3C", "KS QS"], top="9H")
    g.apply(play("5H"))
    assert g.over
    r = g.result()
    assert r["winners"] == [0, 2] and r["losers"] == [1, 3]
    g = table("syn-partners", seats=6, hands=["4C", "5H", "2C 3C"], top="9H", to_act=1)
    g.apply(play("5H"))
    assert g.result()["winners"] == [1, 4]


def test_going_out_on_a_deuce_ends_the_game_before_the_penalty():
    g = table("syn-partners", hands=["2H", "4D 8D", "2C 3C", "KS QS"], top="9H")
    g.apply(play("2H"))
    assert g.over and len(g.hands[1]) == 2


def test_blocked_hand_ends_when_nobody_can_play_or_draw():
    # not the whole pack: the other cards are out of play, so nobody can draw
    g = table("syn-partners", hands=["5S", "4D 3D", "8C", "TC"], top="9H", fill="none")
    for _ in range(8):
        if g.over:
            break
        g.apply(("draw",))
    assert g.over and evs(g, "blocked")
    assert g.result()["winners"] == [0, 2]


def test_wild_need_not_be_used_only_while_there_is_something_to_draw():
    g = table("syn-partners", hands=["JC 5S 4D", "8C 9D", ""], top="9H", pile="", fill=2)
    assert g.legal_actions() == [play("JC")]  # nothing to draw: the Jack must be played
    g = table(
        "syn-partners", hands=["JC 5S 4D", "8C 9D", ""], top="9H", under="2S", pile="", fill=2
    )
    assert g.legal_actions() == [play("JC"), ("draw",)]  # the 2S would be reshuffled


def test_forced_cycle_of_two_aces_ends_blocked_at_the_hand_limit():
    # all but two cards are held; seat 0 and seat 3 can only draw the other Ace, which they
    # must play, and each Ace turns play back to the other: the rules allow no way out
    g = table(
        "syn-partners", hands=["2D 5H", "", "", "3H 6D"], top="AC", under="AS", pile="", fill=1
    )
    n = 0
    while not g.over:
        assert len(g.legal_actions()) == 1
        g.apply(g.legal_actions()[0])
        n += 1
    assert n == matching.HAND_LIMIT and evs(g, "blocked") == [{"ev": "blocked"}]
    assert hand(g, 0) == ["2D", "5H"] and hand(g, 3) == ["3H", "6D"]
    assert g.result()["winners"] == [0, 2]  # the side holding fewer cards


def test_hand_limit_declares_a_circulating_hand_blocked(monkeypatch):
    monkeypatch.setattr(matching, "HAND_LIMIT", 3)
    g = table("syn-partners", hands=["5H 6S 8S", "4H 5D 6D", "8H 9C", "TC JC"], top="9H")
    g.apply(play("5H"))
    g.apply(play("4H"))
    assert not g.over
    g.apply(play("8H"))
    assert g.over and evs(g, "blocked")


# ---- illegal actions, options, labels --------------------------------------------------------


def test_illegal_actions_raise_and_change_nothing():
    g = table(hands=["5H 9S KD", "4D"], top="9H", pile="2C")
    assert_illegal(g, play("KD"))  # does not match
    assert_illegal(g, play("4D"))  # not in the hand
    assert_illegal(g, ("draw",))  # a card fits
    assert_illegal(g, ("catch",))
    assert_illegal(g, ("suit", 1))
    assert_illegal(g, ("collect",))
    assert_illegal(g, ("deal_left",))
    assert_illegal(g, last("5H"))  # three cards: playing one leaves two
    assert_illegal(g, ("bogus",))
    g.apply(play("JC") if play("JC") in g.legal_actions() else play("5H"))
    over = table(seats=2, hands=["5H", "KC"], top="9H", options={"target": 0})
    over.apply(play("5H"))
    assert_illegal(over, ("draw",))


def test_options_per_preset_in_a_fixed_order():
    s = games.options_for("screwed")
    y = games.options_for("syn-partners")
    assert [o[0] for o in s] == [o[0] for o in y] == [r[0] for r in matching.OPTIONS]
    sd = dict((o[0], o[1]) for o in s)
    yd = dict((o[0], o[1]) for o in y)
    assert sd["target"] == 350 and yd["target"] == 0
    assert sd["stacking"] is False and yd["stacking"] is True
    assert sd["draw_until"] is False and yd["draw_until"] is True
    assert sd["last_card"] == 1 and yd["last_card"] == 2
    assert sd["hand_size"] == 5 and yd["hand_size"] == 7


def test_bad_options_and_seat_counts_raise_value_error():
    with pytest.raises(ValueError):
        matching.new_game("screwed", 7, 1)
    with pytest.raises(ValueError):
        matching.new_game("screwed", 1, 1)
    with pytest.raises(ValueError):
        matching.new_game("screwed", 4, 1, {"nope": 1})
    with pytest.raises(ValueError):
        matching.new_game("screwed", 4, 1, {"joker_mode": 3})
    with pytest.raises(ValueError):
        matching.new_game("screwed", 3, 1, {"teams": True})
    with pytest.raises(ValueError):
        matching.new_game("screwed", 6, 1, {"hand_size": 8})
    assert matching.new_game("screwed", 4, 1, {"teams": True}).view(0)["teams"] == [0, 1, 0, 1]


def test_labels_and_descriptions_never_name_a_drawn_card():
    g = table(hands=["5H 9S KD", "4D"], top="9H", pile="2C")
    for a in g.legal_actions():
        assert matching.action_label(g.view(g.to_act), a)
    names = ["A", "B", "C", "D"]
    assert (
        matching.describe_event({"ev": "draw", "seat": 1, "cards": ["2C", "3C"]}, names)
        == "B drew 2 cards"
    )
    t = matching.describe_event(
        {"ev": "take", "seat": 1, "from": [0, 2], "cards": ["2C", "3C"]}, names
    )
    assert "2C" not in t and "3C" not in t


def test_stack_collect_and_reshuffle_scenarios_under_micropython():
    from tests.conftest import run_micropython

    code = """
from engine import matching, cards
P = cards.parse
def table(gid, hands, top, pile, under=''):
    g = matching.new_game(gid, 4, 1)
    g.hands = [bytearray([P(t) for t in h.split()]) for h in hands]
    used = []
    for h in g.hands:
        used += list(h)
    pl = [P(t) for t in pile.split()]
    disc = [P(t) for t in under.split()] + [P(top)]
    used += pl + disc
    g.hands[3].extend(bytearray([c for c in range(54) if c not in used]))
    g.pile = bytearray(list(reversed(pl)))
    g.discard = bytearray(disc)
    g.phase = matching.P_PLAY
    g.to_act = 0
    g.direction = 1
    g.pending = 0
    g.fsuit = P(top) & 3
    g.frank = P(top) >> 2
    return g
stock = '3C 3D 3S 4S 5C 5D 6C 6D 7D TC'
g = table('syn-partners', ['2H 5S 6S', 'RJ 9D 4D', '2C 7C 8C', ''], '9H', stock)
plays = [('play', bytes([P(c)])) for c in ('2H', 'RJ', '2C')]
for a in plays + [('draw',)]:
    g.apply(a)
print(g.to_act, len(g.hands[3]) - 34, g.pending)
g = table('screwed', ['RJ 9S KD', '5D', '8C 8D', ''], '9H', '2C', '2S 3S 4S')
g.apply(('play', bytes([P('RJ')])))
g.apply(('suit', 0))
g.apply(('collect',))
print([len(h) for h in g.hands][:3], g.to_act)
g = table('screwed', ['5S KC', '4D', '', ''], '9H', '7C', '2S 3S 4S')
g.apply(('draw',))
print(g.to_act, len(g.pile), list(g.discard), sorted(g.all_cards()) == list(range(54)))
"""
    out = run_micropython(code).split()
    assert out[:3] == ["0", "9", "0"]
    assert out[3:7] == ["[1,", "4,", "1]", "2"]
    assert out[7:] == ["1", "3", "[%d]" % P("9H"), "True"]


def test_a_seat_that_draws_is_known_to_lack_the_suit_and_rank_in_force():
    """Drawing instead of playing is public: the view says how many of that seat's cards are
    neither of the suit nor the rank in force, and a search world deals them that way."""
    from engine import matching_world
    from engine.rng import Rng

    g = table(
        "screwed", 2, hands=("4C 5C 8D", "2S 3S KD"), top="9H", pile="QH AH", options={"target": 0}
    )
    g.apply(("draw",))  # seat 0 holds no heart, no 9, no wild
    v = g.view(1)
    assert v["lacks"][0] == [3, 2, 7, 1]
    rng = Rng(2)
    for _ in range(20):
        w = matching_world.from_view("screwed", v, rng)
        old = [c for c in w.hands[0] if not w.lacking(0, c)]
        assert len(old) >= 3
