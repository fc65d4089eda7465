"""Schieber rules, one test per rule, each set up from an exact deal."""

import pytest

from engine import cards, games, jass, jass_bots
from engine.game import IllegalAction

C, D, H, S = 0, 1, 2, 3
OBEN, UNDE = jass.OBENABE, jass.UNDENUFE


def cs(text):
    return [cards.parse(x) for x in text.split()]


def deal(spec, dealer=3, mode=-1, **kw):
    """A game with the hands of spec ({seat: "JH 9H ..."}); unnamed cards fill the other seats
    in pack order. dealer 3 makes seat 0 forehand, so seats play 0, 1, 2, 3."""
    hands = [[], [], [], []]
    used = set()
    for s in spec:
        hands[s] = cs(spec[s])
        used.update(hands[s])
    rest = [c for c in cards.pack(36) if c not in used]
    for s in range(4):
        while len(hands[s]) < 9:
            hands[s].append(rest.pop(0))
    return jass.from_hands(hands, dealer=dealer, mode=mode, **kw)


def weis_keys(hand, mode, **kw):
    """The comparison key of each Weis item (key, points, cards) in a hand (card names or
    ints), best first."""
    hand = cs(hand) if isinstance(hand, str) else hand
    return [key for key, points, cards_ in jass.weis_of(hand, mode, **kw)]


def weis_points(hand, mode, **kw):
    """The points of each Weis item in a hand, best first."""
    hand = cs(hand) if isinstance(hand, str) else hand
    return [points for key, points, cards_ in jass.weis_of(hand, mode, **kw)]


def names(seq):
    return sorted(cards.name(c) for c in seq)


def legal_names(g):
    settle_weis(g)
    return sorted(cards.name(a[1][0]) for a in g.legal_actions() if a[0] == "play")


def play(g, *texts, announce=()):
    """Play the named cards in turn; Weis questions answered by announce (seats that announce)."""
    for t in texts:
        settle_weis(g, announce)
        g.apply(("play", bytes([cards.parse(t)])))


def settle_weis(g, announce=()):
    while not g.over and g.legal_actions()[0][0] == "weis":
        g.apply(("weis",) if g.to_act in announce else ("noweis",))


def play_out(g, announce=(), avoid=(), log=None):
    """Finish the hand: every seat plays its first legal card, except cards in avoid while it
    can."""
    hand = g.hand_no
    avoid = cs(" ".join(avoid))
    while not g.over and g.hand_no == hand:
        settle_weis(g, announce)
        if g.over or g.hand_no != hand:
            break
        legal = [a[1][0] for a in g.legal_actions()]
        pick = [c for c in legal if c not in avoid] or legal
        g.apply(("play", bytes([pick[0]])))


def events(g):
    out = []
    g.log = out.append
    return out


# ----- card points and tables -----


@pytest.mark.parametrize("mode", range(6))
def test_card_points_total_152_plus_last_trick_in_every_mode(mode):
    for six in (False, True):
        assert sum(jass.card_points(c, mode, six) for c in cards.pack(36)) == 152


def test_trump_card_values_and_undenufe_six_flag():
    pts = [jass.card_points(c, H) for c in cs("JH 9H AH TH KH QH 8H 7H 6H")]
    assert pts == [20, 14, 11, 10, 4, 3, 0, 0, 0]
    assert [jass.card_points(c, H) for c in cs("AS TS KS QS JS 9S 8S")] == [11, 10, 4, 3, 2, 0, 0]
    assert (
        jass.card_points(cards.parse("8S"), OBEN) == 8
        and jass.card_points(cards.parse("8S"), UNDE) == 8
    )
    assert jass.card_points(cards.parse("AS"), UNDE) == 11
    assert jass.card_points(cards.parse("AS"), UNDE, True) == 0
    assert jass.card_points(cards.parse("6S"), UNDE, True) == 11


# ----- trump choice -----


def test_forehand_chooses_or_pushes_and_partner_must_choose():
    g = deal({}, dealer=1)
    assert g.to_act == 2 and ("push",) in g.legal_actions()
    g.apply(("push",))
    assert g.to_act == 0 and ("push",) not in g.legal_actions()
    before = g.encode()
    with pytest.raises(IllegalAction):
        g.apply(("push",))
    assert g.encode() == before
    g.apply(("trump", OBEN))
    assert g.chooser == 0 and g.pushed and g.mode == OBEN
    assert g.to_act == 2  # forehand leads even after a push


# ----- following -----


def test_nontrump_led_follow_suit_or_any_trump():
    g = deal({0: "6C", 1: "7C KC 6H 9H 6D"}, mode=H)
    play(g, "6C")
    assert legal_names(g) == names(c for c in g.hands[1] if c & 3 in (C, H))
    assert "6D" not in legal_names(g) and "9H" in legal_names(g) and "KC" in legal_names(g)


def test_nontrump_led_without_the_suit_anything_goes():
    g = deal({0: "6C AC KC QC JC TC 9C 8C 7C"}, mode=H)
    play(g, "6C")
    assert legal_names(g) == names(g.hands[1])


def test_trump_led_must_follow_trump():
    g = deal({0: "6H", 1: "7H AH 6C 7C 8C 9C TC JC QC"}, mode=H)
    play(g, "6H")
    assert legal_names(g) == ["7H", "AH"]


def test_puur_may_be_held_back_when_it_is_the_only_trump():
    g = deal({0: "6H", 1: "JH 6C 7C 8C 9C TC JC QC KC"}, mode=H)
    play(g, "6H")
    assert legal_names(g) == names(g.hands[1])


def test_puur_with_another_trump_must_follow_trump():
    g = deal({0: "6H", 1: "JH 7H 6C 7C 8C 9C TC JC QC"}, mode=H)
    play(g, "6H")
    assert legal_names(g) == ["7H", "JH"]


def test_heuristic_bot_keeps_the_puur_back():
    g = deal({0: "6H", 1: "JH 6C 7C 8C 9C TC JC QC KC"}, mode=H)
    play(g, "6H")
    bot = jass_bots.make_bot("schieber", "heuristic", 1, 3)
    a = bot.choose(g.view(1), g.legal_actions())
    assert a != ("play", bytes([cards.parse("JH")]))


@pytest.mark.parametrize("mode", [OBEN, UNDE])
def test_no_trump_modes_must_follow_suit_else_anything(mode):
    g = deal(
        {0: "6C 7S", 1: "7C KC 6H 9H 6D 7D 8D 9D TD", 2: "AH AD AS KH KD KS QH QD QS"}, mode=mode
    )
    play(g, "6C")
    assert legal_names(g) == ["7C", "KC"]
    play(g, "KC")
    assert legal_names(g) == names(g.hands[2])


@pytest.mark.parametrize("mode", [C, D, S])
def test_following_in_each_trump_suit(mode):
    lead = cards.card(cards.SIX, (mode + 1) % 4)
    g = deal({0: cards.name(lead)}, mode=mode)
    play(g, cards.name(lead))
    led = lead & 3
    hand = g.hands[1]
    follow = [c for c in hand if c & 3 == led]
    expect = follow + [c for c in hand if c & 3 == mode] if follow else list(hand)
    assert legal_names(g) == names(expect)


# ----- undertrumping -----


def test_strict_no_undertrumping_with_two_trumps_in_the_trick():
    # clubs led, seat 1 trumps with QH, seat 2 overtrumps with 9H; seat 3 holds clubs,
    # the KH (below the 9) and the JH
    g = deal(
        {
            0: "6C",
            1: "QH 6D 7D 8D 9D TD JD QD KD",
            2: "9H AD 6S 7S 8S 9S TS JS QS",
            3: "7C KH JH AS KS 8H 7H 6H AH",
        },
        mode=H,
    )
    play(g, "6C", "QH", "9H")
    assert legal_names(g) == ["7C", "JH"]


def test_strict_undertrumping_allowed_holding_only_trumps():
    g = deal({0: "6C", 1: "QH 6D 7D 8D 9D TD JD QD KD", 2: "9H 8H 7H 6H KH TH AH JH AD"}, mode=H)
    play(g, "6C", "QH")
    # seat 2 has no club; it holds trumps and one diamond: only the higher trumps and the diamond
    assert legal_names(g) == ["9H", "AD", "AH", "JH", "KH"]
    g2 = deal(
        {0: "6C AD", 1: "QH 6D 7D 8D 9D TD JD QD KD", 2: "9H 8H 7H 6H KH TH AH JH 7C"}, mode=H
    )
    play(g2, "6C", "QH")
    assert legal_names(g2) == ["7C", "9H", "AH", "JH", "KH"]
    g3 = deal(
        {0: "6C 7C", 1: "QH 6D 7D 8D 9D TD JD QD KD", 2: "9H 8H 7H 6H KH TH AH JH AD"}, mode=H
    )
    play(g3, "6C", "QH")
    g3.hands[2] = bytearray(cs("9H 8H 7H 6H KH TH AH JH"))  # only trumps left
    assert legal_names(g3) == names(cs("9H 8H 7H 6H KH TH AH JH"))


def test_strict_rule_without_the_led_suit_forbids_a_lower_trump():
    g = deal({0: "6C", 1: "KH 6D 7D 8D 9D TD JD QD KD", 2: "QH 9H AD 6S 7S 8S 9S TS JS"}, mode=H)
    play(g, "6C", "KH")
    assert "QH" not in legal_names(g) and "9H" in legal_names(g) and "AD" in legal_names(g)


def test_weaker_undertrump_rule_flag():
    spec = {
        0: "6C",
        1: "KH 6D 7D 8D 9D TD JD QD KD",
        2: "QH 9H AD 6S 7S 8S 9S TS JS",
        3: "7C 6H AH 8C 9C TC JC QC KC",
    }
    g = deal(spec, mode=H, options={"strict_undertrump": False})
    play(g, "6C", "KH")
    # no club: any card, even the lower QH
    assert legal_names(g) == names(g.hands[2])
    play(g, "QH")
    # holding clubs: follow or overtrump, never the lower 6H
    assert legal_names(g) == ["7C", "8C", "9C", "AH", "JC", "KC", "QC", "TC"]


def test_overtrumping_is_allowed_and_the_higher_trump_wins():
    g = deal({0: "6C", 1: "KH 6D 7D 8D 9D TD JD QD KD", 2: "9H AD 6S 7S 8S 9S TS JS QS"}, mode=H)
    ev = events(g)
    play(g, "6C", "KH", "9H")
    play(g, legal_names(g)[0])
    tr = [e for e in ev if e["ev"] == "trick"][0]
    assert tr["winner"] == 2


# ----- trick winners -----


@pytest.mark.parametrize("mode,winner", [(C, 0), (D, 1), (H, 2), (S, 3), (OBEN, 0), (UNDE, 0)])
def test_trick_winner_in_all_six_modes(mode, winner):
    # 9C led; 6D, 6H, 6S discarded: a trump wins, otherwise the club decides
    t = bytes(cs("9C 6D 6H 6S"))
    assert jass.trick_winner(t, mode) == winner
    t2 = bytes(cs("9C AC 6C 7D"))
    assert jass.trick_winner(t2, OBEN) == 1 and jass.trick_winner(t2, UNDE) == 2
    assert jass.trick_winner(bytes(cs("AH JH 9H TH")), H) == 1
    assert jass.trick_winner(bytes(cs("AH TH 9H KH")), H) == 2


# ----- Weis -----

TIE_HANDS = {
    0: "KS QS JS TS 6C 8C TC 6D 8D",
    3: "KH QH JH TH 7C 9C JC 7D 9D",
    1: "AS 9S 7S AH 8H 6H QD AC TD",
    2: "KC QC JD KD AD 9H 7H 8S 6S",
}


def first_trick(g, announce):
    ev = events(g)
    for _ in range(4):
        settle_weis(g, announce)
        g.apply(g.legal_actions()[0])
    return [e for e in ev if e["ev"] == "weis"]


def test_weis_tie_decided_by_trump():
    g = deal(TIE_HANDS, mode=H)
    w = first_trick(g, announce=(0, 3))
    assert w[0]["team"] == 1 and w[0]["points"] == 50
    assert w[0]["shown"][3] == [["TH", "JH", "QH", "KH"]] and w[0]["shown"][0] == []
    assert g.weis_pts == [0, 50]


def test_weis_tie_decided_by_seat_order():
    g = deal(TIE_HANDS, mode=C)
    w = first_trick(g, announce=(0, 3))
    assert w[0]["team"] == 0 and w[0]["points"] == 50
    g = deal(TIE_HANDS, dealer=2, mode=C)  # seat 3 is forehand: it is earlier now
    w = first_trick(g, announce=(0, 3))
    assert w[0]["team"] == 1


def test_only_the_best_team_scores_all_its_weis():
    hands = {
        0: "6S 7S 8S 6C 8C TC 6D 8D JC",
        2: "AD KD QD JD 9C 7C 7D 9D 9H",
        1: "KS QS JS TS AH 8H 6H QC TD",
        3: "KC AC AS 9S KH QH JH TH 7H",
    }
    g = deal(hands, mode=C)
    w = first_trick(g, announce=(0, 1, 2, 3))
    # seat 2's A-K-Q-J (50, diamonds) beats seat 1's K-Q-J-10 of spades and seat 3's K-Q-J-10 of
    # hearts; seat 0's 20 counts too; the opponents score nothing
    assert w[0]["team"] == 0 and w[0]["points"] == 70 and g.weis_pts == [70, 0]


def test_longer_sequence_beats_and_higher_top_breaks_ties():
    k3 = weis_keys("AS KS QS", C)[0]
    k4 = weis_keys("9S 8S 7S 6S", C)[0]
    assert k4 > k3
    assert weis_keys("AS KS QS", C)[0] > weis_keys("8S 7S 6S", C)[0]
    # in Undenufe the low sequence is the better one
    assert weis_keys("8S 7S 6S", UNDE)[0] > weis_keys("AS KS QS", UNDE)[0]
    # a four of a kind beats a five-sequence of the same value
    assert weis_keys("KC KD KH KS", C)[0] > weis_keys("9S 8S 7S 6S TS", C)[0]


def test_same_card_in_a_set_and_a_sequence_small_and_large_weis():
    hand = cs("KC KD KH KS QH JH TH 6C 8D")
    small = jass.weis_of(hand, C)
    assert sorted(pts for key, pts, cards_ in small) == [20, 100]  # four kings + Q-J-10, K once
    assert sum(len(cards_) for key, pts, cards_ in small) == 7
    large = jass.weis_of(hand, C, large=True)
    assert sorted(pts for key, pts, cards_ in large) == [50, 100]  # four kings + K-Q-J-10
    assert sorted(len(cards_) for key, pts, cards_ in large) == [4, 4]
    g = deal({0: "KC KD KH KS QH JH TH 6C 8D"}, mode=C, options={"large_weis": True})
    w = first_trick(g, announce=(0,))
    assert w[0]["team"] == 0 and w[0]["points"] >= 150


def test_small_weis_long_sequences_and_fours():
    assert weis_points("AS KS QS JS TS 9S 8S", C)[0] == 100
    assert weis_points("AS KS QS JS TS 9S 8S", C, large=True)[0] == 200
    assert sorted(weis_points("AS KS QS JS TS 9S 8S 7S", C)) == [20, 100]
    assert weis_points("AS KS QS JS TS 9S 8S 7S 6S", C, large=True) == [300]
    assert weis_points("JC JD JH JS", C)[0] == 200
    assert weis_points("9C 9D 9H 9S", C)[0] == 150
    assert jass.weis_of(cs("8C 8D 8H 8S"), C) == []
    assert weis_points("8C 8D 8H 8S", C, large=True)[0] == 100
    assert weis_points("6C 6D 6H 6S", UNDE, six=True)[0] == 100
    assert jass.weis_of(cs("AC AD AH AS"), UNDE, six=True) == []


def test_weis_kept_quiet_scores_nothing():
    g = deal(TIE_HANDS, mode=H)
    w = first_trick(g, announce=())
    assert w == [] and g.weis_pts == [0, 0]


# ----- Stöck, match, counting -----

MATCH_HANDS = {0: "JH 9H AH KH AC AD AS KC QH"}


def test_match_of_nine_tricks_scores_257_and_stoeck_announced_late():
    g = deal(MATCH_HANDS, mode=H)
    ev = events(g)
    play(g, "JH")
    for c in ("9H", "AH", "KH", "AC", "AD", "AS", "KC", "QH"):
        play_out_trick(g)
        play(g, c)
    play_out_trick(g)
    tricks = [e for e in ev if e["ev"] == "trick"]
    assert [t["winner"] for t in tricks] == [0] * 9
    st = [i for i, e in enumerate(ev) if e["ev"] == "stoeck"]
    assert len(st) == 1 and ev[st[0]]["seat"] == 0
    assert sum(1 for e in ev[: st[0]] if e["ev"] == "trick") == 8  # announced in the last trick
    hand = [e for e in ev if e["ev"] == "hand"][0]
    assert hand["points"] == [257, 0] and hand["match"] == 0 and hand["stoeck"] == [20, 0]
    assert g.scores == [277, 0]


def play_out_trick(g):
    while len(g.history) % 4 and not g.over:
        settle_weis(g)
        g.apply(g.legal_actions()[0])


def test_no_stoeck_in_obenabe_or_undenufe():
    for mode in (OBEN, UNDE):
        g = deal({0: "KH QH"}, mode=mode)
        ev = events(g)
        play_out(g)
        assert not [e for e in ev if e["ev"] == "stoeck"]
    g = deal({0: "KH QH"}, mode=H)
    ev = events(g)
    play_out(g)
    assert [e["seat"] for e in ev if e["ev"] == "stoeck"] == [0]


def test_count_order_stoeck_before_weis_before_tricks():
    # team 0 holds Stöck, team 1 announces a Weis; both teams pass 1000 in this hand
    hands = {0: "KH QH 6C 8C TC 6D 8D JC 9D", 1: "6S 7S 8S AH 8H 6H QC TD AC"}
    g = deal(hands, mode=H, scores=[995, 995])
    ev = events(g)
    play_out(g, announce=(1,))
    hand = [e for e in ev if e["ev"] == "hand"][0]
    assert hand["stoeck"] == [20, 0] and hand["weis"][1] >= 20
    assert g.over and min(g.scores) >= 1000
    assert g.result()["winners"] == [0, 2]
    # without the Stöck the Weis comes first
    hands = {0: "KD QH 6C 8C TC 6D 8D JC 9D", 1: "6S 7S 8S AH 8H 6H QC TD AC"}
    g = deal(hands, mode=H, scores=[995, 995])
    play_out(g, announce=(1,))
    assert g.over and g.result()["winners"] == [1, 3]


def test_count_order_tricks_count_in_the_order_they_were_won():
    for seed in range(1, 20):
        probe = jass.new_game("schieber", 4, seed, {})
        probe.apply(("trump", OBEN))
        ev = events(probe)
        play_out(probe)
        tricks = [e for e in ev if e["ev"] == "trick"]
        tot = [0, 0]
        for t in tricks:
            tot[t["winner"] % 2] += t["points"]
        if tot[0] > 0 and tot[1] > 0:
            break
    assert tot[0] > 0 and tot[1] > 0
    done = [-1, -1]
    # each team starts exactly its hand's points short of 1000: the team whose last scoring
    # trick comes first reaches the target first
    run = [0, 0]
    for i, t in enumerate(tricks):
        run[t["winner"] % 2] += t["points"]
        for k in (0, 1):
            if done[k] < 0 and run[k] == tot[k]:
                done[k] = i
    first = 0 if done[0] < done[1] else 1
    g = jass.new_game("schieber", 4, seed, {})
    g.scores = [1000 - tot[0], 1000 - tot[1]]
    g.apply(("trump", OBEN))
    play_out(g)
    assert g.over and g.scores == [1000, 1000]
    assert g.result()["winners"] == [first, first + 2]


def test_multipliers_option():
    g = deal({}, mode=S, options={"multipliers": True, "target": 2500})
    ev = events(g)
    play_out(g, announce=(0, 1, 2, 3))
    h = [e for e in ev if e["ev"] == "hand"][0]
    assert h["multiplier"] == 2 and sum(h["points"]) in (157, 257) and sum(h["weis"]) > 0
    assert sum(g.scores) == 2 * (sum(h["points"]) + sum(h["weis"]) + sum(h["stoeck"]))
    g = deal({}, mode=D, options={"multipliers": True, "target": 2500})
    ev = events(g)
    play_out(g)
    h = [e for e in ev if e["ev"] == "hand"][0]
    assert h["multiplier"] == 1
    g = deal({}, mode=UNDE, options={"multipliers": True, "target": 2500})
    ev = events(g)
    play_out(g)
    h = [e for e in ev if e["ev"] == "hand"][0]
    assert h["multiplier"] == 3 and sum(g.scores) == 3 * (sum(h["points"]) + sum(h["weis"]))


def test_fixed_number_of_hands_option():
    g = jass.new_game("schieber", 4, 5, {"hands": 3})
    ev = events(g)
    while not g.over:
        settle_weis(g)
        a = g.legal_actions()
        g.apply(a[-1] if a[0][0] == "trump" else a[0])
    assert g.hand_no == 3 and len([e for e in ev if e["ev"] == "hand"]) == 3


def test_dealer_moves_on_and_forehand_leads():
    g = jass.new_game("schieber", 4, 7, {})
    d = g.dealer
    assert g.to_act == (d + 1) % 4
    g.apply(("trump", H))
    play_out(g)
    assert g.dealer == (d + 1) % 4 and g.to_act == (d + 2) % 4 and g.hand_no == 2


# ----- bad input -----


def test_bad_seat_counts_and_options_raise():
    for n in (2, 3, 5):
        with pytest.raises(ValueError):
            jass.new_game("schieber", n, 1, {})
    with pytest.raises(ValueError):
        jass.new_game("schieber", 4, 1, {"nope": 1})
    with pytest.raises(ValueError):
        jass.new_game("schieber", 4, 1, {"hands": -2})


def test_illegal_actions_raise_and_change_nothing():
    g = deal({0: "6C", 1: "7C KC 6H 9H 6D"}, mode=H)
    bad = [
        ("push",),
        ("trump", 1),
        ("play", bytes([cards.parse("6C")])),
        ("play", b""),
        ("weis",),
        ("nonsense",),
    ]
    play(g, "6C")
    settle_weis(g)
    before = g.encode()
    bad.append(("play", bytes([cards.parse("6D")])))  # holds clubs
    for a in bad:
        with pytest.raises(IllegalAction):
            g.apply(a)
        assert g.encode() == before


def test_labels_and_descriptions():
    g = deal({}, dealer=3)
    assert jass.action_label(g.view(g.to_act), ("trump", OBEN)) == "Trump: Obenabe"
    assert jass.action_label(g.view(g.to_act), ("push",)) == "Push to partner"
    nm = ["A", "B", "C", "D"]
    txt = jass.describe_event({"ev": "act", "seat": 1, "act": "trump", "trump": "H"}, nm)
    assert txt == "B chose hearts as trumps"
    assert (
        jass.describe_event({"ev": "announce", "seat": 2, "points": 50}, nm)
        == "C announced Weis: 50"
    )
    assert jass.describe_event({"ev": "act", "seat": 0, "act": "noweis"}, nm) is None


def test_trump_phase_rejects_everything_but_a_mode_or_push():
    g = deal({})
    before = g.encode()
    for a in [
        ("trump", 6),
        ("trump", -1),
        ("play", bytes([g.hands[0][0]])),
        ("weis",),
        ("noweis",),
    ]:
        with pytest.raises(IllegalAction):
            g.apply(a)
        assert g.encode() == before
    assert len(g.legal_actions()) == 7


def test_small_weis_seven_in_a_row_scores_100_but_beats_a_five():
    seven = jass.weis_of(cs("AS KS QS JS TS 9S 8S"), C)[0]
    five = jass.weis_of(cs("AD KD QD JD TD"), C)[0]
    assert seven[1] == five[1] == 100 and seven[0] > five[0]


def test_shown_weis_become_public_and_announcements_hide_the_cards():
    g = deal(TIE_HANDS, mode=H)
    settle_weis(g, (0, 3))
    g.apply(g.legal_actions()[0])
    settle_weis(g, (0, 3))
    v = g.view(1)
    assert v["weis_announced"][0] == 50 and v["weis_shown"] == [[], [], [], []]
    for _ in range(3):
        settle_weis(g, (0, 3))
        g.apply(g.legal_actions()[0])
    # after the first trick seat 3's hearts run is on show to everybody
    v = g.view(0)
    assert names(v["weis_shown"][3][0]) == ["JH", "KH", "QH", "TH"]
    held = [c for c in v["weis_shown"][3][0] if c in g.hands[3]]
    hidden = g.hidden_from(0)
    assert held and not [c for c in held if c in hidden]
    assert [c for c in g.hands[1] if c in hidden] == list(g.hands[1])


def test_puur_may_be_played_on_a_side_suit_when_not_undertrumping():
    g = deal({0: "6C", 1: "JH 7C 8C 6D 7D 8D 9D TD JD"}, mode=H)
    play(g, "6C")
    assert "JH" in legal_names(g)


def oracle_may_play(c, hand, trick, mode, strict):
    """The following rules written out card by card, independently of legal_cards."""
    if not trick:
        return True
    led = trick[0] & 3
    holds_led = any(x & 3 == led for x in hand)
    if mode >= 4:
        return c & 3 == led or not holds_led
    if led == mode:
        trumps = [x for x in hand if x & 3 == mode]
        if not trumps or trumps == [cards.card(cards.JACK, mode)]:
            return True
        return c & 3 == mode
    if c & 3 == mode:
        best = max([jass.TRUMP_ORDER[x >> 2] for x in trick if x & 3 == mode] or [-1])
        if jass.TRUMP_ORDER[c >> 2] > best:
            return True
        if strict:
            return all(x & 3 == mode for x in hand)
        return not holds_led
    return c & 3 == led or not holds_led


def test_legal_cards_agree_with_the_rules_written_out():
    from hypothesis import given, settings, strategies as st

    @settings(max_examples=600, deadline=None)
    @given(
        st.permutations(list(cards.pack(36))),
        st.integers(1, 9),
        st.integers(0, 3),
        st.integers(0, 5),
        st.booleans(),
    )
    def check(perm, n, k, mode, strict):
        hand = perm[:n]
        trick = perm[n : n + k]
        legal = jass.legal_cards(bytearray(hand), bytearray(trick), mode, strict)
        assert legal and set(legal) <= set(hand)
        assert sorted(legal) == sorted(
            c for c in hand if oracle_may_play(c, hand, trick, mode, strict)
        )

    check()


# ----- announcing: at least as great, the partner of the best Weis -----

# seat 0: K-Q-J-10 of spades (50); seat 1: 9-8-7-6 of hearts (50, lower top card);
# seat 2: A-K-Q of hearts (20); seat 3: no Weis. Dealer 3: seats play 0, 1, 2, 3.
PARTNER_HANDS = {
    0: "KS QS JS TS 6C 8C TC 6D 8D",
    1: "9H 8H 7H 6H 7C 9C QC 9S AD",
    2: "AH KH QH 6S 8S AC 7D 9D JD",
    3: "JC KC TD QD KD TH JH 7S AS",
}


def test_weis_announcement_must_be_at_least_as_great_as_those_already_announced():
    hands = dict(PARTNER_HANDS)
    hands[1], hands[2] = hands[2], hands[1]  # seat 1 now holds the 20, seat 2 the 9-high 50
    g = deal(hands, mode=C)
    assert g.legal_actions() == [("weis",), ("noweis",)] and g.view(0)["phase"] == "weis"
    g.apply(("weis",))
    assert g.view(1)["weis_announced"][0] == 50 and g.view(1)["weis_value"][0] == 2  # run of 4
    g.apply(g.legal_actions()[0])
    # seat 1's 20 is lower than the 50 on the table: it is not asked and plays at once
    assert g.to_act == 1 and g.view(1)["phase"] == "play"
    assert all(a[0] == "play" for a in g.legal_actions())
    g.apply(g.legal_actions()[0])
    # seat 2's 9-high 50 scores as much as seat 0's king-high 50 but is worse: not asked either
    assert g.to_act == 2 and g.view(2)["phase"] == "play"
    assert all(a[0] == "play" for a in g.legal_actions())
    g.apply(g.legal_actions()[0])
    assert g.to_act == 3 and g.legal_actions()[0][0] == "play"  # no Weis at all


def test_lower_weis_of_equal_points_may_not_be_announced_but_an_equal_or_better_one_may():
    # seat 0: K-Q-J-10 of spades; seat 1: 9-8-7-6 of hearts (same points, lower); seat 2:
    # K-Q-J-10 of clubs (identical rank, no trumps involved: at least as good); seat 3: A-K-Q-J
    # of diamonds (better). Hearts are not trumps here (Obenabe).
    hands = {
        0: "KS QS JS TS 6C 8C 6D 8D 7S",
        1: "9H 8H 7H 6H 7C 9C 9S AS 7D",
        2: "KC QC JC TC AH 6S 8S 9D TD",
        3: "AD KD QD JD AC KH QH JH TH",
    }
    g = deal(hands, mode=OBEN)
    ev = events(g)
    for _ in range(4):
        settle_weis(g, announce=(0, 1, 2, 3))
        g.apply(g.legal_actions()[0])
    asked = [e["seat"] for e in ev if e["ev"] == "act" and e["act"] in ("weis", "noweis")]
    assert asked == [0, 2, 3]  # seat 1 was never offered its lower 50
    ann = [e["seat"] for e in ev if e["ev"] == "announce"]
    assert ann == [0, 2, 3]
    w = [e for e in ev if e["ev"] == "weis"][0]
    # seat 3's A-K-Q-J wins: its K-Q-J-10 of hearts and its partner's unannounced 9-high run
    # score with it (team 1 = seats 1 and 3)
    assert w["team"] == 1 and g.weis_pts == [0, 150]
    assert w["shown"][0] == [] and w["shown"][2] == [] and len(w["shown"][1]) == 1


def test_partner_of_the_best_weis_scores_its_weis_even_when_it_kept_quiet():
    g = deal(PARTNER_HANDS, mode=C)
    w = first_trick(g, announce=(0, 1))  # seat 2 answers "no Weis" in the first trick
    # seat 0's K-high 50 beats seat 1's 9-high 50; seat 2's A-K-Q scores with it
    assert w[0]["team"] == 0 and w[0]["points"] == 70 and g.weis_pts == [70, 0]
    assert w[0]["shown"][2] == [["QH", "KH", "AH"]] and w[0]["shown"][1] == []
    assert names(g.view(1)["weis_shown"][2][0]) == ["AH", "KH", "QH"]


def test_partner_too_low_to_announce_still_scores_with_the_best_weis():
    g = deal(PARTNER_HANDS, mode=C)
    ev = events(g)
    for _ in range(4):  # every seat would announce if it were asked
        settle_weis(g, announce=(0, 1, 2, 3))
        g.apply(g.legal_actions()[0])
    asked = [e["seat"] for e in ev if e["ev"] == "act" and e["act"] in ("weis", "noweis")]
    # after seat 0's king-high 50, neither seat 1's 9-high 50 nor seat 2's 20 may be announced
    assert asked == [0]
    w = [e for e in ev if e["ev"] == "weis"][0]
    assert w["team"] == 0 and w["points"] == 70 and g.weis_pts == [70, 0]


def test_opponents_of_the_best_weis_score_nothing_even_for_a_weis_they_kept_quiet():
    g = deal(PARTNER_HANDS, mode=C)
    w = first_trick(g, announce=(1,))  # seat 0 keeps its better 50 to itself
    assert w[0]["team"] == 1 and w[0]["points"] == 50 and g.weis_pts == [0, 50]
    assert w[0]["shown"][0] == [] and w[0]["shown"][2] == []


# seat 0: four queens (100); seat 1: 6 to jack of spades (a run of six: 100 in the small Weis,
# 150 in the large); seats 2 and 3: no Weis
VALUE_HANDS = {
    0: "QC QD QH QS 6C 8C AC 6D 8D",
    1: "6S 7S 8S 9S TS JS 7C 9C KD",
    2: "TC KC 7D TD AD 6H 8H TH AH",
    3: "JC 9D JD KH 9H 7H KS JH AS",
}


def test_small_weis_order_of_rules_md_every_run_below_four_of_a_kind():
    for s in (2, 3):
        assert jass.weis_of(cs(VALUE_HANDS[s]), C) == []
    # the list: runs (longer above shorter), then four of a kind, four 9s, four jacks
    order = [
        "QS JS TS",
        "KS QS JS",
        "9S 8S 7S 6S",
        "AS KS QS JS TS",
        "JS TS 9S 8S 7S 6S",
        "AS KS QS JS TS 9S 8S",
        "AS KS QS JS TS 9S 8S 7S",
        "AS KS QS JS TS 9S 8S 7S 6S",
        "TC TD TH TS",
        "AC AD AH AS",
        "9C 9D 9H 9S",
        "JC JD JH JS",
    ]
    keys = [weis_keys(h, C)[0] for h in order]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    g = deal(VALUE_HANDS, mode=C)  # seat 0 announces its four queens first
    g.apply(("weis",))
    g.apply(g.legal_actions()[0])
    assert g.to_act == 1 and g.legal_actions()[0][0] == "play"  # the run of six is lower
    w = first_trick(g, announce=())
    assert w[0]["team"] == 0 and w[0]["points"] == 100 and g.weis_pts == [100, 0]
    g = deal(VALUE_HANDS, dealer=0, mode=C)  # seat 1 leads: the run is announced first
    ev = events(g)
    g.apply(("weis",))
    assert ev[-1] == {"ev": "announce", "seat": 1, "points": 100, "value": 4}
    for _ in range(3):
        g.apply(g.legal_actions()[0])
    assert g.to_act == 0 and g.legal_actions() == [("weis",), ("noweis",)]
    g.apply(("weis",))
    assert ev[-1] == {"ev": "announce", "seat": 0, "points": 100, "value": 8}
    g.apply(g.legal_actions()[0])
    w = [e for e in ev if e["ev"] == "weis"]
    assert w[0]["team"] == 0 and g.weis_pts == [100, 0]


def test_large_weis_run_of_six_150_beats_four_of_a_kind_100():
    g = deal(VALUE_HANDS, mode=C, options={"large_weis": True})
    w = first_trick(g, announce=(0, 1))
    assert w[0]["team"] == 1 and g.weis_pts == [0, 150]


# seat 0: 6 to king of clubs, a run of eight (small Weis: 5 + 3); seat 1: 8 to king of hearts,
# a run of six; seat 3: ace to ten of diamonds, a run of five with an ace on top; seat 2: none.
# Spades are trumps, so no run is in the trump suit.
EIGHT_HANDS = {
    0: "6C 7C 8C 9C TC JC QC KC 6S",
    1: "8H 9H TH JH QH KH 7D 7S JS",
    2: "AC 6D 8D 9D AH 9S TS KS AS",
    3: "AD KD QD JD TD 6H 7H 8S QS",
}


def test_small_weis_run_of_eight_scored_five_plus_three_compares_as_the_whole_run():
    eight = jass.weis_of(cs(EIGHT_HANDS[0]), S)
    assert weis_points(EIGHT_HANDS[0], S) == [100, 20]
    key, points, top_five = eight[0]
    assert names(top_five) == ["9C", "JC", "KC", "QC", "TC"]
    eight_key = weis_keys(EIGHT_HANDS[0], S)[0]
    assert eight_key > weis_keys(EIGHT_HANDS[1], S)[0] > weis_keys(EIGHT_HANDS[3], S)[0]
    assert jass.weis_value(eight[0]) == jass.weis_value(eight[1]) == 6  # both parts: run of 8
    nine = "6C 7C 8C 9C TC JC QC KC AC"
    assert weis_points(nine, S) == [100, 50] and weis_keys(nine, S)[0] > eight_key
    # in Undenufe the five are the low end, and the whole run still compares by its length
    low = jass.weis_of(cs(EIGHT_HANDS[0]), UNDE)
    key, points, five_cards = low[0]
    assert names(five_cards) == ["6C", "7C", "8C", "9C", "TC"]
    assert weis_keys(EIGHT_HANDS[0], UNDE)[0] > weis_keys(EIGHT_HANDS[1], UNDE)[0]
    assert jass.weis_of(cs(EIGHT_HANDS[2]), S) == []
    g = deal(EIGHT_HANDS, dealer=0, mode=S)  # seats play 1, 2, 3, 0
    ev = events(g)
    for _ in range(4):
        settle_weis(g, announce=(0, 1, 2, 3))
        g.apply(g.legal_actions()[0])
    asked = [e["seat"] for e in ev if e["ev"] == "act" and e["act"] in ("weis", "noweis")]
    assert asked == [1, 0]  # seat 3's five is below the six; the eight beats the six
    w = [e for e in ev if e["ev"] == "weis"][0]
    assert w["team"] == 0 and w["points"] == 120 and g.weis_pts == [120, 0]


def test_four_nines_in_the_small_weis_only_if_agreed():
    nines = cs("9C 9D 9H 9S")
    assert weis_points(nines, C)[0] == 150
    assert jass.weis_of(nines, C, nines=False) == []
    assert weis_points(nines, C, large=True, nines=False)[0] == 150  # the large Weis counts them
    # without them the 9s are free for a run
    assert weis_points("9C 9D 9H 9S TS JS", C, nines=False) == [20]
    hand = {0: "9C 9D 9H 9S 6C 8C AC 6D 8D"}
    assert deal(hand, mode=H).legal_actions() == [("weis",), ("noweis",)]
    g = deal(hand, mode=H, options={"four_nines": False})
    assert g.legal_actions()[0][0] == "play" and g.view(0)["my_weis"] == []
    assert g.view(0)["four_nines"] is False
    g2 = games.decode("schieber", g.encode())
    assert g2.opts["four_nines"] is False and g2.encode() == g.encode()
    assert [o[0] for o in games.options_for("schieber")][-1] == "four_nines"


def test_undenufe_six_four_sixes_in_place_of_four_aces_only_in_undenufe():
    aces, sixes = cs("AC AD AH AS"), cs("6C 6D 6H 6S")
    assert (
        jass.weis_of(aces, UNDE, six=True) == [] and weis_points(sixes, UNDE, six=True)[0] == 100
    )
    assert weis_points(aces, UNDE)[0] == 100 and jass.weis_of(sixes, UNDE) == []
    for mode in (H, OBEN):
        assert weis_points(aces, mode, six=True)[0] == 100
        assert jass.weis_of(sixes, mode, six=True) == []


def test_match_target_defaults_to_1000_single_and_2500_with_multipliers():
    from engine import jass

    assert jass.new_game("schieber", 4, 1, {}).opts["target"] == 1000
    assert jass.new_game("schieber", 4, 1, {"multipliers": True}).opts["target"] == 2500
    assert (
        jass.new_game("schieber", 4, 1, {"multipliers": True, "target": 1500}).opts["target"]
        == 1500
    )
