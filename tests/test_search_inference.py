"""What the shedding games' strong bot infers from public play: it remembers the cards it saw go
into another hand (shedding_world.Memory) and deals them there."""

from engine import games, shedding_world
from engine.rng import Rng


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
