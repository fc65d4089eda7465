"""Screw Your Neighbor, the swap game (syn-swap): one test per rule, each from an exact deal."""

import pytest

from engine import cards, swap
from engine.game import IllegalAction, view_cards

KEEP, SWAP, CUT, DEAL = ("keep",), ("swap",), ("cut",), ("deal",)


def names(b):
    return cards.names(b)


def play_all(g, actions):
    for a in actions:
        g.apply(a)


def game(deal, dealer=None, cut="2S", lives=None, **options):
    """A game whose first round was just dealt: deal[s] is seat s's card ('' = out)."""
    seats = len(deal)
    if dealer is None:
        dealer = seats - 1
    return swap.scenario(seats, dealer, deal, cut=cut, lives=lives, options=options)


def test_scenario_deals_exactly_the_chosen_cards_and_first_player_is_left_of_dealer():
    g = game(["2C", "9H", "5D", "JS"], dealer=1)
    assert [names(g.hands[s]) for s in range(4)] == [["2C"], ["9H"], ["5D"], ["JS"]]
    assert g.order == [2, 3, 0, 1]
    assert g.to_act == 2 and g.phase == swap.PLAY
    assert g.start_event()["deck"] == ["5D", "JS", "2C", "9H", "2S"]
    assert len(g.all_cards()) == 52 and sorted(g.all_cards()) == list(range(52))


def test_keep_or_swap_with_the_next_seat_on_the_left():
    g = game(["2C", "9H", "5D", "JS"])
    assert g.legal_actions() == [KEEP, SWAP]
    g.apply(SWAP)
    assert names(g.hands[0]) == ["9H"] and names(g.hands[1]) == ["2C"]
    # both parties know both cards; a bystander knows neither
    v1 = g.view(1)
    assert v1["exchanges"] == [(0, bytes([cards.parse("9H")]), bytes([cards.parse("2C")]))]
    assert cards.parse("9H") in g.hidden_from(2) and cards.parse("2C") in g.hidden_from(2)
    assert v1["moves"] == [(0, "swap", 1)]
    assert g.to_act == 1


def test_a_dealt_king_is_shown_at_once_and_its_holder_has_no_decision():
    g = game(["2C", "KH", "5D", "JS"])
    for s in range(4):
        v = g.view(s)
        assert v["king_seats"] == [1]
        assert names(v["table"][1]) == ["KH"]
    g.apply(KEEP)
    assert g.to_act == 2  # seat 1 is passed over


def test_swap_into_a_king_skips_the_king_holder():
    g = game(["2C", "KH", "5D", "JS"])
    g.apply(SWAP)
    assert names(g.hands[0]) == ["5D"] and names(g.hands[2]) == ["2C"]
    assert names(g.hands[1]) == ["KH"]
    assert g.view(0)["moves"] == [(0, "swap", 2)]


def test_swap_past_a_king_holding_dealer_reaches_the_deck():
    g = game(["2C", "9H", "5D", "KS"], cut="8D")
    play_all(g, [KEEP, KEEP])
    assert g.to_act == 2 and g.legal_actions() == [KEEP, CUT]
    g.apply(CUT)
    assert names(g.hands[2]) == ["8D"]
    assert g.phase == swap.REVEAL and g.losers == [0]


def test_dealt_king_cannot_lose_even_when_everyone_else_holds_aces():
    g = game(["AC", "AD", "KH", "AS"])
    play_all(g, [KEEP, KEEP, KEEP])
    assert g.phase == swap.REVEAL
    assert g.losers == [0, 1, 3]
    assert g.lives == [2, 2, 3, 2]


def test_aces_are_high():
    g = game(["AC", "2D", "9H", "9S"])
    play_all(g, [KEEP, KEEP, KEEP, KEEP])
    assert g.losers == [1]
    g = game(["AC", "QD", "JH", "QS"])
    play_all(g, [KEEP, KEEP, KEEP, KEEP])
    assert g.losers == [2]


def test_dealer_keeps_or_cuts_and_acts_last():
    g = game(["9C", "9H", "9D", "4S"], cut="TD")
    play_all(g, [KEEP, KEEP, KEEP])
    assert g.to_act == 3 and g.legal_actions() == [KEEP, CUT]
    g.apply(CUT)
    assert names(g.hands[3]) == ["TD"] and names(g.discard) == ["4S"]
    assert sorted(g.all_cards()) == list(range(52))
    assert g.losers == [0, 1, 2]


def test_dealer_pair_beats_all_but_a_dealt_king():
    g = game(["AC", "KD", "4H", "3S"], cut="3D")
    play_all(g, [KEEP, KEEP, CUT])
    assert names(g.hands[3]) == ["3D", "3S"]
    assert g.losers == [2]  # the 4 is lowest; the pair of 3s is not
    g = game(["AC", "KD", "AH", "3S"], cut="3D")
    play_all(g, [KEEP, KEEP, CUT])
    assert g.losers == [0, 2]  # two aces lose to the pair


def test_dealer_pair_is_the_low_hand_when_only_dealt_kings_remain():
    g = game(["KC", "KD", "3S"], cut="3D")
    g.apply(CUT)
    assert g.losers == [2]


def test_dealer_cuts_a_king_which_is_ordinary_and_loses_to_an_ace():
    g = game(["AC", "AD", "AH", "2S"], cut="KS")
    play_all(g, [KEEP, KEEP, KEEP, CUT])
    assert names(g.hands[3]) == ["KS"]
    assert g.view(0)["king_seats"] == []
    assert g.losers == [3]


def test_a_tie_of_three_for_lowest_costs_each_a_life():
    g = game(["5C", "5D", "5H", "9S"])
    play_all(g, [KEEP, KEEP, KEEP, KEEP])
    assert g.losers == [0, 1, 2]
    assert g.lives == [2, 2, 2, 3]


def test_a_seat_with_no_lives_is_out():
    g = game(["5C", "8D", "9H", "9S"], lives=[1, 3, 3, 3])
    play_all(g, [KEEP, KEEP, KEEP, KEEP])
    assert g.lives[0] == 0 and g.view(2)["out"] == [True, False, False, False]
    assert not g.over


def test_a_seat_knocked_out_mid_match_is_skipped_by_the_rotation():
    # seat 1 goes out in round 1; the deal passes from seat 0 to seat 2
    g = game(["9C", "2D", "9H", "9S"], dealer=0, lives=[3, 1, 3, 3])
    play_all(g, [KEEP, KEEP, KEEP, KEEP])
    assert g.losers == [1] and g.lives[1] == 0
    assert g.phase == swap.REVEAL and g.to_act == 2  # next dealer deals
    g.apply(DEAL)
    assert g.dealer == 2 and g.order == [3, 0, 2]
    assert g.hands[1] == bytearray()
    assert g.to_act == 3
    # a swap by seat 0 goes to seat 2, past the empty seat
    while g.to_act != 0:
        g.apply(KEEP)
    if g.legal_actions() == [KEEP, SWAP]:
        g.apply(SWAP)
        assert g.moves[-1] == [0, 1, 2]


def test_the_first_player_moves_one_seat_each_round_and_the_dealer_acts_last():
    g = game(["9C", "9D", "9H", "TS"], dealer=3)
    firsts = []
    for _ in range(3):
        firsts.append(g.order[0])
        assert g.order[-1] == g.dealer
        while g.phase == swap.PLAY:
            g.apply(KEEP)
        if g.over:
            break
        g.apply(DEAL)
    assert firsts == [0, 1, 2]


def test_two_player_tie_on_last_lives_restarts_everyone():
    events = []
    g = game(["7C", "7D", ""], dealer=1, lives=[1, 1, 0])
    g.attach_log(events.append)
    play_all(g, [KEEP, KEEP])
    assert g.losers == [0, 1]
    assert g.lives == [3, 3, 3] and not g.over
    assert g.view(2)["restart"] is True
    assert [e["ev"] for e in events[-2:]] == ["reveal", "restart"]
    g.apply(DEAL)
    assert g.order == [0, 1, 2][g.dealer + 1 :] + [0, 1, 2][: g.dealer + 1]
    assert len(g.order) == 3


def test_the_last_player_with_lives_wins():
    events = []
    g = game(["5C", "", "9H", ""], dealer=0, lives=[1, 0, 2, 0])
    g.attach_log(events.append)
    play_all(g, [KEEP, KEEP])
    assert g.over and g.to_act == -1 and g.phase == swap.OVER
    r = g.result()
    assert r["winners"] == [2] and r["ranking"][0] == 2
    assert events[-1]["ev"] == "end" and events[-1]["winners"] == [2]
    assert g.legal_actions() == []


def test_all_dealt_kings_means_nobody_loses():
    g = game(["KC", "KD", "KH"])
    assert g.phase == swap.REVEAL and g.losers == [] and g.lives == [3, 3, 3]
    assert g.legal_actions() == [DEAL]


def test_king_blocks_flag_stops_a_swap_past_a_king():
    g = game(["2C", "KH", "5D", "JS"], king_blocks=True)
    assert g.legal_actions() == [KEEP]
    g = game(["2C", "KH", "5D", "JS"])
    assert g.legal_actions() == [KEEP, SWAP]


def test_king_blocks_flag_stops_the_dealer_cutting_when_the_king_is_on_his_left():
    g = game(["KC", "5D", "6H", "2D"], king_blocks=True)
    play_all(g, [KEEP, KEEP])
    assert g.to_act == 3 and g.legal_actions() == [KEEP]
    g = game(["KC", "5D", "6H", "2D"])
    play_all(g, [KEEP, KEEP])
    assert g.legal_actions() == [KEEP, CUT]


def test_king_blocks_flag_stops_the_deck_route_past_a_king_dealer():
    g = game(["2C", "9H", "5D", "KS"], king_blocks=True)
    play_all(g, [KEEP, KEEP])
    assert g.to_act == 2 and g.legal_actions() == [KEEP]


def test_lives_option():
    g = swap.scenario(3, 2, ["5C", "8D", "9H"], options={"lives": 1})
    play_all(g, [KEEP, KEEP, KEEP])
    assert g.lives == [0, 1, 1]
    with pytest.raises(ValueError):
        swap.new_game("syn-swap", 4, 1, {"lives": 0})


def test_bad_seat_counts_and_options_raise_value_error():
    for n in (2, 11):
        with pytest.raises(ValueError, match="3 to 10"):
            swap.new_game("syn-swap", n, 1, {})
    with pytest.raises(ValueError, match="unknown option"):
        swap.new_game("syn-swap", 4, 1, {"jokers": 1})
    with pytest.raises(ValueError):
        swap.new_game("syn-swap", 4, 1, {"king_blocks": "maybe"})


@pytest.mark.parametrize(
    "action", [CUT, DEAL, ("play", b"\x01"), ("swap", 2), ["keep"], "keep", ()]
)
def test_illegal_actions_raise_and_leave_the_state_unchanged(action):
    g = game(["2C", "9H", "5D", "JS"])
    before = g.encode()
    with pytest.raises(IllegalAction):
        g.apply(action)
    assert g.encode() == before


def test_illegal_actions_at_the_reveal_and_after_the_end():
    g = game(["2C", "9H", "5D", "JS"])
    play_all(g, [KEEP, KEEP, KEEP, KEEP])
    before = g.encode()
    for a in (KEEP, SWAP, CUT):
        with pytest.raises(IllegalAction):
            g.apply(a)
        assert g.encode() == before
    g = game(["5C", "", "9H", ""], dealer=0, lives=[1, 0, 2, 0])
    play_all(g, [KEEP, KEEP])
    before = g.encode()
    for a in (KEEP, DEAL):
        with pytest.raises(IllegalAction):
            g.apply(a)
    assert g.encode() == before


def test_view_shows_exactly_what_the_seat_may_know():
    g = game(["2C", "9H", "KD", "JS"], cut="4C")
    g.apply(SWAP)  # seat 0 <-> seat 1
    for seat in range(4):
        v = g.view(seat)
        seen = set(view_cards(v))
        hidden = set(g.hidden_from(seat))
        assert not (seen & hidden)
        assert seen | hidden == set(g.all_cards())
    assert set(names(bytes(view_cards(g.view(0))))) == {"2C", "9H", "KD"}
    assert set(names(bytes(view_cards(g.view(3))))) == {"JS", "KD"}
    play_all(g, [KEEP, KEEP])  # seat 1 keeps, seat 2 (King) passed, dealer keeps
    assert g.phase == swap.REVEAL
    for seat in range(4):
        v = g.view(seat)
        assert v["phase"] == "reveal"
        assert set(names(bytes(view_cards(v)))) == {"9H", "2C", "KD", "JS"}
        assert set(g.hidden_from(seat)) == set(g.stock)


def test_the_cut_card_and_the_discard_stay_known_to_the_cutter():
    g = game(["KC", "KD", "5S"], cut="9D")
    g.apply(CUT)
    v = g.view(2)
    assert v["exchanges"] == [(-1, bytes([cards.parse("5S")]), bytes([cards.parse("9D")]))]
    assert names(v["discard"]) == ["5S"]


def test_a_first_deal_of_only_kings_is_still_told_in_the_transcript():
    g = game(["KC", "KD", "KH"])
    events = []
    g.attach_log(events.append)
    assert [e["ev"] for e in events] == ["start", "reveal"]
    assert events[1]["losers"] == [] and events[1]["kings"] == [0, 1, 2]


def test_scenario_helper_rejects_inconsistent_deals():
    with pytest.raises(ValueError):
        swap.scenario(3, 0, ["2C", "2C", "5D"])
    with pytest.raises(ValueError):
        swap.scenario(3, 0, ["2C", "", "5D"], lives=[3, 3, 3])


# ----- scenarios added by the rules review -----


def test_swap_past_two_kings_in_a_row_reaches_the_next_seat():
    g = game(["2C", "KH", "KD", "9S", "JS"])
    assert action_label_of(g) == "Swap past the King (player 4)"
    g.apply(SWAP)
    assert names(g.hands[0]) == ["9S"] and names(g.hands[3]) == ["2C"]
    assert g.to_act == 3  # both King holders are passed over


def action_label_of(g):
    return swap.action_label(g.view(g.to_act), SWAP)


def test_the_seat_before_a_king_dealer_may_cut_and_make_a_pair():
    g = game(["9C", "5D", "KS"], cut="5H")
    g.apply(KEEP)
    assert g.legal_actions() == [KEEP, CUT]
    g.apply(CUT)
    assert names(g.hands[1]) == ["5D", "5H"] and g.phase == swap.REVEAL
    assert g.losers == [0]  # the pair beats the 9; the dealer's King cannot lose


def test_a_swap_never_passes_a_dealt_king_to_anyone():
    g = game(["2C", "3D", "KH", "4S"])
    play_all(g, [SWAP, SWAP])  # seat 1 (now holding 2C) trades past the King with the dealer
    assert names(g.hands[2]) == ["KH"] and names(g.hands[3]) == ["2C"]
    assert g.to_act == 3 and g.legal_actions() == [KEEP, CUT]


def test_a_tie_of_two_on_last_lives_with_a_third_player_left_knocks_both_out():
    g = game(["5C", "5D", "9H"], lives=[1, 1, 1])
    play_all(g, [KEEP, KEEP, KEEP])
    assert g.over and g.result()["winners"] == [2] and sorted(g.result()["losers"]) == [0, 1]


def test_two_players_tie_but_only_one_is_on_a_last_life_no_restart():
    g = game(["7C", "7D", ""], dealer=1, lives=[2, 1, 0])
    play_all(g, [KEEP, KEEP])
    assert g.lives == [1, 0, 0] and g.over and g.result()["winners"] == [0]
    assert g.view(0)["restart"] is False


def test_two_players_on_last_lives_one_holds_a_dealt_king_the_other_loses():
    g = game(["KC", "2D", ""], dealer=1, lives=[1, 1, 0])
    g.apply(KEEP)
    assert g.over and g.result()["winners"] == [0]


def test_three_players_tied_out_on_last_lives_restart_like_two():
    g = game(["6C", "6D", "6H", ""], dealer=2, lives=[1, 1, 1, 0])
    play_all(g, [KEEP, KEEP, KEEP])
    assert g.restarted and g.lives == [3, 3, 3, 3] and not g.over


def test_the_deal_passes_past_a_dealer_who_just_went_out():
    g = game(["9C", "9D", "9H", "2H"], dealer=3, lives=[3, 3, 3, 1])
    play_all(g, [KEEP, KEEP, KEEP, KEEP])
    assert g.lives[3] == 0 and g.to_act == 0
    g.apply(DEAL)
    assert g.dealer == 0 and g.order == [1, 2, 0]


def test_king_blocks_only_the_seat_on_the_kings_right():
    g = game(["2C", "3D", "KH", "4S", "5S"], king_blocks=True)
    assert g.legal_actions() == [KEEP, SWAP]  # seat 0 trades with seat 1 as usual
    g.apply(KEEP)
    assert g.to_act == 1 and g.legal_actions() == [KEEP]
    g.apply(KEEP)
    assert g.to_act == 3 and g.legal_actions() == [KEEP, SWAP]


def test_legal_actions_are_shared_lists_not_fresh_copies():
    g = game(["2C", "9H", "5D", "JS"])
    assert g.legal_actions() is g.legal_actions()
