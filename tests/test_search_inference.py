"""What the strong level infers from public play, and its searched trump choice: Schieber's
worlds fit what a trump choice or a push says of the chooser's hand (engine/jass_infer.told),
the fast rollout values a trump choice exactly as the engine's rollout does, and the shedding
games' strong bot remembers cards it saw go into another hand (shedding_world.Memory) and deals
them there."""

from engine import games, jass_world, jass_infer, shedding_world
from engine.jass_bots import make_player
from engine.rng import Rng
from engine import search

C, D, H, S = 0, 1, 2, 3
SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(4, 13)


def cards_of(*pairs):
    return bytearray([r * 4 + s for r, s in pairs])


def test_a_world_fits_the_trump_choice_only_where_the_chooser_holds_its_strength():
    """Seat 1 chose hearts (no push): a world giving it the hearts Jack and Nine fits; one
    giving it no heart fits not (told)."""
    view = {"chooser": 1, "forehand": 1, "pushed": False}
    known = [bytearray()] * 4
    byseat = [bytearray()] * 4
    strong = [bytearray()] * 4
    strong[1] = cards_of(
        (JACK, H),
        (NINE, H),
        (ACE, H),
        (TEN, H),
        (SIX, H),
        (ACE, C),
        (ACE, S),
        (SIX, D),
        (7, D),
    )
    weak = [bytearray()] * 4
    weak[1] = cards_of(
        (SIX, C),
        (SEVEN, C),
        (EIGHT, C),
        (SIX, D),
        (SEVEN, D),
        (SIX, S),
        (SEVEN, S),
        (8, S),
        (7, D),
    )
    assert jass_infer.told(strong, known, byseat, view, H, 0)
    assert not jass_infer.told(weak, known, byseat, view, H, 0)


def test_a_forehand_that_pushed_holds_no_hand_worth_choosing():
    """Seat 1 pushed, its partner chose: a world giving seat 1 a hand the heuristic would
    have chosen with does not fit."""
    view = {"chooser": 3, "forehand": 1, "pushed": True}
    known = [bytearray()] * 4
    byseat = [bytearray()] * 4
    hands = [bytearray()] * 4
    hands[3] = cards_of((JACK, H), (NINE, H))
    hands[1] = cards_of(
        (JACK, S),
        (NINE, S),
        (ACE, S),
        (TEN, S),
        (KING, S),
        (ACE, C),
        (ACE, D),
        (ACE, H),
        (6, D),
    )
    assert not jass_infer.told(hands, known, byseat, view, H, 0)
    hands[1] = cards_of(
        (SIX, C),
        (TEN, C),
        (QUEEN, D),
        (EIGHT, D),
        (NINE, S),
        (KING, S),
        (JACK, D),
        (7, H),
        (8, H),
    )
    assert jass_infer.told(hands, known, byseat, view, H, 0)


def test_worlds_of_a_hand_deal_the_chooser_hands_that_fit_its_choice():
    """Over the worlds of real decisions after another seat chose trumps, most deal it a hand
    that fits the choice (the last tries deal without asking)."""
    fit = total = 0
    for seed in range(1, 6):
        g = games.new_game("schieber", 4, seed, {"hands": 1})
        bots = [games.make_bot("schieber", "heuristic", s, seed + s) for s in range(4)]
        rng = Rng(seed)
        while not g.over and len(g.history) < 8:
            s = g.to_act
            v = g.view(s)
            if v["mode"] >= 0 and v["chooser"] not in (s, -1) and v["phase"] == "play":
                prep = jass_world.prepare("schieber", v)
                for _ in range(4):
                    w = jass_world.world("schieber", v, rng, prep)
                    hands = [bytearray(h) for h in w.hands]
                    total += 1
                    nothing = [bytearray()] * 4
                    if jass_infer.told(hands, nothing, prep[11], v, v["mode"], s):
                        fit += 1
            g.apply(bots[s].choose(v, g.legal_actions()))
    assert total >= 20 and fit >= total * 0.8, (fit, total)


def test_the_trump_choice_is_searched_and_valued_as_the_engine_rollout_values_it():
    """Every trump choice and the push: the fast rollout (jass_infer.choice) gives the value
    of the engine's rollout (the partner choosing after a push, Weis announced, the hand
    played out by the heuristic)."""
    st = search.Strong(jass_world, "schieber", 0, 5, make_player(0, 5))
    fast = jass_world.Rollout("schieber")
    n = 0
    for seed in range(1, 9):
        opts = {"hands": 1}
        if seed % 2:
            opts = {"hands": 1, "multipliers": True, "large_weis": True}
        g = games.new_game("schieber", 4, seed, opts)
        s = g.to_act
        v = g.view(s)
        legal = g.legal_actions()
        assert jass_world.searched(v, legal)
        w = jass_world.world("schieber", v, Rng(seed))
        start = jass_world.mark(w)
        fast.load(w)
        st.seat = s
        for a in legal:
            c = w.copy()
            c.perform(a)
            assert fast.run(a, s) == st.rollout(c, start), (seed, a)
            n += 1
    assert n == 8 * 7


def test_the_strong_bot_may_choose_another_trump_than_the_heuristic():
    """The searched choice is the strong bot's own: over a few deals it differs from the
    heuristic's at least once, and is always a legal choice."""
    differ = 0
    for seed in range(20, 32):
        g = games.new_game("schieber", 4, seed, {"hands": 1})
        s = g.to_act
        legal = g.legal_actions()
        strong = games.make_bot("schieber", "strong", s, seed).choose(g.view(s), legal)
        good = games.make_bot("schieber", "heuristic", s, seed).choose(g.view(s), legal)
        assert strong in legal
        differ += strong != good
    assert differ >= 1


def test_memory_knows_the_pile_a_rival_picked_up_and_deals_it_there():
    """Shithead, 1 vs 1: after the rival picks up the pile, the strong seat's memory holds those
    cards in the rival's hand, and every world it deals gives them to the rival."""
    for seed in range(1, 40):
        g = games.new_game("shithead", 2, seed, {"chips": 0})
        bots = [games.make_bot("shithead", "heuristic", s, seed + s) for s in range(2)]
        memory = shedding_world.Memory()
        picked = None
        while not g.over:
            s = g.to_act
            v = g.view(s)
            legal = g.legal_actions()
            if s == 0:
                known = memory.see(v)
                if picked is not None and g.phase == 1:
                    still = [c for c in picked if c in g.hands[1]]
                    if still:
                        assert known is not None and sorted(still) == sorted(
                            [c for c in known[1] if c in picked]
                        )
                        rich = dict(v)
                        rich["known"] = known
                        w = shedding_world.from_view("shithead", rich, Rng(seed))
                        for c in known[1]:
                            assert c in w.hands[1]
                        return
                    picked = None
            a = bots[s].choose(v, legal)
            if s == 1 and a[0] == "pickup" and len(g.pile):
                picked = list(g.pile)
            g.apply(a)
    raise AssertionError("no deal had the rival pick up the pile")


def test_memory_knows_a_face_up_card_taken_into_the_hand():
    """A face-up card a rival took into its hand (gone from the row, not played) is known
    to be in that hand."""
    memory = shedding_world.Memory()
    view = {
        "seat": 0,
        "hand_count": [3, 3],
        "up": [b"\x04", b"\x30\x31"],
        "hand": b"\x08\x09\x0a",
        "pile": b"",
        "burned_cards": b"",
    }
    assert memory.see(view) is None
    after = dict(view)
    after["up"] = [b"\x04", b"\x31"]
    after["hand_count"] = [3, 4]
    known = memory.see(after)
    assert known is not None and list(known[1]) == [0x30]
    # once it is seen again (played on the pile), it is no longer remembered
    later = dict(after)
    later["pile"] = b"\x30"
    later["hand_count"] = [3, 3]
    assert memory.see(later) is None
