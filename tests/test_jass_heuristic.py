"""The Schieber heuristic's card play (engine/jass_bots.HeuristicPlay), one test per rule
changed in issue 15, each from an exact hand."""

from engine import cards, jass, jass_bots

H = 2


def cs(text):
    return [cards.parse(x) for x in text.split()]


def lead(hand, mode=H, seat=0, chooser=0, played=""):
    """What the heuristic leads from hand (all of it legal) to an empty table."""
    h = bytes(sorted(cs(hand)))
    view = {
        "phase": "play",
        "seat": seat,
        "mode": mode,
        "undenufe_six": False,
        "hand": h,
        "played": bytes(cs(played)),
        "trick": b"",
        "trick_leader": seat,
        "chooser": chooser,
    }
    legal = [("play", bytes([c])) for c in h]
    a = jass_bots.HeuristicPlay(None).choose(view, legal)
    return cards.names(a[1])[0]


def test_the_puur_alone_is_not_led_while_trumps_are_out():
    assert lead("JH AC 6C 6D 8D TD 7S 9S QS") != "JH"


def test_the_puur_alone_is_not_led_against_the_last_trump_out():
    # seven trumps gone: one is still out; the lone Puur stays back for it
    played = "6H 7H 8H 9H TH QH KH AS"
    assert lead("JH AC 6C 6D 8D TD 7S 9S", played=played) != "JH"


def test_three_trumps_with_the_top_one_are_not_pulled_while_six_are_out():
    assert lead("JH 9H 6H AC 8C 6D 8D 7S 9S")[-1] != "H"


def test_four_trumps_with_the_top_one_pull_trumps():
    assert lead("JH 9H AH 6H AC 8C 6D 8D 7S") == "JH"


def test_no_low_trump_is_led_towards_the_partner_who_chose():
    assert lead("7H 8H AC 6C 8C 6D 8D TD 7S", chooser=2)[-1] != "H"


def test_the_low_lead_keeps_off_a_suit_headed_by_its_master_card():
    # the opponents chose hearts: no winners cashed; the longest suit (clubs) holds the ace, so
    # the low card comes from the next longest (diamonds)
    assert lead("AC 6C 7C 9C 8D TD QD 7S 9S", seat=1, chooser=0) == "8D"


def test_game_state_view_gives_the_same_lead():
    # the same rule through a real game's view (seat 0 forehand and chooser, hearts)
    hands = [cs("JH AC 6C 6D 8D TD 7S 9S QS")]
    rest = [c for c in cards.pack(36) if c not in hands[0]]
    for s in range(3):
        hands.append(rest[s * 9 : s * 9 + 9])
    g = jass.from_hands(hands, mode=H)
    bot = jass_bots.make_bot("schieber", "heuristic", 0, 3)
    legal = g.legal_actions()
    while legal[0][0] != "play":
        g.apply(("noweis",))
        legal = g.legal_actions()
    a = bot.choose(g.view(0), legal)
    assert a != ("play", bytes([cards.parse("JH")]))


def test_three_trumps_without_the_top_one_lead_the_highest():
    # the Puur is out: the 9 pulls trumps all the same
    assert lead("9H 8H 6H AC 8C 6D 8D 7S 9S") == "9H"


def test_two_trumps_are_led_by_the_chooser_while_three_are_out():
    # J, Q and A of hearts are out: the chooser leads its higher trump
    played = "6H 7H 8H KH 6S 8S TS QS"
    assert lead("9H TH AC 6C 8D TD 7S", played=played) == "9H"


def test_two_trumps_are_not_led_by_the_chooser_s_partner():
    played = "6H 7H 8H KH 6S 8S TS QS"
    assert lead("9H TH AC 6C 8D TD 7S", chooser=2, played=played)[-1] != "H"


def choice(hand, push=True):
    h = bytes(sorted(cs(hand)))
    legal = [("trump", m) for m in range(6)] + ([("push",)] if push else [])
    return jass_bots.HeuristicTrump(None).choose({"hand": h}, legal)


def test_trump_choice_counts_queen_and_king_beside_the_jack():
    # J, Q, K of diamonds and a void in clubs: diamonds (the old scores pushed this hand)
    assert choice("7H 8H 8S TS JD QD KD QS TH") == ("trump", 1)


def test_trump_choice_pushes_four_trumps_without_the_nine_and_one_side_ace():
    assert choice("6H 7H 9C 9D TH JH JS KC AS") == ("push",)


def test_trump_choice_after_a_push_always_names_a_mode():
    assert choice("6H 7H 9C 9D TH JH JS KC AS", push=False)[0] == "trump"


def test_obenabe_plays_a_long_suit_without_its_ace_before_cashing_the_aces():
    # the aces of clubs and diamonds bring the lead back once the spades run
    assert lead("AC AD 6S 8S TS QS 7H 9H JD", mode=4) == "6S"


def test_obenabe_cashes_first_without_a_long_suit_to_play():
    assert lead("AC AD 6S 8S 7H 9H JD 7C 8D", mode=4) in ("AC", "AD")
