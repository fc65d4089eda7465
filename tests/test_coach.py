"""The coach (engine/coach.py): a reason for the hint's move, one situation per sentence, and over
many deals no reason that names a card the seat cannot know."""

import pytest

from engine import coach, games

C, D, H, S = 0, 1, 2, 3  # suits (engine.cards)
SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(4, 13)


def card(rank, suit):
    return rank * 4 + suit


def jass_view(hand, trick=(), played=(), mode=H, seat=0, leader=0):
    """The keys of a Schieber view the coach reads."""
    return {
        "seat": seat,
        "mode": mode,
        "undenufe_six": False,
        "hand": bytes(sorted(hand)),
        "trick": bytes(trick),
        "played": bytes(list(played) + list(trick)),
        "trick_leader": leader,
    }


def play(c):
    return ("play", bytes([c]))


# Schieber: (situation, view, action, reason)
JASS = [
    (
        "push_when_weak",
        jass_view([card(SIX, C)]),
        ("push",),
        "no mode is strong enough, so your partner chooses",
    ),
    (
        "trump_with_jack_and_nine",
        jass_view([card(JACK, H), card(NINE, H), card(SIX, H), card(ACE, C)]),
        ("trump", H),
        "you hold 3 trumps with the Jack and the Nine",
    ),
    (
        "trump_with_jack",
        jass_view([card(JACK, S), card(SIX, S), card(ACE, C)]),
        ("trump", S),
        "you hold 2 trumps with the Jack",
    ),
    (
        "trump_without_honours",
        jass_view([card(ACE, D), card(KING, D), card(SIX, D), card(ACE, C)]),
        ("trump", D),
        "you hold 3 cards of it, your strongest choice",
    ),
    ("obenabe", jass_view([card(ACE, C)]), ("trump", 4), "your top cards win tricks"),
    (
        "undenufe",
        jass_view([card(SIX, C), card(SIX, D)]),
        ("trump", 5),
        "your low cards win the tricks",
    ),
    ("weis", jass_view([]), ("weis",), "it may score for your team"),
    (
        "no_weis",
        jass_view([]),
        ("noweis",),
        "a Weis that cannot win shows your cards for nothing",
    ),
    (
        "lead_top_trump",
        jass_view([card(JACK, H), card(SIX, C)]),
        play(card(JACK, H)),
        "it is the best trump left and draws the others' trumps",
    ),
    (
        "lead_lower_trump",
        jass_view([card(SIX, H), card(SIX, C)]),
        play(card(SIX, H)),
        "it draws the others' trumps",
    ),
    (
        "lead_top_of_suit",
        jass_view([card(ACE, C), card(SIX, D)]),
        play(card(ACE, C)),
        "no card left out beats it in its suit",
    ),
    (
        "lead_top_once_the_ace_is_gone",
        jass_view([card(KING, C)], played=[card(ACE, C), card(SIX, S), card(SEVEN, S), 0]),
        play(card(KING, C)),
        "no card left out beats it in its suit",
    ),
    (
        "lead_low",
        jass_view([card(SEVEN, C), card(SIX, D)]),
        play(card(SEVEN, C)),
        "a low lead gives little away",
    ),
    (
        "lead_points_not_top",
        jass_view([card(KING, C), card(SIX, D)]),
        play(card(KING, C)),
        "it leads your best suit for this hand",
    ),
    (
        "partner_winning",
        jass_view([card(SIX, C)], trick=[card(ACE, C), card(SEVEN, C)], seat=2, leader=0),
        play(card(SIX, C)),
        "your partner is winning the trick",
    ),
    (
        "partner_winning_add_points",
        jass_view([card(TEN, C)], trick=[card(ACE, C), card(SEVEN, C)], seat=2, leader=0),
        play(card(TEN, C)),
        "your partner is winning the trick, so it adds points",
    ),
    (
        "trump_in",
        jass_view([card(SIX, H)], trick=[card(ACE, C)], seat=1, leader=0),
        play(card(SIX, H)),
        "it trumps the trick, worth 11 points so far",
    ),
    (
        "last_takes_the_trick",
        jass_view(
            [card(ACE, C)],
            trick=[card(KING, C), card(SEVEN, C), card(TEN, C)],
            seat=3,
            leader=0,
        ),
        play(card(ACE, C)),
        "it takes the trick and its 25 points",
    ),
    (
        "wins_with_the_top_card",
        jass_view([card(ACE, C)], trick=[card(KING, C)], seat=1, leader=0),
        play(card(ACE, C)),
        "no card left out beats it, so it wins the trick",
    ),
    (
        "beats_the_table",
        jass_view([card(KING, C)], trick=[card(QUEEN, C)], seat=1, leader=0),
        play(card(KING, C)),
        "it beats every card on the table",
    ),
    (
        "cannot_follow",
        jass_view([card(SIX, D)], trick=[card(ACE, C)], seat=1, leader=0),
        play(card(SIX, D)),
        "you cannot follow suit, and it throws away little",
    ),
    (
        "cannot_win_spares_points",
        jass_view([card(TEN, C)], trick=[card(ACE, C)], seat=1, leader=0),
        play(card(TEN, C)),
        "you cannot win this trick, and it is the card you can best spare",
    ),
    (
        "cannot_win",
        jass_view([card(SIX, C)], trick=[card(ACE, C)], seat=1, leader=0),
        play(card(SIX, C)),
        "you cannot win this trick, and it gives away little",
    ),
]


@pytest.mark.parametrize("name,view,action,reason", JASS, ids=[x[0] for x in JASS])
def test_schieber_reason(name, view, action, reason):
    assert coach.reason("engine.jass", view, action) == reason


def shed_view(pile=b"", **rules):
    r = {"ten_burns": True, "invisible_three": False}
    r.update(rules)
    return {"seat": 0, "pile": bytes(pile), "rules": r}


# card ranks of the shedding and matching games: index 0 is the 2
R2, R3, R5, R9, R10 = 0, 1, 3, 7, 8
SHEDDING = [
    ("burns_with_a_ten", shed_view(b"\x04"), ("play", bytes([R10 * 4])), "it burns the pile"),
    ("burns_with_four", shed_view(), ("play", bytes([20, 21, 22, 23])), "it burns the pile"),
    ("joker", shed_view(), ("play", bytes([13 * 4])), "a joker goes on anything"),
    ("two_resets", shed_view(), ("play", b"\x00"), "a 2 resets the pile, so anything may follow"),
    (
        "invisible_three",
        shed_view(b"\x20", invisible_three=True),
        ("play", bytes([R3 * 4])),
        "a 3 is invisible, so the next player must beat the card below",
    ),
    ("sheds_several", shed_view(b"\x04"), ("play", bytes([20, 21])), "it sheds 2 cards at once"),
    (
        "empty_pile",
        shed_view(),
        ("play", bytes([R5 * 4])),
        "on an empty pile a low card keeps your high ones",
    ),
    (
        "lowest_that_fits",
        shed_view(b"\x04"),
        ("play", bytes([R9 * 4])),
        "it is your lowest card that fits, keeping the higher ones",
    ),
    (
        "higher_than_needed",
        dict(shed_view(b"\x04"), hand=bytes([R5 * 4, R9 * 4]), beat=3),
        ("play", bytes([R9 * 4])),
        "a higher card makes the next player play higher",
    ),
    ("pickup", shed_view(b"\x30"), ("pickup",), "nothing you may play beats the pile"),
    ("pickup_and_play", shed_view(b"\x30"), ("pickup", 4), "nothing of yours beats the pile"),
    ("blind", shed_view(), ("blind", 0), "only face-down cards are left to play"),
    ("place", shed_view(), ("place", 48), "high cards face up serve you at the end"),
    ("take", shed_view(), ("take", 4), "low cards go into the hand, to be played early"),
    ("swap", shed_view(), ("swap", 0), "it puts a stronger card face up"),
    ("ready", shed_view(), ("ready",), "your face-up cards are as strong as they get"),
    ("pass", shed_view(), ("pass",), "you hold nothing 10 or higher"),
    ("stop", shed_view(), ("stop",), "ending the turn keeps your other cards"),
    ("chip", shed_view(), ("chip", 1), "it takes a chip from the player closest to winning"),
]


@pytest.mark.parametrize("name,view,action,reason", SHEDDING, ids=[x[0] for x in SHEDDING])
def test_shedding_reason(name, view, action, reason):
    assert coach.reason("engine.shedding", view, action) == reason


def match_view(hand, suit=C, rank=R5, phase="play", counts=None):
    return {
        "seat": 0,
        "hand": bytes(hand),
        "suit": suit,
        "rank": rank,
        "phase": phase,
        "counts": counts or [len(hand) or 3, 3],
    }


MATCHING = [
    (
        "wild",
        match_view([JACK * 4 + D, 4]),
        ("play", bytes([JACK * 4 + D])),
        "it is wild, so you name the next suit",
    ),
    (
        "wild_last_card",
        match_view([53, 4]),
        ("lastcard", bytes([53])),
        "it is wild, so you name the next suit, and you call your last card",
    ),
    ("last_card", match_view([4 + C]), ("play", bytes([4 + C])), "it is your last card"),
    (
        "follows_suit",
        match_view([4 + C, 8]),
        ("play", bytes([4 + C])),
        "it follows the suit on the pile",
    ),
    (
        "matches_rank",
        match_view([R5 * 4 + D, 8], suit=C, rank=R5),
        ("play", bytes([R5 * 4 + D])),
        "it matches the rank on the pile",
    ),
    ("names_suit", match_view([4 + H, 8 + H, 12]), ("suit", H), "you hold 2 cards of that suit"),
    ("names_suit_one", match_view([4 + H, 8 + S]), ("suit", H), "you hold a card of that suit"),
    ("draw", match_view([4]), ("draw",), "no card of yours fits the pile"),
    (
        "penalty",
        match_view([4], phase="penalty"),
        ("draw",),
        "you hold nothing to pass the penalty on",
    ),
    ("catch", match_view([4]), ("catch", 1), "a player did not call their last card"),
    (
        "special_card_choice",
        match_view([4]),
        ("deal_left",),
        "of the special card's choices it leaves you best placed",
    ),
]


@pytest.mark.parametrize("name,view,action,reason", MATCHING, ids=[x[0] for x in MATCHING])
def test_matching_reason(name, view, action, reason):
    assert coach.reason("engine.matching", view, action) == reason


SWAP = [
    ("keep_high", {"hand": bytes([KING * 4])}, ("keep",), "your card is high enough to keep"),
    (
        "keep_middling",
        {"hand": bytes([R9 * 4 - 4])},
        ("keep",),
        "a trade is as likely to bring a worse card",
    ),
    ("swap_low", {"hand": bytes([4])}, ("swap",), "your card is low and most cards beat it"),
    (
        "swap_middling",
        {"hand": bytes([R9 * 4])},
        ("swap",),
        "your card is middling, and a trade more likely brings a better one",
    ),
    (
        "cut_middling",
        {"hand": bytes([R9 * 4])},
        ("cut",),
        "your card is middling, and the deck more likely holds a better one",
    ),
    (
        "cut_low",
        {"hand": bytes([4])},
        ("cut",),
        "your card is low and the deck likely holds a better one",
    ),
    ("deal", {"hand": b""}, ("deal",), "the next round begins"),
]


@pytest.mark.parametrize("name,view,action,reason", SWAP, ids=[x[0] for x in SWAP])
def test_swap_reason(name, view, action, reason):
    assert coach.reason("engine.swap", view, action) == reason


def test_an_unusual_view_still_gets_a_reason():
    assert coach.reason("engine.jass", {}, ("play", b"\x10")) == coach.FALLBACK
    assert coach.reason("engine.nosuch", {}, ("x",)) == coach.FALLBACK


GAMES = (
    ("schieber", 4),
    ("shithead", 2),
    ("screw", 3),
    ("moonshine", 2),
    ("popcorn", 2),
    ("screwed", 2),
    ("syn-partners", 4),
    ("syn-swap", 4),
)


def test_no_reason_names_a_card_the_seat_cannot_know():
    """Over whole games of every family, at every decision: a reason is non-empty, and no card
    hidden from the deciding seat is named in it."""
    from engine import cards

    for gid, n in GAMES:
        fam = games.entry(gid)[games.RULES]
        for seed in range(4):
            g = games.new_game(gid, n, seed, {})
            bots = [games.make_bot(gid, "heuristic", s, seed + s) for s in range(n)]
            steps = 0
            while not g.over and steps < 400:
                s = g.to_act
                view = g.view(s)
                a = bots[s].choose(view, g.legal_actions())
                why = coach.reason(fam, view, a)
                assert why, (gid, a)
                words = why.split()
                for c in g.hidden_from(s):
                    assert cards.name(c) not in words, (gid, why, c)
                g.apply(a)
                steps += 1
