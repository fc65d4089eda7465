"""One scenario per rule and per house-rule flag of the shedding family, from exact deals."""

import pytest

from engine import games
from engine import shedding as S
from engine import cards as C
from engine.game import IllegalAction
from tests.test_shedding_helpers import make, play, plays, cs, names, Log


def kinds(g):
    return sorted(set(a[0] for a in g.legal_actions()))


# ----- deal shapes and the setup phase -----


def test_deal_four_down_eight_dealt_choose_four_up():
    g = S.new_game("screw", 3, 5)
    assert g.phase == S.PH_SETUP
    assert [len(d) for d in g.downs] == [4, 4, 4] and [len(h) for h in g.hands] == [8, 8, 8]
    assert len(g.stock) == 52 - 36
    chooser = g.to_act
    assert chooser == (g.dealer + 1) % 3
    assert all(a[0] == "place" for a in g.legal_actions()) and len(g.legal_actions()) == 8
    # chosen face-up cards stay secret from the others until play starts
    g.apply(g.legal_actions()[-1])
    other = (chooser + 1) % 3
    assert g.view(other)["up"][chooser] == b"" and len(g.view(chooser)["up"][chooser]) == 1
    for _ in range(3 * 4 - 1):
        g.apply(g.legal_actions()[-1])
    assert g.phase == S.PH_PLAY
    assert [len(h) for h in g.hands] == [4, 4, 4] and [len(u) for u in g.ups] == [4, 4, 4]
    assert g.view(other)["up"][chooser] == bytes(g.ups[chooser])


@pytest.mark.parametrize("deal,hand", [(2, 3), (3, 4)])
def test_deal_three_down_with_six_or_seven_dealt(deal, hand):
    g = S.new_game("screw", 4, 2, {"deal": deal})
    assert [len(d) for d in g.downs] == [3] * 4
    assert [len(h) for h in g.hands] == [hand + 3] * 4
    while g.phase == S.PH_SETUP:
        g.apply(g.legal_actions()[0])
    assert [len(h) for h in g.hands] == [hand] * 4 and [len(u) for u in g.ups] == [3] * 4


def test_screw_auto_deal_uses_three_and_seven_for_five_players():
    g = S.new_game("screw", 5, 1)
    assert [len(d) for d in g.downs] == [3] * 5 and [len(h) for h in g.hands] == [7] * 5
    assert S.new_game("screw", 4, 1).downs[0] and len(S.new_game("screw", 4, 1).downs[0]) == 4


def test_deal_three_up_three_down_five_in_hand_moonshine():
    g = S.new_game("moonshine", 4, 3)
    assert g.phase == S.PH_PLAY
    assert [len(x) for x in g.downs] == [3] * 4 and [len(x) for x in g.ups] == [3] * 4
    assert [len(x) for x in g.hands] == [5] * 4 and len(g.stock) == 52 - 44


def test_deal_three_three_three_then_swap_before_play_shithead():
    g = S.new_game("shithead", 3, 4)
    assert g.phase == S.PH_SETUP and [len(h) for h in g.hands] == [3, 3, 3]
    s = g.to_act
    h, u = g.hands[s][0], g.ups[s][0]
    assert ("swap", h * 64 + u) in g.legal_actions() and ("ready",) in g.legal_actions()
    g.apply(("swap", h * 64 + u))
    assert h in g.ups[s] and u in g.hands[s] and g.to_act == s
    # dealt face-up cards are public during the swap
    assert g.view((s + 1) % 3)["up"][s] == bytes(g.ups[s])
    for _ in range(3):
        g.apply(("ready",))
    assert g.phase == S.PH_PLAY


def test_deal_three_down_six_up_choose_three():
    g = S.new_game("shithead", 2, 4, {"deal": 6, "swap": False})
    assert [len(u) for u in g.ups] == [6, 6] and [len(h) for h in g.hands] == [0, 0]
    s = g.to_act
    assert all(a[0] == "take" for a in g.legal_actions())
    assert g.view(1 - s)["up"][s] == bytes(g.ups[s])
    for _ in range(6):
        g.apply(g.legal_actions()[0])
    assert g.phase == S.PH_PLAY and [len(h) for h in g.hands] == [3, 3]
    assert [len(u) for u in g.ups] == [3, 3]


def test_seat_count_and_option_errors_are_clear():
    with pytest.raises(ValueError, match="players"):
        S.new_game("moonshine", 5, 1)
    with pytest.raises(ValueError, match="players"):
        S.new_game("shithead", 6, 1, {"joker": 0})
    with pytest.raises(ValueError):
        S.new_game("screw", 1, 1)
    with pytest.raises(ValueError, match="seven_lower"):
        S.new_game("screw", 2, 1, {"seven_lower": 5})
    with pytest.raises(ValueError, match="unknown option"):
        S.new_game("screw", 2, 1, {"bogus": 1})
    assert S.new_game("shithead", 6, 1).npack == 54


# ----- drawing, sets -----


def test_draw_back_up_while_the_stock_lasts():
    g = make("screw", hands=["5C 5D 9H KS", "6C 8D JH QS"], stock="3C 4C 4D", ups=["2C", "2D"])
    play(g, "5C 5D")
    assert len(g.hands[0]) == 4 and len(g.stock) == 1


def test_stock_running_out_mid_draw():
    g = make("screw", hands=["5C 5D 5H KS", "6C 8D JH QS"], stock="3C", ups=["2C", "2D"])
    lg = Log(g)
    play(g, "5C 5D 5H")
    assert names(g.hands[0]) == "3C KS" and len(g.stock) == 0
    assert lg.of("draw")[0]["n"] == 1


def test_sets_of_equal_rank_only():
    g = make("screw", hands=["5C 5D 9H", "6C"], pile="4S", ups=["2C", "2D"])
    assert plays(g) == ["5C", "5C 5D", "5D", "9H"]
    before = g.encode()
    with pytest.raises(IllegalAction):
        play(g, "5C 9H")
    assert g.encode() == before


def test_play_must_reach_the_value_to_beat():
    g = make("screw", hands=["5C 9H", "6C"], pile="8S", ups=["2C", "2D"])
    assert plays(g) == ["9H"]
    g = make("screw", hands=["8C 9H", "6C"], pile="8S", ups=["2C", "2D"])
    assert plays(g) == ["8C", "9H"]


# ----- the 2 -----


def test_two_resets_the_pile():
    g = make("screw", hands=["2C 9H", "3C 4D"], pile="KS", ups=["5C", "5D"])
    play(g, "2C")
    assert g.to_act == 1 and g.view(1)["reset"] and plays(g) == ["3C", "4D"]


def test_two_again_flag_lets_the_player_add_a_card_or_stop():
    g = make("popcorn", hands=["2C 4H", "3C 5D"], pile="KS", ups=["5C", "5H"])
    play(g, "2C")
    assert g.to_act == 0 and g.may_stop and ("stop",) in g.legal_actions()
    assert ("pickup",) not in g.legal_actions()
    play(g, "4H")
    assert g.to_act == 1
    g = make("popcorn", hands=["2C 4H", "3C 5D"], pile="KS", ups=["5C", "5H"])
    play(g, "2C")
    g.apply(("stop",))
    assert g.to_act == 1 and not g.may_stop


def test_two_played_as_last_card_ends_and_next_player_plays():
    g = make(
        "popcorn",
        seats=3,
        hands=["2C", "3C 5D", "6H"],
        pile="KS",
        options={"chips": 0, "play_to_last": True},
    )
    play(g, "2C")
    assert list(g.finished) == [0] and g.to_act == 1 and not g.may_stop


# ----- the 10 -----


def test_ten_burns_the_pile_and_the_burner_plays_again():
    g = make("screw", hands=["TC 4H", "3C 5D"], pile="5S 8H", ups=["5C", "5H"])
    lg = Log(g)
    play(g, "TC")
    assert g.pile == bytearray() and g.to_act == 0
    assert lg.of("burn")[0]["why"] == "ten" and lg.of("burn")[0]["n"] == 3
    assert C.parse("TC") in g.burned


def test_burn_again_flag_off_passes_the_turn():
    g = make(
        "screw",
        hands=["TC 4H", "3C 5D"],
        pile="5S",
        ups=["5C", "5H"],
        options={"burn_again": False},
    )
    play(g, "TC")
    assert g.to_act == 1 and not g.pile


def test_ten_only_on_ten_or_lower_in_screw():
    g = make("screw", hands=["TC 4H", "3C"], pile="JS", ups=["5C", "5H"])
    assert plays(g) == [] and g.legal_actions() == [("pickup",)]
    g = make("screw", hands=["TC 4H", "3C"], pile="9S", ups=["5C", "5H"])
    assert plays(g) == ["TC"]
    g = make("screw", hands=["TC 4H", "3C"], pile="TS", ups=["5C", "5H"])
    assert plays(g) == ["TC"]


def test_ten_goes_on_anything_without_the_limit():
    g = make("shithead", hands=["TC 4H", "3C"], pile="AS", ups=["5C", "5H"])
    assert plays(g) == ["TC"]


def test_ten_as_last_card_burns_and_the_next_player_starts():
    g = make(
        "screw",
        seats=3,
        hands=["TC", "3C 5D", "6H"],
        pile="8S",
        options={"play_to_last": True, "chips": 0},
    )
    play(g, "TC")
    assert list(g.finished) == [0] and not g.pile and g.to_act == 1
    assert plays(g) == ["3C", "5D"]


# ----- the 7 -----


def test_seven_forces_strictly_lower_popcorn():
    g = make("popcorn", hands=["2C 3H 6D 7C 8S TD RJ", "4C"], pile="7S", ups=["5C", "5H"])
    assert plays(g) == ["2C", "3H", "6D", "RJ", "TD"]


def test_seven_or_lower_moonshine():
    g = make("moonshine", hands=["2C 6D 7C 8S TD", "4C"], pile="7S", ups=["5C", "5H"])
    assert plays(g) == ["2C", "6D", "7C", "8S", "TD"][:3] + ["TD"]


def test_seven_has_no_effect_when_the_flag_is_off():
    g = make("screw", hands=["6D 8S", "4C"], pile="7S", ups=["5C", "5H"])
    assert plays(g) == ["8S"]
    assert make(
        "screw", hands=["6D 8S", "4C"], pile="7S", ups=["5C", "5H"], options={"seven_lower": 1}
    ).legal_actions() == [("play", bytes(cs("6D")))]


# ----- the invisible 3 -----


def test_invisible_three_shows_what_lies_beneath():
    g = make("moonshine", hands=["3C 9H", "4C QD KD"], pile="QS", ups=["5C", "5H"])
    assert "3C" in plays(g) and "9H" not in plays(g)
    play(g, "3C")
    v = g.view(1)
    assert v["top"] == bytes(cs("3C")) and v["under"] == bytes(cs("QS")) and v["beat"] == 12
    assert plays(g) == ["KD", "QD"]


def test_three_is_a_plain_card_without_the_flag():
    g = make("screw", hands=["3C 9H", "4C"], pile="QS", ups=["5C", "5H"])
    assert plays(g) == []


# ----- four of a kind -----


def test_four_of_a_kind_clears_across_players():
    g = make("moonshine", hands=["8C 8D 4H", "8H 8S 5C"], pile="6S", ups=["5D", "5H"])
    lg = Log(g)
    play(g, "8C 8D")
    assert g.to_act == 1 and len(g.pile) == 3
    play(g, "8H 8S")
    assert not g.pile and g.to_act == 1 and lg.of("burn")[0]["why"] == "four"


def test_four_of_a_kind_must_be_consecutive():
    g = make("moonshine", hands=["8C 8D 4H", "5C 6C"], pile="8S 8H 2C", ups=["5D", "5H"])
    play(g, "8C 8D")
    assert len(g.pile) == 5


def test_four_of_a_kind_does_nothing_without_the_flag():
    g = make("screw", hands=["8C 8D 4H", "8H 8S 5C"], pile="6S", ups=["5D", "5H"])
    play(g, "8C 8D")
    play(g, "8H 8S")
    assert len(g.pile) == 5 and g.to_act == 0


# ----- same-value skip -----


def test_same_value_skips_the_next_player():
    o = {"skip_same": True}
    g = make(
        "screw", seats=3, hands=["9C 4H", "5C", "6C"], pile="9S", ups=["5D", "5H", "6D"], options=o
    )
    lg = Log(g)
    play(g, "9C")
    assert g.to_act == 2 and lg.of("skip")[0]["seat"] == 1
    g = make("screw", seats=3, hands=["9C 4H", "5C", "6C"], pile="9S", ups=["5D", "5H", "6D"])
    play(g, "9C")
    assert g.to_act == 1


# ----- jokers -----


def test_popcorn_joker_makes_the_next_player_take_the_pile_and_miss_a_turn():
    g = make("popcorn", seats=3, hands=["RJ 4H", "5C", "6C"], pile="9S KH", ups=["5D", "5H", "6D"])
    lg = Log(g)
    play(g, "RJ")
    assert names(g.hands[1]) == "5C 9S KH" and g.to_act == 2 and not g.pile
    assert C.RED_JOKER in g.burned and lg.of("joker")[0]["victim"] == 1


def test_shithead_joker_reverses_direction_and_takes_no_rank():
    g = make(
        "shithead",
        seats=6,
        hands=["BJ 4H", "5C", "6C", "7C", "8C", "9C QC"],
        pile="9S",
        ups=["5D"] * 0,
    )
    lg = Log(g)
    play(g, "BJ")
    assert g.direction == -1 and g.to_act == 5 and lg.of("reverse")
    v = g.view(5)
    assert v["under"] == bytes(cs("9S")) and v["beat"] == 9
    assert plays(g) == ["9C", "QC"]
    play(g, "9C")
    assert g.to_act == 4


def test_shithead_joker_is_played_alone_at_any_time():
    g = make("shithead", seats=6, hands=["RJ BJ 4H", "5C", "6C", "7C", "8C", "9C"], pile="AS")
    assert plays(g) == ["BJ", "RJ"]


def test_six_player_shithead_deals_the_jokers_and_five_do_not():
    assert S.new_game("shithead", 5, 1).npack == 52
    g = S.new_game("shithead", 6, 1)
    assert len(g.all_cards()) == 54 and len(g.stock) == 0


# ----- picking up -----


def test_pickup_only_when_unable_to_play_in_screw():
    g = make("screw", hands=["9C 4H", "5C"], pile="8S", ups=["5D", "5H"])
    assert ("pickup",) not in g.legal_actions()
    g = make("screw", hands=["6C 4H", "5C"], pile="8S", ups=["5D", "5H"])
    assert g.legal_actions() == [("pickup",)]


def test_pickup_then_the_same_player_plays_any_card_in_screw():
    g = make("screw", hands=["6C 4H", "5C"], pile="7D 8S", ups=["5D", "5H"])
    g.apply(("pickup",))
    assert g.to_act == 0 and not g.pile and names(g.hands[0]) == "4H 6C 7D 8S"
    assert plays(g) == ["4H", "6C", "7D", "8S"]


def test_pickup_ends_the_turn_in_shithead_and_may_be_chosen():
    g = make("shithead", seats=3, hands=["9C 4H", "5C", "6C"], pile="8S", ups=["5D", "5H", "6D"])
    assert ("pickup",) in g.legal_actions()
    g.apply(("pickup",))
    assert g.to_act == 1 and not g.pile and names(g.hands[0]) == "4H 8S 9C"


# ----- face-up then face-down -----


def test_face_up_cards_only_once_the_hand_is_empty():
    g = make("screw", hands=["9C", "5C"], ups=["QD QH", "5H"], downs=["3C", "4C"], pile="8S")
    assert plays(g) == ["9C"]
    g = make("screw", hands=["", "5C"], ups=["QD QH 4D", "5H"], downs=["3C", "4C"], pile="8S")
    assert plays(g) == ["QD", "QD QH", "QH"]
    play(g, "QD QH")
    assert names(g.ups[0]) == "4D"


def test_blind_face_down_play_chooses_a_position_never_a_card():
    a = make("screw", hands=["", "5C"], downs=["3C KD", "4C"], pile="8S")
    b = make("screw", hands=["", "5C"], downs=["KD 3C", "4C"], pile="8S")
    assert a.legal_actions() == b.legal_actions() == [("blind", 0), ("blind", 1)]
    assert a.view(0)["down_count"][0] == 2 and C.parse("KD") not in a.view(0)["pile"]


def test_blind_card_that_beats_the_pile_is_played():
    g = make("screw", hands=["", "5C"], downs=["3C KD", "4C"], pile="8S")
    lg = Log(g)
    g.apply(("blind", 1))
    assert names(g.pile) == "8S KD" and g.to_act == 1 and lg.of("flip")[0]["ok"] is True


def test_blind_card_too_low_picks_up_the_pile_with_it():
    g = make("screw", hands=["", "5C"], downs=["3C KD", "4C"], pile="8S")
    g.apply(("blind", 0))
    assert names(g.hands[0]) == "3C 8S" and not g.pile and names(g.downs[0]) == "KD"
    assert g.to_act == 0  # Screw: then plays any card
    g = make("shithead", hands=["", "5C"], downs=["3C KD", "4C"], pile="8S")
    g.apply(("blind", 0))
    assert g.to_act == 1  # Shithead: the pick-up ends the turn


def test_burning_on_a_face_down_card():
    g = make("screw", hands=["", "5C"], downs=["TC KD", "4C"], pile="5S 8S")
    g.apply(("blind", 0))
    assert not g.pile and g.to_act == 0 and names(g.downs[0]) == "KD"
    assert g.legal_actions() == [("blind", 0)]


def test_face_up_pickup_takes_one_face_up_card_in_shithead():
    g = make("shithead", hands=["", "5C"], ups=["4D 6H", "5H"], downs=["3C", "4C"], pile="9S")
    assert sorted(g.legal_actions()) == [("pickup", C.parse("4D")), ("pickup", C.parse("6H"))]
    g.apply(("pickup", C.parse("6H")))
    assert names(g.hands[0]) == "6H 9S" and names(g.ups[0]) == "4D" and g.to_act == 1


# ----- first player -----


def test_first_player_screw_lowest_hand_card_two_is_not_low_tie_nearest_dealer_left():
    g = make("screw", seats=3, hands=["2C 5D 9H", "4C 8D", "4H KS"], dealer=0)
    g.phase = S.PH_SETUP
    g.start_play()
    assert g.to_act == 1 and g.first_rank == C.FOUR
    assert plays(g) == ["4C"]
    g = make("screw", seats=3, hands=["2C 5D 9H", "4C 8D", "4H KS"], dealer=1)
    g.start_play()
    assert g.to_act == 2


def test_first_player_shithead_three_face_up_then_in_hand_then_fours():
    g = make("shithead", seats=3, hands=["3C 9H", "5C", "4H"], ups=["8C", "3D", "7S"], dealer=0)
    g.start_play()
    assert g.to_act == 1 and g.first_rank == -1
    g = make("shithead", seats=3, hands=["5C 9H", "6C", "3H"], ups=["8C", "7D", "7S"], dealer=0)
    g.start_play()
    assert g.to_act == 2
    g = make("shithead", seats=3, hands=["5C 9H", "6C", "8H"], ups=["8C", "4D", "7S"], dealer=2)
    g.start_play()
    assert g.to_act == 1


def test_first_player_popcorn_left_of_dealer_plays_anything():
    g = make("popcorn", seats=3, hands=["KC", "4C", "5C"], dealer=1)
    g.start_play()
    assert g.to_act == 2 and plays(g) == ["5C"]


# ----- Shithead after a burn -----


def test_post_burn_next_card_must_be_ten_or_higher():
    g = make("shithead", hands=["TC 4H JD", "5C"], pile="8S", ups=["5D", "5H"])
    play(g, "TC")
    assert g.to_act == 0 and g.need10 and plays(g) == ["JD"]


def test_post_burn_with_no_legal_card_passes_and_the_next_starts_fresh():
    g = make("shithead", hands=["TC 4H", "5C 6C"], pile="8S", ups=["5D", "5H"])
    lg = Log(g)
    play(g, "TC")
    assert g.legal_actions() == [("pass",)]
    g.apply(("pass",))
    assert g.to_act == 1 and not g.need10 and plays(g) == ["5C", "6C"] and lg.of("pass")


def test_post_burn_rule_relaxed_by_the_flag():
    g = make(
        "shithead",
        hands=["TC 4H", "5C"],
        pile="8S",
        ups=["5D", "5H"],
        options={"post_burn_high": False},
    )
    play(g, "TC")
    assert plays(g) == ["4H"]


# ----- going out, finishing order, the loser -----


def test_first_out_wins_the_round_in_screw():
    g = make("screw", hands=["KC", "4C"], pile="8S", options={"chips": 0})
    play(g, "KC")
    assert g.over and g.result()["winners"] == [0]


def test_going_out_while_holding_the_pile_top_next_must_beat_it():
    g = make("shithead", seats=3, hands=["KC", "4C AH", "5C"], pile="8S", options={"chips": 0})
    play(g, "KC")
    assert list(g.finished) == [0] and g.view(1)["top"] == bytes(cs("KC")) and plays(g) == ["AH"]


def test_finishing_order_and_the_shithead_loser():
    g = make("shithead", seats=3, hands=["KC", "AH", "4C"], pile="8S", options={"chips": 0})
    play(g, "KC")
    play(g, "AH")
    assert g.over
    r = g.result()
    assert r["winners"] == [0] and r["losers"] == [2] and r["ranking"] == [0, 1, 2]


# ----- match play with chips -----


def test_round_winner_chooses_who_loses_a_chip():
    g = make("screw", seats=3, hands=["KC", "4C", "5C"], pile="8S", chips=[2, 2, 2])
    lg = Log(g)
    play(g, "KC")
    assert g.phase == S.PH_CHIP and g.to_act == 0
    assert g.legal_actions() == [("chip", 1), ("chip", 2)]
    g.apply(("chip", 2))
    assert list(g.chips) == [2, 2, 1] and g.round == 2 and lg.of("deal")
    assert g.phase in (S.PH_SETUP, S.PH_PLAY) and not g.over


def test_match_ends_when_someone_has_no_chips_most_chips_wins():
    g = make("screw", seats=3, hands=["KC", "4C", "5C"], pile="8S", chips=[1, 3, 1])
    play(g, "KC")
    g.apply(("chip", 2))
    assert g.over and g.result()["winners"] == [1] and g.result()["losers"] == [2]


def test_shithead_match_the_loser_loses_a_chip_and_deals():
    g = make("shithead", seats=3, hands=["KC", "AH", "4C"], pile="8S", chips=[2, 2, 2])
    play(g, "KC")
    play(g, "AH")
    assert list(g.chips) == [2, 2, 1] and g.dealer == 2 and not g.over


# ----- endless rounds -----


def test_stall_rule_ends_a_round_without_progress():
    g = make(
        "screw",
        hands=["QD 4H", "KD 5C"],
        pile="",
        ups=["4C", "4D"],
        options={"stall": 3, "chips": 0},
    )
    lg = Log(g)
    play(g, "QD")
    play(g, "KD")
    g.apply(("pickup",))
    assert g.over and lg.of("stall") and g.result()["winners"] == [1]


# ----- illegal input -----


def test_illegal_actions_raise_and_change_nothing():
    g = make("shithead", hands=["TC 4H", "5C"], pile="8S", ups=["5D", "5H"])
    before = g.encode()
    for bad in (
        ("play", bytes(cs("5C"))),
        ("play", bytes(cs("4H"))),
        ("blind", 0),
        ("pass",),
        ("chip", 1),
        ("nonsense",),
        ("pickup", 3),
    ):
        with pytest.raises(IllegalAction):
            g.apply(bad)
        assert g.encode() == before
    g.apply(("pickup",))
    g2 = make("screw", hands=["KC", "4C"], pile="8S", options={"chips": 0})
    play(g2, "KC")
    with pytest.raises(IllegalAction):
        g2.apply(("pickup",))


# ----- views and privacy -----


def test_view_shows_the_table_and_hides_the_rest():
    g = make(
        "moonshine",
        hands=["5C 9H", "6C KD"],
        ups=["QC", "QD"],
        downs=["4C", "4D"],
        pile="7S 3H",
        stock="AS AD",
    )
    v = g.view(0)
    for k in (
        "seat",
        "to_act",
        "over",
        "phase",
        "hand",
        "up",
        "up_count",
        "down_count",
        "hand_count",
        "pile",
        "top",
        "under",
        "beat",
        "lower",
        "reset",
        "need10",
        "stock",
        "direction",
        "finished",
        "chips",
        "burned",
        "may_stop",
        "first_rank",
        "dealer",
        "round",
    ):
        assert k in v
    assert (
        v["hand"] == bytes(cs("5C 9H")) and v["hand_count"] == [2, 2] and v["down_count"] == [1, 1]
    )
    assert v["under"] == bytes(cs("7S")) and v["lower"] == 2 and v["stock"] == 2
    from engine.game import view_cards

    seen = view_cards(v)
    for c in cs("6C KD 4C 4D AS AD"):
        assert c not in seen
    assert sorted(g.hidden_from(0)) == sorted(cs("6C KD 4C 4D AS AD"))


def test_action_json_round_trips_every_kind():
    g = make("shithead", hands=["TC 4H", "5C"], pile="8S", ups=["5D", "5H"])
    for a in (
        ("play", bytes(cs("4H"))),
        ("place", 5),
        ("take", 7),
        ("swap", 5 * 64 + 9),
        ("ready",),
        ("blind", 2),
        ("pickup",),
        ("pickup", 30),
        ("pass",),
        ("stop",),
        ("chip", 1),
    ):
        assert g.parse_action(g.action_json(a)) == a
        assert S.action_label(g.view(g.to_act), a)


def test_post_burn_rule_does_not_let_an_invisible_three_through():
    o = {"invisible_three": True}
    g = make("shithead", hands=["TC 3H 2D QS", "5C"], pile="8S", ups=["5D", "5H"], options=o)
    play(g, "TC")
    assert plays(g) == ["2D", "QS"]


def test_legal_actions_in_the_blind_stage_ignore_the_post_burn_rule_and_the_cards():
    g = make("shithead", hands=["", "5C"], downs=["TC 4D", "6C"], pile="8S")
    g.apply(("blind", 0))
    assert g.need10 and g.legal_actions() == [("blind", 0)]
    g.apply(("blind", 0))
    assert names(g.hands[0]) == "4D" and g.to_act == 1 and not g.need10


def test_save_round_trip_and_wrong_save_is_refused():
    g = S.new_game("screw", 3, 9)
    g.apply(g.legal_actions()[0])
    data = g.encode()
    g2 = games.decode("screw", data)
    assert g2.encode() == data and g2.legal_actions() == g.legal_actions()
    with pytest.raises(ValueError):
        games.decode("moonshine", data)
    with pytest.raises(ValueError):
        games.decode("screw", data[:-3])


def test_options_for_lists_every_flag_in_a_fixed_order_with_the_preset_defaults():
    names_ = [o[0] for o in games.options_for("shithead")]
    assert names_ == [o[0] for o in S.OPTIONS]
    d = dict((o[0], o[1]) for o in games.options_for("moonshine"))
    assert d["seven_lower"] == 2 and d["invisible_three"] is True and d["deal"] == 4
    opts = games.options_for("screw")
    assert all(isinstance(help_, str) and help_ for name, default, help_, limits, words in opts)


def test_next_round_starts_cleanly_when_the_last_card_ends_a_round_with_no_setup():
    # Shithead-style loser rule with a deal that needs no setup: the new round's first player
    # must not be overwritten by the end of the old round's last play
    o = {"deal": 4, "swap": False, "first": 0}
    g = make("shithead", seats=3, hands=["KC", "AH", "4C"], pile="8S", chips=[2, 2, 2], options=o)
    play(g, "KC")
    play(g, "AH")
    assert g.round == 2 and g.phase == S.PH_PLAY
    fr = g.first_rank
    assert any((c >> 2) == fr for c in g.hands[g.to_act]) and g.legal_actions()


# ----- review of seed 000 / seed 004 rules (scenarios added by the rules review) -----


def test_screw_draws_one_card_for_every_card_played_even_with_a_big_hand():
    # Screw's text: one card from the stock per card played, so a hand swollen by a pick-up
    # stays swollen while the stock lasts
    g = make(
        "screw", hands=["4C 5D 6H 7S 8C 9D", "3C"], pile="", stock="JC JD QH", ups=["2C", "2D"]
    )
    lg = Log(g)
    play(g, "4C")
    assert len(g.hands[0]) == 6 and names(g.stock) == "JD QH" and lg.of("draw")[0]["n"] == 1


def test_draw_each_off_tops_up_to_the_hand_size_and_a_big_hand_draws_nothing():
    g = make("moonshine", hands=["4C 5D 6H 7S 8C 9D", "3C"], pile="", stock="JC JD QH")
    play(g, "4C")
    assert len(g.hands[0]) == 5 and len(g.stock) == 3
    g = make("moonshine", hands=["4C 5D 9D", "3C"], pile="", stock="JC JD QH")
    play(g, "4C")
    assert names(g.hands[0]) == "5D 9D JC JD QH" and not g.stock


def test_draw_each_draws_a_whole_set_worth_until_the_stock_runs_out():
    g = make("screw", hands=["5C 5D 5H KS", "6C"], stock="3C 4C", ups=["2C", "2D"])
    play(g, "5C 5D 5H")
    assert names(g.hands[0]) == "3C 4C KS" and not g.stock


def test_a_version_one_save_still_loads_with_the_top_up_draw():
    from engine.codec import Writer

    g = make("screw", hands=["4C 5D", "3C"], stock="JC")
    # the version 1 header of the shedding module: no draw_each flag, options as u8
    w = Writer()
    w.u8(1)
    w.text("screw")
    w.text(str(g.seed))
    w.u8(g.seats)
    for o in S.OPTIONS:
        if o[0] != "draw_each":
            w.u8(int(g.opts[o[0]]))
    w.u32(g.rng.get_state())
    g._encode_body(w)
    data = w.data()
    g2 = games.decode("screw", data)
    assert data[0] == 1 and g2.opts["draw_each"] is False
    assert g2.legal_actions() == g.legal_actions() and bytes(g2.hands[0]) == bytes(g.hands[0])


def test_invisible_three_on_a_seven_keeps_the_seven_rule():
    g = make("moonshine", hands=["3C 4H", "2C 3H 4D 7D 8S 9H TD"], pile="7S")
    play(g, "3C")
    v = g.view(1)
    assert v["under"] == bytes(cs("7S")) and v["lower"] == 2
    assert plays(g) == ["2C", "3H", "4D", "7D", "TD"]


def test_seven_strictly_lower_keeps_ten_and_two_playable_in_screw_with_the_flag():
    g = make("screw", hands=["2H 6D 7C 8S TC", "4C"], pile="7S", options={"seven_lower": 1})
    assert plays(g) == ["2H", "6D", "TC"]


def test_ten_limit_reads_the_card_beneath_an_invisible_three():
    g = make("moonshine", hands=["TC 4H", "5C"], pile="JS 3C")
    assert "TC" not in plays(g)
    g = make("moonshine", hands=["TC 4H", "5C"], pile="9S 3C")
    assert "TC" in plays(g)


def test_ten_limit_allows_a_ten_on_a_reset_pile():
    g = make("screw", hands=["TC 4H", "5C"], pile="AS 2D")
    assert plays(g) == ["4H", "TC"]


def test_a_ten_flipped_blind_onto_a_pile_above_ten_is_picked_up_in_screw():
    g = make("screw", hands=["", "5C"], downs=["TC KD", "4C"], pile="QS")
    g.apply(("blind", 0))
    assert names(g.hands[0]) == "TC QS" and not g.pile and g.to_act == 0


def test_four_threes_burn_the_pile_in_moonshine():
    g = make("moonshine", hands=["3H 3S 5C", "6C"], pile="9D 3C 3D")
    lg = Log(g)
    play(g, "3H 3S")
    assert not g.pile and lg.of("burn")[0]["why"] == "four" and g.to_act == 0


def test_an_invisible_three_between_two_pairs_breaks_four_of_a_kind():
    g = make("moonshine", hands=["8H 8S 5C", "9C"], pile="8C 8D 3D")
    play(g, "8H 8S")
    assert names(g.pile) == "8C 8D 3D 8H 8S" and g.to_act == 1


def test_four_twos_burn_and_the_burner_must_play_on_with_two_again():
    g = make("popcorn", hands=["2H 2S 5C", "6C"], pile="2C 2D")
    lg = Log(g)
    play(g, "2H 2S")
    assert lg.of("burn") and not g.pile and g.to_act == 0 and not g.may_stop
    assert g.legal_actions() == [("play", bytes(cs("5C")))]


def test_a_two_between_two_pairs_breaks_four_of_a_kind():
    g = make("popcorn", hands=["2H 8H 8S", "9C"], pile="8C 8D", ups=["5D", "5H"])
    play(g, "2H")
    play(g, "8H 8S")
    assert names(g.pile) == "8C 8D 2H 8H 8S" and g.to_act == 1


def test_four_of_a_kind_built_by_three_players_burns_for_the_last_one():
    g = make("popcorn", seats=3, hands=["8C 8D 4H", "8H 5C", "8S 6C"], pile="6S")
    play(g, "8C 8D")
    play(g, "8H")
    lg = Log(g)
    play(g, "8S")
    assert not g.pile and lg.of("burn")[0]["seat"] == 2 and g.to_act == 2


def test_four_of_a_kind_completed_by_a_blind_card():
    g = make("moonshine", hands=["", "5C"], downs=["8S", "4C"], pile="8C 8D 8H", ups=["", "5H"])
    g.apply(("blind", 0))
    assert not g.pile and C.parse("8S") in g.burned


def test_same_value_skip_counts_one_skip_for_a_set_on_the_same_value():
    o = {"skip_same": True}
    g = make("screw", seats=4, hands=["9C 9D 4H", "5C", "6C", "7C"], pile="9S", options=o)
    lg = Log(g)
    play(g, "9C 9D")
    assert g.to_act == 2 and [e["seat"] for e in lg.of("skip")] == [1]


def test_same_value_skip_needs_the_card_on_top_to_match_not_the_set_itself():
    o = {"skip_same": True}
    g = make("screw", seats=4, hands=["9C 9D 4H", "5C", "6C", "7C"], pile="8S", options=o)
    lg = Log(g)
    play(g, "9C 9D")
    assert g.to_act == 1 and not lg.of("skip")


def test_same_value_skip_with_two_players_gives_the_player_another_turn():
    g = make("screw", hands=["9C 4H", "5C"], pile="9S", options={"skip_same": True})
    play(g, "9C")
    assert g.to_act == 0


def test_a_burn_overrides_the_same_value_skip():
    o = {"skip_same": True, "four_clears": True}
    g = make("screw", seats=3, hands=["9C 4H", "5C", "6C"], pile="9S 9D 9H", options=o)
    lg = Log(g)
    play(g, "9C")
    assert not g.pile and g.to_act == 0 and not lg.of("skip")


def test_two_again_wins_over_the_same_value_skip():
    o = {"skip_same": True}
    g = make("popcorn", seats=3, hands=["2C 4H", "5C", "6C"], pile="2S", options=o)
    play(g, "2C")
    assert g.to_act == 0 and g.may_stop


def test_popcorn_joker_on_an_empty_pile_costs_only_the_turn():
    g = make("popcorn", seats=3, hands=["RJ 4H", "5C", "6C"], pile="")
    play(g, "RJ")
    assert names(g.hands[1]) == "5C" and g.to_act == 2 and C.RED_JOKER in g.burned


def test_popcorn_joker_with_two_players_the_joker_player_leads_again():
    g = make("popcorn", hands=["RJ 4H", "5C"], pile="9S KH")
    play(g, "RJ")
    assert names(g.hands[1]) == "5C 9S KH" and g.to_act == 0 and not g.pile
    assert plays(g) == ["4H"]


def test_popcorn_joker_flipped_blind_still_hits_the_next_player():
    g = make(
        "popcorn",
        seats=3,
        hands=["", "5C", "6C"],
        downs=["BJ 3C", "4C", "4D"],
        ups=["", "5H", "6H"],
        pile="9S",
    )
    g.apply(("blind", 0))
    assert names(g.hands[1]) == "5C 9S" and g.to_act == 2 and C.BLACK_JOKER in g.burned


def test_shithead_joker_after_a_burn_keeps_the_ten_or_higher_demand():
    g = make("shithead", seats=6, hands=["TC RJ 4H", "5C", "6C", "7C", "8C", "9C QC"], pile="8S")
    play(g, "TC")
    play(g, "RJ")
    assert g.to_act == 5 and g.direction == -1 and g.need10 and plays(g) == ["QC"]
    g = make("shithead", seats=6, hands=["TC RJ 4H", "5C", "6C", "7C", "8C", "9C"], pile="8S")
    play(g, "TC")
    play(g, "RJ")
    assert sorted(g.legal_actions()) == [("pass",), ("pickup",)]
    g.apply(("pass",))
    assert g.to_act == 4 and not g.need10 and plays(g) == ["8C"]


def test_shithead_joker_reversal_skips_players_already_out():
    g = make(
        "shithead",
        seats=6,
        hands=["BJ 4H", "5C", "6C", "7C", "8C", "9C"],
        pile="9S",
        options={"chips": 0},
    )
    g.finished = bytearray([5])
    g.hands[5] = bytearray()
    g.burned.append(C.parse("9C"))
    play(g, "BJ")
    assert g.to_act == 4


def test_shithead_two_jokers_in_a_row_restore_the_direction():
    g = make("shithead", seats=6, hands=["BJ 4H", "5C", "6C", "7C", "8C", "RJ 9C"], pile="9S")
    play(g, "BJ")
    play(g, "RJ")
    assert g.direction == 1 and g.to_act == 0 and g.view(0)["under"] == bytes(cs("9S"))


def test_first_player_shithead_a_three_in_hand_beats_a_four_face_up():
    g = make("shithead", seats=3, hands=["5C 9H", "6C", "3H"], ups=["8C", "4D", "7S"], dealer=0)
    g.start_play()
    assert g.to_act == 2


def test_first_player_moonshine_lowest_hand_card_and_that_rank_first():
    g = make("moonshine", seats=3, hands=["2C 6D 9H", "5C 5H 8D", "7H KS"], dealer=2)
    g.start_play()
    assert g.to_act == 1 and plays(g) == ["5C", "5C 5H", "5H"]


def test_match_tie_for_most_chips_shares_the_win():
    g = make("screw", seats=3, hands=["KC", "4C", "5C"], pile="8S", chips=[2, 2, 1])
    play(g, "KC")
    g.apply(("chip", 2))
    r = g.result()
    assert g.over and r["winners"] == [0, 1] and r["losers"] == [2] and r["ranking"] == [0, 1, 2]


def test_legal_actions_are_computed_once_and_not_copied():
    g = make("screw", hands=["4C 4D 4H 4S 9H", "5C"], pile="3S", ups=["5D", "5H"])
    a = g.legal_actions()
    assert g.legal_actions() is a and len(a) == 16
    play(g, "9H")
    assert g.legal_actions() is not a and len(a) == 16
