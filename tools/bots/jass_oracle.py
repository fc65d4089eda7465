"""The strong search as a judge of the Schieber heuristic's card play (issue 15).

    python -m tools.bots.jass_oracle --deals N --seed S [--rollouts R] [--show K] [--wins]
    python -m tools.bots.jass_oracle --deals N --seed S --rollouts R --dump FILE

Plays one-hand deals with four heuristic seats; at every card decision with a choice it asks
the search (R worlds, no margin) which candidate card is best, and measures in R fresh worlds
(the best of the first set is biased upwards) how many points per world the heuristic's card
lost against it; with --wins a world is valued +100/-100 for the hand won or lost instead of
points. Prints the loss by situation (lead or follow, whose trumps, the seat's place in the
trick, partner winning or not) and by the kind of card the heuristic played against the kind
the search preferred, worst classes first, and K examples of the worst decisions.

--dump pickles every decision instead: (view, legal cards, points, hands won), the value of
every legal card in the same R worlds, so that a changed rule can be judged offline (its card's
value minus the heuristic's) before it is measured in the arena.
"""

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from engine import cards, games, jass, jass_bots, jass_world, search  # noqa: E402


def kind(view, c, pol):
    """A short name for card c's role in this decision."""
    mode = view["mode"]
    trick = view["trick"]
    s = c & 3
    tr = mode < 4 and s == mode
    if not trick:
        if tr:
            return "trump-J" if (c >> 2) == jass.JACK else "trump"
        return "top" if pol.is_top(c) else "plain"
    led = trick[0] & 3
    wi = jass.trick_winner(trick, mode)
    wins = jass.trick_winner(bytes(trick) + bytes([c]), mode) == len(trick)
    if s == led:
        if tr:
            return "trump-win" if wins else "trump-under"
        return "follow-win" if wins else "follow-low"
    if tr:
        return "ruff" if wins else "underruff"
    if wi is not None and (view["trick_leader"] + wi) % 4 == (view["seat"] + 2) % 4:
        return "smear%d" % jass.card_points(c, mode, view["undenufe_six"])
    return "discard%d" % jass.card_points(c, mode, view["undenufe_six"])


def situation(view):
    mode = view["mode"]
    trick = view["trick"]
    if mode >= 4:
        who = "notrump"
    elif view["chooser"] % 2 == view["seat"] % 2:
        who = "ours"
    else:
        who = "theirs"
    if not trick:
        return "lead %s t%d" % (who, len(view["played"]) // 4)
    led = trick[0] & 3
    wi = jass.trick_winner(trick, mode)
    partner = (view["trick_leader"] + wi) % 4 == (view["seat"] + 2) % 4
    void = not [c for c in view["hand"] if c & 3 == led]
    return "follow %s pos%d %s%s%s" % (
        who,
        len(trick) + 1,
        "trumpled " if mode < 4 and led == mode else "",
        "partner " if partner else "opp ",
        "void" if void else "has",
    )


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=50001)
    ap.add_argument("--rollouts", type=int, default=32)
    ap.add_argument("--show", type=int, default=20)
    ap.add_argument("--dump", help="pickle every decision with the value of every card")
    ap.add_argument("--wins", action="store_true", help="value hands won (+100/-100), not points")
    args = ap.parse_args(argv)
    if args.dump:
        return dump(args.deals, args.seed, args.rollouts, args.dump)
    if args.wins:
        points = jass_world.Rollout.run

        def won(self, action, seat):
            d = points(self, action, seat)
            return 100 if d > 0 else (-100 if d < 0 else 0)

        jass_world.Rollout.run = won
    by_sit = {}
    by_kind = {}
    worst = []
    decisions = 0
    total = 0.0
    for d in range(args.deals):
        seed = args.seed + d
        g = games.new_game("schieber", 4, seed, {"hands": 1})
        bots = [jass_bots.make_bot("schieber", "heuristic", s, seed * 16 + s) for s in range(4)]
        while not g.over:
            s = g.to_act
            legal = g.legal_actions()
            view = g.view(s)
            if legal[0][0] != "play" or len(legal) == 1:
                g.apply(bots[s].choose(view, legal))
                continue
            st = search.Strong(
                jass_world, "schieber", s, seed * 31 + s, bots[s], args.rollouts, 0, 0
            )
            p = st.begin(view, legal)
            if p is not None:
                g.apply(p)
                continue
            st.work(0)
            cand = st.legal
            pi = cand.index(st.pick)
            bi = max(range(len(cand)), key=lambda i: st.tot[i])
            # the loss measured in fresh worlds: the best of the first set is biased upwards
            st2 = search.Strong(
                jass_world, "schieber", s, seed * 37 + s + 7, bots[s], args.rollouts, 0, 0
            )
            st2.begin(view, legal)
            st2.work(0)
            vals = [t / st2.worlds for t in st2.tot]
            loss = vals[bi] - vals[pi]
            decisions += 1
            pol = bots[s].play
            sit = situation(view)
            kh = kind(view, st.pick[1][0], pol)
            kb = kind(view, cand[bi][1][0], pol)
            if bi == pi:
                loss = 0.0
            total += loss
            e = by_sit.setdefault(sit, [0, 0, 0.0])
            e[0] += 1
            e[1] += 1 if bi != pi else 0
            e[2] += loss
            if bi != pi:
                k = (sit.split(" pos")[0].split(" t")[0], kh, kb)
                e = by_kind.setdefault(k, [0, 0.0])
                e[0] += 1
                e[1] += loss
                worst.append(
                    (
                        loss,
                        seed,
                        sit,
                        " ".join(cards.names(view["hand"])),
                        " ".join(cards.names(view["trick"])),
                        len(view["played"]),
                        view["mode"],
                        cards.names(st.pick[1])[0],
                        cards.names(cand[bi][1])[0],
                        " ".join(
                            "%s:%+.1f" % (cards.names(a[1])[0], v) for a, v in zip(cand, vals)
                        ),
                    )
                )
            g.apply(st.pick)
    print(
        "%d deals, %d decisions searched, loss %.2f points per hand"
        % (args.deals, decisions, total / args.deals / 4 * 4)
    )
    print("\nby situation: decisions, with a loss, total loss, loss per hand")
    for k, e in sorted(by_sit.items(), key=lambda kv: -kv[1][2]):
        print("  %-40s %5d %5d %8.1f %6.2f" % (k, e[0], e[1], e[2], e[2] / args.deals))
    print("\nby kind (situation, heuristic's card, search's card): count, total loss")
    for k, e in sorted(by_kind.items(), key=lambda kv: -kv[1][1])[:40]:
        print("  %-50s %5d %8.1f" % (" | ".join(k), e[0], e[1]))
    worst.sort(reverse=True)
    print("\nworst decisions")
    for x in worst[: args.show]:
        print("  %.1f seed %d %s hand %s trick %s played %d mode %d: %s, search %s [%s]" % x)
    return 0


def dump(deals, seed, worlds, path):
    """Every card decision with a choice, with the value of every legal card in the same
    `worlds` worlds (points per world for the seat's team), pickled to path: a list of
    (view, legal cards, points, hand wins), points and wins per world for the seat's team."""
    import pickle

    from engine.rng import Rng

    out = []
    for d in range(deals):
        sd = seed + d
        g = games.new_game("schieber", 4, sd, {"hands": 1})
        bots = [jass_bots.make_bot("schieber", "heuristic", s, sd * 16 + s) for s in range(4)]
        fast = jass_world.Rollout("schieber")
        while not g.over:
            s = g.to_act
            legal = g.legal_actions()
            view = g.view(s)
            a = bots[s].choose(view, legal)
            if legal[0][0] == "play" and len(legal) > 1:
                rng = Rng(sd * 131 + len(view["played"]))
                prep = jass_world.prepare("schieber", view)
                tot = [0] * len(legal)
                won = [0] * len(legal)
                for _ in range(worlds):
                    w = jass_world.world("schieber", view, rng, prep)
                    fast.load(w)
                    for i, x in enumerate(legal):
                        v = fast.run(x, s)
                        tot[i] += v
                        won[i] += 2 if v > 0 else (1 if v == 0 else 0)
                keep = {
                    k: view[k]
                    for k in (
                        "seat",
                        "mode",
                        "undenufe_six",
                        "hand",
                        "played",
                        "trick",
                        "trick_leader",
                        "chooser",
                        "trick_winners",
                        "forehand",
                        "weis_announced",
                        "stoeck",
                        "pushed",
                    )
                }
                out.append(
                    (
                        keep,
                        [x[1][0] for x in legal],
                        [t / worlds for t in tot],
                        [x / 2 / worlds for x in won],
                    )
                )
            g.apply(a)
    with open(path, "wb") as f:
        pickle.dump(out, f)
    print("%d decisions" % len(out))


if __name__ == "__main__":
    sys.exit(main())
