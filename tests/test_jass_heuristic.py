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
