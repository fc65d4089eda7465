"""The matching family's heuristic bot (engine/matching_bots.py): one test per choice the issue 15
fixes changed, each from an exact table, plus the frozen yardstick (tools/bots/matching_bots_v1.py)
still making the old choice where the new one differs."""

from engine import matching
from engine.matching_bots import HeuristicBot
from tests.test_matching_rules import P, play, last, table
from tools.bots import matching_bots_v1


def choice(g, bot_cls=HeuristicBot):
    s = g.to_act
    bot = bot_cls(g.game_id, s, 5)
    return bot.choose(g.view(s), g.legal_actions())


def old_choice(g):
    return choice(g, matching_bots_v1.HeuristicBot)


def test_heuristic_keeps_a_jack_as_its_last_card():
    # two cards, both fit: the plain one goes first, so the wild one goes out next turn
    g = table(seats=2, hands=("JC 5H", "2C 3D 4S"), top="9H")
    assert choice(g) == last("5H")
    assert old_choice(g) == last("JC")


def test_heuristic_still_plays_a_jack_that_is_all_that_fits():
    g = table(seats=2, hands=("JC 5S", "2C 3D 4S"), top="9H")
    assert choice(g) == last("JC")


def screwed_victim(counts_of_rival):
    rival = "2C 3D 4S 5C 8D"[: 3 * counts_of_rival - 1]
    g = table(seats=3, hands=("9S TS", rival, "2D 3C 4C 8S"), top="RJ", suit="H")
    g.phase = matching.P_PENALTY
    g.pending = 5
    g.pkind = matching.PK_SCREWED
    return g


def test_heuristic_screwed_victim_collects_when_every_rival_keeps_two_cards():
    g = screwed_victim(3)
    assert ("collect",) in g.legal_actions()
    assert choice(g) == ("collect",)


def test_heuristic_screwed_victim_draws_five_rather_than_leave_a_rival_one_card():
    g = screwed_victim(2)
    assert choice(g) == ("draw",)
    assert old_choice(g) == ("collect",)
    g.apply(choice(g))
    assert len(g.hands[1]) == 2  # the rival was not brought to its last card


def named_suit(g):
    # seat 0 played the Jack of clubs and now names the suit
    g.phase = matching.P_SUIT
    a = choice(g)
    assert a[0] == "suit"
    return "CDHS"[a[1]]


def test_heuristic_names_the_suit_the_next_rival_drew_on():
    hands = ("5H 6H 5S 7S", "2C 3D 4D 8C 9C")
    g = table(seats=2, hands=hands, top="JC", under="2S 3S", fill="pile")
    assert named_suit(g) == "S"  # as many of each, fewer spades unseen
    g = table(seats=2, hands=hands, top="JC", under="2S 3S", fill="pile")
    g.lacks[1] = bytearray([5, 2, 13, 0])  # seat 1 drew rather than play a heart
    assert named_suit(g) == "H"


def test_heuristic_names_the_suit_with_fewer_cards_unseen():
    hands = ("5H 8H 5S 8S", "2C 3D 4D 8C 9C")
    g = table(seats=2, hands=hands, top="JC", under="2S 3S 4S 6S 7S 9S", fill="pile")
    assert named_suit(g) == "S"
    g = table(seats=2, hands=hands, top="JC", under="2H 3H 4H 6H 7H 9H", fill="pile")
    assert named_suit(g) == "H"


def test_heuristic_names_the_suit_it_holds_most():
    g = table(
        seats=2, hands=("5H 6H 8H 5S", "2C 3D 4D 8C 9C"), top="JC", under="2S 3S 4S", fill="pile"
    )
    assert named_suit(g) == "H"


def test_heuristic_with_partners_plays_its_only_fitting_wild_rather_than_draw():
    hands = ("JC 5S 6S 8D 9D", "2C 3D 4S 5C", "2D 3C 4C 5D", "2S 3S 4D 6C")
    g = table("syn-partners", seats=4, hands=hands, top="4H")
    legal = g.legal_actions()
    assert ("draw",) in legal and play("JC") in legal
    assert choice(g) == play("JC")
    assert old_choice(g) == ("draw",)


def test_heuristic_in_screwed_with_optional_wilds_draws_to_keep_its_wild():
    hands = ("JC 5S 6S 8D 9D", "2C 3D 4S 5C", "2D 3C 4C 5D", "2S 3S 4D 6C")
    g = table(seats=4, hands=hands, top="4H", options={"wild_optional": True})
    assert ("draw",) in g.legal_actions()
    assert choice(g) == ("draw",)
    assert P("JC") in g.hands[0]


def test_heuristic_plays_the_suit_the_next_rival_drew_on():
    g = table(seats=2, hands=("5H 5S 8H 8S", "2C 3D 4D 8C 9C"), top="5C", fill="pile")
    plain = choice(g)
    assert plain in (play("5H"), play("5S"))
    other = "S" if plain == play("5H") else "H"
    g = table(seats=2, hands=("5H 5S 8H 8S", "2C 3D 4D 8C 9C"), top="5C", fill="pile")
    g.lacks[1] = bytearray([5, "CDHS".index(other), 11, 0])  # it drew on that suit, on a king
    assert choice(g) == play("5" + other)


def partners_with_a_deuce(next_cards):
    rival = "2C 3D 4S 5C 6D 8C"[: 3 * next_cards - 1]
    hands = ("2H 5H 9S KC", rival, "3C 4C 5D 6C", "3S 4D 6S 8D")
    return table("syn-partners", seats=4, hands=hands, top="4H", fill="pile")


def test_heuristic_with_partners_keeps_a_deuce_while_the_next_rival_holds_many():
    g = partners_with_a_deuce(5)
    assert play("2H") in g.legal_actions()
    assert choice(g) == play("5H")
    assert old_choice(g) == play("2H")


def test_heuristic_with_partners_plays_the_deuce_on_a_rival_down_to_three():
    g = partners_with_a_deuce(3)
    assert choice(g) == play("2H")
